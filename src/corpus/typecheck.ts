/**
 * `codemode corpus --typecheck warn|refuse` (docs/typecheck.md#measured-on-the-corpus): what the type check found per
 * case, and two figures per dialect. Of the programs that failed at run time through their own mistake, how many
 * were flagged before running; of the programs that ran correctly, how many drew a finding (false alarms).
 */
import { WRONG_ANSWER, type CaseReport } from "./judge.js"
import { isPlainObject } from "./json.js"

/** What the check said about one case, and how its run failed (the diagnostic kind), if it did. */
export interface CaseTypecheck {
  /** Each finding as `line:column message`, in source order. */
  readonly findings: ReadonlyArray<string>
  readonly failure?: string | undefined
}

/** The findings of one run, from its receipt's warnings (stage `typecheck`). */
export const typecheckOf = (receipt: unknown, failure: string | undefined): CaseTypecheck => {
  const warnings = isPlainObject(receipt) && Array.isArray(receipt.warnings) ? receipt.warnings : []
  const findings = warnings
    .filter((w) => isPlainObject(w) && w.stage === "typecheck")
    .map((w) => {
      const loc = isPlainObject(w.loc) ? `${w.loc.line}:${w.loc.column} ` : ""
      return `${loc}${String(w.message)}`
    })
  return { findings, ...(failure !== undefined ? { failure } : {}) }
}

/**
 * Failures only a program's own mistake causes: a path that is no tool, an input the tool's schema refuses, an
 * output that is not data, an uncaught error. A tool's own failure (`ToolFailure`), a limit or a timeout is not one.
 */
const PROGRAM_FAILURES = new Set([
  "UnknownTool",
  "InvalidToolInput",
  "InvalidDataValue",
  "ExecutionFailure",
  "TypeCheck",
])

/** A program mistake at run time: one of those failures, or a wrong answer V8 computes too (the program's). */
export const isProgramMistake = (c: CaseReport): boolean =>
  (c.typecheck?.failure !== undefined && PROGRAM_FAILURES.has(c.typecheck.failure)) ||
  (c.message.startsWith(WRONG_ANSWER) && c.cause?.kind === "program")

/** Ran to completion with the expected result. */
export const isCorrect = (c: CaseReport): boolean => c.stage === "ok" && c.typecheck?.failure === undefined

export interface TypecheckCounts {
  readonly mistakes: number
  readonly flagged: number
  readonly correct: number
  readonly alarms: number
}

export const typecheckCounts = (cases: ReadonlyArray<CaseReport>): TypecheckCounts => {
  const mistakes = cases.filter(isProgramMistake)
  const correct = cases.filter(isCorrect)
  const found = (c: CaseReport) => (c.typecheck?.findings.length ?? 0) > 0
  return {
    mistakes: mistakes.length,
    flagged: mistakes.filter(found).length,
    correct: correct.length,
    alarms: correct.filter(found).length,
  }
}
