import "./setup.js"
import { describe, expect, it } from "./effect-test.js"
import { Effect, Schema } from "effect"
import { CodeMode, Tool } from "../../src/index.js"
import { echo, leaky, lookupOrder, refuse, SECRETS } from "./fixtures.js"
import { interpreter, useInterpreter } from "../../src/runtime/engine.js"

describe("CodeMode.execute", () => {
  it.effect("returns the program's value and the admitted calls", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools: { orders: { lookup: lookupOrder } },
        code: `const o = await tools.orders.lookup({ id: "a" }); return { id: o.id, open: o.status === "open" }`,
      })
      expect(result).toEqual({ ok: true, value: { id: "a", open: true }, toolCalls: [{ name: "orders.lookup" }] })
    }),
  )

  it.effect("turns undefined into null, top-level and nested", () =>
    Effect.gen(function* () {
      expect(yield* CodeMode.execute({ code: "const x = 1" })).toEqual({ ok: true, value: null, toolCalls: [] })
      const nested = yield* CodeMode.execute({
        tools: { echo },
        code: "return [await tools.echo({ a: 1 }), undefined]",
      })
      expect(nested).toMatchObject({ ok: true, value: [{ a: 1 }, null] })
    }),
  )

  it.effect("empty code is a ParseError", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({ code: "   " })
      expect(result).toEqual({
        ok: false,
        error: { kind: "ParseError", message: "Code cannot be empty." },
        toolCalls: [],
      })
    }),
  )

  it.effect("decodes Effect Schema input before run and fails InvalidToolInput without admitting", () =>
    Effect.gen(function* () {
      let ran = 0
      const strict = Tool.make({
        description: "Needs a number",
        input: Schema.Struct({ n: Schema.Number }),
        run: ({ n }: { n: number }) => Effect.sync(() => (ran++, n * 2)),
      })
      const bad = yield* CodeMode.execute({ tools: { strict }, code: `return await tools.strict({ n: "x" })` })
      expect(ran).toBe(0)
      expect(bad).toMatchObject({ ok: false, error: { kind: "InvalidToolInput" }, toolCalls: [] })
      const good = yield* CodeMode.execute({ tools: { strict }, code: `return await tools.strict({ n: 21 })` })
      expect(good).toMatchObject({ ok: true, value: 42 })
    }),
  )

  it.effect("decodes Effect Schema output (a transformation runs host-side) and copies it", () =>
    Effect.gen(function* () {
      const dated = Tool.make({
        description: "Returns a date",
        input: { type: "object" },
        output: Schema.Struct({ at: Schema.DateFromString }),
        run: () => Effect.succeed({ at: "2024-01-02T03:04:05.000Z" }),
      })
      const result = yield* CodeMode.execute({ tools: { dated }, code: `return (await tools.dated({})).at` })
      expect(result).toMatchObject({ ok: true, value: "2024-01-02T03:04:05.000Z" })
    }),
  )

  it.effect("invalid output is a sanitized InvalidToolOutput", () =>
    Effect.gen(function* () {
      const wrong = Tool.make({
        description: "Lies about its output",
        input: { type: "object" },
        output: Schema.Struct({ id: Schema.String }),
        run: () => Effect.succeed({ id: 42, secret: "defect-secret" }),
      })
      const result = yield* CodeMode.execute({ tools: { wrong }, code: `return await tools.wrong({})` })
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "InvalidToolOutput", message: "Invalid output from tool 'wrong'." },
        toolCalls: [{ name: "wrong" }],
      })
    }),
  )

  it.effect("toolError's message passes through as ToolFailure; the cause does not", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({ tools: { refuse }, code: `return await tools.refuse({})` })
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "ToolFailure", message: "Order is unavailable" },
        toolCalls: [{ name: "refuse" }],
      })
      expect(JSON.stringify(result)).not.toContain("cause-secret")
    }),
  )

  for (const name of Object.keys(leaky) as Array<keyof typeof leaky>) {
    it.effect(`host ${name} is sanitized and no secret reaches the Result`, () =>
      Effect.gen(function* () {
        const result = yield* CodeMode.execute({ tools: { leaky }, code: `return await tools.leaky.${name}({})` })
        expect(result.ok).toBe(false)
        if (!result.ok) expect(result.error.kind).toBe(name === "proxy" ? "InvalidToolOutput" : "ToolFailure")
        if (!result.ok && name !== "proxy") expect(result.error.message).toBe("Tool execution failed")
        const text = JSON.stringify(result)
        for (const secret of SECRETS) expect(text).not.toContain(secret)
      }),
    )
  }

  it.effect("tool failures are catchable by the program", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools: { refuse },
        code: `try { await tools.refuse({}) } catch (e) { return "caught: " + e.message }`,
      })
      expect(result).toMatchObject({ ok: true, value: "caught: Order is unavailable", toolCalls: [{ name: "refuse" }] })
    }),
  )

  it.effect("unknown tools are UnknownTool diagnostics", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({ tools: { echo }, code: `return await tools.nope.missing({})` })
      expect(result).toMatchObject({ ok: false, error: { kind: "UnknownTool" }, toolCalls: [] })
    }),
  )

  it.effect("logs are captured in order", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({ code: `console.log("a"); console.log("b", 1); return 0` })
      expect(result).toEqual({ ok: true, value: 0, logs: ["a", "b 1"], toolCalls: [] })
    }),
  )

  it.effect("the Result is decodable by the Result schema", () =>
    Effect.gen(function* () {
      const ok = yield* CodeMode.execute({ tools: { echo }, code: `return await tools.echo({ a: [1, "x"] })` })
      const bad = yield* CodeMode.execute({ code: `throw new Error("boom")` })
      expect(Schema.decodeUnknownSync(CodeMode.Result)(ok)).toEqual(ok)
      expect(Schema.decodeUnknownSync(CodeMode.Result)(bad)).toEqual(bad)
      expect(bad).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    }),
  )
})

describe("InvalidToolInput messages", () => {
  it.effect("say which tool and what was wrong, on one line", () =>
    Effect.gen(function* () {
      const strict = Tool.make({
        description: "Strict",
        input: Schema.Struct({ id: Schema.String }),
        run: () => Effect.succeed(1),
      })
      const result = yield* CodeMode.execute({ tools: { strict }, code: `return await tools.strict({ id: 1 })` })
      expect(result).toMatchObject({
        ok: false,
        error: { kind: "InvalidToolInput", message: `Invalid input for tool 'strict': Expected string at ["id"]` },
      })
    }),
  )
})

describe("compile cache", () => {
  const base = interpreter()
  let compiles = 0
  const counting = { compile: (...args: Parameters<typeof base.compile>) => (compiles++, base.compile(...args)) }

  it.effect("the same code compiles once per runtime; each run has its own logs, calls and value", () =>
    Effect.gen(function* () {
      useInterpreter(counting)
      const runtime = CodeMode.make({ tools: { echo } })
      const code = `console.log("run"); return (await tools.echo({ n: 1 })).n`
      const first = yield* runtime.execute(code)
      const second = yield* runtime.execute(code)
      expect(first).toEqual({ ok: true, value: 1, logs: ["run"], toolCalls: [{ name: "echo" }] })
      expect(second).toEqual(first)
      expect(compiles).toBe(1)
      yield* runtime.execute(code + " ")
      expect(compiles).toBe(2)
    }).pipe(Effect.ensuring(Effect.sync(() => useInterpreter(base)))),
  )
})
