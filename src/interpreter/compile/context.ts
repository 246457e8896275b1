/**
 * Shared compiler state and the closure shapes. An expression compiles to `CE { ev, async }`: `ev(env, rt)` returns
 * the value, or a promise of it when `async` (the subtree contains `await`). Statements compile to `CS { ex, async }`
 * returning a completion signal (`undefined` = normal). Await-free code never touches a promise (docs/design.md
 * "Interpreter").
 */
import type { Node } from "acorn"
import type { CompileOptions } from "../api.js"
import type { Pos } from "../errors.js"
import type { Run } from "../run-state.js"
import { locator } from "../../syntax/lines.js"
import type { Env } from "../values.js"
import { type FunctionInfo, Scope } from "./scope.js"
import type { Operand } from "./operand.js"

export type Ev = (env: Env, rt: Run) => unknown
export type Ex = (env: Env, rt: Run) => Completion | undefined | Promise<Completion | undefined>

export interface CE {
  readonly ev: Ev
  readonly async: boolean
  /** Set for literals: the folded constant value. */
  readonly constant?: { readonly value: unknown }
  /**
   * Set for a read of a binding in the current frame that needs no TDZ check: `ev` is `env[slot]`, so a consumer
   * may read the slot itself instead of calling `ev` (one closure call less on hot paths).
   */
  readonly slot?: number
  /** Set where a consumer may evaluate the expression inline (operand.ts) instead of calling `ev`. */
  readonly operand?: Operand
}
export interface CS {
  readonly ex: Ex
  readonly async: boolean
}

/** Completion records for abrupt completions (§6.2.4); normal completion is `undefined`. */
export const BREAK = 1
export const CONTINUE = 2
export const RETURN = 3
export interface Completion {
  readonly type: 1 | 2 | 3
  readonly label: string | undefined
  readonly value: unknown
  /** For RETURN: where the returned value came from (reported when the result is not data). */
  readonly pos?: Pos
}
export const BREAK_PLAIN: Completion = { type: BREAK, label: undefined, value: undefined }
export const CONTINUE_PLAIN: Completion = { type: CONTINUE, label: undefined, value: undefined }

/** Thrown at compile time for constructs outside the subset; becomes an UnsupportedSyntax diagnostic. */
export class Unsupported {
  constructor(
    readonly message: string,
    readonly pos: Pos | undefined,
  ) {}
}

const NONE_REPLACED: ReadonlySet<string> = new Set()

export class Ctx {
  scope: Scope
  /** Labels that apply to the loop or switch compiled next (set by LabeledStatement, taken by the loop). */
  labels: Set<string> | undefined
  /** In a class element: the hidden binding `super` starts from (compile/classes.ts), else undefined. */
  home: string | undefined = undefined
  /** Global-table names the program assigns (builtins/globals.ts `assignedGlobals`): read per run, not as constants. */
  replaced: ReadonlySet<string> = NONE_REPLACED
  /** Hot sites of this program given their own compiled copy so far (compile/hot-site-copies.ts caps them). */
  specializedSites = 0
  constructor(
    readonly source: string,
    readonly options: CompileOptions,
    readonly globals: ReadonlyMap<string, unknown>,
    scope: Scope,
  ) {
    this.scope = scope
    this.locate = locator(source)
  }
  /** Line and column of an offset in `source` (the table of line starts is built on the first question). */
  readonly locate: (offset: number) => Pos
  get fn(): FunctionInfo {
    return this.scope.fn
  }
  text(node: Node): string {
    return this.source.slice(node.start, node.end)
  }
}

/**
 * Where a node starts, for diagnostics and stack lines: computed from its offset in the compiled source (the parser
 * builds no location objects, src/syntax/lines.ts), or read from `loc` when the tree has one (the frontend's
 * rewritten trees, whose nodes it located in the model's text).
 */
export const posOf = (node: Node, ctx: Ctx): Pos => {
  const loc = node.loc
  return loc ? { line: loc.start.line, column: loc.start.column } : ctx.locate(node.start)
}

export const constant = (value: unknown): CE => ({ ev: () => value, async: false, constant: { value } })

/** Evaluates parts in order (awaiting the async ones) then combines: the generic async path of strict nodes. */
export const strictAsync = (
  parts: ReadonlyArray<CE>,
  combine: (vals: Array<unknown>, env: Env, rt: Run) => unknown,
): CE => {
  const n = parts.length
  const evs = parts.map((p) => p.ev)
  const asyncs = parts.map((p) => p.async)
  return {
    async: true,
    ev: async (env, rt) => {
      const vals = new Array<unknown>(n)
      for (let i = 0; i < n; i++) vals[i] = asyncs[i] ? unbox(await evs[i]!(env, rt)) : evs[i]!(env, rt)
      return box(combine(vals, env, rt))
    },
  }
}

/**
 * An async `ev` resolves to a *boxed* value: a guest promise value is wrapped so the native `await` of the
 * evaluator does not assimilate it (`const p = tools.a(await x)` must keep `p` a promise). Consumers unbox.
 */
export class PBox {
  constructor(readonly p: Promise<unknown>) {}
}
export const box = (v: unknown): unknown => (v instanceof Promise ? new PBox(v) : v)
export const unbox = (v: unknown): unknown => (v instanceof PBox ? v.p : v)

export const anyAsync = (parts: ReadonlyArray<CE | undefined>): boolean => {
  for (let i = 0; i < parts.length; i++) if (parts[i]?.async === true) return true
  return false
}

/** Evaluates parts in order then combines: synchronously when every part is, else through {@link strictAsync}. */
export const combineParts = (
  parts: ReadonlyArray<CE>,
  combine: (vals: Array<unknown>, env: Env, rt: Run) => unknown,
): CE => {
  if (anyAsync(parts)) return strictAsync(parts, combine)
  const evs = parts.map((p) => p.ev)
  return {
    async: false,
    ev: (env, rt) =>
      combine(
        evs.map((e) => e(env, rt)),
        env,
        rt,
      ),
  }
}
