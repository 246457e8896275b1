/**
 * Statement lists and block scopes (§14.2). Lexical bindings live in the enclosing environment array unless the
 * block creates closures (then each entry gets a fresh array, so closures in loops capture per-entry bindings).
 * At entry, `let`/`const` slots are reset to TDZ and hoisted function declarations are instantiated.
 */
import type { FunctionDeclaration, Node, Statement } from "acorn"
import { type Env, TDZ } from "../values.js"
import type { Run } from "../run-state.js"
import { type CS, type Completion, Ctx, type Ex } from "./context.js"
import { compileFunctionDeclaration } from "./functions.js"
import { lexicalDecls, listContainsClosure } from "./hoist.js"
import { Frame, Scope } from "./scope.js"
import { compileStmt } from "./statements.js"

/** Runs statements in order; stops at the first abrupt completion. */
export const sequence = (parts: ReadonlyArray<CS>): CS => {
  const exs = parts.map((p) => p.ex)
  const n = exs.length
  if (n === 0) return { async: false, ex: () => undefined }
  if (n === 1) return parts[0]!
  if (!parts.some((p) => p.async))
    return {
      async: false,
      ex: (env, rt) => {
        for (let i = 0; i < n; i++) {
          const c = exs[i]!(env, rt)
          if (c !== undefined) return c
        }
        return undefined
      },
    }
  const asyncs = parts.map((p) => p.async)
  return {
    async: true,
    ex: async (env, rt) => {
      for (let i = 0; i < n; i++) {
        const c = asyncs[i] ? await exs[i]!(env, rt) : (exs[i]!(env, rt) as Completion | undefined)
        if (c !== undefined) return c
      }
      return undefined
    },
  }
}

/**
 * Declares the lexical bindings of `stmts` in `scope` and returns the entry action (TDZ reset + function
 * instantiation) to run on the environment holding them. Must be called before compiling the statements.
 */
export const declareLexical = (
  stmts: ReadonlyArray<Node>,
  ctx: Ctx,
  scope: Scope,
): (() => (env: Env, rt: Run) => void) => {
  const decls = lexicalDecls(stmts as ReadonlyArray<Statement>)
  const tdz: Array<number> = []
  const fns: Array<{ slot: number; node: FunctionDeclaration }> = []
  for (const d of decls) {
    const b = scope.declare(d.name, d.kind, d.declEnd)
    if (d.kind === "function") fns.push({ slot: b.slot, node: d.node as FunctionDeclaration })
    else tdz.push(b.slot)
  }
  // Function declarations are compiled lazily (after the bindings of the whole list exist).
  return () => {
    const makers = fns.map((f) => ({ slot: f.slot, make: compileFunctionDeclaration(f.node, ctx) }))
    if (tdz.length === 0 && makers.length === 0) return () => {}
    return (env, rt) => {
      for (let i = 0; i < tdz.length; i++) env[tdz[i]!] = TDZ
      for (let i = 0; i < makers.length; i++) env[makers[i]!.slot] = makers[i]!.make(env, rt)
    }
  }
}

/** A block with its own lexical scope (BlockStatement, switch bodies, function-less blocks). */
export const compileScopedList = (
  stmts: ReadonlyArray<Statement>,
  ctx: Ctx,
  isSwitch = false,
): { scope: Scope; enter: (env: Env, rt: Run) => Env; finish: (body: CS) => CS } => {
  // Declarations first: the closure search walks the whole subtree, most blocks declare nothing (cold compile).
  const own = lexicalDecls(stmts).length > 0 && listContainsClosure(stmts)
  const outer = ctx.scope
  const scope = new Scope(outer, own ? new Frame(outer.frame) : outer.frame, outer.fn, false, isSwitch)
  const instantiate = declareLexical(stmts, ctx, scope)
  let init: ((env: Env, rt: Run) => void) | undefined
  const frame = scope.frame
  const enter = own
    ? (env: Env, rt: Run): Env => {
        const e = new Array<unknown>(frame.size)
        e[0] = env
        init!(e, rt)
        return e
      }
    : (env: Env, rt: Run): Env => {
        init!(env, rt)
        return env
      }
  const finish = (body: CS): CS => {
    init = instantiate()
    const ex = body.ex
    if (!body.async) return { async: false, ex: (env, rt) => ex(enter(env, rt), rt) }
    return { async: true, ex: (env, rt) => ex(enter(env, rt), rt) }
  }
  return { scope, enter, finish }
}

export const compileBlockStatements = (stmts: ReadonlyArray<Statement>, ctx: Ctx): CS => {
  if (lexicalDecls(stmts).length === 0) return sequence(stmts.map((s) => compileStmt(s, ctx)))
  const block = compileScopedList(stmts, ctx)
  const saved = ctx.scope
  ctx.scope = block.scope
  try {
    return block.finish(sequence(stmts.map((s) => compileStmt(s, ctx))))
  } finally {
    ctx.scope = saved
  }
}

export type { Ex }
