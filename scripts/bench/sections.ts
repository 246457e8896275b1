// The bench's sections (`npm run bench`, scripts/bench.ts): the fixed workloads side by side with QuickJS-wasm and
// V8, then the runtime's own rows, then every section registered in registry.ts.
import { quick, v8 } from "./anchors.js"
import { discoveryRows } from "./discovery.js"
import { frontendRows } from "./frontend.js"
import { isolationRows } from "./isolation.js"
import { mcpRows } from "./mcp.js"
import { timed, timing, type Row, type Timing } from "./measure.js"
import { compileOnce, hostOnly, ours } from "./ours.js"
import { REGISTERED } from "./registry.js"
import type { Section } from "./section.js"
import { startupRows } from "./startup.js"
import { W1, W2, W3, W4, W5, W6 } from "./workloads.js"

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
 * acorn, the compiler and the interpreter (docs/performance-design.md, "Why cold start is hard").
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

const modes = ["none", "worker", "process"]
/** The bench's own sections, in the order they run; the registered ones (registry.ts) follow. */
const core: ReadonlyArray<Section> = [
  {
    ids: ["W1"],
    what: "loop 100k",
    inputs: [W1],
    run: async () => [await workload("W1", "loop 100k", W1, "none", 15)],
  },
  { ids: ["W2"], what: "fib(20)", inputs: [W2], run: async () => [await workload("W2", "fib(20)", W2, "none", 15)] },
  {
    ids: ["W3"],
    what: "10k objects filter/map/reduce",
    inputs: [W3],
    run: async () => [await workload("W3", "10k objects filter/map/reduce", W3, "none", 15)],
  },
  {
    ids: ["W4"],
    what: "1,000 sequential awaited tool calls",
    inputs: [W4],
    run: async () => [
      await workload("W4", "1,000 sequential awaited calls", W4, "bench", 15, { per: 1000, name: "call" }),
    ],
  },
  {
    ids: ["W5"],
    what: "1,000 tool calls via Promise.all",
    inputs: [W5],
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
  { ids: ["W6c"], inputs: [W6], what: "orchestration, cold (make + parse + run)", run: async () => [await cold()] },
  {
    ids: ["W6s"],
    inputs: [W6],
    what: "orchestration, cold runtime + new program, warm process",
    run: async () => [await steadyCold()],
  },
  {
    ids: ["W6w"],
    inputs: [W6],
    what: "orchestration, warm (same code again)",
    run: async () => [await workload("W6w", "orchestration, warm (same code again)", W6, "shop", 30)],
  },
  {
    ids: ["W6p"],
    inputs: [W6],
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

/** Every section, in the order `npm run bench` runs them. */
export const SECTIONS: ReadonlyArray<Section> = [...core, ...REGISTERED]
