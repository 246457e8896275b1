// `npm run bench`: fixed workloads side by side with QuickJS-wasm and V8 (docs/design.md#interpreter).
// Prints medians and ratios; never asserts anything about time.
import { loadQuickJS, quick, v8 } from "./bench/anchors.js"
import { curveTable } from "./bench/curve.js"
import { discoveryRows } from "./bench/discovery.js"
import { frontendRows } from "./bench/frontend.js"
import { isolationRows } from "./bench/isolation.js"
import { mcpRows } from "./bench/mcp.js"
import { timed, timing, table, type Row, type Timing } from "./bench/measure.js"
import { compileOnce, hostOnly, ours } from "./bench/ours.js"
import { startupRows } from "./bench/startup.js"
import { W1, W2, W3, W4, W5, W6 } from "./bench/workloads.js"

type Tools = "none" | "bench" | "shop"

/** Measures one engine; a failure (e.g. a construct not supported yet) prints a note instead of a number. */
const attempt = async (
  label: string,
  make: () => () => unknown,
  runs: number,
  notes: Array<string>,
  warmup = 5,
): Promise<Timing | undefined> => {
  try {
    const run = make()
    return await timing(run, runs, warmup)
  } catch (error) {
    notes.push(`${label}: ${String((error as Error)?.message ?? error).slice(0, 80)}`)
    return undefined
  }
}

const workload = async (id: string, label: string, source: string, tools: Tools, runs: number, unit?: Row["unit"]) => {
  const notes: Array<string> = []
  const row: Row = {
    id,
    label,
    ...timed(
      await attempt("ours", () => ours(source, tools), runs, notes),
      await attempt("quickjs", () => quick(source, tools), runs, notes),
      await attempt("v8", () => v8(source, tools), runs, notes),
    ),
    unit,
    note: notes.join("; "),
  }
  return row
}

/** W6 cold: a fresh runtime/context and the first run, measured once per sample. */
const cold = async (): Promise<Row> => {
  const notes: Array<string> = []
  const once = (make: () => () => unknown) => async () => {
    await make()()
  }
  return {
    id: "W6c",
    label: "orchestration, cold (make + parse + run)",
    ...timed(
      await attempt("ours", () => once(() => ours(W6, "shop")), 15, notes),
      await attempt("quickjs", () => once(() => quick(W6, "shop")), 15, notes),
      await attempt("v8", () => once(() => v8(W6, "shop")), 15, notes),
    ),
    note: notes.join("; "),
  }
}

/**
 * W6s: W6c once the process is warm (200 cold samples first), each sample a program text never seen before (W6 plus
 * a numbered comment, so neither our per-runtime cache nor V8's per-isolate script cache can hit). What a
 * long-running host pays per fresh runtime + new program; W6c's samples 6–20 mostly measure V8 tiering up
 * acorn, the compiler and the interpreter (README "Cold start").
 */
const steadyCold = async (): Promise<Row> => {
  const notes: Array<string> = []
  let n = 0
  const fresh = (make: (source: string) => (() => unknown) & { dispose?: () => void }) => () => async () => {
    const run = make(`${W6}\n// ${n++}`)
    await run()
    run.dispose?.()
  }
  return {
    id: "W6s",
    label: "orchestration, cold runtime + new program, warm process",
    ...timed(
      await attempt(
        "ours",
        fresh((s) => ours(s, "shop")),
        30,
        notes,
        200,
      ),
      await attempt(
        "quickjs",
        fresh((s) => quick(s, "shop")),
        30,
        notes,
        200,
      ),
      await attempt(
        "v8",
        fresh((s) => v8(s, "shop")),
        30,
        notes,
        200,
      ),
    ),
    note: ["new text per sample, after 200 warm-up samples", ...notes].join("; "),
  }
}

/** One group of rows: the ids it prints (for `--only` and `--help`), what it measures, and how. */
interface Section {
  readonly ids: ReadonlyArray<string>
  /** How `--help` names the ids, when listing them all is too long. */
  readonly shown?: string
  readonly what: string
  /** An environment switch that skips the section when set to "0". */
  readonly env?: string
  readonly run: (rows: ReadonlyArray<Row>, want: (id: string) => boolean) => Promise<ReadonlyArray<Row>>
}

const modes = ["none", "worker", "process"]
const sections: ReadonlyArray<Section> = [
  { ids: ["W1"], what: "loop 100k", run: async () => [await workload("W1", "loop 100k", W1, "none", 15)] },
  { ids: ["W2"], what: "fib(20)", run: async () => [await workload("W2", "fib(20)", W2, "none", 15)] },
  {
    ids: ["W3"],
    what: "10k objects filter/map/reduce",
    run: async () => [await workload("W3", "10k objects filter/map/reduce", W3, "none", 15)],
  },
  {
    ids: ["W4"],
    what: "1,000 sequential awaited tool calls",
    run: async () => [
      await workload("W4", "1,000 sequential awaited calls", W4, "bench", 15, { per: 1000, name: "call" }),
    ],
  },
  {
    ids: ["W5"],
    what: "1,000 tool calls via Promise.all",
    run: async () => [
      await workload("W5", "1,000 calls via Promise.all", W5, "bench", 15, { per: 1000, name: "call" }),
    ],
  },
  {
    ids: ["W4h", "W5h"],
    what: "the runtime's per-call overhead without the interpreter",
    run: async () => [
      {
        id: "W4h",
        label: "runtime only: 1,000 awaited Host.callTool",
        ...timed(await timing(hostOnly(1000, false), 101, 200), undefined, undefined),
        unit: { per: 1000, name: "call" },
        note: "no interpreter: the runtime's per-call overhead",
      },
      {
        id: "W5h",
        label: "runtime only: 1,000 concurrent Host.callTool",
        ...timed(await timing(hostOnly(1000, true), 101, 200), undefined, undefined),
        unit: { per: 1000, name: "call" },
      },
    ],
  },
  {
    ids: [...["W4", "W5", "X1", "X0"].flatMap((id) => modes.map((mode) => `${id}-${mode}`))],
    shown: "W4-*, W5-*, X1-*, X0-* (-none, -worker, -process)",
    what: "isolation modes: tool calls, a small execution warm and cold",
    env: "BENCH_ISOLATION",
    run: () => isolationRows(),
  },
  { ids: ["W6c"], what: "orchestration, cold (make + parse + run)", run: async () => [await cold()] },
  {
    ids: ["W6s"],
    what: "orchestration, cold runtime + new program, warm process",
    run: async () => [await steadyCold()],
  },
  {
    ids: ["W6w"],
    what: "orchestration, warm (same code again)",
    run: async () => [await workload("W6w", "orchestration, warm (same code again)", W6, "shop", 30)],
  },
  {
    ids: ["W6p"],
    what: "orchestration, parse + compile only",
    run: async () => [
      {
        id: "W6p",
        label: "orchestration, parse + compile only",
        ...timed(await timing(() => compileOnce(W6), 30, 5), undefined, undefined),
        note: "ours reuses the compiled program on W6w (per-runtime compile cache)",
      },
    ],
  },
  {
    ids: ["F", "F6"],
    what: "frontend normalize per dialect (F), and of W6 (F6: its share of W6c/W6w when those ran)",
    run: (rows) => frontendRows(rows),
  },
  {
    ids: ["D1", "D2", "D3", "D4"],
    what: "discovery at 10,000 tools: make + instructions(), first and later $codemode.search",
    env: "BENCH_DISCOVERY",
    run: (_, want) => discoveryRows(want),
  },
  { ids: ["M1", "M1d"], what: "MCP gateway round trip vs a direct call", env: "BENCH_MCP", run: () => mcpRows() },
  { ids: ["C1", "C2", "C3", "C4", "C5"], what: "CLI start-up, whole processes", run: async () => startupRows() },
]

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
    "Environment: BENCH_ISOLATION=0, BENCH_DISCOVERY=0, BENCH_MCP=0, BENCH_CURVE=0 skip their rows.",
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
  for (const section of sections) {
    if (section.env !== undefined && process.env[section.env] === "0") continue
    if (!section.ids.some(want)) continue
    rows.push(...(await section.run(rows, want)).filter((row) => want(row.id)))
  }
  console.log(table(rows))
  console.log(
    "\nMedians; ratios below 1× mean ours is faster. QuickJS/V8 tools are in-guest wrappers (see scripts/bench).",
  )
  if (process.env.BENCH_CURVE !== "0" && want(CURVE)) {
    console.log(`\nW6 warm-up by iteration (median of 3 fresh processes, wall time; BENCH_CURVE=0 skips):\n`)
    console.log(curveTable(3))
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
