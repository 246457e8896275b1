// `npm run test262 -- [--dir <test262 root> | --archive <test262.tgz>] [--engine ours|v8] [--update] [filters…]`
// Runs the project's test262 selection (scripts/test262/select.ts) on one engine and checks the outcomes against
// the committed expectations file (test/test262/expectations.txt; only for the project's own interpreter). See
// docs/support.md for what the figure means.
import { execFileSync } from "node:child_process"
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { ENGINES, programText } from "./test262/engines.js"
import {
  check,
  formatExpectations,
  merge,
  parseExpectations,
  percent,
  tally,
  type Outcome,
} from "./test262/expectations.js"
import { selectTests } from "./test262/select.js"

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..")
const EXPECTATIONS = join(repo, "test", "test262", "expectations.txt")
const CACHE = join(repo, ".cache", "test262")

const usage = `usage: npm run test262 -- [options] [path filters…]
  --dir <root>       a test262 checkout (holding harness/ and test/); default $TEST262_DIR, then ${CACHE}
  --archive <tgz>    unpack a test262 archive into ${CACHE} first (default $TEST262_ARCHIVE)
  --engine <name>    ours (default, checked against the expectations file) or v8 (node:vm, for comparison)
  --update           rewrite test/test262/expectations.txt (the tests that do not pass) from this run (ours only)
  --list <status>    print the tests with this outcome (pass, refused or fails) after the run
filters keep the tests whose path contains one of them, e.g. test/language/expressions/class`

interface Args {
  dir?: string
  archive?: string
  engine: string
  update: boolean
  list?: string
  filters: Array<string>
}

const parseArgs = (argv: ReadonlyArray<string>): Args => {
  const args: Args = { engine: "ours", update: false, filters: [] }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!
    const value = () => {
      const v = argv[++i]
      if (v === undefined) throw new Error(`${a} needs a value\n${usage}`)
      return v
    }
    if (a === "--dir") args.dir = value()
    else if (a === "--archive") args.archive = value()
    else if (a === "--engine") args.engine = value()
    else if (a === "--update") args.update = true
    else if (a === "--list") args.list = value()
    else if (a === "--help" || a === "-h") {
      console.log(usage)
      process.exit(0)
    } else if (a.startsWith("--")) throw new Error(`unknown option ${a}\n${usage}`)
    else args.filters.push(a)
  }
  return args
}

const findRoot = (args: Args): string | undefined => {
  const archive = args.archive ?? process.env.TEST262_ARCHIVE
  if (args.dir === undefined && archive !== undefined) {
    if (!existsSync(join(CACHE, "harness", "assert.js"))) {
      mkdirSync(CACHE, { recursive: true })
      execFileSync("tar", ["-xzf", resolve(archive), "-C", CACHE])
    }
    return CACHE
  }
  const dir = args.dir ?? process.env.TEST262_DIR ?? CACHE
  return existsSync(join(dir, "harness", "assert.js")) && existsSync(join(dir, "test")) ? dir : undefined
}

const main = async () => {
  const args = parseArgs(process.argv.slice(2))
  const engine = ENGINES[args.engine]
  if (engine === undefined) throw new Error(`unknown engine ${args.engine} (ours, v8)`)
  if (args.update && args.engine !== "ours") throw new Error("--update records the project's own interpreter only")
  const root = findRoot(args)
  if (root === undefined) {
    console.log(
      "test262: no test262 checkout found, skipped. Pass --dir <test262 root>, --archive <test262.tgz> " +
        "(unpacked into .cache/test262) or set TEST262_DIR.",
    )
    return
  }
  const { tests, excluded } = selectTests(root, args.filters)
  const skipped = [...excluded.values()].reduce((a, b) => a + b, 0)
  console.log(`test262 at ${root}: ${tests.length} tests selected, ${skipped} outside the selection`)
  // A test may leave a rejection unobserved (V8 reports it after the test): the test's business, not the runner's.
  process.on("unhandledRejection", () => {})
  const outcomes = new Map<string, Outcome>()
  const tty = process.stderr.isTTY
  let passed = 0
  for (const [i, meta] of tests.entries()) {
    const outcome = await engine(meta, programText(root, meta))
    outcomes.set(meta.path, outcome)
    if (outcome.status === "pass") passed++
    if (tty && (i % 50 === 0 || i === tests.length - 1))
      process.stderr.write(`\r${args.engine}: ${i + 1}/${tests.length}, ${passed} pass`)
  }
  if (tty) process.stderr.write("\n")
  const t = tally(outcomes.values())
  console.log(
    `${args.engine}: ${t.pass} of ${t.total} pass (${percent(t.pass, t.total)}%): ${t.refused} refused, ${t.fails} failed`,
  )
  if (args.list !== undefined)
    for (const [path, o] of outcomes) if (o.status === args.list) console.log(`  ${path} ${o.reason}`)
  if (args.engine !== "ours") return
  const expected = existsSync(EXPECTATIONS) ? parseExpectations(readFileSync(EXPECTATIONS, "utf8")) : undefined
  if (args.update) {
    const selection = args.filters.length > 0 ? new Set(outcomes.keys()) : undefined
    writeFileSync(EXPECTATIONS, formatExpectations(merge(expected, outcomes, selection)))
    console.log(`wrote ${EXPECTATIONS}`)
    return
  }
  if (expected === undefined) throw new Error(`no ${EXPECTATIONS}: run with --update first`)
  const report = check(expected, outcomes)
  const show = (title: string, paths: ReadonlyArray<string>) => {
    if (paths.length === 0) return
    console.log(`${title} (${paths.length}):`)
    for (const p of paths.slice(0, 50)) console.log(`  ${p} ${outcomes.get(p)?.reason ?? ""}`)
    if (paths.length > 50) console.log(`  … and ${paths.length - 50} more`)
  }
  show("not listed, so expected to pass, and not passing", report.regressions)
  show("listed as refused or failing, now passing (rerun with --update)", report.newlyPassing)
  if (report.statusChanges.length > 0) console.log(`refused ↔ failing changes: ${report.statusChanges.length}`)
  if (args.filters.length === 0 && report.notRun.length > 0)
    console.log(`listed but not in this checkout: ${report.notRun.length}`)
  console.log(report.ok ? "expectations: ok" : "expectations: MISMATCH")
  if (!report.ok) process.exitCode = 1
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : String(e))
  process.exitCode = 2
})
