// Every corpus case that passes with the check off (all but corpus/known-gaps.json, test/corpus/corpus.test.ts) still
// passes with `typecheck: "refuse"`: the check refuses no correct program of the corpus.
import { readFileSync } from "node:fs"
import { beforeAll, describe, expect, it } from "vitest"
import { checkGaps, readGaps } from "../../src/corpus/known-gaps.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { runLoaded, type CorpusReport } from "../../src/corpus/runner.js"

let refused: CorpusReport

beforeAll(async () => {
  refused = await runLoaded(loadCorpus("corpus"), "corpus", { typecheck: "refuse", attribute: false })
}, 300_000)

describe("the corpus under typecheck: refuse", () => {
  it("passes every case that passes with the check off", () => {
    const gaps = readGaps("corpus/known-gaps.json", JSON.parse(readFileSync("corpus/known-gaps.json", "utf8"))).gaps
    const failing = checkGaps(refused.cases, gaps).failing.map((c) => `${c.id} [${c.stage}] ${c.message}`)
    expect(failing).toEqual([])
  })

  it("refused only programs that were meant to fail", () => {
    const byId = new Map(loadCorpus("corpus").cases.map((c) => [c.id, c]))
    const refusedIds = refused.cases.filter((c) => c.typecheck?.failure === "TypeCheck").map((c) => c.id)
    expect(refusedIds.filter((id) => byId.get(id)!.expect.ok)).toEqual([])
    // The check runs: the corpus's unknown-tool program is refused before it runs.
    expect(refusedIds).toContain("vendor-vercel-unknown-tool")
  })
})
