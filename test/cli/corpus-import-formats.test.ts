import { spawnSync } from "node:child_process"
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

/**
 * `codemode corpus import` on the OpenCode, Pi and API-log samples, through the built executable: each format's files
 * detected, its code-tool calls kept and written as cases with their provenance and recorded result. Runs after
 * `npm run build`.
 */
const BIN = "dist/bin/codemode.js"
const SAMPLES = "test/fixtures/transcripts"
const FOLDERS = ["pi-session", "opencode-export", "openai-chat", "openai-responses", "anthropic-messages", "otel-genai"]
const run = (...args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: "utf8", timeout: 60_000 })

type Case = {
  id: string
  input: unknown
  source: { model: string; import: Record<string, unknown> }
  recorded?: { text: string; isError?: boolean }
}

const casesIn = (dir: string): Case[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "toolsets" ? [] : casesIn(path)
    return entry.name.endsWith(".cases.json") ? (JSON.parse(readFileSync(path, "utf8")) as Case[]) : []
  })

describe.skipIf(!existsSync(BIN))("codemode corpus import on the OpenCode, Pi and API-log samples", () => {
  it("detects every file, keeps the code-tool calls and writes them with provenance and result", () => {
    const out = join(mkdtempSync(join(tmpdir(), "corpus-import-formats-")), "corpus")
    const imported = run("corpus", "import", ...FOLDERS.map((f) => join(SAMPLES, f)), "--out", out)
    expect(imported.stderr).toBe("")
    expect(imported.status).toBe(0)
    // Calls per format as the format tests count them; kept: the calls with a string `code` argument or free-form
    // program text (Pi's and OpenCode's derived codemode calls, OpenAI's two programs, whole and streamed, and three
    // code-interpreter cells, Anthropic's two code_execution calls); no chat or OTel sample calls a code tool.
    for (const summary of [
      "pi-session (2 files, 392 calls, 1 kept)",
      "opencode-export (3 files, 3 calls, 1 kept)",
      "openai-chat (6 files, 6 calls, 0 kept)",
      "openai-responses (6 files, 9 calls, 5 kept)",
      "anthropic-messages (4 files, 10 calls, 2 kept)",
      "otel-genai (1 file, 2 calls, 0 kept)",
    ]) {
      expect(imported.stdout).toContain(summary)
    }

    const cases = casesIn(out)
    const provenance = (format: string) =>
      cases
        .filter((c) => c.source.import.format === format)
        .map((c) => {
          const { file, line, tool, session, model, callId } = c.source.import
          return { file, line, tool, session, model, callId, recorded: c.recorded?.text.slice(0, 14) }
        })
    expect(provenance("pi-session")).toEqual([
      {
        file: `${SAMPLES}/pi-session/derived-codemode.jsonl`,
        line: 2,
        tool: "codemode",
        session: "d703a1a9-1b7b-4fb1-b512-c9738b1fe617",
        model: "claude-sonnet-4-5",
        callId: "toolu_013kDm2vuwUuffT6cFFdqdge",
        recorded: "      77\n",
      },
    ])
    expect(provenance("opencode-export")).toEqual([
      {
        file: `${SAMPLES}/opencode-export/derived-export-codemode.json`,
        line: 1,
        tool: "execute",
        session: "ses_3ce42bdb9ffeEIUUu08AuKTJms",
        model: "claude-haiku-4-5",
        callId: "toolu_017THj1iZNELroZgmFbqC6Ma",
        recorded: "total 24\ndrwxr",
      },
    ])
    expect(provenance("anthropic-messages")).toEqual([
      {
        file: `${SAMPLES}/anthropic-messages/anthropic-programmatic-tool-calling.1.json`,
        line: 1,
        tool: "code_execution",
        session: undefined,
        model: "claude-sonnet-4-5-20250929",
        callId: "srvtoolu_01CberhXc9TgYXrCZU8bQoks",
        recorded: "==============",
      },
      {
        file: `${SAMPLES}/anthropic-messages/anthropic-programmatic-tool-calling.1.chunks.jsonl`,
        line: 19,
        tool: "code_execution",
        session: undefined,
        model: "claude-sonnet-4-5-20250929",
        callId: "srvtoolu_01MzSrFWsmzBdcoQkGWLyRjK",
        recorded: "=== DICE GAME:",
      },
    ])
    const responses = provenance("openai-responses")
    expect(responses.map((c) => [c.tool, c.model, c.recorded])).toEqual([
      ["code_interpreter", "gpt-5-nano-2025-08-07", "(10000, 70024)"],
      ["code_interpreter", "gpt-5-nano-2025-08-07", ""],
      ["code_interpreter", "gpt-5-nano-2025-08-07", "(21680, '/mnt/"],
      ["program", "gpt-5.6-sol", undefined],
      ["program", "gpt-5.6-sol", undefined],
    ])
    // The program is stored as the model wrote it.
    const program = cases.find(
      (c) => c.source.import.file === `${SAMPLES}/openai-responses/programmatic-tool-calling.1.json`,
    )!
    const recorded = JSON.parse(readFileSync(`${SAMPLES}/openai-responses/programmatic-tool-calling.1.json`, "utf8"))
    expect(program.input).toBe(recorded.output[1].code)
  })
})
