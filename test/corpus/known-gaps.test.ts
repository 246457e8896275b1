import { describe, expect, it } from "vitest"
import { renderProblem } from "../../src/corpus/errors.js"
import { checkGaps, readGaps, syncGaps } from "../../src/corpus/known-gaps.js"
import type { CaseReport } from "../../src/corpus/judge.js"

const report = (id: string, stage: CaseReport["stage"]): CaseReport => ({
  id,
  dialect: "pi",
  detected: "pi",
  stage,
  message: "",
})

describe("known gaps (docs/style.md#habits, habit 12)", () => {
  it("reads [{ id, reason }] and names each bad field", () => {
    expect(readGaps("g.json", [{ id: "a", reason: "why" }])).toEqual({
      gaps: [{ id: "a", reason: "why" }],
      problems: [],
    })
    const bad = readGaps("g.json", [{ id: "a" }, { id: "b", reason: "r", extra: 1 }, { id: "b", reason: "again" }, 3])
    expect(bad.problems.map(renderProblem)).toEqual([
      "g.json: [0].reason: is required (a string)",
      "g.json: [1].extra: unknown field (expected one of: id, reason)",
      'g.json: [2].id: "b" is listed twice',
      "g.json: [3]: must be an object, got number 3",
    ])
    expect(readGaps("g.json", {}).problems.map(renderProblem)).toEqual(["g.json: must be an array of { id, reason }"])
  })

  it("fails unlisted failures, listed passes and listed ids with no case", () => {
    const cases = [
      report("pass", "ok"),
      report("gap", "execute"),
      report("new-failure", "answer"),
      report("fixed", "ok"),
    ]
    const gaps = [
      { id: "gap", reason: "r" },
      { id: "fixed", reason: "r" },
      { id: "deleted", reason: "r" },
    ]
    const check = checkGaps(cases, gaps)
    expect(check.failing.map((c) => c.id)).toEqual(["new-failure"])
    expect(check.fixed.map((g) => g.id)).toEqual(["fixed"])
    expect(check.unknown.map((g) => g.id)).toEqual(["deleted"])
    expect(checkGaps([report("pass", "ok")], [])).toEqual({ failing: [], fixed: [], unknown: [] })
  })

  it("syncs the list with a run, keeping written reasons", () => {
    const cases = [report("z-new", "execute"), report("pass", "ok"), report("gap", "answer"), report("fixed", "ok")]
    cases[0] = { ...cases[0]!, message: "boom" }
    const gaps = [
      { id: "gap", reason: "written by a person" },
      { id: "fixed", reason: "r" },
      { id: "deleted", reason: "r" },
    ]
    expect(syncGaps(cases, gaps)).toEqual([
      { id: "gap", reason: "written by a person" },
      { id: "z-new", reason: "execute: boom" },
    ])
  })
})
