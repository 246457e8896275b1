import { describe, expect, it } from "vitest"
import { opencodeExport } from "../../../../src/corpus/import/formats/opencode-export.js"
import { fixtureText, readFixture } from "./fixtures.js"

// jq -c '.[] | .parts[] | select(.type=="tool") | {callID, tool, status: .state.status}' messages-after-2.json
//   → one bash call, toolu_017THj1iZNELroZgmFbqC6Ma, completed, state.time.start 1770361016309
const BASH = {
  tool: "bash",
  input: { command: "ls -la", description: "List files in current directory" },
  provenance: {
    format: "opencode-export",
    line: 1,
    session: "ses_3ce42bdb9ffeEIUUu08AuKTJms",
    timestamp: "2026-02-06T06:56:56.309Z",
    model: "claude-haiku-4-5",
    callId: "toolu_017THj1iZNELroZgmFbqC6Ma",
  },
}

describe("opencode-export", () => {
  it("reads the server's message list: the tool part, its model, session and start time", () => {
    const { calls, problems } = readFixture("opencode-export", "messages-after-2.json")
    expect(problems).toEqual([])
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject(BASH)
    expect(calls[0]!.result).toEqual({
      text: JSON.parse(fixtureText("opencode-export", "messages-after-2.json"))[3].parts[1].state.output,
    })
    expect(calls[0]!.result!.text).toMatch(/^total 24\n/)
  })

  it("reads the `opencode export` document the same way, the session from its info", () => {
    const { calls, problems } = readFixture("opencode-export", "derived-export.json")
    expect(problems).toEqual([])
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject(BASH)
  })

  it("keeps a code tool's program exactly as the part recorded it", () => {
    const { calls } = readFixture("opencode-export", "derived-export-codemode.json")
    expect(calls.map((c) => c.tool)).toEqual(["execute"])
    expect(calls[0]!.input).toEqual({ code: 'const out = await tools.bash({ command: "ls -la" })\nreturn out' })
  })

  it("records an errored part's error as an error result, and no result for a call still running", () => {
    const exported = JSON.parse(fixtureText("opencode-export", "derived-export.json"))
    const part = exported.messages[3].parts[1]
    part.state = { status: "error", input: part.state.input, error: "Error: command timed out", time: part.state.time }
    const running = { ...part, callID: "toolu_running", state: { status: "running", input: {}, time: { start: 1 } } }
    exported.messages[3].parts.push(running)
    const { calls } = opencodeExport.read(JSON.stringify(exported), "e.json")
    expect(calls.map((c) => c.result)).toEqual([{ text: "Error: command timed out", isError: true }, undefined])
  })

  it("reports a syntax error at its line, and a message without parts by its index", () => {
    const text = fixtureText("opencode-export", "derived-export.json")
    // the tool part's `"type": "tool",` is on line 187 (grep -n); break it there
    const broken = text.replace('"type": "tool",', '"type": tool",')
    expect(opencodeExport.read(broken, "b.json")).toEqual({
      calls: [],
      problems: [{ file: "b.json", line: 187, message: expect.stringMatching(/^not JSON/) }],
    })
    const exported = JSON.parse(text)
    delete exported.messages[0].parts
    const { calls, problems } = opencodeExport.read(JSON.stringify(exported), "p.json")
    expect(problems).toEqual([{ file: "p.json", line: 1, message: "messages[0] has no `info` and `parts`" }])
    expect(calls).toHaveLength(1)
  })
})
