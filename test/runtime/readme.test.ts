// Every example of @opencode-ai/codemode 1.18's README that concerns the runtime, as a test (OpenAPI examples live with src/openapi).
import "./setup.js"
import { Effect, Schema } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool, toolError } from "../../src/index.js"
import { lookupOrder } from "./fixtures.js"

describe("README: Quick Start", () => {
  it.effect("runtime.execute returns the program's result as a CodeMode.Result", () =>
    Effect.gen(function* () {
      const runtime = CodeMode.make({ tools: { orders: { lookup: lookupOrder } } })
      const result = yield* runtime.execute(`
  const order = await tools.orders.lookup({ id: "order_42" })
  return { id: order.id, needsAttention: order.status !== "complete" }
`)
      expect(result).toEqual({
        ok: true,
        value: { id: "order_42", needsAttention: true },
        toolCalls: [{ name: "orders.lookup" }],
      })
    }),
  )

  it.effect("a program without return produces null", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.make({ tools: { orders: { lookup: lookupOrder } } }).execute(
        `const order = await tools.orders.lookup({ id: "order_42" })`,
      )
      expect(result).toMatchObject({ ok: true, value: null })
    }),
  )
})

describe("README: Tool.make", () => {
  it.effect("a JSON Schema tool is render-only: values pass through unvalidated, as plain data", () =>
    Effect.gen(function* () {
      const fromJsonSchema = Tool.make({
        description: "Call an adapter-described tool",
        input: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        run: (input: unknown) => Effect.succeed({ received: input }),
      })
      const result = yield* CodeMode.execute({
        tools: { adapter: { call: fromJsonSchema } },
        code: `return await tools.adapter.call({ id: 7 })`,
      })
      expect(result).toMatchObject({ ok: true, value: { received: { id: 7 } } })
    }),
  )

  it.effect("without output the host result is exposed as-is", () =>
    Effect.gen(function* () {
      const raw = Tool.make({ description: "Raw", input: Schema.Struct({}), run: () => Effect.succeed(["a", 1, null]) })
      expect(yield* CodeMode.execute({ tools: { raw }, code: `return await tools.raw({})` })).toMatchObject({
        ok: true,
        value: ["a", 1, null],
      })
    }),
  )
})

describe("README: CodeMode.execute", () => {
  it.effect("one execution with limits and Effect-returning hooks", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools: { orders: { lookup: lookupOrder } },
        code: `return await tools.orders.lookup({ id: "order_42" })`,
        limits: { maxToolCalls: 10 },
        onToolCallStart: (call) => Effect.logDebug("CodeMode tool started", call),
        onToolCallEnd: (call) => Effect.logDebug("CodeMode tool settled", call),
      })
      expect(result).toEqual({
        ok: true,
        value: { id: "order_42", status: "open" },
        toolCalls: [{ name: "orders.lookup" }],
      })
    }),
  )
})

describe("README: CodeMode.make", () => {
  it.effect("catalog(), instructions() and execute() over a reusable runtime", () =>
    Effect.gen(function* () {
      const runtime = CodeMode.make({ tools: { orders: { lookup: lookupOrder } }, limits: { timeoutMs: 30_000 } })
      const catalog = runtime.catalog()
      // The contract's entry shape exactly; the detail (expression, segments, JSON Schemas) is describeTools().
      expect(catalog.map((t) => Object.keys(t).sort())).toEqual([["description", "path", "signature"]])
      expect(catalog[0]!.path).toBe("orders.lookup")
      expect(catalog[0]!.description).toBe("Look up an order by ID")
      expect(catalog[0]!.signature).toContain("tools.orders.lookup(")
      const detailed = runtime.describeTools()
      expect(detailed.map((t) => [t.path, t.expression, t.signature])).toEqual([
        ["orders.lookup", "tools.orders.lookup", catalog[0]!.signature],
      ])
      expect(detailed[0]!.input).toMatchObject({ type: "object", required: ["id"] })
      expect(runtime.instructions()).toContain("tools.orders.lookup")
      expect(yield* runtime.execute(`return 1 + 1`)).toEqual({ ok: true, value: 2, toolCalls: [] })
    }),
  )

  it.effect("CodeMode.Input and CodeMode.Result compose into a host agent tool", () =>
    Effect.gen(function* () {
      const runtime = CodeMode.make({ tools: { orders: { lookup: lookupOrder } } })
      const agentTool = Tool.make({
        description: runtime.instructions(),
        input: CodeMode.Input,
        output: CodeMode.Result,
        run: ({ code }: CodeMode.Input) => runtime.execute(code),
      })
      const input = Schema.decodeUnknownSync(CodeMode.Input)({ code: `return "ok"` })
      const result = yield* agentTool.run(input)
      expect(Schema.decodeUnknownSync(CodeMode.Result)(result)).toEqual({ ok: true, value: "ok", toolCalls: [] })
      expect(Schema.is(CodeMode.Success)(result)).toBe(true)
      expect(Schema.is(CodeMode.Failure)(result)).toBe(false)
      expect(Schema.is(CodeMode.DiagnosticKind)("TimeoutExceeded")).toBe(true)
      expect(
        Schema.is(CodeMode.Diagnostic)({ kind: "ParseError", message: "m", location: { line: 1, column: 0 } }),
      ).toBe(true)
    }),
  )
})

describe("README: Discovery", () => {
  const tools = {
    orders: {
      lookup: lookupOrder,
      status: Tool.make({
        description: "Order status history",
        input: { type: "object" },
        run: () => Effect.succeed([]),
      }),
      cancel: Tool.make({ description: "Cancel an order", input: { type: "object" }, run: () => Effect.succeed(true) }),
    },
    users: { get: Tool.make({ description: "Get a user", input: { type: "object" }, run: () => Effect.succeed({}) }) },
  }

  it("discovery.catalogBudget overrides the budget", () => {
    const runtime = CodeMode.make({ tools, discovery: { catalogBudget: 6_000 } })
    expect(runtime.catalog()).toHaveLength(4)
  })

  it.effect("search is registered even when the catalog is complete, scoped by namespace", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools,
        code: `
const matches = await tools.$codemode.search({
  query: "order status",
  namespace: "orders", // optional: scope to one top-level namespace
  limit: 10,
  offset: 0,
})
return matches`,
      })
      expect(result.ok).toBe(true)
      if (!result.ok) return
      const value = result.value as {
        items: Array<{ path: string; signature: string }>
        remaining: number
        next: unknown
      }
      expect(value.items[0]!.path).toBe("tools.orders.status")
      expect(value.items.every((i) => i.path.startsWith("tools.orders."))).toBe(true)
      expect(value.remaining).toBe(0)
      expect(value.next).toBeNull()
      expect(result.toolCalls).toEqual([{ name: "$codemode.search" }])
    }),
  )

  it.effect("pagination: spread next into the original request", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        tools,
        code: `
const request = { query: "", namespace: "orders", limit: 2 }
const page = await tools.$codemode.search(request)
const nextPage = page.next ? await tools.$codemode.search({ ...request, ...page.next }) : undefined
return [page.items.map(i => i.path), page.remaining, page.next, nextPage.items.map(i => i.path), nextPage.next]`,
      })
      expect(result).toMatchObject({
        ok: true,
        value: [["tools.orders.cancel", "tools.orders.lookup"], 1, { offset: 2 }, ["tools.orders.status"], null],
      })
    }),
  )

  it.effect("invalid search input is InvalidToolInput", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({ tools, code: `return await tools.$codemode.search({ limit: 0 })` })
      expect(result).toMatchObject({ ok: false, error: { kind: "InvalidToolInput" } })
    }),
  )
})

describe("README: Execution Limits and Diagnostics", () => {
  it.effect("pass only the overrides you need", () =>
    Effect.gen(function* () {
      const runtime = CodeMode.make({
        tools: { orders: { lookup: lookupOrder } },
        limits: { maxToolCalls: 20, timeoutMs: 60_000 },
      })
      expect(yield* runtime.execute(`return (await tools.orders.lookup({ id: "x" })).status`)).toMatchObject({
        ok: true,
        value: "open",
      })
    }),
  )

  it.effect("toolError is the safe refusal channel", () =>
    Effect.gen(function* () {
      const authorized = (id: string) => id === "mine"
      const loadOrder = (id: string) => Effect.succeed({ id, status: "open" })
      const lookup = Tool.make({
        description: "Look up an order by ID",
        input: Schema.Struct({ id: Schema.String }),
        run: ({ id }: { id: string }) =>
          authorized(id) ? loadOrder(id) : Effect.fail(toolError("Order is unavailable")),
      })
      const runtime = CodeMode.make({ tools: { orders: { lookup } } })
      expect(yield* runtime.execute(`return await tools.orders.lookup({ id: "yours" })`)).toMatchObject({
        ok: false,
        error: { kind: "ToolFailure", message: "Order is unavailable" },
        toolCalls: [{ name: "orders.lookup" }],
      })
      expect(yield* runtime.execute(`return (await tools.orders.lookup({ id: "mine" })).id`)).toMatchObject({
        ok: true,
        value: "mine",
      })
    }),
  )
})
