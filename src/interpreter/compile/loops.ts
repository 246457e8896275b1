/**
 * Loops (§14.7). Each back-edge ticks the step budget (run-state.ts). A `let`/`const` head gets fresh bindings per
 * iteration (§14.7.4.4 CreatePerIterationEnvironment) only when the loop creates closures; otherwise the bindings
 * live in the enclosing environment array.
 */
import type {
  DoWhileStatement,
  Expression,
  ForInStatement,
  ForOfStatement,
  ForStatement,
  Pattern,
  Statement,
  VariableDeclaration,
  WhileStatement,
} from "acorn"
import { GuestThrow } from "../errors.js"
import { DONE, type GuestIterator, forInKeys, openIterator, toList } from "../iteration.js"
import type { Run } from "../run-state.js"
import { type Env, TDZ } from "../values.js"
import { type CE, type CS, type Completion, BREAK, CONTINUE, Ctx, posOf, unbox } from "./context.js"
import { compileExpr, awaitValue } from "./expressions.js"
import { compilePattern } from "./assign.js"
import { boundNames, containsClosure } from "./hoist.js"
import { Frame, Scope } from "./scope.js"
import { compileStmt } from "./statements.js"

/** Labels that apply to the next loop compiled (set by LabeledStatement). */
export const takeLabels = (ctx: Ctx): ReadonlySet<string> => {
  const l = ctx.labels
  ctx.labels = undefined
  return l ?? new Set()
}

/** 0 = keep looping, 1 = break out normally, otherwise the completion to propagate. */
const control = (c: Completion, labels: ReadonlySet<string>): 0 | 1 | Completion => {
  if (c.type === CONTINUE && (c.label === undefined || labels.has(c.label))) return 0
  if (c.type === BREAK && (c.label === undefined || labels.has(c.label))) return 1
  return c
}

const tick = (rt: Run) => {
  if ((++rt.steps & 4095) === 0) rt.check()
}

const val = async (ce: CE, env: Env, rt: Run) => (ce.async ? unbox(await ce.ev(env, rt)) : ce.ev(env, rt))

const withScope = <T>(ctx: Ctx, scope: Scope, f: () => T): T => {
  const saved = ctx.scope
  ctx.scope = scope
  try {
    return f()
  } finally {
    ctx.scope = saved
  }
}

export const compileFor = (s: ForStatement, ctx: Ctx): CS => {
  const labels = takeLabels(ctx)
  const decl = s.init?.type === "VariableDeclaration" && s.init.kind !== "var" ? s.init : undefined
  const perIteration = decl !== undefined && containsClosure(s)
  const outer = ctx.scope
  const scope = decl ? new Scope(outer, perIteration ? new Frame(outer.frame) : outer.frame, outer.fn, false) : outer
  const tdz: Array<number> = []
  if (decl)
    for (const d of decl.declarations)
      for (const name of boundNames(d.id)) tdz.push(scope.declare(name, decl.kind as "let", d.end).slot)
  const { init, test, update, body } = withScope(ctx, scope, () => ({
    init: s.init
      ? s.init.type === "VariableDeclaration"
        ? compileStmt(s.init, ctx)
        : exprStmt(compileExpr(s.init, ctx))
      : undefined,
    test: s.test ? compileExpr(s.test, ctx) : undefined,
    update: s.update ? compileExpr(s.update, ctx) : undefined,
    body: compileStmt(s.body, ctx),
  }))
  const frame = scope.frame
  const enter = perIteration
    ? (env: Env): Env => {
        const e = new Array<unknown>(frame.size)
        e[0] = env
        for (const t of tdz) e[t] = TDZ
        return e
      }
    : (env: Env): Env => {
        for (const t of tdz) env[t] = TDZ
        return env
      }
  const next = perIteration ? (e: Env): Env => e.slice() : (e: Env) => e
  const i = init?.ex
  const t = test?.ev
  const u = update?.ev
  const b = body.ex
  if (!init?.async && !test?.async && !update?.async && !body.async)
    return {
      async: false,
      ex: (env, rt) => {
        let e = enter(env)
        if (i) i(e, rt)
        while (t === undefined || t(e, rt)) {
          const c = b(e, rt) as Completion | undefined
          if (c !== undefined) {
            const k = control(c, labels)
            if (k === 1) break
            if (k !== 0) return k
          }
          if ((++rt.steps & 4095) === 0) rt.check()
          e = next(e)
          if (u) u(e, rt)
        }
        return undefined
      },
    }
  return {
    async: true,
    ex: async (env, rt) => {
      let e = enter(env)
      if (i) {
        if (init!.async) await i(e, rt)
        else i(e, rt)
      }
      while (t === undefined || (test!.async ? unbox(await t(e, rt)) : t(e, rt))) {
        const c = (body.async ? await b(e, rt) : b(e, rt)) as Completion | undefined
        if (c !== undefined) {
          const k = control(c, labels)
          if (k === 1) break
          if (k !== 0) return k
        }
        tick(rt)
        e = next(e)
        if (update?.async) await u!(e, rt)
        else if (u) u(e, rt)
      }
      return undefined
    },
  }
}

const exprStmt = (e: CE): CS => ({
  async: e.async,
  ex: e.async ? async (env, rt) => (await e.ev(env, rt), undefined) : (env, rt) => (e.ev(env, rt), undefined),
})

export const compileForInOf = (s: ForInStatement | ForOfStatement, ctx: Ctx): CS => {
  const labels = takeLabels(ctx)
  const pos = posOf(s.right, ctx)
  const isOf = s.type === "ForOfStatement"
  const isAwait = isOf && (s as ForOfStatement).await
  const left = s.left
  const decl = left.type === "VariableDeclaration" ? (left as VariableDeclaration) : undefined
  const lexical = decl !== undefined && decl.kind !== "var"
  const right = lexical ? compileHead(s.right, boundNames(decl!.declarations[0]!.id), ctx) : compileExpr(s.right, ctx)
  const perIteration = lexical && containsClosure(s)
  const outer = ctx.scope
  const scope = lexical ? new Scope(outer, perIteration ? new Frame(outer.frame) : outer.frame, outer.fn, false) : outer
  if (lexical)
    for (const name of boundNames(decl!.declarations[0]!.id)) scope.declare(name, decl!.kind as "let", s.left.end)
  const { bind, body } = withScope(ctx, scope, () => ({
    bind: compilePattern(decl ? decl.declarations[0]!.id : (left as Pattern), ctx, decl ? "init" : "assign"),
    body: compileStmt(s.body as Statement, ctx),
  }))
  const frame = scope.frame
  const fresh = perIteration
    ? (env: Env): Env => {
        const e = new Array<unknown>(frame.size)
        e[0] = env
        return e
      }
    : (env: Env) => env
  const rv = right.ev
  const items = (v: unknown, rt: Run): ArrayLike<unknown> =>
    isOf ? (Array.isArray(v) ? v : toList(v, pos, describe(s.right, ctx), rt)) : forInKeys(rt, v, pos)
  // A guest iterable (`[Symbol.iterator]`) is stepped lazily and closed on break, return or throw (§14.7.5.7).
  const lazy = (v: unknown, rt: Run): GuestIterator | undefined =>
    isOf && !Array.isArray(v) && typeof v !== "string" ? openIterator(v, pos, rt) : undefined
  const b = body.ex
  if (!right.async && !body.async && !isAwait)
    return {
      async: false,
      ex: (env, rt) => {
        const v = rv(env, rt)
        const it = lazy(v, rt)
        if (it !== undefined) {
          for (;;) {
            const x = it.step()
            if (x === DONE) return undefined
            let c: Completion | undefined
            try {
              const e = fresh(env)
              bind(e, rt, x)
              c = b(e, rt) as Completion | undefined
            } catch (err) {
              if (err instanceof GuestThrow) it.closeQuietly()
              throw err
            }
            if (c !== undefined) {
              const k = control(c, labels)
              if (k !== 0) {
                it.close()
                return k === 1 ? undefined : k
              }
            }
            if ((++rt.steps & 4095) === 0) rt.check()
          }
        }
        const list = items(v, rt)
        for (let i = 0; i < list.length; i++) {
          const e = fresh(env)
          bind(e, rt, list[i])
          const c = b(e, rt) as Completion | undefined
          if (c !== undefined) {
            const k = control(c, labels)
            if (k === 1) break
            if (k !== 0) return k
          }
          if ((++rt.steps & 4095) === 0) rt.check()
        }
        return undefined
      },
    }
  return {
    async: true,
    ex: async (env, rt) => {
      const v = await val(right, env, rt)
      const it = lazy(v, rt)
      if (it !== undefined) {
        for (;;) {
          const x = it.step()
          if (x === DONE) return undefined
          let c: Completion | undefined
          try {
            const e = fresh(env)
            bind(e, rt, isAwait ? await awaitValue(x, rt, pos) : x)
            c = (body.async ? await b(e, rt) : b(e, rt)) as Completion | undefined
          } catch (err) {
            if (err instanceof GuestThrow) it.closeQuietly()
            throw err
          }
          if (c !== undefined) {
            const k = control(c, labels)
            if (k !== 0) {
              it.close()
              return k === 1 ? undefined : k
            }
          }
          tick(rt)
        }
      }
      const list = items(v, rt)
      for (let i = 0; i < list.length; i++) {
        const e = fresh(env)
        bind(e, rt, isAwait ? await awaitValue(list[i], rt, pos) : list[i])
        const c = (body.async ? await b(e, rt) : b(e, rt)) as Completion | undefined
        if (c !== undefined) {
          const k = control(c, labels)
          if (k === 1) break
          if (k !== 0) return k
        }
        tick(rt)
      }
      return undefined
    },
  }
}

/**
 * The head expression of `for (let x of e)` is evaluated with the loop's names in their TDZ (§14.7.5.6
 * ForIn/OfHeadEvaluation): `let x = 1; for (let x of [x]) {}` throws. Only heads that mention one of the names
 * get the extra scope (slots in the enclosing array, reset to TDZ before each evaluation).
 */
const compileHead = (e: Expression, names: ReadonlyArray<string>, ctx: Ctx): CE => {
  if (!mentions(e, new Set(names))) return compileExpr(e, ctx)
  const outer = ctx.scope
  const scope = new Scope(outer, outer.frame, outer.fn, false, true)
  const slots = names.map((n) => scope.declare(n, "let").slot)
  const head = withScope(ctx, scope, () => compileExpr(e, ctx))
  const ev = head.ev
  return {
    async: head.async,
    ev: (env, rt) => {
      for (const slot of slots) env[slot] = TDZ
      return ev(env, rt)
    },
  }
}

const mentions = (n: unknown, names: ReadonlySet<string>): boolean => {
  if (n === null || typeof n !== "object") return false
  if (Array.isArray(n)) return n.some((x) => mentions(x, names))
  const node = n as { type?: unknown; name?: unknown }
  if (node.type === "Identifier" && typeof node.name === "string") return names.has(node.name)
  for (const k of Object.keys(node))
    if (k !== "loc" && mentions((node as Record<string, unknown>)[k], names)) return true
  return false
}

const describe = (e: Expression, ctx: Ctx): string => {
  const t = ctx.text(e)
  return t.length > 40 ? "value" : t
}

export const compileWhile = (s: WhileStatement, ctx: Ctx): CS => {
  const labels = takeLabels(ctx)
  const test = compileExpr(s.test, ctx)
  const body = compileStmt(s.body, ctx)
  const t = test.ev
  const b = body.ex
  if (!test.async && !body.async)
    return {
      async: false,
      ex: (env, rt) => {
        while (t(env, rt)) {
          const c = b(env, rt) as Completion | undefined
          if (c !== undefined) {
            const k = control(c, labels)
            if (k === 1) break
            if (k !== 0) return k
          }
          if ((++rt.steps & 4095) === 0) rt.check()
        }
        return undefined
      },
    }
  return {
    async: true,
    ex: async (env, rt) => {
      while (test.async ? unbox(await t(env, rt)) : t(env, rt)) {
        const c = (body.async ? await b(env, rt) : b(env, rt)) as Completion | undefined
        if (c !== undefined) {
          const k = control(c, labels)
          if (k === 1) break
          if (k !== 0) return k
        }
        tick(rt)
      }
      return undefined
    },
  }
}

export const compileDoWhile = (s: DoWhileStatement, ctx: Ctx): CS => {
  const labels = takeLabels(ctx)
  const body = compileStmt(s.body, ctx)
  const test = compileExpr(s.test, ctx)
  const t = test.ev
  const b = body.ex
  if (!test.async && !body.async)
    return {
      async: false,
      ex: (env, rt) => {
        do {
          const c = b(env, rt) as Completion | undefined
          if (c !== undefined) {
            const k = control(c, labels)
            if (k === 1) break
            if (k !== 0) return k
          }
          if ((++rt.steps & 4095) === 0) rt.check()
        } while (t(env, rt))
        return undefined
      },
    }
  return {
    async: true,
    ex: async (env, rt) => {
      do {
        const c = (body.async ? await b(env, rt) : b(env, rt)) as Completion | undefined
        if (c !== undefined) {
          const k = control(c, labels)
          if (k === 1) break
          if (k !== 0) return k
        }
        tick(rt)
      } while (test.async ? unbox(await t(env, rt)) : t(env, rt))
      return undefined
    },
  }
}
