import { describe, expect, it } from "vitest"
import { openaiChat } from "../../../../src/corpus/import/formats/openai-chat.js"
import { fixtureText, readFixture } from "./fixtures.js"

// Each file is one recorded chat.completion with one tool call:
//   jq -c '{model, created, calls: [.choices[].message.tool_calls[] | {id, name: .function.name}]}' <file>
const RESPONSES = [
  ["alibaba-tool-call.json", "qwen3-max", 1770764857, "call_962bfd2ab8f54b89a1161356", { location: "San Francisco" }],
  [
    "deepseek-tool-call.json",
    "deepseek-reasoner",
    1764665845,
    "call_00_9V0vrf86Pc9aelHCJMZqnJBo",
    { location: "San Francisco" },
  ],
  ["groq-tool-call.json", "llama-3.3-70b-versatile", 1770770815, "ax9fskhev", {}],
  ["mistral-tool-call.json", "mistral-small-latest", 1769088854, "gSIMJiOkT", { location: "San Francisco" }],
  ["xai-tool-call.json", "grok-3-mini", 1770774041, "call_93562515", { location: "San Francisco" }],
] as const

describe("openai-chat on recorded provider responses", () => {
  it.each(RESPONSES)("%s: one weather call with its model, time and id", (file, model, created, callId, input) => {
    const { calls, problems } = readFixture("openai-chat", file)
    expect(problems).toEqual([])
    expect(calls).toEqual([
      {
        tool: "weather",
        input,
        provenance: {
          format: "openai-chat",
          file: `test/fixtures/transcripts/openai-chat/${file}`,
          line: 1,
          timestamp: new Date(created * 1000).toISOString(),
          model,
          callId,
        },
        tools: undefined,
      },
    ])
  })
})

describe("openai-chat on a log of exchanges", () => {
  const response = JSON.parse(fixtureText("openai-chat", "deepseek-tool-call.json"))
  const message = response.choices[0].message
  const weather = {
    type: "function",
    function: { name: "weather", description: "Get the weather", parameters: { type: "object" } },
  }
  // The next request replays the call and answers it, as a client does after running the tool.
  const next = {
    model: "deepseek-reasoner",
    tools: [weather],
    messages: [
      { role: "user", content: "What is the weather in San Francisco?" },
      { role: "assistant", content: "", tool_calls: message.tool_calls },
      { role: "tool", tool_call_id: message.tool_calls[0].id, content: [{ type: "text", text: "72°F, sunny" }] },
    ],
  }

  it("reads a call once, from the response that made it, with the tools and result the next request adds", () => {
    const log = [JSON.stringify(response), JSON.stringify(next)].join("\n")
    const { calls, problems } = openaiChat.read(log, "log.jsonl")
    expect(problems).toEqual([])
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      tool: "weather",
      provenance: { line: 1, model: "deepseek-reasoner", callId: "call_00_9V0vrf86Pc9aelHCJMZqnJBo" },
      tools: [{ name: "weather", description: "Get the weather", inputSchema: { type: "object" } }],
      result: { text: "72°F, sunny" },
    })
  })

  it("gives a call only a request replays no model, and reads `{ request, response }` entries", () => {
    const { calls } = openaiChat.read(JSON.stringify(next), "request.json")
    expect(calls[0]!.provenance.model).toBeUndefined()
    const paired = openaiChat.read(JSON.stringify([{ request: next, response }]), "pairs.json")
    expect(paired.problems).toEqual([])
    expect(paired.calls).toHaveLength(1)
    expect(paired.calls[0]!.provenance.model).toBe("deepseek-reasoner")
  })

  it("keeps arguments that are not JSON as the string the model sent", () => {
    const broken = structuredClone(response)
    broken.choices[0].message.tool_calls[0].function.arguments = '{"location": "San Fran'
    expect(openaiChat.read(JSON.stringify(broken), "b.json").calls[0]!.input).toBe('{"location": "San Fran')
  })

  it("reports an unreadable line and a record of another API by line, and reads the rest", () => {
    const anthropic = fixtureText("anthropic-messages", "anthropic-mcp.1.json")
    const log = [JSON.stringify(response), "{oops", JSON.stringify(JSON.parse(anthropic))].join("\n")
    const { calls, problems } = openaiChat.read(log, "mixed.jsonl")
    expect(calls).toHaveLength(1)
    expect(problems).toEqual([
      { file: "mixed.jsonl", line: 2, message: expect.stringMatching(/^not JSON/) },
      { file: "mixed.jsonl", line: 3, message: "anthropic-messages record, not openai-chat" },
    ])
  })
})

describe("openai-chat on a streamed response logged chunk by chunk", () => {
  it("puts the call's arguments back together, at the line of the chunk that opened it", () => {
    // grep -n '"tool_calls":\[{"index":0,"id"' → line 41; jq -r '.choices[0].delta.tool_calls[0].function.arguments'
    // joined → {"location": "San Francisco"}
    const { calls, problems } = readFixture("openai-chat", "deepseek-tool-call.chunks.jsonl")
    expect(problems).toEqual([])
    expect(calls).toEqual([
      {
        tool: "weather",
        input: { location: "San Francisco" },
        provenance: {
          format: "openai-chat",
          file: "test/fixtures/transcripts/openai-chat/deepseek-tool-call.chunks.jsonl",
          line: 41,
          timestamp: new Date(1764664568 * 1000).toISOString(),
          model: "deepseek-reasoner",
          callId: "call_00_ioIn7yN9p1ZOMNpDLwd4MgAF",
        },
        tools: undefined,
      },
    ])
  })

  it("keeps the pieces of a stream cut off mid-call as the string the model had sent", () => {
    const lines = fixtureText("openai-chat", "deepseek-tool-call.chunks.jsonl").trim().split("\n")
    const cut = lines.slice(0, 44).join("\n") // the id chunk (41) and three argument pieces
    const { calls } = openaiChat.read(cut, "cut.jsonl")
    expect(calls.map((c) => c.input)).toEqual(['{"location'])
  })
})
