// Differential: the same orchestration programs through the same runtime, once with the real interpreter and once
// with the node:vm stand-in; the Results must agree (diagnostic locations aside: only the interpreter has them).
import { Effect, Schema } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"
import { interpreter as real } from "../../src/interpreter/index.js"
import { useInterpreter } from "../../src/runtime/engine.js"
import { echo, leaky, lookupOrder, refuse } from "./fixtures.js"
import { vmInterpreter } from "./vm-interpreter.js"

const slowEcho = Tool.make({
  description: "Echo after a delay",
  input: Schema.Struct({ ms: Schema.Number, v: Schema.Unknown }),
  run: ({ ms, v }: { ms: number; v: unknown }) => Effect.as(Effect.sleep(ms), v),
})
const tools = { orders: { lookup: lookupOrder }, echo, refuse, leaky, slowEcho }

const programs = [
  `return await tools.orders.lookup({ id: "a" })`,
  `const ids = ["a", "b", "c"]; const os = await Promise.all(ids.map((id) => tools.orders.lookup({ id }))); return os.map((o) => o.id + ":" + o.status)`,
  `const r = await Promise.allSettled([tools.refuse({}), tools.echo({ x: 1 })]); return r.map((x) => x.status)`,
  `try { await tools.leaky.defect({}) } catch (e) { return e.message }`,
  `const a = tools.slowEcho({ ms: 20, v: "late" }); const b = await tools.slowEcho({ ms: 1, v: "early" }); return [b, await a]`,
  `let s = 0; for (let i = 0; i < 20; i++) s += (await tools.echo({ n: i })).n; return s`,
  `const xs = await Promise.all(Array.from({ length: 12 }, (_, i) => tools.slowEcho({ ms: 2, v: i }))); return xs`,
  `console.log("start"); const o = await tools.orders.lookup({ id: "z" }); console.log(o.status); return null`,
  `return await tools.orders.lookup({ id: 5 })`,
  `return await tools.refuse({})`,
  `await tools.echo({}); await tools.echo({}); await tools.echo({}); await tools.echo({}); return "done"`,
  `const page = await tools.$codemode.search({ query: "order" }); return page.items.map((i) => i.path)`,
  `return Object.keys(tools)`,
  `return await tools.nothing.here({})`,
]

// UnknownTool is reported by the interpreter before any call reaches the Host, in its own words: kind only.
const strip = (result: CodeMode.Result): unknown =>
  result.ok
    ? result
    : {
        ...result,
        error:
          result.error.kind === "UnknownTool"
            ? { kind: result.error.kind }
            : { kind: result.error.kind, message: result.error.message },
      }

describe("runtime differential: real interpreter vs node:vm stand-in", () => {
  const runtime = CodeMode.make({ tools, limits: { maxToolCalls: 12 } })
  for (const code of programs) {
    it.effect(code.slice(0, 70), () =>
      Effect.gen(function* () {
        useInterpreter(real)
        const ours = yield* runtime.execute(code)
        useInterpreter(vmInterpreter)
        const reference = yield* Effect.ensuring(
          runtime.execute(code),
          Effect.sync(() => useInterpreter(real)),
        )
        expect(strip(ours)).toEqual(strip(reference))
      }),
    )
  }
})
