import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { FORMATS } from "../../../../src/corpus/import/formats/index.js"
import { TRANSCRIPTS, allFixtures } from "./fixtures.js"

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
