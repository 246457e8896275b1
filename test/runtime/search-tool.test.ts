import { describe, expect, it } from "vitest"
import { Effect, Schema } from "effect"
import { CodeMode, Tool } from "../../src/index.js"
import { prepareDiscovery, searchTool } from "../../src/runtime/discovery.js"
import { prepareTree } from "../../src/runtime/tree.js"

describe("$codemode.search as a tool definition", () => {
  it("advertises the documented request and page shapes (@opencode-ai/codemode 1.18 'Discovery'), not an opaque object", () => {
    const tool = searchTool(prepareDiscovery(prepareTree({}), undefined))
    const input = tool.input as { properties?: Record<string, unknown> }
    expect(Object.keys(input.properties ?? {}).sort()).toEqual(["limit", "namespace", "offset", "query"])
    const output = tool.output as { properties?: Record<string, unknown> }
    expect(Object.keys(output.properties ?? {}).sort()).toEqual(["items", "next", "remaining"])
  })
})

describe("search as a global function", () => {
  const lookup = Tool.make({
    description: "Look up an order by ID",
    input: Schema.Struct({ id: Schema.String }),
    run: ({ id }) => Effect.succeed({ id }),
  })
  const runtime = CodeMode.make({ tools: { orders: { lookup } } })
  const run = (code: string) => Effect.runPromise(runtime.execute(code))

  it("is the same call as tools.$codemode.search: same page, counted and recorded under that name", async () => {
    const global = await run(`return await search({ query: "order" })`)
    const member = await run(`return await tools.$codemode.search({ query: "order" })`)
    expect(global).toEqual(member)
    expect(global).toMatchObject({ ok: true, value: { items: [{ path: "tools.orders.lookup" }], remaining: 0 } })
    expect(global.toolCalls).toEqual([{ name: "$codemode.search" }])
    const limited = CodeMode.make({ tools: { orders: { lookup } }, limits: { maxToolCalls: 1 } })
    const over = await Effect.runPromise(limited.execute(`await search({}); return await search({})`))
    expect(over).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
  })

  it("is a function a program can shadow, and not data", async () => {
    expect(await run(`return typeof search`)).toMatchObject({ ok: true, value: "function" })
    expect(await run(`const search = (q) => "mine " + q; return search("x")`)).toMatchObject({ value: "mine x" })
    expect(await run(`function f(search) { return search } return f(3)`)).toMatchObject({ value: 3 })
    expect(await run(`return { search }`)).toMatchObject({ ok: false, error: { kind: "InvalidDataValue" } })
    // Bad input is the search tool's own InvalidToolInput, not admitted.
    expect(await run(`return await search({ limit: 0 })`)).toMatchObject({
      ok: false,
      error: { kind: "InvalidToolInput" },
      toolCalls: [],
    })
  })
})
