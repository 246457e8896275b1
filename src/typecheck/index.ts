/**
 * Type-checking a normalized program against the tool catalog before it runs (docs/typecheck.md). The compiler is
 * loaded on the first check (compiler.ts); this module and its imports never load it.
 */
import type { Program } from "acorn"
import type { Position } from "../position.js"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import { checkText } from "./compiler.js"
import { findingsOf, type FindingKind, type Suggest } from "./findings.js"
import { locator } from "./locate.js"
import { preludeDeclarations } from "./declarations.js"

export { catalogDeclarations, preludeDeclarations, type DeclaredTool } from "./declarations.js"
export { typeScriptAvailable } from "./compiler.js"
export type { Suggest } from "./findings.js"

export const TYPECHECK_MODES = ["off", "warn", "refuse"] as const
export type TypecheckMode = (typeof TYPECHECK_MODES)[number]

/** `value` as a mode, or a TypeError naming `where`. */
export const typecheckMode = (value: unknown, where: string): TypecheckMode | undefined => {
  if (value === undefined) return undefined
  if (typeof value === "string" && (TYPECHECK_MODES as ReadonlyArray<string>).includes(value))
    return value as TypecheckMode
  throw new TypeError(`${where}: typecheck must be one of ${TYPECHECK_MODES.map((m) => `"${m}"`).join(", ")}.`)
}

/** One finding, located in the model's own text. */
export interface LocatedFinding {
  readonly kind: FindingKind
  readonly message: string
  readonly location: Position
  readonly suggestions: ReadonlyArray<string>
}

export interface CheckInput {
  /** The canonical code (what was checked). */
  readonly code: string
  /** The canonical program; its node offsets refer to `source`. */
  readonly program: Program
  /** The model's own text. */
  readonly source: string
  /** The catalog's declarations (`catalogDeclarations`). */
  readonly catalog: string
  /** Names of the dialect's prelude globals the program gets. */
  readonly prelude: Iterable<string>
  readonly suggest: Suggest
}

export interface CheckOutcome {
  readonly findings: ReadonlyArray<LocatedFinding>
  /** Time this check spent starting the compiler for the process (the first check only). */
  readonly startupMs: number
}

/** Checks one program; the findings in source order. */
export const check = (input: CheckInput): CheckOutcome => {
  const checked = checkText(input.code, input.catalog, preludeDeclarations(input.prelude))
  const findings = findingsOf(checked, input.suggest)
  if (findings.length === 0) return { findings: [], startupMs: checked.startupMs }
  const locate = locator(input.code, input.program, input.source)
  return {
    startupMs: checked.startupMs,
    findings: findings.map((f) => ({
      kind: f.kind,
      message: f.message,
      location: locate(f.start),
      suggestions: f.suggestions,
    })),
  }
}

/** A finding as a receipt warning (stage `typecheck`). */
export const findingWarning = (finding: LocatedFinding) => ({
  stage: "typecheck",
  message: `TypeCheck: ${finding.message}`,
  loc: finding.location,
  ...(finding.suggestions.length > 0 ? { replacement: finding.suggestions[0] } : {}),
})

/** The `refuse` mode's failure: the first finding with its location, the others as suggestions. */
export const refusal = (findings: ReadonlyArray<LocatedFinding>): Diagnostic => {
  const [first, ...rest] = findings
  return diagnostic("TypeCheck", first!.message, {
    location: first!.location,
    suggestions: rest.map((f) => `${f.location.line}:${f.location.column}: ${f.message}`),
  })
}
