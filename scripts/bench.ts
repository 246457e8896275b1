// `npm run bench`: fixed workloads side by side with QuickJS-wasm and V8 (docs/design.md#interpreter), and the
// sections of scripts/bench/sections.ts. Prints medians and ratios, and writes docs/performance.md with the rows it
// measured; never asserts anything about time.
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { loadQuickJS } from "./bench/anchors.js"
import { CURVE_DEFINITION, curveCells } from "./bench/curve.js"
import { table, textTable, type Row } from "./bench/measure.js"
import { formatDoc, machine, mergeRun, renderPerformance, type PerformanceData } from "./bench/report.js"
import { fingerprint, type Section } from "./bench/section.js"
import { SECTIONS as sections } from "./bench/sections.js"

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..")
const DATA = join(root, "docs", "performance.json")
const DOC = join(root, "docs", "performance.md")

const CURVE = "curve"

const usage = (): string => {
  const entry = (ids: string, what: string) =>
    ids.length < 20 ? `  ${ids.padEnd(20)} ${what}` : `  ${ids}\n  ${"".padEnd(20)} ${what}`
  const lines = sections.map((s) =>
    entry(s.shown ?? s.ids.join(", "), `${s.what}${s.env === undefined ? "" : ` (${s.env}=0 skips)`}`),
  )
  return [
    "Usage: node dist/scripts/bench.js [--only <ids>] [--help]",
    "",
    "Fixed workloads side by side with QuickJS-wasm and V8 in one process; prints medians, p99 and ratios.",
    "",
    "Options:",
    "  --only <ids>   comma-separated row ids, each a prefix: --only W6c,D1,D2 or --only W6 (W6c, W6s, W6w, W6p).",
    "                 Rows run in the order below whatever the order given. A row measured alone runs in a",
    "                 colder process than in the full bench (W6c especially: the full bench runs W1-W5 first).",
    "  --help         this text",
    "",
    "Rows:",
    ...lines,
    entry(CURVE, "W6 warm-up by iteration, fresh processes (BENCH_CURVE=0 skips)"),
    "",
    "Environment: BENCH_ISOLATION=0, BENCH_DISCOVERY=0, BENCH_MCP=0, BENCH_CURVE=0 skip their rows;",
    "BENCH_WRITE=0 leaves docs/performance.md as it is (otherwise the rows measured replace theirs there).",
  ].join("\n")
}

/** Parses the command line: undefined = every row; otherwise the prefixes given with `--only`. */
const parseArgs = (args: ReadonlyArray<string>): { help: boolean; only: ReadonlyArray<string> | undefined } => {
  let only: Array<string> | undefined
  let help = false
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!
    if (arg === "--help" || arg === "-h") help = true
    else if (arg === "--only" || arg.startsWith("--only=")) {
      const value = arg === "--only" ? args[++i] : arg.slice("--only=".length)
      if (value === undefined || value.trim() === "")
        throw new Error("--only needs a list of row ids, e.g. --only W6c,D1")
      only = [
        ...(only ?? []),
        ...value
          .split(",")
          .map((id) => id.trim())
          .filter((id) => id !== ""),
      ]
    } else throw new Error(`unknown argument ${JSON.stringify(arg)}`)
  }
  return { help, only }
}

const main = async () => {
  let parsed: ReturnType<typeof parseArgs>
  try {
    parsed = parseArgs(process.argv.slice(2))
  } catch (error) {
    console.error(`bench: ${(error as Error).message}\n(node dist/scripts/bench.js --help lists the rows and options)`)
    process.exitCode = 2
    return
  }
  if (parsed.help) {
    console.log(usage())
    return
  }
  const { only } = parsed
  const want = (id: string) => only === undefined || only.some((prefix) => id.startsWith(prefix))
  const known = [...sections.flatMap((s) => s.ids), CURVE]
  const unmatched = (only ?? []).filter((prefix) => !known.some((id) => id.startsWith(prefix)))
  if (unmatched.length > 0) {
    console.error(
      `bench: no row id starts with ${unmatched.join(", ")}\n(node dist/scripts/bench.js --help lists the rows and options)`,
    )
    process.exitCode = 2
    return
  }
  await loadQuickJS()
  const rows: Array<Row> = []
  const ran = new Map<Section, ReadonlyArray<Row>>()
  for (const section of sections) {
    if (section.env !== undefined && process.env[section.env] === "0") continue
    if (!section.ids.some(want)) continue
    const mine = (await section.run(rows, want)).filter((row) => want(row.id))
    rows.push(...mine)
    ran.set(section, mine)
  }
  console.log(table(rows))
  console.log(
    "\nMedians; ratios below 1× mean ours is faster. QuickJS/V8 tools are in-guest wrappers (see scripts/bench).",
  )
  let curve: PerformanceData["curve"]
  if (process.env.BENCH_CURVE !== "0" && want(CURVE)) {
    console.log(`\nW6 warm-up by iteration (median of 3 fresh processes, wall time; BENCH_CURVE=0 skips):\n`)
    const { header, body } = curveCells(3)
    console.log(textTable(header, body))
    curve = { fingerprint: fingerprint(CURVE_DEFINITION), header, body, measuredWith: machine() }
  }
  if (process.env.BENCH_WRITE === "0") return
  const previous = existsSync(DATA) ? (JSON.parse(readFileSync(DATA, "utf8")) as PerformanceData) : undefined
  const data = mergeRun(previous, sections, ran, curve)
  writeFileSync(DATA, await formatDoc(JSON.stringify(data), DATA))
  writeFileSync(DOC, await formatDoc(renderPerformance(data), DOC))
  console.log(`\nwrote docs/performance.md (the rows of this run; BENCH_WRITE=0 writes nothing)`)
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
