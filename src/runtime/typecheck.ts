import type { Diagnostic } from "../diagnostic.js"
import { dialects, makeResolver, type Normalized, type Receipt } from "../Frontend.js"
import type { ToolPath } from "../frontend/dialect.js"
import type { ToolDescription } from "../discovery/index.js"
import {
  catalogDeclarations,
  check,
  findingWarning,
  refusal,
  typecheckMode,
  typeScriptAvailable,
  type TypecheckMode,
} from "../typecheck/index.js"

/**
 * The runtime's side of the type check (docs/typecheck.md): the mode `make` was given and the catalog's
 * declarations, rendered on the first check and then reused by every run of the runtime.
 */
export interface TypecheckSetup {
  readonly mode: TypecheckMode
  readonly declarations: () => string
}

/** Validates `typecheck` (TypeError) and checks that the compiler can be found when a mode needs it. */
export const typecheckOption = (value: unknown, where: string): TypecheckMode => {
  const mode = typecheckMode(value, where) ?? "off"
  if (mode !== "off" && !typeScriptAvailable())
    throw new TypeError(
      `${where}: typecheck "${mode}" needs the optional peer dependency typescript (npm install typescript).`,
    )
  return mode
}

export const typecheckSetup = (mode: TypecheckMode, tools: () => ReadonlyArray<ToolDescription>): TypecheckSetup => {
  let text: string | undefined
  return { mode, declarations: () => (text ??= catalogDeclarations(tools())) }
}

/** The receipt (with any findings), the refusal in `refuse` mode, and the compiler's one-time start-up it paid. */
export type Gate = { readonly receipt: Receipt; readonly refused?: Diagnostic; readonly startupMs: number }

/**
 * Checks a normalized program under `mode`: `warn` adds each finding to the receipt's warnings (stage
 * `typecheck`); `refuse` returns the TypeCheck diagnostic to end the run before any tool is called.
 */
export const typecheckNormalized = (
  mode: TypecheckMode,
  declarations: () => string,
  tools: ReadonlyArray<ToolPath>,
  normalized: Normalized,
): Gate => {
  const receipt = normalized.receipt
  if (mode === "off" || normalized.program === undefined) return { receipt, startupMs: 0 }
  const resolver = makeResolver(tools, dialects, receipt.dialect)
  const { findings, startupMs } = check({
    code: normalized.code,
    program: normalized.program,
    source: normalized.source,
    catalog: declarations(),
    prelude: Object.keys(normalized.compile.globals ?? {}),
    suggest: (written) => resolver.suggest(written),
  })
  if (findings.length === 0) return { receipt, startupMs }
  const withWarnings = { ...receipt, warnings: [...receipt.warnings, ...findings.map(findingWarning)] }
  return mode === "refuse"
    ? { refused: refusal(findings), receipt: withWarnings, startupMs }
    : { receipt: withWarnings, startupMs }
}
