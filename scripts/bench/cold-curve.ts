// Warm-up curve of one step of W6 in a fresh process (the investigation aid behind W6c; prints, never asserts).
// Prints medians over iteration windows: 1, 2–5, 6–20 (what W6c samples after its 5 warm-ups), 200+ (steady).
//   WHAT=parse     parseProgram of a new program text (W6 plus a comment) every time
//   WHAT=cfresh    compile only, each time on a freshly parsed AST (parsed outside the timed step)
//   WHAT=pc        parse + compile of a new program text (W6p without its fixed text)
//   WHAT=firstrun  the first run of a freshly compiled program (compiled outside the timed step)
//   WHAT=rerun     the same compiled program every time (W6w without the runtime's compile cache lookup)
//   WHAT=cold      fresh runtime + new program text + run (W6c, minus any cache a fixed text could hit)
//   WHAT=coldSharedTools / sameRuntime   the same with one set of Tool objects / one runtime for every sample
// PRELUDE=1 runs W1–W5 first, as `npm run bench` does before W6c. METRIC=wall for wall time; the default is CPU
// time (user + system), less inflated than wall time when other processes share the cores. PROF=file writes a CPU
// profile of iterations 6–20 (PROF_FROM / PROF_COUNT move the window).
import * as fs from "node:fs"
import * as inspector from "node:inspector"
import { Effect } from "effect"
import { CodeMode } from "../../src/index.js"
import type { CompiledProgram } from "../../src/interpreter/api.js"
import { interpreter } from "../../src/runtime/engine.js"
import { runCompiled } from "../../src/runtime/execute.js"
import type { Prepared } from "../../src/runtime/execution.js"
import { resolveLimits } from "../../src/runtime/limits.js"
import { freshState } from "../../src/runtime/session-state.js"
import { prepareTree } from "../../src/runtime/tree.js"
import { parseProgram } from "../../src/syntax/parse.js"
import { median } from "./measure.js"
import { compileOnce, ours, toolsFor } from "./ours.js"
import { W1, W2, W3, W4, W5, W6 } from "./workloads.js"

const what = process.env.WHAT ?? "cold"
const N = Number(process.env.N ?? 300)
if (process.env.PRELUDE)
  for (const [w, k] of [
    [W1, "none"],
    [W2, "none"],
    [W3, "none"],
    [W4, "bench"],
    [W5, "bench"],
  ] as const)
    await median(ours(w, k), 15, 5)

const text = (i: number) => W6 + `\n// ${i}`
const compileText = (i: number): CompiledProgram => {
  const p = parseProgram(text(i))
  const c = p.ok ? interpreter().compile(p.program, p.code) : undefined
  if (!c?.ok) throw new Error("W6 does not compile")
  return c.program
}
const prepared = {
  tree: prepareTree({ shop: toolsFor("shop").shop }),
  search: undefined,
  hooks: {},
  resolved: new WeakMap(),
} as unknown as Prepared<never>
const limits = resolveLimits(undefined)
let fresh = parseProgram(text(-1))
let compiled = compileText(-1)

const sharedTools = toolsFor("shop")
const sameRuntime = CodeMode.make({ tools: sharedTools })
const steps: Record<string, (i: number) => unknown> = {
  parse: (i) => parseProgram(text(i)),
  cfresh: () => fresh.ok && interpreter().compile(fresh.program, fresh.code),
  pc: (i) => compileOnce(text(i)),
  firstrun: () => Effect.runPromise(runCompiled(prepared, compiled, limits, freshState("bench"))),
  rerun: () => Effect.runPromise(runCompiled(prepared, compiled, limits, freshState("bench"))),
  coldSharedTools: (i) =>
    Effect.runPromise(CodeMode.make({ tools: sharedTools }).execute(text(i)) as Effect.Effect<unknown>),
  sameRuntime: (i) => Effect.runPromise(sameRuntime.execute(text(i)) as Effect.Effect<unknown>),
  cold: (i) => Effect.runPromise(CodeMode.make({ tools: toolsFor("shop") }).execute(text(i)) as Effect.Effect<unknown>),
}
const step = steps[what]!
// Untimed preparation of the next iteration's input.
const prepare = (i: number) => {
  if (what === "cfresh") fresh = parseProgram(text(i))
  if (what === "firstrun") compiled = compileText(i)
}

const session = process.env.PROF ? new inspector.Session() : undefined
const post = (method: string, params?: object) =>
  new Promise<any>((res, rej) => session!.post(method, params ?? {}, (e, r) => (e ? rej(e) : res(r))))
const profFrom = Number(process.env.PROF_FROM ?? 5)
const profCount = Number(process.env.PROF_COUNT ?? 15)
const metric = process.env.METRIC ?? "cpu"
const times: Array<number> = []
for (let i = 0; i < N; i++) {
  if (session && i === profFrom) {
    session.connect()
    await post("Profiler.enable")
    await post("Profiler.setSamplingInterval", { interval: 25 })
    await post("Profiler.start")
  }
  if (session && i === profFrom + profCount)
    fs.writeFileSync(process.env.PROF!, JSON.stringify((await post("Profiler.stop")).profile))
  const a = performance.now()
  const c = process.cpuUsage()
  await step(i)
  const d = process.cpuUsage(c)
  times.push(metric === "cpu" ? (d.user + d.system) / 1000 : performance.now() - a)
  prepare(i)
}
const med = (xs: Array<number>) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
console.log(
  JSON.stringify({
    what,
    first: times[0],
    w2_5: med(times.slice(1, 5)),
    w6_20: med(times.slice(5, 20)),
    steady: med(times.slice(Math.min(200, N >> 1))),
  }),
)
