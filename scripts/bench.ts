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

const main = async () => {
  await loadQuickJS()
  const rows: Array<Row> = []
  rows.push(await workload("W1", "loop 100k", W1, "none", 15))
  rows.push(await workload("W2", "fib(20)", W2, "none", 15))
  rows.push(await workload("W3", "10k objects filter/map/reduce", W3, "none", 15))
  rows.push(await workload("W4", "1,000 sequential awaited calls", W4, "bench", 15, { per: 1000, name: "call" }))
  rows.push(await workload("W5", "1,000 calls via Promise.all", W5, "bench", 15, { per: 1000, name: "call" }))
  rows.push({
    id: "W4h",
    label: "runtime only: 1,000 awaited Host.callTool",
    ...timed(await timing(hostOnly(1000, false), 101, 200), undefined, undefined),
    unit: { per: 1000, name: "call" },
    note: "no interpreter: the runtime's per-call overhead",
  })
  rows.push({
    id: "W5h",
    label: "runtime only: 1,000 concurrent Host.callTool",
    ...timed(await timing(hostOnly(1000, true), 101, 200), undefined, undefined),
    unit: { per: 1000, name: "call" },
  })
  if (process.env.BENCH_ISOLATION !== "0") rows.push(...(await isolationRows()))
  rows.push(await cold())
  rows.push(await steadyCold())
  rows.push(await workload("W6w", "orchestration, warm (same code again)", W6, "shop", 30))
  rows.push({
    id: "W6p",
    label: "orchestration, parse + compile only",
    ...timed(await timing(() => compileOnce(W6), 30, 5), undefined, undefined),
    note: "ours reuses the compiled program on W6w (per-runtime compile cache)",
  })
  rows.push(...(await frontendRows(rows)))
  if (process.env.BENCH_DISCOVERY !== "0") rows.push(...(await discoveryRows()))
  if (process.env.BENCH_MCP !== "0") rows.push(...(await mcpRows()))
  rows.push(...startupRows())
  console.log(table(rows))
  console.log(
    "\nMedians; ratios below 1× mean ours is faster. QuickJS/V8 tools are in-guest wrappers (see scripts/bench).",
  )
  if (process.env.BENCH_CURVE !== "0") {
    console.log(`\nW6 warm-up by iteration (median of 3 fresh processes, wall time; BENCH_CURVE=0 skips):\n`)
    console.log(curveTable(3))
  }
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
