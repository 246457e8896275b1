import * as acorn from "acorn"
import type { Program } from "acorn"
import { createRequire } from "node:module"
import { diagnostic, type Diagnostic } from "../diagnostic.js"

/**
 * Acorn options shared by every parser in the project: the program is an async function body. No location objects
 * (`locations: false`, about 45% of what a parse allocated): a position is computed from a node's `start` offset
 * when one is needed (./lines.ts). recast reads `loc`, so the frontend's recast parse asks for locations itself.
 */
export const acornOptions: acorn.Options = {
  ecmaVersion: "latest",
  sourceType: "script",
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowHashBang: true,
  locations: false,
}

/**
 * Longest program text accepted, in UTF-16 code units. A parse cannot be interrupted by `timeoutMs` and acorn takes
 * about a second per megabyte; model-written programs are a few kilobytes, so 2^20 characters leaves a wide margin.
 */
export const MAX_SOURCE_LENGTH = 2 ** 20

/** The diagnostic for a text over MAX_SOURCE_LENGTH, or undefined when it fits; checked before acorn runs. */
export const sourceTooLarge = (length: number): Diagnostic | undefined =>
  length > MAX_SOURCE_LENGTH
    ? diagnostic(
        "ParseError",
        `The program is ${length} characters long, over the limit of ${MAX_SOURCE_LENGTH} characters: ` +
          "send a shorter program and keep large data in tools.",
      )
    : undefined

export type ParseOutcome =
  | { readonly ok: true; readonly program: Program; readonly code: string; readonly typescript: boolean }
  | { readonly ok: false; readonly diagnostic: Diagnostic }

/**
 * Parses JavaScript; throws acorn's SyntaxError (with `pos` and `loc`: acorn computes an error's position whatever
 * the options) on failure. Nodes carry `start`/`end` offsets and no `loc`.
 */
export const parseJavaScript = (code: string): Program => acorn.parse(code, acornOptions)

type Sucrase = typeof import("sucrase")
let sucrase: Sucrase | undefined

/**
 * sucrase is loaded on the first TypeScript program: about 65 modules (with its own dependencies) that a run of
 * JavaScript never needs, a tenth of what `codemode run` loads before running anything.
 */
const loadSucrase = (): Sucrase => (sucrase ??= createRequire(import.meta.url)("sucrase") as Sucrase)

/** Strips erasable TypeScript with sucrase, preserving lines (docs/design.md#frontend-stages). */
export const stripTypeScript = (code: string): string =>
  loadSucrase().transform(code, { transforms: ["typescript"], disableESTransforms: true, keepUnusedImports: true }).code

const parseError = (error: unknown): Diagnostic => {
  const e = error as { message?: string; loc?: { line: number; column: number } }
  const message = String(e?.message ?? "Cannot parse the program").replace(/ \(\d+:\d+\)$/, "")
  return diagnostic(
    "ParseError",
    message,
    e?.loc ? { location: { line: e.loc.line, column: e.loc.column } } : undefined,
  )
}

/**
 * The 1.18 `execute(code)` front door: JavaScript first; when that fails, erasable TypeScript is stripped and the
 * result parsed. Positions in the result refer to `code` because sucrase preserves lines and, for erasable syntax,
 * the columns of surviving tokens on most lines; the JavaScript error wins when both fail.
 */
export const parseProgram = (code: string): ParseOutcome => {
  const tooLarge = sourceTooLarge(code.length)
  if (tooLarge !== undefined) return { ok: false, diagnostic: tooLarge }
  if (code.trim() === "") return { ok: false, diagnostic: diagnostic("ParseError", "The program is empty") }
  try {
    return { ok: true, program: parseJavaScript(code), code, typescript: false }
  } catch (jsError) {
    let stripped: string
    try {
      stripped = stripTypeScript(code)
    } catch {
      return { ok: false, diagnostic: parseError(jsError) }
    }
    try {
      return { ok: true, program: parseJavaScript(stripped), code: stripped, typescript: true }
    } catch {
      return { ok: false, diagnostic: parseError(jsError) }
    }
  }
}
