import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { claudeCode } from "../../../../src/corpus/import/formats/claude-code.js"
import { codexRollout } from "../../../../src/corpus/import/formats/codex-rollout.js"
import { FORMATS } from "../../../../src/corpus/import/formats/index.js"
import { codeToolCall } from "../../../../src/corpus/import/select.js"
import type { TranscriptFormat } from "../../../../src/corpus/import/types.js"

/** The sample transcripts of test/fixtures/transcripts (origins in each folder's README): what each format reads from them. */
const DIR = "test/fixtures/transcripts"
const read = (format: TranscriptFormat, name: string) => {
  const file = `${DIR}/${format.id}/${name}`
  return format.read(readFileSync(file, "utf8"), file)
}
const kept = (format: TranscriptFormat, name: string) => read(format, name).calls.filter((c) => codeToolCall(c))
const detected = (name: string) => {
  const path = `${DIR}/${name}`
  return FORMATS.filter((f) => f.detect({ path, head: readFileSync(path, "utf8").slice(0, 65536) })).map((f) => f.id)
}

const GENUINE_ROLLOUT = "rollout-2026-01-02T03-04-05-11111111-1111-4111-8111-111111111111.jsonl"

describe("codex-rollout", () => {
  it("reads every call of a genuine rollout with its provenance and result; none is a code-tool call", () => {
    const { calls, problems } = read(codexRollout, GENUINE_ROLLOUT)
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line])).toEqual([
      ["exec_command", 6],
      ["apply_patch", 8],
      ["mcp__synthetic__lookup", 10],
    ])
    expect(calls[0]).toMatchObject({
      input: { cmd: "find . -maxdepth 1 -type f" },
      provenance: {
        session: "11111111-1111-4111-8111-111111111111",
        model: "synthetic-model",
        timestamp: "2026-01-02T03:04:09.000Z",
        callId: "call-structured-001",
      },
      result: { text: "./alpha.txt\n./beta.txt" },
    })
    expect(calls[1]!.result).toEqual({ text: "Done!" })
    expect(kept(codexRollout, GENUINE_ROLLOUT)).toEqual([])
  })

  it("keeps the four code-mode exec cells of the derived rollout, their input verbatim and their output unframed", () => {
    const cells = kept(codexRollout, "derived-code-mode.jsonl")
    expect(cells.map((c) => c.provenance.line)).toEqual([15, 17, 19, 21])
    const lines = readFileSync(`${DIR}/codex-rollout/derived-code-mode.jsonl`, "utf8").split("\n")
    for (const c of cells) expect(c.input).toBe(JSON.parse(lines[c.provenance.line - 1]!).payload.input)
    expect(cells[0]!.result).toEqual({
      text: "Script completed\nWall time 0.0 seconds\nOutput:\n\nbefore",
      output: "before",
    })
    expect(cells[3]!.result).toMatchObject({ isError: true, output: expect.stringMatching(/^before crash\n/) })
  })

  it("follows a yielded cell through the wait calls naming it, to its last output", () => {
    const item = (payload: unknown) => JSON.stringify({ timestamp: "t", type: "response_item", payload })
    const out = (id: string, status: string, text: string) =>
      item({
        type: id.startsWith("w") ? "function_call_output" : "custom_tool_call_output",
        call_id: id,
        output: [
          { type: "input_text", text: `Script ${status}\nWall time 1.0 seconds\nOutput:\n` },
          { type: "input_text", text },
        ],
      })
    const wait = (id: string, cell: string, extra = {}) =>
      item({ type: "function_call", call_id: id, name: "wait", arguments: JSON.stringify({ cell_id: cell, ...extra }) })
    const text = [
      item({ type: "custom_tool_call", call_id: "a", name: "exec", input: 'text("phase 1"); …' }),
      out("a", "running with cell ID 7", "phase 1"),
      item({ type: "custom_tool_call", call_id: "b", name: "exec", input: 'text("other"); …' }),
      out("b", "running with cell ID 8", "other"),
      wait("w1", "7"),
      out("w1", "running with cell ID 7", "phase 2"),
      wait("w2", "8", { terminate: true }),
      item({
        type: "function_call_output",
        call_id: "w2",
        output: "Script terminated\nWall time 0.1 seconds\nOutput:\n",
      }),
      wait("w3", "7"),
      out("w3", "completed", "phase 3"),
    ].join("\n")
    const cells = codexRollout.read(text, "rollout-yield.jsonl").calls.filter((c) => codeToolCall(c))
    expect(cells.map((c) => [c.provenance.callId, c.result?.output, c.result?.finished])).toEqual([
      ["a", "phase 1\nphase 2\nphase 3", undefined],
      ["b", "other", false],
    ])
  })

  it("reports a line that is not JSON with its number and keeps reading", () => {
    const { calls, problems } = read(codexRollout, "rollout-66666666-6666-4666-8666-666666666666.jsonl")
    expect(calls).toEqual([])
    expect(problems).toEqual([expect.objectContaining({ line: 3, message: expect.stringMatching(/^not JSON/) })])
  })
})

describe("claude-code", () => {
  it("reads tool_use blocks with the turn's model and pairs tool_result blocks by id", () => {
    const { calls, problems } = read(claudeCode, "representative_messages.jsonl")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line, c.result?.text])).toEqual([
      ["Edit", 4, "File created successfully at: /tmp/decorator_example.py"],
      ["Bash", 8, "Hello, Alice!\nHello, Alice!\nHello, Alice!"],
    ])
    expect(calls[1]!.provenance).toMatchObject({
      format: "claude-code",
      session: "test_session",
      model: "claude-3-sonnet-20240229",
      timestamp: "2025-06-14T10:03:00Z",
      callId: "tool_002",
    })
    expect(kept(claudeCode, "representative_messages.jsonl")).toEqual([])
  })

  it("keeps the three MCP code-mode calls of the derived transcript", () => {
    const cells = kept(claudeCode, "derived-code-mode.jsonl")
    expect(cells.map((c) => [c.tool, c.provenance.line, c.result?.isError ?? false])).toEqual([
      ["mcp__codemode__execute", 13, false],
      ["mcp__codemode__execute", 15, false],
      ["mcp__codemode__execute", 17, true],
    ])
    expect(cells[0]!.result!.text).toBe("[10,20,30]")
  })

  it("skips and reports the records of the edge-case transcript that are not objects", () => {
    const { calls, problems } = read(claudeCode, "edge_cases.jsonl")
    expect(calls.map((c) => [c.tool, c.provenance.line])).toEqual([
      ["FailingTool", 4],
      ["MultiEdit", 9],
      ["TodoWrite", 17],
    ])
    expect(problems.map((p) => p.line)).toEqual([13, 15, 16])
  })
})

describe("detection", () => {
  it("tells the two formats apart on every sample", () => {
    expect(detected(`codex-rollout/${GENUINE_ROLLOUT}`)).toEqual(["codex-rollout"])
    expect(detected("codex-rollout/derived-code-mode.jsonl")).toEqual(["codex-rollout"])
    expect(detected("claude-code/representative_messages.jsonl")).toEqual(["claude-code"])
    expect(detected("claude-code/edge_cases.jsonl")).toEqual(["claude-code"])
  })
})

describe("which calls are code-tool calls", () => {
  const call = (tool: string, input: unknown) => ({ tool, input, provenance: { format: "x", file: "f", line: 1 } })
  it("by name, bare or behind an MCP prefix, and by --tool", () => {
    expect(codeToolCall(call("execute_typescript", {}))).toBe("name")
    expect(codeToolCall(call("mcp__my-server__call_tool_chain", {}))).toBe("name")
    expect(codeToolCall(call("sandbox_run", { cmd: "ls" }))).toBeUndefined()
    expect(codeToolCall(call("sandbox_run", { cmd: "ls" }), ["sandbox_run"])).toBe("name")
  })
  it("by shape: a string code/script/program argument, or free-form text that is not a patch", () => {
    expect(codeToolCall(call("anything", { script: "1" }))).toBe("argument")
    expect(codeToolCall(call("anything", { code: 1 }))).toBeUndefined()
    expect(codeToolCall(call("js", "text(1)"))).toBe("free-form")
    expect(codeToolCall(call("apply_patch", "*** Begin Patch\n*** End Patch"))).toBeUndefined()
    expect(codeToolCall(call("Bash", { command: "ls" }))).toBeUndefined()
  })
})
