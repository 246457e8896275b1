import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { modelFamily } from "../../src/corpus/judge.js"
import { loadCorpus } from "../../src/corpus/load.js"

/**
 * The many-family corpus (corpus/families/README.md): every case there is a genuine model output of a family other
 * than Claude, traceable to the file and commit it was taken from, and the bundled corpus as a whole holds outputs of
 * at least five such families.
 */
const DIR = "corpus/families"

interface RawCase {
  id: string
  source: {
    kind: string
    model: string
    notes: string
    origin?: { repository?: string; path?: string; commit?: string }
  }
}

const harvested = (): RawCase[] =>
  readdirSync(DIR)
    .filter((name) => name.endsWith(".cases.json"))
    .flatMap((name) => JSON.parse(readFileSync(join(DIR, name), "utf8")) as RawCase[])

describe("corpus/families", () => {
  it("holds only model outputs of families other than Claude, each with its repository, file and commit", () => {
    const cases = harvested()
    expect(cases.length).toBeGreaterThan(0)
    const wrong = cases.filter((c) => {
      const o = c.source.origin
      const family = modelFamily(c.source.model)
      return (
        c.source.kind !== "model-output" ||
        family === "unknown" ||
        family === "Claude" ||
        !o?.repository ||
        !o.path ||
        !/^[0-9a-f]{40}$/.test(o.commit ?? "") ||
        c.source.notes.length === 0
      )
    })
    expect(wrong.map((c) => c.id)).toEqual([])
  })

  it("lists every case in its README table", () => {
    const readme = readFileSync(join(DIR, "README.md"), "utf8")
    expect(
      harvested()
        .filter((c) => !readme.includes(`\`${c.id}\``))
        .map((c) => c.id),
    ).toEqual([])
  })

  it("brings the bundled corpus's model outputs to at least five families besides Claude", () => {
    const families = new Set(
      loadCorpus("corpus")
        .cases.filter((c) => c.source.kind === "model-output")
        .map((c) => modelFamily(c.source.model))
        .filter((f) => f !== "Claude" && f !== "unknown"),
    )
    expect(families.size).toBeGreaterThanOrEqual(5)
  })
})
