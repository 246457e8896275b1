import { brief, isPlainObject, jsonEqual } from "./json.js"
import type { V8Outcome } from "./v8.js"

const SAME = "V8 gives the same answer"

/**
 * Who is at fault for a silently wrong answer (docs/design.md#corpus-and-coverage): the same program — the code the
 * runtime executed, with the same prelude globals and tool-failure shape — is re-run under V8 with stub tools built
 * from the same fixtures. V8 giving our answer means the program itself computes it (the model's mistake); V8 giving
 * another answer means our frontend or runtime computed something the program does not mean.
 */
export type CauseKind = "program" | "runtime" | "unattributable"

export interface Cause {
  readonly kind: CauseKind
  /** One line: what V8 did, or why V8 could not run the case. */
  readonly detail: string
}

/** The `cause` column of COVERAGE.md and the CLI table. */
export const causeLabel = (cause: Cause | undefined): string =>
  cause === undefined
    ? "-"
    : cause.kind === "program"
      ? "program (V8 agrees)"
      : cause.kind === "runtime"
        ? "runtime (V8 differs)"
        : "not attributable"

/**
 * JSON equality, except that a string where V8 has an unknown-tool rejection message of its run may extend that
 * message: the runtime's UnknownTool text adds a "Did you mean" suggestion (@opencode-ai/codemode 1.18 leaves the wording to us).
 */
const sameAnswer = (ours: unknown, v8: unknown, unknownTools: ReadonlySet<string>): boolean => {
  if (typeof ours === "string" && typeof v8 === "string")
    return ours === v8 || (unknownTools.has(v8) && ours.startsWith(v8))
  if (Array.isArray(ours) && Array.isArray(v8))
    return ours.length === v8.length && ours.every((x, i) => sameAnswer(x, v8[i], unknownTools))
  if (isPlainObject(ours) && isPlainObject(v8)) {
    const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined)
    const a = keys(ours)
    return a.length === keys(v8).length && a.every((k) => k in v8 && sameAnswer(ours[k], v8[k], unknownTools))
  }
  return jsonEqual(ours, v8)
}

/** Compares our answer candidates (answer.ts, best first) with V8's outcome. */
export const compareWithV8 = (ours: ReadonlyArray<unknown>, v8: V8Outcome): Cause => {
  if (v8.kind === "cannot") return { kind: "unattributable", detail: v8.why }
  if (v8.kind === "threw") return { kind: "runtime", detail: `V8 fails: ${v8.message}` }
  if (ours.some((o) => jsonEqual(o, v8.answer))) return { kind: "program", detail: SAME }
  const unknown = new Set(v8.unknownTools)
  if (ours.some((o) => sameAnswer(o, v8.answer, unknown)))
    return { kind: "program", detail: "V8 gives the same answer but for the wording of an unknown-tool error" }
  return { kind: "runtime", detail: `V8 answers ${brief(v8.answer, 80)}` }
}

/** What V8 did when it is more than agreeing (its answer, or why it could not run the program); else undefined. */
export const causeDetail = (cause: Cause | undefined): string | undefined =>
  cause === undefined || cause.detail === SAME ? undefined : cause.detail

/** The cause in one line: the label, then V8's answer or why V8 could not run it. */
export const causeText = (cause: Cause | undefined): string => {
  const detail = causeDetail(cause)
  return detail === undefined ? causeLabel(cause) : `${causeLabel(cause)}: ${detail}`
}

/** "N program mistakes (V8 gives the same answer), M runtime faults", plus the unattributed when there are any. */
export const causeSummary = (causes: ReadonlyArray<Cause | undefined>): string => {
  const count = (kind: CauseKind | undefined) => causes.filter((c) => c?.kind === kind).length
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
  const parts = [
    `${plural(count("program"), "program mistake", "program mistakes")} (V8 gives the same answer)`,
    plural(count("runtime"), "runtime fault", "runtime faults"),
  ]
  if (count("unattributable") > 0) parts.push(`${count("unattributable")} not attributable`)
  if (count(undefined) > 0) parts.push(`${count(undefined)} not re-run`)
  return parts.join(", ")
}
