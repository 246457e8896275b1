import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { beforeAll, describe, expect, it } from "vitest"
import { coverageFiles } from "../../src/corpus/coverage-files.js"
import { renderProblem } from "../../src/corpus/errors.js"
import { checkGaps, readGaps, type KnownGap } from "../../src/corpus/known-gaps.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { runLoaded, type CorpusReport } from "../../src/corpus/runner.js"

/**
 * The bundled corpus, run through the real runtime and frontend: every case not in `corpus/known-gaps.json` must be
 * ok, and a listed case that passes fails the test so the list never goes stale (docs/style.md#habits, habit 12). Also checks
 * that `corpus/COVERAGE.md` and `corpus/coverage.svg` are current; `UPDATE=1` rewrites them.
 */
const ROOT = "corpus"
let on: CorpusReport
let off: CorpusReport
let refused: CorpusReport
let gaps: KnownGap[]

beforeAll(async () => {
  const read = readGaps("corpus/known-gaps.json", JSON.parse(readFileSync(join(ROOT, "known-gaps.json"), "utf8")))
  expect(read.problems.map(renderProblem)).toEqual([])
  gaps = read.gaps
  const corpus = loadCorpus(ROOT)
  // With `warn` the check only adds findings to receipts, so the outcomes (and COVERAGE.md) are those of `off`.
  on = await runLoaded(corpus, ROOT, { typecheck: "warn" })
  off = await runLoaded(corpus, ROOT, { frontend: false })
  // `refuse` ends a run exactly when `warn` finds something: only those cases can fare differently under it.
  const flagged = new Set(on.cases.filter((c) => (c.typecheck?.findings.length ?? 0) > 0).map((c) => c.id))
  refused = await runLoaded({ ...corpus, cases: corpus.cases.filter((c) => flagged.has(c.id)) }, ROOT, {
    typecheck: "refuse",
    attribute: false,
  })
}, 300_000)

describe("the bundled corpus", () => {
  it("passes every case not listed in known-gaps.json", () => {
    const failing = checkGaps(on.cases, gaps).failing.map((c) => `${c.id} [${c.stage}] ${c.message}`)
    expect(failing).toEqual([])
  })

  it("lists only cases that still fail (remove fixed ones from known-gaps.json)", () => {
    expect(checkGaps(on.cases, gaps).fixed.map((g) => g.id)).toEqual([])
  })

  it("lists only ids of existing cases", () => {
    expect(checkGaps(on.cases, gaps).unknown.map((g) => g.id)).toEqual([])
  })

  it("counts stages monotonically per dialect, both runs (docs/corpus-format.md#json-report: at least that far)", () => {
    for (const report of [on, off]) {
      for (const [dialect, c] of Object.entries(report.byDialect)) {
        expect(c.cases >= c.normalized && c.normalized >= c.executed && c.executed >= c.ok, dialect).toBe(true)
      }
      expect(report.total).toBe(report.cases.length)
      expect(report.ok).toBe(report.cases.filter((c) => c.stage === "ok").length)
    }
    expect(off.total).toBe(on.total)
  })

  // docs/typecheck.md#measured-on-the-corpus: the check refuses no correct program of the corpus.
  it("under typecheck refuse, still passes every case it passes with the check off", () => {
    const failing = checkGaps(refused.cases, gaps).failing.map((c) => `${c.id} [${c.stage}] ${c.message}`)
    expect(failing).toEqual([])
  })

  it("under typecheck refuse, refuses only programs that were meant to fail", () => {
    const expected = new Map(loadCorpus(ROOT).cases.map((c) => [c.id, c.expect.ok]))
    const refusedIds = refused.cases.filter((c) => c.typecheck?.failure === "TypeCheck").map((c) => c.id)
    expect(refusedIds.filter((id) => expected.get(id))).toEqual([])
    // The check runs: the corpus's unknown-tool program is refused before it runs.
    expect(refusedIds).toContain("vendor-vercel-unknown-tool")
  })

  it("has a current COVERAGE.md and coverage.svg (UPDATE=1 rewrites them)", async () => {
    const mdPath = join(ROOT, "COVERAGE.md")
    const svgPath = join(ROOT, "coverage.svg")
    const { markdown, svg } = await coverageFiles(on, off, mdPath)
    if (process.env.UPDATE) {
      writeFileSync(mdPath, markdown)
      writeFileSync(svgPath, svg)
    }
    const current = (path: string) => {
      try {
        return readFileSync(path, "utf8")
      } catch {
        return "(missing)"
      }
    }
    expect(current(mdPath), "run `npm run coverage` or UPDATE=1 npx vitest run test/corpus").toBe(markdown)
    expect(current(svgPath), "run `npm run coverage` or UPDATE=1 npx vitest run test/corpus").toBe(svg)
  })
})
