import * as acorn from "acorn"
import type { Pattern, Program } from "acorn"
import { recast } from "./recast.js"
import { acornOptions } from "../../syntax/parse.js"
import { diagnostic } from "../../diagnostic.js"
import type { Stage, State } from "../types.js"
import { patternNames } from "./scope.js"
import { sideTable } from "./side-table.js"

const MODULE_ONLY = /'import' and 'export' may appear only with 'sourceType: module'/

type Named = { readonly type: string; readonly id?: { readonly name: string } | null }

/** The parser methods the declaring parser extends (acorn's own, not in its type declarations). */
interface ParseHooks {
  parseVarId(decl: { id: Pattern }, kind: unknown): void
  parseFunctionBody(node: { params: ReadonlyArray<Pattern> }, ...rest: unknown[]): void
  parseFunction(...args: unknown[]): Named
  parseClass(...args: unknown[]): Named
  parseCatchClauseParam(): Pattern | null
}

/**
 * acorn, also collecting every name the program declares anywhere (variable declarators, function and class
 * declarations, every function's parameters, catch parameters) where acorn parses them, so the dialects' detectors
 * do not walk the tree for it (`declaredNamesAtParse`). acorn never backtracks, so what it parses is the tree.
 */
const DeclaringParser = acorn.Parser.extend(
  (Base) =>
    class extends (Base as unknown as new (...args: unknown[]) => ParseHooks) {
      readonly declared = new Set<string>()
      override parseVarId(decl: { id: Pattern }, kind: unknown) {
        super.parseVarId(decl, kind)
        patternNames(decl.id, this.declared)
      }
      override parseFunctionBody(node: { params: ReadonlyArray<Pattern> }, ...rest: unknown[]) {
        super.parseFunctionBody(node, ...rest)
        for (const p of node.params) patternNames(p, this.declared)
      }
      override parseFunction(...args: unknown[]) {
        const node = super.parseFunction(...args)
        if (node.type === "FunctionDeclaration" && node.id) this.declared.add(node.id.name)
        return node
      }
      override parseClass(...args: unknown[]) {
        const node = super.parseClass(...args)
        if (node.type === "ClassDeclaration" && node.id) this.declared.add(node.id.name)
        return node
      }
      override parseCatchClauseParam() {
        const param = super.parseCatchClauseParam()
        patternNames(param, this.declared)
        return param
      }
    } as unknown as typeof acorn.Parser,
) as unknown as new (options: acorn.Options, text: string) => { parse(): Program; readonly declared: Set<string> }

const declaredAtParse = sideTable<ReadonlySet<string>>("declared at parse")

/**
 * Every name declared anywhere in a program `acornParse` returned (what the dialects' `declaredNames` walk finds),
 * collected while parsing; undefined for a tree parsed elsewhere. Read-only, and about the tree as parsed.
 */
export const declaredNamesAtParse = (program: Program): ReadonlySet<string> | undefined => declaredAtParse.get(program)

const parseDeclaring = (text: string, options: acorn.Options): Program => {
  const parser = new DeclaringParser(options, text)
  const program = parser.parse()
  declaredAtParse.set(program, parser.declared)
  return program
}

/**
 * Acorn with the project's options (src/syntax/parse.ts); as a fallback the module goal, only so that
 * `export default async () => {…}` can be unwrapped (docs/design.md#frontend-stages). Tokens and comments are kept for recast.
 */
export const acornParse = (text: string, withTokens: boolean): Program => {
  const tokens: acorn.Token[] = []
  const comments: acorn.Comment[] = []
  // With locations: recast reads `loc`, and so do the dialects' evidence and the print stage's relocation.
  const extra = withTokens
    ? { locations: true, onToken: tokens, onComment: comments }
    : { locations: true, onComment: comments }
  let program: Program
  try {
    program = parseDeclaring(text, { ...acornOptions, ...extra })
  } catch (error) {
    if (!MODULE_ONLY.test(String((error as Error).message))) throw error
    tokens.length = comments.length = 0
    program = parseDeclaring(text, { ...acornOptions, ...extra, sourceType: "module" })
  }
  if (withTokens) Object.assign(program, { tokens, comments })
  else commentLists.set(program, comments)
  return program
}

const commentLists = sideTable<ReadonlyArray<acorn.Comment>>("comments")

/** The comments of a program parsed by `acornParse(text, false)` (the edit printer keeps away from them). */
export const commentsOf = (program: Program): ReadonlyArray<acorn.Comment> | undefined => commentLists.get(program)

/** recast over acorn itself (its bundled parser pins ES6, docs/design.md#frontend-stages), for source-preserving printing. */
export const recastParse = (text: string): Program =>
  (recast.parse(text, { parser: { parse: (source: string) => acornParse(source, true) } }) as { program: Program })
    .program

/**
 * Text that does not parse and reads as sentences: a reply in prose with no program. Said as such, with the fix,
 * instead of the parser's first complaint about a word.
 */
const proseReply = (text: string): boolean => {
  const t = text.trim()
  if (t.length > 4000 || /[;{}=]|=>|\bawait\b|\breturn\b|tools\./.test(t)) return false
  const words = t.split(/\s+/).filter((w) => /^[A-Za-z'’,.:!?-]+$/.test(w))
  return words.length >= 4 && words.length >= t.split(/\s+/).length * 0.7
}

/** Tool-call markup some models write as text (`<call_record tool="read">`, `<invoke name=…>`, `<tool_call>`). */
const CALL_MARKUP = /<(call_record|invoke|tool_call|tool_use|function_call|function_calls|antml:invoke)\b[^<>]{0,200}>/

const parseError = (state: State, error: unknown) => {
  const markup = CALL_MARKUP.exec(state.text)
  if (markup !== null) {
    const tag = markup[0].length > 60 ? `${markup[0].slice(0, 57)}...` : markup[0]
    state.diagnostics.push(
      diagnostic(
        "ParseError",
        `What arrived is tool-call markup written as text (${tag}), not a program. ` +
          'Fix: send the calls as JavaScript, e.g. { "code": "return await tools.<namespace>.<tool>({ … })" }.',
        { suggestions: ["return await tools.<namespace>.<tool>({ … })"] },
      ),
    )
    state.halted = true
    return
  }
  if (proseReply(state.text)) {
    const t = state.text.trim().replace(/\s+/g, " ")
    state.diagnostics.push(
      diagnostic(
        "ParseError",
        `What arrived is prose, not a program ("${t.length > 60 ? `${t.slice(0, 57)}...` : t}"). ` +
          'Fix: send only JavaScript, e.g. { "code": "return await tools.<namespace>.<tool>({ … })" }.',
        { suggestions: ["return await tools.<namespace>.<tool>({ … })"] },
      ),
    )
    state.halted = true
    return
  }
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
      state.diagnostics.push(
        diagnostic(
          "ParseError",
          // The canonical message (docs/dialects.md#canonical-contract); the fix travels as the suggestion.
          "Code cannot be empty.",
          {
            suggestions: [
              'the reply held no program: send JavaScript, e.g. { "code": "return await tools.<namespace>.<tool>({ … })" }',
            ],
          },
        ),
      )
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
