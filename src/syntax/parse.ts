import * as acorn from "acorn"
import type { Program } from "acorn"
import { transform } from "sucrase"
import { diagnostic, type Diagnostic } from "../diagnostic.js"

/** Acorn options shared by every parser in the project: the program is an async function body. */
export const acornOptions: acorn.Options = {
  ecmaVersion: "latest",
  sourceType: "script",
  allowAwaitOutsideFunction: true,
  allowReturnOutsideFunction: true,
  allowHashBang: true,
  locations: true,
}

export type ParseOutcome =
  | { readonly ok: true; readonly program: Program; readonly code: string; readonly typescript: boolean }
  | { readonly ok: false; readonly diagnostic: Diagnostic }

/** Parses JavaScript; throws acorn's SyntaxError (with `loc`) on failure. */
export const parseJavaScript = (code: string): Program => acorn.parse(code, acornOptions)

/** Strips erasable TypeScript with sucrase, preserving lines (DESIGN.md: "typescript" stage). */
export const stripTypeScript = (code: string): string =>
  transform(code, { transforms: ["typescript"], disableESTransforms: true, keepUnusedImports: true }).code

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
 * The seed's `execute(code)` front door: JavaScript first; when that fails, erasable TypeScript is stripped and the
 * result parsed. Positions in the result refer to `code` because sucrase preserves lines and, for erasable syntax,
 * the columns of surviving tokens on most lines; the JavaScript error wins when both fail.
 */
export const parseProgram = (code: string): ParseOutcome => {
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
