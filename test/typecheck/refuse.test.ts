// `typecheck: "refuse"` against each kind of tool the runtime takes: a wrong argument name, a missing required field
// and a mistyped value end the run with TypeCheck at the line and column of the model's text, before any call.
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js"
import { Effect, Schema } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import { CodeMode, Tool } from "../../src/index.js"
import { Mcp } from "../../src/mcp/index.js"
import { fromSpec } from "../../src/OpenAPI.js"

const calls = { json: 0, effect: 0, mcp: 0, openapi: 0 }

const jsonTool = Tool.make({
  description: "Look up an order",
  input: {
    type: "object",
    properties: { orderId: { type: "string" }, verbose: { type: "boolean" } },
    required: ["orderId"],
    additionalProperties: false,
  },
  output: { type: "object", properties: { orderId: { type: "string" }, total: { type: "number" } } },
  run: (input: any) => Effect.sync(() => (calls.json++, { orderId: input.orderId, total: 3 })),
})

const effectTool = Tool.make({
  description: "Look up an order",
  input: Schema.Struct({ orderId: Schema.String, verbose: Schema.optional(Schema.Boolean) }),
  output: Schema.Struct({ orderId: Schema.String, total: Schema.Number }),
  run: (input) => Effect.sync(() => (calls.effect++, { orderId: input.orderId, total: 3 })),
})

const spec = (origin: string) => ({
  openapi: "3.0.3",
  info: { title: "orders", version: "1" },
  servers: [{ url: origin }],
  paths: {
    "/orders": {
      post: {
        operationId: "lookup",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                properties: { orderId: { type: "string" }, verbose: { type: "boolean" } },
                required: ["orderId"],
                additionalProperties: false,
              },
            },
          },
        },
        responses: {
          "200": {
            description: "the order",
            content: {
              "application/json": {
                schema: { type: "object", properties: { orderId: { type: "string" }, total: { type: "number" } } },
              },
            },
          },
        },
      },
    },
  },
})

let http: Server
let upstream: Client
const runtimes: Record<string, CodeMode.Runtime<any>> = {}

beforeAll(async () => {
  http = createServer((req, res) => {
    calls.openapi++
    req.resume()
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify({ orderId: "a", total: 3 }))
    })
  })
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve))
  const origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`

  const server = new McpServer({ name: "orders", version: "1" })
  server.registerTool(
    "lookup",
    {
      description: "Look up an order",
      inputSchema: { orderId: z.string(), verbose: z.boolean().optional() },
      outputSchema: { orderId: z.string(), total: z.number() },
    },
    async ({ orderId }) => {
      calls.mcp++
      return { content: [], structuredContent: { orderId, total: 3 } }
    },
  )
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair()
  await server.connect(serverSide)
  upstream = new Client({ name: "typecheck-test", version: "0" })
  await upstream.connect(clientSide)
  const mcpTools = (await Effect.runPromise(Mcp.tools(upstream))) as Record<string, Tool.Definition<any>>

  runtimes.json = CodeMode.make({ tools: { orders: { lookup: jsonTool } }, typecheck: "refuse" })
  runtimes.effect = CodeMode.make({ tools: { orders: { lookup: effectTool } }, typecheck: "refuse" })
  runtimes.mcp = CodeMode.make({ tools: { orders: { lookup: mcpTools.lookup! } }, typecheck: "refuse" })
  runtimes.openapi = CodeMode.make({
    tools: { orders: fromSpec({ spec: spec(origin) }).tools },
    typecheck: "refuse",
  })
}, 30_000)

afterAll(async () => {
  await upstream?.close()
  await new Promise((resolve) => http?.close(resolve))
})

const run = (kind: string, code: string) =>
  Effect.runPromise(runtimes[kind]!.run({ code }).pipe(Effect.provide(FetchHttpClient.layer)) as Effect.Effect<any>)

const KINDS = ["json", "effect", "mcp", "openapi"] as const

describe.each(KINDS)("typecheck refuse, %s tool", (kind) => {
  it("runs a program that fits the types, and calls the tool", async () => {
    const before = calls[kind]
    const result = await run(kind, `const o = await tools.orders.lookup({ orderId: "a" })\nreturn o.total`)
    expect(result).toMatchObject({ ok: true, value: 3 })
    expect(calls[kind]).toBe(before + 1)
  })

  it("refuses a wrong argument name at its line and column, before any call", async () => {
    const before = calls[kind]
    const code = `const note = "first"\nconst o = await tools.orders.lookup({ orderID: "a" })\nreturn o`
    const result = await run(kind, code)
    expect(result.ok).toBe(false)
    expect(result.error.kind).toBe("TypeCheck")
    expect(result.error.message).toContain("orderID")
    expect(result.error.message).toContain("Did you mean 'orderId'")
    expect(result.error.location).toEqual({ line: 2, column: code.split("\n")[1]!.indexOf("orderID") })
    expect(result.toolCalls).toEqual([])
    expect(calls[kind]).toBe(before)
  })

  it("refuses a missing required field", async () => {
    const before = calls[kind]
    const code = `\n\n  const o = await tools.orders.lookup({ verbose: true })`
    const result = await run(kind, code)
    expect(result.error).toMatchObject({ kind: "TypeCheck", location: { line: 3, column: 38 } })
    expect(result.error.message).toContain("'orderId'")
    expect(calls[kind]).toBe(before)
  })

  it("refuses a mistyped value, pointing at the value", async () => {
    const before = calls[kind]
    const code = `const o = await tools.orders.lookup({ orderId: 42 })`
    const result = await run(kind, code)
    expect(result.error).toMatchObject({ kind: "TypeCheck", location: { line: 1, column: code.indexOf("42") } })
    expect(result.error.message).toMatch(/must be string, got number/)
    expect(calls[kind]).toBe(before)
  })

  it("refuses reading a property the output does not declare, and lists later findings as suggestions", async () => {
    const before = calls[kind]
    const code = `const o = await tools.orders.lookup({ orderId: "a" })\nconst t = o.totl\nreturn tools.orders.lookup({ orderId: 1 })`
    const result = await run(kind, code)
    expect(result.error).toMatchObject({ kind: "TypeCheck", location: { line: 2, column: 12 } })
    expect(result.error.message).toContain("Did you mean 'total'")
    expect(result.error.suggestions).toEqual([expect.stringMatching(/^3:\d+: .*orderId.* must be string/)])
    expect(calls[kind]).toBe(before)
  })
})
