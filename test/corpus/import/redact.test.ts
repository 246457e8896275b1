import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { importTranscripts } from "../../../src/corpus/import/import.js"
import { findSecrets } from "../../../src/corpus/import/redact.js"

/** Planted secrets in a rollout: none of them, in any spelling, may reach the written corpus. */
const KEY = "sk-proj-Zq81nVbT4cW2xY9aLm3PqRs7"
const GITHUB = "ghp_0123456789abcdefghijABCDEFGHIJ012345"
const BEARER = "tok.9f8e7d6c5b4a39281706"
const LISTED = "acme-internal-42"
const b64 = Buffer.from(`user:${KEY}`).toString("base64")

const line = (payload: unknown, ts = "2026-03-01T00:00:00.000Z") =>
  JSON.stringify({ timestamp: ts, type: "response_item", payload })

const ROLLOUT = [
  JSON.stringify({ timestamp: "t", type: "session_meta", payload: { id: "s-1" } }),
  JSON.stringify({ timestamp: "t", type: "turn_context", payload: { model: "gpt-5-codex" } }),
  line({
    type: "custom_tool_call",
    call_id: "c1",
    name: "exec",
    input: `const key = "${KEY}";\nconst r = await tools.fetch({ url: "https://x.test/${LISTED}", headers: { Authorization: "Bearer ${BEARER}" } });\ntext(r);`,
  }),
  line({
    type: "custom_tool_call_output",
    call_id: "c1",
    output: `Script completed\nWall time 0.1 seconds\nOutput:\n{"auth":"Basic ${b64}","token":"${GITHUB}","home":"/home/alice/work"}`,
  }),
  line({ type: "custom_tool_call", call_id: "c2", name: "exec", input: 'text("no secret here")' }),
].join("\n")

const importPlanted = (options: Parameters<typeof importTranscripts>[2]) => {
  const dir = mkdtempSync(join(tmpdir(), "import-redact-"))
  const file = join(dir, "rollout-planted.jsonl")
  writeFileSync(file, ROLLOUT)
  const out = join(dir, "out")
  const summary = importTranscripts([file], out, options)
  const casesFile = join(out, "codex-rollout", readdirSync(join(out, "codex-rollout"))[0]!)
  return { summary, text: readFileSync(casesFile, "utf8"), cases: JSON.parse(readFileSync(casesFile, "utf8")) }
}

describe("redaction of imported calls", () => {
  it("removes keys, tokens, Authorization values and listed values, in every spelling, and says how many", () => {
    const { summary, text, cases } = importPlanted({ redact: { values: [LISTED] } })
    for (const secret of [KEY, GITHUB, BEARER, LISTED, b64]) expect(text).not.toContain(secret)
    // KEY (also inside the base64 credential), GITHUB, BEARER and the listed value: four distinct values.
    expect(cases[0].source.import.redacted).toBe(4)
    expect(cases[0].source.notes).toContain("4 values redacted")
    expect(cases[0].input).toContain('const key = "[REDACTED]"')
    expect(cases[0].recorded.output).toContain('"token":"[REDACTED]"')
    expect(summary).toMatchObject({ kept: 2, redactedCases: 1, redactedValues: 4 })
    expect(text).toContain("/home/alice/work") // home paths only with --redact-home
  })

  it("replaces home-directory paths with ~ when asked", () => {
    const { text, cases } = importPlanted({ redact: { home: true } })
    expect(text).not.toContain("/home/alice")
    expect(cases[0].recorded.output).toContain('"home":"~/work"')
  })

  it("takes the home directory out of the transcript's path too, as Claude Code spells it in project folders", () => {
    const dir = join(mkdtempSync(join(tmpdir(), "import-redact-")), "-home-alice-work")
    mkdirSync(dir)
    writeFileSync(join(dir, "rollout-planted.jsonl"), ROLLOUT)
    const out = join(dir, "..", "out")
    importTranscripts([dir], out, { redact: { home: true } })
    const text = readFileSync(join(out, "codex-rollout", readdirSync(join(out, "codex-rollout"))[0]!), "utf8")
    expect(text).not.toContain("alice")
    expect(JSON.parse(text)[0].source.import.file).toMatch(/\/~-work\/rollout-planted\.jsonl$/)
  })

  it("leaves a call without secrets byte for byte as recorded", () => {
    const { cases } = importPlanted({})
    expect(cases[1].input).toBe('text("no secret here")')
    expect(cases[1].source.import.redacted).toBe(0)
    expect(cases[1].source.notes).not.toContain("redacted")
  })

  it("does not take ordinary program text for a secret", () => {
    const program =
      'const token = await tools.auth.token({ scope: "read" }); const password = input.password; text("sk-1")'
    expect(findSecrets(program)).toEqual([])
  })
})
