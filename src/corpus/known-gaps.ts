import { fieldPath, Problems, type LoadProblem } from "./errors.js"
import type { CaseReport } from "./judge.js"
import { checkKeys, requireObject, requireString } from "./schema.js"

/** One committed known gap: a case expected not to pass yet, and why (docs/style.md#habits, habit 12). */
export interface KnownGap {
  readonly id: string
  readonly reason: string
}

/** Reads `known-gaps.json`: `[{ id, reason }]`, ids unique. */
export const readGaps = (file: string, raw: unknown): { gaps: KnownGap[]; problems: ReadonlyArray<LoadProblem> } => {
  const problems = new Problems(file)
  const gaps: KnownGap[] = []
  if (!Array.isArray(raw)) {
    problems.add("", "must be an array of { id, reason }")
    return { gaps, problems: problems.list }
  }
  raw.forEach((item, i) => {
    const at = `[${i}]`
    const obj = requireObject(problems, at, item)
    if (!obj) return
    checkKeys(problems, at, obj, ["id", "reason"])
    const okId = requireString(problems, fieldPath(at, "id"), obj.id)
    const okReason = requireString(problems, fieldPath(at, "reason"), obj.reason)
    if (okId && gaps.some((g) => g.id === obj.id)) problems.add(fieldPath(at, "id"), `"${obj.id}" is listed twice`)
    else if (okId && okReason) gaps.push({ id: obj.id as string, reason: obj.reason as string })
  })
  return { gaps, problems: problems.list }
}

export interface GapCheck {
  /** Cases not listed that did not pass. */
  readonly failing: ReadonlyArray<CaseReport>
  /** Listed cases that pass now: the list is stale, remove them. */
  readonly fixed: ReadonlyArray<KnownGap>
  /** Listed ids that name no case of the corpus. */
  readonly unknown: ReadonlyArray<KnownGap>
}

/** Compares a run with the committed list; all three lists empty means the corpus is exactly as documented. */
export const checkGaps = (cases: ReadonlyArray<CaseReport>, gaps: ReadonlyArray<KnownGap>): GapCheck => {
  const listed = new Set(gaps.map((g) => g.id))
  const byId = new Map(cases.map((c) => [c.id, c]))
  return {
    failing: cases.filter((c) => c.stage !== "ok" && !listed.has(c.id)),
    fixed: gaps.filter((g) => byId.get(g.id)?.stage === "ok"),
    unknown: gaps.filter((g) => !byId.has(g.id)),
  }
}

/**
 * The list brought up to date with a run: fixed and unknown entries dropped, listed reasons kept, each new failure
 * added with the runner's one-line message as a first reason (to be rewritten by a person). Sorted by id.
 */
export const syncGaps = (cases: ReadonlyArray<CaseReport>, gaps: ReadonlyArray<KnownGap>): KnownGap[] => {
  const reasons = new Map(gaps.map((g) => [g.id, g.reason]))
  return cases
    .filter((c) => c.stage !== "ok")
    .map((c) => ({ id: c.id, reason: reasons.get(c.id) ?? `${c.stage}: ${c.message}` }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}
