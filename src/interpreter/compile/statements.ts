/**
 * The statement dispatcher (one exhaustive switch) and the simple statements. Statements return completion
 * records (§6.2.4): `undefined` for normal completion, BREAK/CONTINUE/RETURN objects otherwise — no exceptions for
 * control flow.
 */
import type { Expression, Statement, VariableDeclaration } from "acorn"
import { compileClass, compileNamed } from "./classes.js"
import { GuestThrow } from "../errors.js"
import {
  type CS,
  type Completion,
  BREAK,
  BREAK_PLAIN,
  CONTINUE,
  CONTINUE_PLAIN,
  Ctx,
  RETURN,
  Unsupported,
  posOf,
  unbox,
} from "./context.js"
import { compileExpr } from "./expressions.js"
import { compilePattern } from "./assign.js"
import { compileFunction } from "./functions.js"
import { compileBlockStatements, sequence } from "./block.js"
import { compileWrite } from "./identifiers.js"
import { compileDoWhile, compileFor, compileForInOf, compileWhile } from "./loops.js"
import { compileLabeled, compileSwitch, compileTry } from "./control.js"

/** A return completion carrying `argument`'s value: `return e`, and the program's trailing expression (docs/dialects.md#canonical-contract). */
export const compileReturnOf = (argument: Expression, at: Statement, ctx: Ctx): CS => {
  const e = compileExpr(argument, ctx)
  const ev = e.ev
  const pos = posOf(at, ctx)
  if (!e.async) return { async: false, ex: (env, rt) => ({ type: RETURN, label: undefined, value: ev(env, rt), pos }) }
  return {
    async: true,
    ex: async (env, rt) => ({ type: RETURN, label: undefined, value: unbox(await ev(env, rt)), pos }),
  }
}

export const compileStmt = (s: Statement, ctx: Ctx): CS => {
  switch (s.type) {
    case "ExpressionStatement": {
      const e = compileExpr(s.expression, ctx)
      const ev = e.ev
      if (!e.async)
        return {
          async: false,
          ex: (env, rt) => {
            ev(env, rt)
            return undefined
          },
        }
      return {
        async: true,
        ex: async (env, rt) => {
          await ev(env, rt)
          return undefined
        },
      }
    }
    case "VariableDeclaration":
      return compileVarDecl(s, ctx)
    case "FunctionDeclaration":
      if (s.generator) throw new Unsupported("Generator functions are not supported", posOf(s, ctx))
      return { async: false, ex: () => undefined }
    case "ReturnStatement": {
      if (!s.argument) {
        const done: Completion = { type: RETURN, label: undefined, value: undefined }
        return { async: false, ex: () => done }
      }
      return compileReturnOf(s.argument, s, ctx)
    }
    case "IfStatement": {
      const test = compileExpr(s.test, ctx)
      const yes = compileStmt(s.consequent, ctx)
      const no = s.alternate ? compileStmt(s.alternate, ctx) : undefined
      const t = test.ev
      const y = yes.ex
      const n = no?.ex
      if (!test.async && !yes.async && !no?.async)
        return { async: false, ex: (env, rt) => (t(env, rt) ? y(env, rt) : n ? n(env, rt) : undefined) }
      return {
        async: true,
        ex: async (env, rt) => {
          const c = test.async ? unbox(await t(env, rt)) : t(env, rt)
          return c ? y(env, rt) : n ? n(env, rt) : undefined
        },
      }
    }
    case "BlockStatement":
      return compileBlockStatements(s.body, ctx)
    case "EmptyStatement":
      return { async: false, ex: () => undefined }
    case "ThrowStatement": {
      const e = compileExpr(s.argument, ctx)
      const ev = e.ev
      const pos = posOf(s, ctx)
      if (!e.async)
        return {
          async: false,
          ex: (env, rt) => {
            throw new GuestThrow(ev(env, rt), pos)
          },
        }
      return {
        async: true,
        ex: async (env, rt) => {
          throw new GuestThrow(unbox(await ev(env, rt)), pos)
        },
      }
    }
    case "BreakStatement": {
      const done = s.label ? ({ type: BREAK, label: s.label.name, value: undefined } as Completion) : BREAK_PLAIN
      return { async: false, ex: () => done }
    }
    case "ContinueStatement": {
      const done = s.label ? ({ type: CONTINUE, label: s.label.name, value: undefined } as Completion) : CONTINUE_PLAIN
      return { async: false, ex: () => done }
    }
    case "ForStatement":
      return compileFor(s, ctx)
    case "ForInStatement":
    case "ForOfStatement":
      return compileForInOf(s, ctx)
    case "WhileStatement":
      return compileWhile(s, ctx)
    case "DoWhileStatement":
      return compileDoWhile(s, ctx)
    case "TryStatement":
      return compileTry(s, ctx)
    case "SwitchStatement":
      return compileSwitch(s, ctx)
    case "LabeledStatement":
      return compileLabeled(s, ctx)
    case "ClassDeclaration": {
      const make = compileClass(s, ctx).ev
      const write = compileWrite(s.id!, ctx, true)
      return { async: false, ex: (env, rt) => (write(env, make(env, rt), rt), undefined) }
    }
    default:
      throw new Unsupported(`${s.type} is not supported`, posOf(s, ctx))
  }
}

const isEmptyObject = (e: Expression): boolean => e.type === "ObjectExpression" && e.properties.length === 0

const compileVarDecl = (s: VariableDeclaration, ctx: Ctx): CS => {
  const parts = s.declarations.map((d) => {
    const init = d.init as Expression | null
    if (!init) {
      if (s.kind === "var") return undefined
      const bind = compilePattern(d.id, ctx, "init")
      return { async: false, ex: ((env, rt) => (bind(env, rt, undefined), undefined)) as CS["ex"] }
    }
    const e = d.id.type === "Identifier" ? compileNamed(init, ctx, d.id.name) : compileExpr(init, ctx)
    const ev = e.ev
    if (d.id.type === "Identifier") {
      const write = compileWrite(d.id, ctx, true)
      if (!e.async) return { async: false, ex: ((env, rt) => (write(env, ev(env, rt), rt), undefined)) as CS["ex"] }
      return { async: true, ex: (async (env, rt) => (write(env, unbox(await ev(env, rt)), rt), undefined)) as CS["ex"] }
    }
    // V8 names an identifier or literal initializer in "… is not iterable" by its source (`const [a] = {}`).
    const simple = init.type === "Identifier" || init.type === "Literal" || isEmptyObject(init)
    const bind = compilePattern(d.id, ctx, "init", false, simple ? ctx.text(init) : undefined)
    if (!e.async) return { async: false, ex: ((env, rt) => (bind(env, rt, ev(env, rt)), undefined)) as CS["ex"] }
    return { async: true, ex: (async (env, rt) => (bind(env, rt, unbox(await ev(env, rt))), undefined)) as CS["ex"] }
  })
  const list = parts.filter((p): p is CS => p !== undefined)
  if (list.length === 1) return list[0]!
  return sequence(list)
}
