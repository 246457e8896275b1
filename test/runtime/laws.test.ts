// @opencode-ai/codemode 1.18 "Laws", one block each.
import { runInNewContext } from "node:vm"
import "./setup.js"
import { Deferred, Effect, Exit, Fiber, Schema } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"
import { echo, leaky, lookupOrder, refuse, SECRETS } from "./fixtures.js"

const tools = { orders: { lookup: lookupOrder }, echo, refuse, leaky }
const programs = [
  `return await tools.orders.lookup({ id: "a" })`,
  `const [a, b] = await Promise.all([tools.echo({ x: 1 }), tools.orders.lookup({ id: "b" })]); return [a, b]`,
  `try { await tools.refuse({}) } catch (e) { return e.message }`,
  `await tools.echo({}); return await tools.leaky.defect({})`,
  `console.log("hi"); return await tools.echo({ deep: [1, [2, [3]]] })`,
  `await tools.echo({}); await tools.echo({}); return "over"`,
  `return await tools.orders.lookup({ id: 1 })`,
  `return await tools.missing({})`,
  `syntax error (`,
  ``,
]

describe("Laws", () => {
  it.effect("CodeMode.execute({ ...options, code }) ≡ CodeMode.make(options).execute(code)", () =>
    Effect.gen(function* () {
      const options = { tools, limits: { maxToolCalls: 2, maxOutputBytes: 200 } }
      const runtime = CodeMode.make(options)
      for (const code of programs) {
        const once = yield* CodeMode.execute({ ...options, code })
        const reused = yield* runtime.execute(code)
        expect(once).toEqual(reused)
      }
    }),
  )

  it.effect("a tool implementation is not invoked unless its input has decoded successfully", () =>
    Effect.gen(function* () {
      let runs = 0
      const strict = Tool.make({
        description: "Strict",
        input: Schema.Struct({ id: Schema.String, n: Schema.Int }),
        run: () => Effect.sync(() => runs++),
      })
      for (const input of [`{}`, `{ id: 1, n: 1 }`, `{ id: "a", n: 1.5 }`, `"text"`, `null`, `[1]`]) {
        const result = yield* CodeMode.execute({ tools: { strict }, code: `return await tools.strict(${input})` })
        expect(result).toMatchObject({ ok: false, error: { kind: "InvalidToolInput" }, toolCalls: [] })
      }
      expect(runs).toBe(0)
    }),
  )

  it.effect("a tool result is not visible unless its output decoded and crossed the plain-data boundary", () =>
    Effect.gen(function* () {
      const outputs: Array<unknown> = [
        { id: 1, status: "open" }, // fails the output schema
        { id: "a", status: "open", extra: () => 1 }, // a function is not data
      ]
      for (const [i, bad] of outputs.entries()) {
        const tool = Tool.make({
          description: "Bad output",
          input: { type: "object" },
          output: i === 0 ? Schema.Struct({ id: Schema.String, status: Schema.String }) : undefined,
          run: () => Effect.succeed(bad),
        })
        const result = yield* CodeMode.execute({
          tools: { tool },
          code: `let seen = "nothing"; try { seen = await tools.tool({}) } catch (e) { return [seen, e.message] }`,
        })
        expect(result).toMatchObject({ ok: true, value: ["nothing", "Invalid output from tool 'tool'."] })
      }
      const cyclic: Record<string, unknown> = {}
      cyclic.self = cyclic
      const deep = Array.from({ length: 40 }).reduce<unknown>((acc) => [acc], 0)
      for (const bad of [cyclic, deep, new (class Secret {})(), 10n, Symbol("s")]) {
        const tool = Tool.make({ description: "Bad", input: {}, run: () => Effect.succeed(bad) })
        const result = yield* CodeMode.execute({ tools: { tool }, code: `return await tools.tool({})` })
        expect(result).toMatchObject({ ok: false, error: { kind: "InvalidToolOutput" } })
      }
    }),
  )

  it.effect("unknown host failures do not become model-visible diagnostics; ToolError is the safe channel", () =>
    Effect.gen(function* () {
      const runtime = CodeMode.make({ tools })
      for (const name of Object.keys(leaky)) {
        const result = yield* runtime.execute(
          `const r = await Promise.allSettled([tools.leaky.${name}({})]); console.log(JSON.stringify(r)); return await tools.leaky.${name}({})`,
        )
        const text = JSON.stringify(result)
        for (const secret of SECRETS) expect(text).not.toContain(secret)
      }
      const refusal = yield* runtime.execute(`return await tools.refuse({})`)
      expect(refusal).toMatchObject({ ok: false, error: { kind: "ToolFailure", message: "Order is unavailable" } })
    }),
  )

  it.effect("host interruption remains interruption rather than a CodeMode.Failure", () =>
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const hang = Tool.make({
        description: "Never returns",
        input: {},
        run: () => Effect.andThen(Deferred.succeed(started, undefined), Effect.never),
      })
      const fiber = yield* Effect.forkChild(CodeMode.execute({ tools: { hang }, code: `return await tools.hang({})` }))
      yield* Deferred.await(started)
      yield* Fiber.interrupt(fiber)
      const exit = yield* Fiber.await(fiber)
      expect(Exit.isSuccess(exit)).toBe(false)
      expect(Exit.hasInterrupts(exit)).toBe(true)
    }),
  )
})

describe("data boundary of tool outputs", () => {
  it.effect("a value with many references to itself is rejected quickly (no exponential walk)", () =>
    Effect.gen(function* () {
      const bad: Record<string, unknown> = {}
      for (const k of ["a", "b", "c", "d"]) bad[k] = bad
      const shared = { x: 1 }
      const tool = Tool.make({ description: "Bad", input: {}, run: () => Effect.succeed(bad) })
      const dag = Tool.make({ description: "Shared", input: {}, run: () => Effect.succeed({ l: shared, r: shared }) })
      expect(yield* CodeMode.execute({ tools: { tool }, code: `return await tools.tool({})` })).toMatchObject({
        ok: false,
        error: { kind: "InvalidToolOutput" },
      })
      expect(yield* CodeMode.execute({ tools: { dag }, code: `return await tools.dag({})` })).toMatchObject({
        ok: true,
        value: { l: { x: 1 }, r: { x: 1 } },
      })
    }),
  )
})

describe("plain data from another realm", () => {
  it.effect("objects and arrays built in a node:vm context cross the boundary as data", () =>
    Effect.gen(function* () {
      const foreign = runInNewContext(`({ list: [1, { a: "x" }], n: null })`)
      const tool = Tool.make({ description: "Foreign", input: {}, run: () => Effect.succeed(foreign) })
      const result = yield* CodeMode.execute({ tools: { tool }, code: `return await tools.tool({})` })
      expect(result).toMatchObject({ ok: true, value: { list: [1, { a: "x" }], n: null } })
    }),
  )
})
