import { describe, expect, it } from "vitest"
import { anthropicMessages } from "../../../../src/corpus/import/formats/anthropic-messages.js"
import { fixtureText, readFixture } from "./fixtures.js"

const PROGRAMMATIC = "anthropic-programmatic-tool-calling.1.json"

describe("anthropic-messages on recorded responses", () => {
  it("reads code execution and the tool calls its program made, with the execution's stdout", () => {
    // jq -c '[.content[] | select(.type|test("tool_use")) | {type, name, id}]' → server_tool_use code_execution,
    // then 4 tool_use rollDie whose caller is that execution; a code_execution_tool_result answers the first
    const { calls, problems } = readFixture("anthropic-messages", PROGRAMMATIC)
    expect(problems).toEqual([])
    expect(calls.map((c) => c.tool)).toEqual(["code_execution", "rollDie", "rollDie", "rollDie", "rollDie"])
    const response = JSON.parse(fixtureText("anthropic-messages", PROGRAMMATIC))
    expect(calls[0]).toMatchObject({
      input: response.content[1].input,
      provenance: {
        format: "anthropic-messages",
        line: 1,
        model: "claude-sonnet-4-5-20250929",
        callId: "srvtoolu_01CberhXc9TgYXrCZU8bQoks",
      },
      result: { text: response.content[6].content.stdout },
    })
    expect((calls[0]!.input as { code: string }).code).toMatch(/^\nimport asyncio\n/)
    expect(calls[0]!.result!.isError).toBeFalsy()
    expect(calls.slice(1).map((c) => c.result)).toEqual([undefined, undefined, undefined, undefined])
  })

  it("reads server tools and MCP tool use with their results", () => {
    const execution = readFixture("anthropic-messages", "anthropic-code-execution-20250825.1.json").calls
    expect(execution.map((c) => c.tool)).toEqual(["text_editor_code_execution", "bash_code_execution"])
    expect(execution[1]).toMatchObject({
      input: { command: "python /tmp/fibonacci.py" },
      result: { text: expect.stringMatching(/^The 10th Fibonacci number is: 55\n/) },
    })
    const mcp = readFixture("anthropic-messages", "anthropic-mcp.1.json").calls
    expect(mcp).toHaveLength(1)
    expect(mcp[0]).toMatchObject({
      tool: "echo",
      input: { message: "hello world" },
      result: { text: "Tool echo: hello world" },
    })
  })

  it("pairs a later request's tool_result with the call, and reads that request's tools", () => {
    const response = JSON.parse(fixtureText("anthropic-messages", PROGRAMMATIC))
    const die = response.content[2]
    const request = {
      model: response.model,
      max_tokens: 1024,
      tools: [{ name: "rollDie", description: "Roll a die", input_schema: { type: "object" } }],
      messages: [
        { role: "user", content: "Play the dice game" },
        { role: "assistant", content: response.content },
        {
          role: "user",
          content: [{ type: "tool_result", tool_use_id: die.id, content: [{ type: "text", text: "6" }] }],
        },
      ],
    }
    const log = [JSON.stringify(response), JSON.stringify(request)].join("\n")
    const { calls, problems } = anthropicMessages.read(log, "log.jsonl")
    expect(problems).toEqual([])
    expect(calls).toHaveLength(5)
    expect(calls[1]).toMatchObject({
      tool: "rollDie",
      provenance: { line: 1, model: response.model, callId: die.id },
      tools: [{ name: "rollDie", description: "Roll a die", inputSchema: { type: "object" } }],
      result: { text: "6" },
    })
  })

  it("records a failed execution and an error result as errors", () => {
    const response = JSON.parse(fixtureText("anthropic-messages", "anthropic-code-execution-20250825.1.json"))
    response.content[5].content.return_code = 1
    response.content[5].content.stderr = "Traceback"
    const { calls } = anthropicMessages.read(JSON.stringify(response), "r.json")
    expect(calls[1]!.result).toEqual({ text: expect.stringMatching(/\nTraceback$/), isError: true })
  })
})

describe("anthropic-messages on a streamed response logged event by event", () => {
  it("puts each block's input back together from its input_json_delta pieces, at its content_block_start line", () => {
    // grep -n content_block_start → server_tool_use code_execution at 19, tool_use rollDie at 164, and the
    // code_execution_tool_result at 195
    const { calls, problems } = readFixture("anthropic-messages", "anthropic-programmatic-tool-calling.1.chunks.jsonl")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line, c.provenance.callId])).toEqual([
      ["code_execution", 19, "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK"],
      ["rollDie", 164, "toolu_019jKkXz4jAdwHweHBw92CVY"],
    ])
    const lines = fixtureText("anthropic-messages", "anthropic-programmatic-tool-calling.1.chunks.jsonl").split("\n")
    const pieces = lines
      .map((l) => (l.trim() === "" ? undefined : JSON.parse(l)))
      .filter((e) => e?.type === "content_block_delta" && e.delta.type === "input_json_delta" && e.index === 1)
      .map((e) => e.delta.partial_json)
      .join("")
    expect(calls[0]!.input).toEqual(JSON.parse(pieces))
    expect(calls[0]!.result!.text).toMatch(/DICE GAME/)
    expect(calls[0]!.provenance.model).toBe("claude-sonnet-4-5-20250929")
  })
})
