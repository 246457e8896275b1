import { createRequire } from "node:module"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { Mcp } from "../../src/mcp/index.js"

/**
 * The library API of `codemode-polyglot/mcp` against the real reference server `server-everything` over stdio,
 * driven by the SDK's own Client: `Mcp.tools` (catalog, the result-mapping rule, upstream errors) and `Mcp.server`
 * (the `execute` tool, as an SDK client sees it).
 */
const require = createRequire(import.meta.url)
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js")

let upstream: Client
let runtime: CodeMode.Runtime
const received: Array<unknown> = []

beforeAll(async () => {
  upstream = new Client({ name: "library-test", version: "0" })
  await upstream.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING], stderr: "ignore" }))
  const everything = await Effect.runPromise(Mcp.tools(upstream))
  // A local tool that receives whatever the program passes on (an image block from the upstream, here).
  const sink = Tool.make({
    description: "Stores a value",
    input: { type: "object" },
    run: (input: unknown) => Effect.sync(() => (received.push(input), "stored")),
  })
  runtime = CodeMode.make({ tools: { everything, local: { sink } }, limits: { timeoutMs: 10_000 } })
}, 30_000)

afterAll(async () => {
  await upstream?.close()
})

const run = async (code: string) => Effect.runPromise(runtime.run({ code }))

describe("Mcp.tools", () => {
  it("lists every upstream tool under its MCP name, with signatures from the JSON Schemas", async () => {
    const direct = (await upstream.listTools()).tools.map((t) => t.name).sort()
    const listed = runtime
      .describeTools()
      .filter((t) => t.segments[0] === "everything")
      .map((t) => t.segments.slice(1).join("."))
      .sort()
    expect(listed).toEqual(direct)
    const sum = runtime.catalog().find((t) => t.path === "everything.get-sum")!
    expect(sum.signature).toMatch(/a: number/)
    expect(sum.signature).toMatch(/b: number/)
    const weather = runtime.catalog().find((t) => t.path === "everything.get-structured-content")!
    expect(weather.signature).toMatch(/temperature: number/)
  })

  it("maps results: structuredContent when present, else the text, else the blocks as data", async () => {
    const result = await run(`
      const echo = await tools.everything.echo({ message: "hi" })
      const weather = await tools.everything["get-structured-content"]({ location: "Chicago" })
      const image = await tools.everything["get-tiny-image"]({})
      return { echo, weather, kinds: image.map((b) => b.type) }
    `)
    const direct = await upstream.callTool({ name: "get-structured-content", arguments: { location: "Chicago" } })
    const imageDirect = await upstream.callTool({ name: "get-tiny-image", arguments: {} })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.value).toEqual({
      echo: "Echo: hi",
      weather: direct.structuredContent,
      kinds: (imageDirect.content as Array<{ type: string }>).map((b) => b.type),
    })
  })

  it("passes an image block on to another tool without losing its data", async () => {
    received.length = 0
    const result = await run(`
      const blocks = await tools.everything["get-tiny-image"]({})
      const image = blocks.find((b) => b.type === "image")
      return await tools.local.sink({ image })
    `)
    expect(result.ok).toBe(true)
    const imageDirect = (await upstream.callTool({ name: "get-tiny-image", arguments: {} })).content as Array<any>
    const block = imageDirect.find((b) => b.type === "image")
    expect(received).toEqual([{ image: { type: "image", data: block.data, mimeType: block.mimeType } }])
  })

  it("turns an isError result into a ToolError the program can catch, with the upstream's text", async () => {
    const caught = await run(`
      try { await tools.everything["get-sum"]({ a: "one", b: 2 }) } catch (e) { return "caught: " + e.message }
    `)
    expect(caught.ok && caught.value).toMatch(/^caught: .*expected number/)
    const uncaught = await run(`return await tools.everything["get-sum"]({ a: "one", b: 2 })`)
    expect(uncaught.ok).toBe(false)
    if (!uncaught.ok) {
      expect(uncaught.error.kind).toBe("ToolFailure")
      expect(uncaught.error.message).toMatch(/expected number/)
    }
  })
})

describe("Mcp.server", () => {
  const connect = async (options?: Parameters<typeof Mcp.server>[1]) => {
    const [a, b] = InMemoryTransport.createLinkedPair()
    const server = Mcp.server(runtime, options)
    await server.connect(a)
    const client = new Client({ name: "host", version: "0" })
    await client.connect(b)
    return client
  }

  it("lists one execute tool described by the runtime's instructions, in the chosen dialect", async () => {
    const client = await connect()
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(["execute"])
    expect(tools[0]!.description).toBe(runtime.instructions())
    expect(tools[0]!.inputSchema.required).toEqual(["code"])
    const cloudflare = await connect({ dialect: "cloudflare" })
    const described = (await cloudflare.listTools()).tools[0]!.description
    expect(described).toBe(runtime.instructions({ dialect: "cloudflare" }))
    expect(described).not.toBe(runtime.instructions())
    await Promise.all([client.close(), cloudflare.close()])
  })

  it("returns the value as JSON text with the logs and a repair note; the host's record in _meta", async () => {
    const client = await connect()
    const code = "```js\nconsole.log('summing')\nreturn await tools.everything['get-sum']({ a: 2, b: 40 })\n```"
    const result = await client.callTool({ name: "execute", arguments: { code } })
    const direct = await upstream.callTool({ name: "get-sum", arguments: { a: 2, b: 40 } })
    const expected = (direct.content as Array<{ text: string }>)[0]!.text
    expect(result.isError).toBeFalsy()
    expect((result.content as Array<{ text: string }>)[0]!.text).toBe(
      `${JSON.stringify(expected)}\nsumming\nnote: fence removed`,
    )
    expect(result.structuredContent).toEqual({ ok: true, value: expected, logs: ["summing"], notes: ["fence removed"] })
    const run = (result._meta as any)["codemode-polyglot/run"]
    expect(run.toolCalls).toEqual([{ name: "everything.get-sum" }])
    expect(run.receipt.input).toEqual({ code })
    await client.close()
  })

  it("returns a failure as isError with kind, message, line:column and suggestions", async () => {
    const client = await connect()
    const code = "const x = 1\nreturn await tools.everything.echoo({ message: 'x' })"
    const result = await client.callTool({ name: "execute", arguments: { code } })
    expect(result.isError).toBe(true)
    const text = (result.content as Array<{ text: string }>)[0]!.text
    expect(text).toMatch(/^UnknownTool at 2:\d+: /)
    expect(text).toMatch(/\nfix: .*tools\.everything\.echo\b/)
    expect(result.structuredContent).toMatchObject({
      ok: false,
      error: { kind: "UnknownTool", at: expect.stringMatching(/^2:/) },
    })
    await client.close()
  })
})
