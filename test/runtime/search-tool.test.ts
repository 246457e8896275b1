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

  it("is the same call as tools.$codemode.search, recorded under the name the program used", async () => {
    const global = await run(`return await search({ query: "order" })`)
    const member = await run(`return await tools.$codemode.search({ query: "order" })`)
    expect(global).toMatchObject({ ok: true, value: { items: [{ path: "tools.orders.lookup" }], remaining: 0 } })
    expect(global.ok && global.value).toEqual(member.ok && member.value)
    expect(global.toolCalls).toEqual([{ name: "search" }])
    expect(member.toolCalls).toEqual([{ name: "$codemode.search" }])
  })

  it("is admitted, counted and hooked like the member call, each under its own name", async () => {
    const seen: Array<string> = []
    const asked: Array<string> = []
    const observed = CodeMode.make({
      tools: { orders: { lookup } },
      limits: { maxToolCalls: 3 },
      onToolCallStart: (call) => Effect.sync(() => void seen.push(`start ${call.index} ${call.name}`)),
      onToolCallEnd: (call) => Effect.sync(() => void seen.push(`end ${call.index} ${call.name} ${call.outcome}`)),
      approve: (request) => Effect.sync(() => (asked.push(request.name), { allow: true as const })),
    })
    const result = await Effect.runPromise(
      observed.execute(`
        await search({})
        await tools.$codemode.search({ query: "order" })
        await tools.orders.lookup({ id: "7" })
        try { await search({ limit: 0 }) } catch (e) { console.log(e.message) }
        return await search({})`),
    )
    // The bad input is refused before admission, named as the program wrote it; the fourth admitted call is over.
    expect(result).toMatchObject({
      ok: false,
      error: { kind: "ToolCallLimitExceeded" },
      logs: [expect.stringMatching(/^Invalid input for tool 'search': /)],
    })
    expect(result.toolCalls).toEqual([{ name: "search" }, { name: "$codemode.search" }, { name: "orders.lookup" }])
    expect(seen).toEqual([
      "start 0 search",
      "end 0 search success",
      "start 1 $codemode.search",
      "end 1 $codemode.search success",
      "start 2 orders.lookup",
      "end 2 orders.lookup success",
    ])
    // Search is never gated, whatever it is called.
    expect(asked).toEqual(["orders.lookup"])
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
