// The cost of each isolation mode (SECURITY.md "Isolation"): tool calls through the sandbox channel (W4/W5 per
// mode) and an execution warm (a ready sandbox from the pool) and cold (a sandbox started for it), side by side.
import { Effect } from "effect"
import { CodeMode } from "../../src/index.js"
import { Sandbox } from "../../src/isolation/pool.js"
import type { FromSandbox } from "../../src/isolation/protocol.js"
import { warmUp } from "../../src/isolation/supervisor.js"
import { median, type Row } from "./measure.js"
import { toolsFor } from "./ours.js"
import { W4, W5 } from "./workloads.js"

type Mode = "none" | "worker" | "process"
const MODES: ReadonlyArray<Mode> = ["none", "worker", "process"]

/** A small program without tool calls: what one execution costs besides the program itself. */
const SMALL = "let s = 0\nfor (let i = 0; i < 1000; i++) s += i\nreturn s"

const run = (mode: Mode, source: string, tools: "none" | "bench") => {
  const runtime = CodeMode.make({ tools: toolsFor(tools), isolation: mode })
  return async () => {
    const result = await Effect.runPromise(runtime.execute(source))
    if (!result.ok) throw new Error(`${mode}: ${result.error.kind}: ${result.error.message}`)
  }
}

/** A sandbox started for one program: spawn, load, warm-up run, then the program's Result; killed after. */
const coldSandbox = (mode: "worker" | "process") => async () => {
  const sandbox = new Sandbox(mode, undefined)
  sandbox.ref()
  await sandbox.ready
  await new Promise<void>((resolve, reject) => {
    sandbox.attach(
      (message: FromSandbox) => {
        if (message.t === "done") resolve()
      },
      (exit) => reject(new Error(`the sandbox ended: ${exit.detail}`)),
    )
    sandbox.send({ t: "shape", id: 0, shape: { namespaces: [["", []]], tools: [], known: { tools: [], catalog: [] } } })
    const limits = { timeoutMs: undefined, maxOutputBytes: undefined, maxMemoryBytes: undefined }
    sandbox.send({ t: "execute", shape: 0, code: SMALL, limits })
  })
  sandbox.kill()
}

/** `none` cold: a new runtime's first execution in this (warm) process. */
const coldNone = () => async () => {
  await run("none", `${SMALL}\n// ${Math.random()}`, "none")()
}

export const isolationRows = async (): Promise<Row[]> => {
  await Promise.all([warmUp("worker"), warmUp("process")])
  const rows: Array<Row> = []
  const perCall = { per: 1000, name: "call" }
  const base: Partial<Record<string, number>> = {}
  const note = (key: string, ms: number, mode: Mode, unit?: number) => {
    if (mode === "none") base[key] = ms
    const none = base[key]
    if (mode === "none" || none === undefined) return mode === "none" ? "isolation none (in-process)" : ""
    const d = unit === undefined ? ms - none : ((ms - none) * 1000) / unit
    const delta = `${d < 0 ? "-" : "+"}${Math.abs(d).toFixed(unit === undefined ? 2 : 1)} ${unit === undefined ? "ms" : "µs"}`
    return `isolation ${mode}: ${delta} over none${unit === undefined ? "" : " per call"}`
  }
  const callRows = [
    ["W4", W4, "1,000 sequential calls"],
    ["W5", W5, "1,000 calls via Promise.all"],
  ] as const
  for (const [id, code, label] of callRows) {
    for (const mode of MODES) {
      const ms = await median(run(mode, code, "bench"), 7, 2)
      rows.push({
        id: `${id}-${mode}`,
        label: `${label}, isolation ${mode}`,
        ours: ms,
        quickjs: undefined,
        v8: undefined,
        unit: perCall,
        note: note(id, ms, mode, 1000),
      })
    }
  }
  for (const mode of MODES) {
    const ms = await median(run(mode, SMALL, "none"), 31, 10)
    rows.push({
      id: `X1-${mode}`,
      label: `small execution, warm, isolation ${mode}`,
      ours: ms,
      quickjs: undefined,
      v8: undefined,
      note: note("X1", ms, mode),
    })
  }
  for (const mode of MODES) {
    const ms = await median(mode === "none" ? coldNone() : coldSandbox(mode), mode === "none" ? 15 : 5, 1)
    const what = mode === "none" ? "a new runtime" : "a sandbox started for it"
    rows.push({
      id: `X0-${mode}`,
      label: `small execution, cold (${what}), isolation ${mode}`,
      ours: ms,
      quickjs: undefined,
      v8: undefined,
      note: note("X0", ms, mode),
    })
  }
  return rows
}
