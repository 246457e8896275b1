import { describe, expect, it } from "vitest"
import { piSession } from "../../../../src/corpus/import/formats/pi-session.js"
import { byId, fixtureText, readFixture } from "./fixtures.js"

const LARGE = "large-session.jsonl"

describe("pi-session on pi-mono's own session fixture", () => {
  // Counted with jq, independently of the reader:
  //   jq -r 'select(.type=="message" and .message.role=="assistant") | .message.content[]
  //          | select(.type=="toolCall") | .name' large-session.jsonl | sort | uniq -c
  //   → 192 bash, 146 edit, 50 read, 3 write (391); 373 of their ids have a toolResult, 19 of those isError.
  const { calls, problems } = readFixture("pi-session", LARGE)

  it("reads every toolCall block, in file order, with nothing unreadable", () => {
    expect(problems).toEqual([])
    expect(calls).toHaveLength(391)
    const counts: Record<string, number> = {}
    for (const call of calls) counts[call.tool] = (counts[call.tool] ?? 0) + 1
    expect(counts).toEqual({ bash: 192, edit: 146, read: 50, write: 3 })
  })

  it("records provenance: the entry's line and timestamp, the header's session, the message's model and call id", () => {
    // grep -n toolu_017qEkVzzPb7b7o4FkgJLF23 → line 6 (the call), line 7 (its result)
    expect(calls[0]).toMatchObject({
      tool: "read",
      input: { path: "packages/coding-agent/docs/theme.md" },
      provenance: {
        format: "pi-session",
        file: `test/fixtures/transcripts/pi-session/${LARGE}`,
        line: 6,
        session: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617",
        timestamp: "2025-11-20T23:33:54.572Z",
        model: "claude-sonnet-4-5",
        callId: "toolu_017qEkVzzPb7b7o4FkgJLF23",
      },
    })
  })

  it("pairs each call with the toolResult that names its id", () => {
    expect(calls.filter((c) => c.result !== undefined)).toHaveLength(373)
    expect(calls.filter((c) => c.result?.isError === true)).toHaveLength(19)
    // lines 31 and 32: `grep … | wc -l` answered "      77\n"
    expect(byId(calls, "toolu_013kDm2vuwUuffT6cFFdqdge")).toMatchObject({
      provenance: { line: 31 },
      result: { text: "      77\n", isError: false },
    })
    // line 40: the grep that exited 1, reported as an error
    expect(byId(calls, "toolu_01XrQPnkjYXzpzFGYHBzU2vm").result).toEqual({
      text: "Command exited with code 1",
      isError: true,
    })
  })

  it("falls back to the model the last model_change (or the header) names when a message names none", () => {
    const lines = fixtureText("pi-session", LARGE).split("\n")
    const call = JSON.parse(lines[30]!)
    delete call.message.model
    const text = [lines[0], JSON.stringify({ type: "model_change", modelId: "gpt-5.1-codex" }), JSON.stringify(call)]
    const withChange = piSession.read(text.join("\n"), "s.jsonl").calls
    expect(withChange.map((c) => c.provenance.model)).toEqual(["gpt-5.1-codex"])
    const headerOnly = piSession.read([lines[0], JSON.stringify(call)].join("\n"), "s.jsonl").calls
    expect(headerOnly.map((c) => c.provenance.model)).toEqual(["claude-sonnet-4-5"])
  })

  it("reports an unreadable line with its number and reads the rest", () => {
    const lines = fixtureText("pi-session", LARGE).split("\n")
    lines[5] = lines[5]!.slice(0, 80) // line 6 cut short: its three calls are lost, and said so
    lines[9] = JSON.stringify({
      type: "message",
      message: { role: "assistant", content: [{ type: "toolCall", id: "x" }] },
    })
    const { calls: rest, problems } = piSession.read(lines.join("\n"), "cut.jsonl")
    expect(problems.map((p) => [p.file, p.line])).toEqual([
      ["cut.jsonl", 6],
      ["cut.jsonl", 10],
    ])
    expect(problems[1]!.message).toMatch(/toolCall block 0 has no name/)
    // lines 6 and 10 held 3 and 4 calls: sed -n 6p | jq '[.message.content[] | select(.type=="toolCall")] | length'
    expect(rest).toHaveLength(391 - 3 - 4)
  })
})

describe("pi-session on the derived codemode session", () => {
  it("reads the codemode call with the program as sent and the recorded result", () => {
    const { calls, problems } = readFixture("pi-session", "derived-codemode.jsonl")
    expect(problems).toEqual([])
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      tool: "codemode",
      provenance: { line: 2, model: "claude-sonnet-4-5", callId: "toolu_013kDm2vuwUuffT6cFFdqdge" },
      result: { text: "      77\n", isError: false },
    })
    expect((calls[0]!.input as { code: string }).code).toMatch(/^const out = await tools\.bash\(/)
  })
})
