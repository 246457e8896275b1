import { describe, expect, it } from "vitest"
import { otelGenai } from "../../../../src/corpus/import/formats/otel-genai.js"
import { fixtureText, readFixture } from "./fixtures.js"

const CONSOLE = "agentscope-console-spans.json"

describe("otel-genai on an instrumentation's console exporter output", () => {
  // Three spans back to back (grep -n '^{' → lines 1, 40, 81): invoke_agent, chat qwen-max, execute_tool.
  // The chat span replays an earlier generate_response call (call_cd18…) answered by a tool_call_response, and
  // makes a new one (call_7f25…) that the execute_tool span runs with the same id and arguments.
  const { calls, problems } = readFixture("otel-genai", CONSOLE)

  it("reads each tool call once: from the chat span's messages, merged with the execute_tool span", () => {
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.callId])).toEqual([
      ["generate_response", "call_cd1858cf64ad402f8f64e6"],
      ["generate_response", "call_7f25ce38ce304f4eb20a0a"],
    ])
  })

  it("records the span's line, conversation, start time and, for the new call, the model", () => {
    expect(calls[1]).toMatchObject({
      input: {
        choice: "apple",
        response: "I choose apple as one of my favorite fruits. It's crisp, sweet, and very refreshing!",
      },
      provenance: {
        format: "otel-genai",
        line: 40,
        session: "cSqkWAVi54oaRU8Msg6uDh",
        timestamp: "2025-09-18T07:14:07.459576Z",
        model: "qwen-max",
      },
    })
    // a call replayed from an earlier turn: the span does not say which model made it
    expect(calls[0]!.provenance.model).toBeUndefined()
  })

  it("pairs results: gen_ai.tool.call.result's text parts, and a tool_call_response", () => {
    expect(calls.map((c) => c.result)).toEqual([
      { text: "Successfully generated response." },
      { text: "Successfully generated response.", isError: undefined },
    ])
  })

  it("records an execute_tool span with status ERROR as an error result", () => {
    const text = fixtureText("otel-genai", CONSOLE)
    const spans = text.split(/\n(?=\{)/).map((s) => JSON.parse(s))
    const tool = spans[2]
    tool.status = { status_code: "ERROR", description: "tool failed" }
    delete tool.attributes["gen_ai.tool.call.result"]
    const { calls: failed } = otelGenai.read(JSON.stringify(tool), "t.json")
    expect(failed).toHaveLength(1)
    expect(failed[0]!.result).toEqual({ text: "tool failed", isError: true })
  })

  it("reports a span that does not parse at its line and reads the others", () => {
    const text = fixtureText("otel-genai", CONSOLE).replace('"name": "chat qwen-max",', '"name": "chat qwen-max"')
    const { calls: rest, problems: found } = otelGenai.read(text, "c.json")
    expect(found).toEqual([{ file: "c.json", line: 42, message: expect.stringMatching(/^not JSON/) }])
    expect(rest.map((c) => c.provenance.callId)).toEqual(["call_7f25ce38ce304f4eb20a0a"])
    expect(rest[0]!.provenance.line).toBe(81)
  })
})
