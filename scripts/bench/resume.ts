// The cost of resuming a deferred run (docs/resume.md) against a fresh run of the same program: N journaled calls
// answered from the journal, then the decided call, versus N + 1 calls made live. In-process, memory store.
import * as Effect from "effect/Effect"
import { CodeMode, Tool } from "../../src/index.js"
import { timed, type Row, type Timing } from "./measure.js"
import type { Section } from "./section.js"

const program = (calls: number) =>
  `let sum = 0
for (let i = 0; i < ${calls}; i++) sum += (await tools.bench.read({ i })).n
const w = await tools.bench.write({ sum })
return { sum, w }`

const runtimeFor = (defer: boolean) => {
  const read = Tool.make({
    description: "read",
    input: { type: "object" },
    run: (input: any) => Effect.succeed({ n: input.i }),
  })
  const write = Tool.make({ description: "write", input: { type: "object" }, run: () => Effect.succeed({ ok: true }) })
  return CodeMode.make({
    tools: { bench: { read, write } },
    approve: ({ name }) => Effect.succeed(defer && name === "bench.write" ? { defer: true } : { allow: true }),
  })
}

const percentiles = (samples: Array<number>): Timing => {
  samples.sort((a, b) => a - b)
  return { p50: samples[Math.floor(samples.length / 2)]!, p99: samples[Math.ceil(samples.length * 0.99) - 1]! }
}

/** Wall times of `measured` over `runs` samples, each after its own untimed `prepare` (a fresh token to resume). */
const sample = async <A>(
  prepare: () => Promise<A>,
  measured: (a: A) => Promise<unknown>,
  runs: number,
  warmup: number,
) => {
  const samples: Array<number> = []
  for (let i = 0; i < warmup + runs; i++) {
    const prepared = await prepare()
    const start = performance.now()
    await measured(prepared)
    if (i >= warmup) samples.push(performance.now() - start)
  }
  return percentiles(samples)
}

const rows = async (calls: number): Promise<ReadonlyArray<Row>> => {
  const code = program(calls)
  const fresh = runtimeFor(false)
  const deferring = runtimeFor(true)
  const fresher = await sample(
    async () => undefined,
    () => Effect.runPromise(fresh.execute(code)),
    30,
    5,
  )
  const resumed = await sample(
    async () => {
      const pending = await Effect.runPromise(deferring.execute(code))
      if (pending.ok || pending.error.resumeToken === undefined) throw new Error("the bench program did not defer")
      return pending.error.resumeToken
    },
    async (token) => {
      const result = await Effect.runPromise(deferring.resume(token, { allow: true }))
      if (!result.ok) throw new Error(`resume failed: ${result.error.message}`)
    },
    30,
    5,
  )
  const ratio = (resumed.p50 / fresher.p50).toFixed(2)
  return [
    {
      id: `R${calls}f`,
      label: `fresh run, ${calls} calls + the approved one`,
      ...timed(fresher, undefined, undefined),
    },
    {
      id: `R${calls}r`,
      label: `resume, journal of ${calls} calls + the decided one`,
      ...timed(resumed, undefined, undefined),
      note: `${ratio}x the fresh run (token check, journal read and consumed, calls answered one macrotask apart)`,
    },
  ]
}

export const resumeSection: Section = {
  ids: ["R10f", "R10r", "R100f", "R100r"],
  what: "resuming a deferred run against a fresh run of the same program (journal of 10 and 100 calls)",
  inputs: [program(10), program(100)],
  run: async (_, want) => {
    const out: Array<Row> = []
    for (const calls of [10, 100]) if (want(`R${calls}f`) || want(`R${calls}r`)) out.push(...(await rows(calls)))
    return out
  },
}
