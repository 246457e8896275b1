import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { context, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { Gateway } from "../../src/mcp/gateway/gateway.js"

/**
 * One trace across both hops, with the real OpenTelemetry SDK: the MCP client's span (sent as `_meta.traceparent`)
 * parents the gateway's run span, each tool call has its `execute_tool` span under it, and the upstream server
 * (test/mcp/fixtures/meta-server.mjs, over stdio) receives that call's own context in its request's `_meta`.
 */
const UPSTREAM = fileURLToPath(new URL("./fixtures/meta-server.mjs", import.meta.url))
const exporter = new InMemorySpanExporter()
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] })
const gateways: Array<Gateway> = []

beforeAll(() => {
  trace.setGlobalTracerProvider(provider)
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
})
afterEach(() => exporter.reset())
afterAll(async () => {
  await Promise.all(gateways.map((g) => g.close()))
  trace.disable()
  context.disable()
})

const connect = async (isolation: "none" | "process", mode: "code" | "passthrough" = "code") => {
  const gateway = new Gateway({
    upstreams: [{ kind: "stdio", name: "up", command: process.execPath, args: [UPSTREAM] }],
    isolation,
    mode,
    limits: { timeoutMs: 20_000 },
  })
  gateways.push(gateway)
  await gateway.start()
  const [mine, theirs] = InMemoryTransport.createLinkedPair()
  await gateway.createServer().connect(theirs)
  const client = new Client({ name: "tracing-test", version: "0" })
  await client.connect(mine)
  return client
}

const PROGRAM = `const a = await tools.up.meta({})
const b = await tools.up.meta({ again: true })
return [a.meta, b.meta]`

describe("a trace from the MCP client through the gateway to the upstream", () => {
  for (const isolation of ["none", "process"] as const)
    it(`isolation ${isolation}: client span → run span → execute_tool spans → upstream _meta`, async () => {
      const client = await connect(isolation)
      const root = trace.getTracer("client").startSpan("agent turn")
      const { traceId, spanId } = root.spanContext()
      const result = (await client.callTool({
        name: "execute",
        arguments: { code: PROGRAM },
        _meta: { traceparent: `00-${traceId}-${spanId}-01`, tracestate: "agent=7" },
      })) as CallToolResult
      root.end()
      expect(result.isError).toBeFalsy()
      const received = (result.structuredContent as { value: Array<Record<string, string>> }).value

      const spans = exporter.getFinishedSpans()
      const run = spans.find((s) => s.name === "codemode.run")!
      const calls = spans.filter((s) => s.name === "execute_tool up.meta")
      expect(run.spanContext().traceId).toBe(traceId)
      expect(run.parentSpanContext).toMatchObject({ spanId, isRemote: true })
      expect(run.attributes["codemode.isolation"]).toBe(isolation)
      expect(calls).toHaveLength(2)
      calls.sort(
        (x, y) => Number(x.attributes["codemode.tool_call.index"]) - Number(y.attributes["codemode.tool_call.index"]),
      )
      // Each upstream request carried its own call's context, and the client's tracestate went along.
      expect(received).toEqual(
        calls.map((call) => ({
          traceparent: `00-${traceId}-${call.spanContext().spanId}-01`,
          tracestate: "agent=7",
        })),
      )
      for (const call of calls) {
        expect(call.spanContext().traceId).toBe(traceId)
        expect(call.parentSpanContext?.spanId).toBe(run.spanContext().spanId)
        expect(call.attributes["gen_ai.tool.name"]).toBe("up.meta")
      }
      await client.close()
    })

  it("without a traceparent the run span is a root and the upstream still gets the call's context", async () => {
    const client = await connect("none")
    const result = (await client.callTool({ name: "execute", arguments: { code: PROGRAM } })) as CallToolResult
    const received = (result.structuredContent as { value: Array<{ traceparent: string }> }).value
    const run = exporter.getFinishedSpans().find((s) => s.name === "codemode.run")!
    expect(run.parentSpanContext).toBeUndefined()
    expect(received.map((m) => m.traceparent.split("-")[1])).toEqual([
      run.spanContext().traceId,
      run.spanContext().traceId,
    ])
    await client.close()
  })

  it("an invoke (--mode passthrough) is traced as a call in a program: run span → execute_tool span → upstream", async () => {
    const client = await connect("none", "passthrough")
    const root = trace.getTracer("client").startSpan("agent turn")
    const { traceId, spanId } = root.spanContext()
    const result = (await client.callTool({
      name: "invoke",
      arguments: { tool: "up.meta", input: {} },
      _meta: { traceparent: `00-${traceId}-${spanId}-01` },
    })) as CallToolResult
    root.end()
    expect(result.isError).toBeFalsy()
    const received = (result.structuredContent as { value: { meta: Record<string, string> } }).value.meta
    const spans = exporter.getFinishedSpans()
    const run = spans.find((s) => s.name === "codemode.run")!
    const calls = spans.filter((s) => s.name === "execute_tool up.meta")
    expect(run.parentSpanContext).toMatchObject({ spanId, isRemote: true })
    expect(calls).toHaveLength(1)
    expect(calls[0]!.parentSpanContext?.spanId).toBe(run.spanContext().spanId)
    expect(received.traceparent).toBe(`00-${traceId}-${calls[0]!.spanContext().spanId}-01`)
    await client.close()
  })
})
