import { describe, expect, it } from "vitest"
import { modelFamily } from "../../src/corpus/judge.js"
import { loadCorpus } from "../../src/corpus/load.js"

/**
 * The harvested model outputs of other families (corpus/families-js, issue 33 part 4): genuine outputs only, each with
 * its family named first and where it was published, so the report's family table can count them.
 */
const harvested = loadCorpus("corpus").cases.filter((c) => c.file.startsWith("families-js/"))
const NOT_A_FAMILY = new Set(["Claude", "unknown", "vendor"])

describe("corpus/families-js", () => {
  it("holds only model outputs of named families other than Claude", () => {
    const wrong = harvested
      .filter((c) => c.source.kind !== "model-output" || NOT_A_FAMILY.has(modelFamily(c.source.model)))
      .map((c) => `${c.id}: ${c.source.kind}, ${c.source.model}`)
    expect(wrong).toEqual([])
  })

  it("names where each output was published: a repository file at a full commit, or a page", () => {
    const unsourced = harvested
      .filter((c) => {
        const o = c.source.origin
        if (o === undefined) return true
        if (o.url !== undefined) return !/^https:\/\//.test(o.url)
        return o.repository === undefined || o.path === undefined || !/^[0-9a-f]{40}$/.test(o.commit ?? "")
      })
      .map((c) => c.id)
    expect(unsourced).toEqual([])
  })

  it("says in the notes how each output was taken from its source", () => {
    expect(harvested.filter((c) => (c.source.notes ?? "").length < 40).map((c) => c.id)).toEqual([])
  })

  it("counts no output twice: no two cases hold the same input", () => {
    const byInput = new Map<string, string[]>()
    for (const c of harvested) {
      const key = JSON.stringify(c.input)
      byInput.set(key, [...(byInput.get(key) ?? []), c.id])
    }
    expect([...byInput.values()].filter((ids) => ids.length > 1)).toEqual([])
  })

  it("covers at least five families with at least 85 outputs", () => {
    const families = new Set(harvested.map((c) => modelFamily(c.source.model)))
    expect(harvested.length).toBeGreaterThanOrEqual(85)
    expect(families.size).toBeGreaterThanOrEqual(5)
  })
})
