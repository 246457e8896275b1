import * as acorn from "acorn"
import type { Program } from "acorn"
import recast from "recast"
import { acornOptions } from "../../syntax/parse.js"
import { diagnostic } from "../../diagnostic.js"
import type { Stage, State } from "../types.js"

const MODULE_ONLY = /'import' and 'export' may appear only with 'sourceType: module'/

/**
 * Acorn with the project's options (src/syntax/parse.ts); as a fallback the module goal, only so that
 * `export default async () => {…}` can be unwrapped (docs/design.md#frontend-stages). Tokens and comments are kept for recast.
 */
export const acornParse = (text: string, withTokens: boolean): Program => {
  const tokens: acorn.Token[] = []
  const comments: acorn.Comment[] = []
  const extra = withTokens ? { onToken: tokens, onComment: comments } : { onComment: comments }
  let program: Program
  try {
    program = acorn.parse(text, { ...acornOptions, ...extra })
  } catch (error) {
    if (!MODULE_ONLY.test(String((error as Error).message))) throw error
    tokens.length = comments.length = 0
    program = acorn.parse(text, { ...acornOptions, ...extra, sourceType: "module" })
  }
  if (withTokens) Object.assign(program, { tokens, comments })
  else commentLists.set(program, comments)
  return program
}

const commentLists = new WeakMap<Program, ReadonlyArray<acorn.Comment>>()

/** The comments of a program parsed by `acornParse(text, false)` (the edit printer keeps away from them). */
export const commentsOf = (program: Program): ReadonlyArray<acorn.Comment> | undefined => commentLists.get(program)

/** recast over acorn itself (its bundled parser pins ES6, docs/design.md#frontend-stages), for source-preserving printing. */
export const recastParse = (text: string): Program =>
  (recast.parse(text, { parser: { parse: (source: string) => acornParse(source, true) } }) as { program: Program })
    .program

const parseError = (state: State, error: unknown) => {
  const e = error as { message?: string; pos?: number }
  const message = String(e?.message ?? "Cannot parse the program").replace(/ \(\d+:\d+\)$/, "")
  const loc = typeof e?.pos === "number" ? state.locate(e.pos) : undefined
  state.diagnostics.push(diagnostic("ParseError", message, { location: loc }))
  state.halted = true
}

/** The `parse` stage: plain acorn first (fast path); recast when an AST stage has something to print. */
export const parse: Stage = {
  id: "parse",
  kind: "parse",
  run: (state) => {
    if (state.text.trim() === "") {
      state.diagnostics.push(diagnostic("ParseError", "Code cannot be empty."))
      state.halted = true
      return
    }
    if (state.program && !state.recast) return // already parsed by the typescript stage's probe
    try {
      state.program = state.recast ? recastParse(state.text) : acornParse(state.text, false)
    } catch (error) {
      parseError(state, error)
    }
  },
}
