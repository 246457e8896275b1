/**
 * The fuzzing properties of issue 9 item 4, shared by `npm test` (test/fuzz/*.test.ts, pinned seed), `npm run fuzz`
 * (scripts/fuzz.ts, long runs) and the replay of saved counterexamples (regressions.test.ts). Each property takes a
 * program text and answers undefined (holds) or a description of what failed. No vitest import: the script runs
 * this module under plain node.
 */
import { Effect, Schema } from "effect"
import fc from "fast-check"
import { CodeMode, Frontend } from "../../src/index.js"
import { tools } from "../security/harness.js"
import { program } from "./grammar/program.js"
import { injected, maybeEndless, mutated, parserInput, spliceAt } from "./grammar/hostile.js"
import { disagreement, stats } from "./oracle.js"
import { confinementFailure, runResult, TERMINATION_SLACK_MS } from "./judge.js"

export interface Property {
  readonly name: string
  readonly description: string
  readonly arbitrary: fc.Arbitrary<string>
  readonly check: (code: string) => Promise<string | undefined>
  /** A line of figures about the programs checked so far (printed with the report). */
  readonly stats?: () => string
}

const isResult = Schema.is(CodeMode.Result)
const SHORT_MS = 10
const short = CodeMode.make({ tools, limits: { timeoutMs: SHORT_MS, maxToolCalls: 20 } })
const roomy = CodeMode.make({ tools, limits: { timeoutMs: 5_000 } })

/** Tool calls and `Math.random` (seeded per execution) spliced in: both must replay identically. */
const TOOLISH = [
  "await (async () => { out.push((await tools.echo({ v: Math.random() })).v) })();",
  "await (async () => { try { await tools.leaky({}) } catch (e) { out.push(e.message) } })();",
  "await (async () => { out.push(await Promise.all([tools.echo({ a: 1 }), tools.strict({ id: String(out.length) })])) })();",
  "out.push(Math.floor(Math.random() * 1000));",
]
const withTools = fc
  .tuple(program({ size: 150 }), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...TOOLISH)), { maxLength: 3 }))
  .map(([p, frags]) => frags.reduce((code, [at, f]) => spliceAt(code, at, f), p))

const execute = (rt: CodeMode.Runtime, code: string) => Effect.runPromise(rt.execute(code) as Effect.Effect<unknown>)

export const PROPERTIES: Readonly<Record<string, Property>> = {
  differential: {
    name: "differential",
    description: "generated pure programs give the same JSON result (or error name) as node:vm",
    arbitrary: program(),
    check: disagreement,
    stats: () =>
      `${stats.compared} compared, ${(100 - (100 * stats.threw) / Math.max(1, stats.compared)).toFixed(1)}% ran to their return (the rest threw, identically in both engines)`,
  },
  determinism: {
    name: "determinism",
    description: "the same program (tool calls, Math.random) gives the same Result twice",
    arbitrary: withTools,
    check: async (code) => {
      const a = JSON.stringify(await execute(roomy, code))
      const b = JSON.stringify(await execute(roomy, code))
      return a === b ? undefined : `first: ${a.slice(0, 400)}\nsecond: ${b.slice(0, 400)}`
    },
  },
  confinement: {
    name: "confinement",
    description: "escape-corpus programs injected into generated ones, or mutated, stay confined",
    arbitrary: fc.oneof(injected, mutated),
    check: (code) => confinementFailure(code),
  },
  termination: {
    name: "termination",
    description: `every program ends within timeoutMs ${SHORT_MS} (+ slack) with a Result, never-ending ones too`,
    arbitrary: maybeEndless.map((p) => p.code),
    check: async (code) => {
      const { result, ms } = await runResult(short, code)
      if (!isResult(result)) return `not a Result: ${JSON.stringify(result)?.slice(0, 300)}`
      return ms <= SHORT_MS + TERMINATION_SLACK_MS ? undefined : `took ${ms.toFixed(0)} ms`
    },
  },
  parser: {
    name: "parser",
    description: "valid, edited and random text: Frontend.normalize never throws, execute always returns a Result",
    arbitrary: parserInput,
    check: async (code) => {
      for (const input of [code, { code }]) {
        try {
          Frontend.normalize(input)
        } catch (e) {
          return `Frontend.normalize threw: ${(e as Error)?.stack ?? String(e)}`
        }
      }
      const { result } = await runResult(short, code)
      return isResult(result) ? undefined : `not a Result: ${JSON.stringify(result)?.slice(0, 300)}`
    },
  },
}
