import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { anthropicMessages } from "../../../../src/corpus/import/formats/anthropic-messages.js"
import { FORMATS } from "../../../../src/corpus/import/formats/index.js"
import { TRANSCRIPTS, allFixtures, fixtureText } from "./fixtures.js"

const HEAD = 64 * 1024

const claims = (path: string, head: string): string[] =>
  FORMATS.filter((format) => format.detect({ path, head })).map((format) => format.id)

describe("detection across every sample file", () => {
  const fixtures = allFixtures()
  const ids = new Set(FORMATS.map((format) => format.id))

  it("has samples for every registered format", () => {
    const folders = new Set(fixtures.map(([folder]) => folder))
    expect([...ids].filter((id) => !folders.has(id))).toEqual([])
  })

  it.each(fixtures)("%s/%s is claimed by its own format alone", (folder, file) => {
    const path = join(TRANSCRIPTS, folder, file)
    const text = readFileSync(path, "utf8")
    const expected = ids.has(folder) ? [folder] : []
    expect(claims(path, text.slice(0, HEAD))).toEqual(expected)
    // A head cut mid-document (a file larger than the sniff) is still told apart.
    if (text.length > 2000) expect(claims(path, text.slice(0, 2000))).toEqual(expected)
  })

  it("claims nothing that is not a transcript", () => {
    for (const head of ["", "hello\n", "[]", "{}", '{"model":"x"}', "# README\n"]) {
      expect(claims("x.json", head)).toEqual([])
    }
  })
})

describe("API logs whose first body does not tell the APIs apart", () => {
  // A plain-text request both APIs accept, as a log's first line.
  const plain = JSON.stringify({ model: "m", max_tokens: 100, messages: [{ role: "user", content: "hi" }] })
  const compact = (format: string, name: string) => JSON.stringify(JSON.parse(fixtureText(format, name)))

  it("are claimed by the first body that does, or read as Chat Completions when none does", () => {
    const anthropic = compact("anthropic-messages", "anthropic-mcp.1.json")
    const chat = compact("openai-chat", "deepseek-tool-call.json")
    expect(claims("a.jsonl", `${plain}\n${anthropic}\n`)).toEqual(["anthropic-messages"])
    expect(claims("c.jsonl", `${plain}\n${chat}\n`)).toEqual(["openai-chat"])
    expect(claims("p.jsonl", `${plain}\n`)).toEqual(["openai-chat"])
  })

  it("read the plain request as their own, without a problem", () => {
    const log = `${plain}\n${compact("anthropic-messages", "anthropic-mcp.1.json")}\n`
    const { calls, problems } = anthropicMessages.read(log, "a.jsonl")
    expect(problems).toEqual([])
    expect(calls.map((c) => [c.tool, c.provenance.line])).toEqual([["echo", 2]])
  })
})
