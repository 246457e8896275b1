/**
 * Calibration of the `maxMemoryBytes` estimate against V8 (issue "Security and reliability" item 3: "enforced within
 * 10 %"). For each shape a program retains items in a loop, reporting its progress to a host tool every 1,024
 * items. With budget B the run must be stopped, and an unbudgeted run retaining as many items (plus one progress
 * step) must not have grown the heap past 1.1 × B. A run retaining about 0.5 × B must not be stopped.
 * Heap growth is `heapUsed` after two full GCs, with the structure alive (measured inside a tool call the program
 * awaits). Vitest runs this file in its own forked worker, so the measurement sees this file's heap only.
 */
import { setFlagsFromString } from "node:v8"
import { runInNewContext } from "node:vm"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import * as Tool from "../../src/Tool.js"

setFlagsFromString("--expose-gc")
const gc = runInNewContext("gc") as () => void

const heap = (): number => {
  gc()
  gc()
  return process.memoryUsage().heapUsed
}

const B = 16 * 1024 * 1024
const STEP = 1024

let lastIndex = -1
let measured = 0
const tools = {
  probe: {
    tick: Tool.make({
      description: "progress",
      input: { type: "object" },
      run: (input: unknown) => Effect.sync(() => void (lastIndex = (input as { i: number }).i)),
    }),
    measure: Tool.make({
      description: "heap",
      input: { type: "object" },
      run: () => Effect.sync(() => void (measured = heap())),
    }),
  },
}

const SHAPES: ReadonlyArray<readonly [string, string, string]> = [
  ["numbers array", "const keep = []", "keep.push(i * 1.5)"],
  ["strings array", "const keep = []", `keep.push("item" + i)`],
  ["objects with 5 keys", "const keep = []", "keep.push({ a: i, b: i, c: i, d: i, e: i })"],
  ["Map", "const keep = new Map()", "keep.set(i, i)"],
  ["Set of strings", "const keep = new Set()", `keep.add("k" + i)`],
  ["nested arrays", "const keep = []", "keep.push([i, [i, i]])"],
  ["string built by +=", `let keep = ""`, `keep += "x"`],
  ["object keys", "const keep = {}", `keep["key" + i] = i`],
]

const program = (init: string, step: string, n: number) => `
${init}
for (let i = 0; i < ${n}; i++) {
  ${step}
  if (i % ${STEP} === 0) await tools.probe.tick({ i })
}
await tools.probe.measure({})
return 0`

const run = (code: string, maxMemoryBytes?: number) =>
  Effect.runPromise(CodeMode.make({ tools, limits: { timeoutMs: 60_000, maxMemoryBytes } }).execute(code))

/** Retained heap growth of `n` items of a shape, without a budget. */
const actual = async (init: string, step: string, n: number): Promise<number> => {
  const before = heap()
  const r = await run(program(init, step, n))
  expect(r.ok, JSON.stringify(r)).toBe(true)
  return measured - before
}

describe("maxMemoryBytes is enforced within 10 % of V8's retained heap", () => {
  it.each(SHAPES)(
    "%s",
    async (name, init, step) => {
      lastIndex = -1
      const stopped = await run(program(init, step, 1e8), B)
      expect(stopped.ok).toBe(false)
      if (!stopped.ok) expect(stopped.error).toMatchObject({ kind: "ExecutionFailure" })
      if (!stopped.ok) expect(stopped.error.message).toContain(`memory budget of ${B} bytes`)
      // The run got at most one progress step past the last report.
      const n = lastIndex + STEP
      const grown = await actual(init, step, n)
      const perItem = grown / n
      const half = Math.floor((0.5 * B) / perItem)
      const kept = await run(program(init, step, half), B)
      console.log(
        `calibration ${name}: stopped after ~${n} items, retained ${(grown / 2 ** 20).toFixed(1)} MB ` +
          `(${perItem.toFixed(1)} B/item), estimate/actual ${(B / grown).toFixed(2)}; ` +
          `${half} items (~0.5 B) ${kept.ok ? "ran" : "stopped"}`,
      )
      expect(grown).toBeLessThanOrEqual(1.1 * B)
      expect(kept.ok, JSON.stringify(kept)).toBe(true)
    },
    120_000,
  )
})
