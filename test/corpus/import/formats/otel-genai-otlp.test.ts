import { SpanStatusCode, trace } from "@opentelemetry/api"
import { JsonTraceSerializer } from "@opentelemetry/otlp-transformer"
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { useOtelSdk } from "../../../runtime/otel-sdk.js"
import { otelGenai } from "../../../../src/corpus/import/formats/otel-genai.js"
import { CodeMode, Tool, toolError } from "../../../../src/index.js"
import { fixtureText } from "./fixtures.js"

/** The real SDK, and OTLP/JSON as its own serializer writes it (what an OTLP/HTTP JSON exporter sends). */
const exporter = useOtelSdk()

const otlpJson = (): string =>
  new TextDecoder().decode(JsonTraceSerializer.serializeRequest(exporter.getFinishedSpans()))

/** The console fixture's three spans, recorded again through the SDK with the same names, attributes and status. */
const replayConsoleSpans = (): void => {
  const tracer = trace.getTracer("loongsuite-agentscope")
  for (const text of fixtureText("otel-genai", "agentscope-console-spans.json")
    .trim()
    .split(/\n(?=\{)/)) {
    const span = JSON.parse(text)
    const recorded = tracer.startSpan(span.name, { attributes: span.attributes })
    if (span.status.status_code === "ERROR") recorded.setStatus({ code: SpanStatusCode.ERROR })
    recorded.end()
  }
}

describe("otel-genai on OTLP/JSON", () => {
  it("reads the same calls from an OTLP export as from the console exporter's spans", () => {
    replayConsoleSpans()
    const document = otlpJson()
    expect(JSON.parse(document)).toHaveProperty("resourceSpans")
    expect(otelGenai.detect({ path: "traces.json", head: document.slice(0, 65536) })).toBe(true)
    const { calls, problems } = otelGenai.read(document, "traces.json")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.callId, c.provenance.model, c.result?.text])).toEqual([
      ["generate_response", "call_cd1858cf64ad402f8f64e6", undefined, "Successfully generated response."],
      ["generate_response", "call_7f25ce38ce304f4eb20a0a", "qwen-max", "Successfully generated response."],
    ])
    expect(calls[1]!.provenance).toMatchObject({ line: 1, session: "cSqkWAVi54oaRU8Msg6uDh" })
    // the SDK's start time, in nanoseconds, read back as an ISO time
    const started = exporter.getFinishedSpans()[1]!.startTime
    expect(calls[1]!.provenance.timestamp).toBe(new Date(started[0] * 1000 + started[1] / 1e6).toISOString())
  })

  it("reads a collector's file export, one OTLP request per line, each call at its line", () => {
    replayConsoleSpans()
    const first = otlpJson()
    exporter.reset()
    const tracer = trace.getTracer("agent")
    tracer
      .startSpan("execute_tool run_code", {
        attributes: {
          "gen_ai.operation.name": "execute_tool",
          "gen_ai.tool.name": "run_code",
          "gen_ai.tool.call.id": "call_2",
          "gen_ai.tool.call.arguments": '{"code":"return 1 + 1"}',
          "gen_ai.tool.call.result": "2",
        },
      })
      .end()
    const { calls, problems } = otelGenai.read(`${first}\n${otlpJson()}\n`, "traces.jsonl")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line])).toEqual([
      ["generate_response", 1],
      ["generate_response", 1],
      ["run_code", 2],
    ])
    expect(calls[2]).toMatchObject({ input: { code: "return 1 + 1" }, result: { text: "2" } })
  })

  it("reads the execute_tool spans this runtime emits, failures as errors", async () => {
    const tools = {
      crm: {
        find: Tool.make({
          description: "Finds a customer",
          input: { type: "object" },
          run: (input: { id: string }) => Effect.succeed({ id: input.id, name: "Ada" }),
        }),
        broken: Tool.make({
          description: "Fails",
          input: { type: "object" },
          run: () => Effect.fail(toolError("crm is down")),
        }),
      },
    }
    const program = `const a = await tools.crm.find({ id: "c1" })\ntry { await tools.crm.broken({}) } catch {}\nreturn a.name`
    const result = await Effect.runPromise(CodeMode.make({ tools, tracing: { recordContent: true } }).run(program))
    expect(result).toMatchObject({ ok: true, value: "Ada" })
    const { calls, problems } = otelGenai.read(otlpJson(), "runtime.json")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.input, c.result])).toEqual([
      ["crm.find", { id: "c1" }, { text: '{"id":"c1","name":"Ada"}', isError: undefined }],
      ["crm.broken", {}, { text: "crm is down", isError: true }],
    ])
  })
})
