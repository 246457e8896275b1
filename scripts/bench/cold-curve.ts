// Warm-up curve of one step in a fresh process (investigation aid for W6c; prints, never asserts).
// WHAT=parse|compile|cold (cold: fresh runtime + a new program text + run, as W6c without its cache-free source)
// Prints wall-time medians over iteration windows: 1, 2–5, 6–20 (what W6c samples), 200+ (steady state).
import * as fs from "node:fs"
import * as inspector from "node:inspector"
import { Effect } from "effect"
import { CodeMode } from "../../src/index.js"
import { parseProgram } from "../../src/syntax/parse.js"
import { interpreter } from "../../src/runtime/engine.js"
import { compileOnce, ours, toolsFor } from "./ours.js"
import { median } from "./measure.js"
import { W1, W2, W3, W4, W5, W6 } from "./workloads.js"

const what = process.env.WHAT ?? "cold"
const N = Number(process.env.N ?? 300)
// PRELUDE=1: W1–W5 first, as `npm run bench` does before W6c.
if (process.env.PRELUDE)
  for (const [w, k] of [
    [W1, "none"],
    [W2, "none"],
    [W3, "none"],
    [W4, "bench"],
    [W5, "bench"],
  ] as const)
    await median(ours(w, k), 15, 5)
const parsed = parseProgram(W6)
const step: (i: number) => unknown =
  what === "parse"
    ? (i) => parseProgram(W6 + `\n// ${i}`)
    : what === "compile"
      ? () => parsed.ok && interpreter().compile(parsed.program, parsed.code)
      : what === "cfresh"
        ? () => fresh.ok && interpreter().compile(fresh.program, fresh.code)
        : what === "run"
          ? async () => {
              await Effect.runPromise(warmRuntime.execute(W6) as Effect.Effect<unknown>)
            }
          : what === "pc"
            ? (i) => compileOnce(W6 + `\n// ${i}`)
            : (i) =>
                Effect.runPromise(
                  CodeMode.make({ tools: toolsFor("shop") }).execute(W6 + `\n// ${i}`) as Effect.Effect<unknown>,
                )
// CPU time (user + system, ms) is less inflated than wall time when other processes share the cores.
const METRIC = process.env.METRIC ?? "cpu"
// PROF=file: CPU profile of iterations 6–20 only (the window W6c samples).
const session = process.env.PROF ? new inspector.Session() : undefined
const post = (method: string, params?: object) =>
  new Promise<any>((res, rej) => session!.post(method, params ?? {}, (e, r) => (e ? rej(e) : res(r))))
// WHAT=run: the run alone (a runtime whose compile cache already holds W6: what W6w samples).
const warmRuntime = CodeMode.make({ tools: toolsFor("shop") })
if (what === "run")
  (compileOnce(W6), await Effect.runPromise(warmRuntime.execute("return 1") as Effect.Effect<unknown>))
// WHAT=cfresh: compile only, each time on a freshly parsed AST (parsed outside the timed step).
let fresh = parseProgram(W6)
const wall: Array<number> = []
for (let i = 0; i < N; i++) {
  if (session && i === 5) {
    session.connect()
    await post("Profiler.enable")
    await post("Profiler.setSamplingInterval", { interval: 25 })
    await post("Profiler.start")
  }
  if (session && i === 20) fs.writeFileSync(process.env.PROF!, JSON.stringify((await post("Profiler.stop")).profile))
  const a = performance.now()
  const c = process.cpuUsage()
  await step(i)
  const d = process.cpuUsage(c)
  wall.push(METRIC === "cpu" ? (d.user + d.system) / 1000 : performance.now() - a)
  if (what === "cfresh") fresh = parseProgram(W6 + `\n// ${i}`)
}
const med = (xs: Array<number>) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!
console.log(
  JSON.stringify({
    what,
    first: wall[0],
    w2_5: med(wall.slice(1, 5)),
    w6_20: med(wall.slice(5, 20)),
    steady: med(wall.slice(Math.min(200, N >> 1))),
  }),
)
