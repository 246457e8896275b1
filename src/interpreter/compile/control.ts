/**
 * try/catch/finally, switch and labels (§14.15, §14.12, §14.13). A `Fatal` (timeout, non-catchable host failure)
 * passes through `catch` and skips `finally`: a program cannot swallow the end of its run.
 */
import type { CatchClause, LabeledStatement, Statement, SwitchStatement, TryStatement } from "acorn"
import { GuestThrow, normalizeThrown } from "../errors.js"
import type { Run } from "../run-state.js"
import type { Env } from "../values.js"
import { type CE, type CS, type Completion, BREAK, Ctx, posOf, unbox } from "./context.js"
import { compilePattern } from "./assign.js"
import { compileBlockStatements, compileScopedList, sequence } from "./block.js"
import { compileExpr } from "./expressions.js"
import { boundNames, containsClosure } from "./hoist.js"
import { Frame, Scope } from "./scope.js"
import { compileStmt } from "./statements.js"

type Handler = (env: Env, rt: Run, value: unknown) => Completion | undefined | Promise<Completion | undefined>

const compileCatch = (h: CatchClause, ctx: Ctx): { run: Handler; async: boolean } => {
  if (!h.param) {
    const body = compileBlockStatements(h.body.body, ctx)
    return { async: body.async, run: (env, rt) => body.ex(env, rt) }
  }
  const outer = ctx.scope
  const own = containsClosure(h.body)
  const scope = new Scope(outer, own ? new Frame(outer.frame) : outer.frame, outer.fn, false)
  for (const name of boundNames(h.param)) scope.declare(name, "catch")
  ctx.scope = scope
  try {
    const bind = compilePattern(h.param, ctx, "init")
    const body = compileBlockStatements(h.body.body, ctx)
    const size = () => scope.frame.size
    const ex = body.ex
    return {
      async: body.async,
      run: (env, rt, value) => {
        let e = env
        if (own) {
          e = new Array<unknown>(size())
          e[0] = env
        }
        bind(e, rt, value)
        return ex(e, rt)
      },
    }
  } finally {
    ctx.scope = outer
  }
}

export const compileTry = (s: TryStatement, ctx: Ctx): CS => {
  const pos = posOf(s, ctx)
  const block = compileBlockStatements(s.block.body, ctx)
  const handler = s.handler ? compileCatch(s.handler, ctx) : undefined
  const fin = s.finalizer ? compileBlockStatements(s.finalizer.body, ctx) : undefined
  const b = block.ex
  const h = handler?.run
  const f = fin?.ex
  if (!block.async && !handler?.async && !fin?.async)
    return {
      async: false,
      ex: (env, rt) => {
        let completion: Completion | undefined
        let thrown: GuestThrow | undefined
        try {
          completion = b(env, rt) as Completion | undefined
        } catch (e) {
          const t = normalizeThrown(e, pos)
          if (!(t instanceof GuestThrow)) throw t
          if (h) {
            try {
              completion = h(env, rt, t.value) as Completion | undefined
            } catch (e2) {
              const t2 = normalizeThrown(e2, pos)
              if (!(t2 instanceof GuestThrow)) throw t2
              thrown = t2
            }
          } else thrown = t
        }
        if (f) {
          const fc = f(env, rt) as Completion | undefined
          if (fc !== undefined) return fc
        }
        if (thrown) throw thrown
        return completion
      },
    }
  return {
    async: true,
    ex: async (env, rt) => {
      let completion: Completion | undefined
      let thrown: GuestThrow | undefined
      try {
        completion = await b(env, rt)
      } catch (e) {
        const t = normalizeThrown(e, pos)
        if (!(t instanceof GuestThrow)) throw t
        if (h) {
          try {
            completion = await h(env, rt, t.value)
          } catch (e2) {
            const t2 = normalizeThrown(e2, pos)
            if (!(t2 instanceof GuestThrow)) throw t2
            thrown = t2
          }
        } else thrown = t
      }
      if (f) {
        const fc = await f(env, rt)
        if (fc !== undefined) return fc
      }
      if (thrown) throw thrown
      return completion
    },
  }
}

export const compileSwitch = (s: SwitchStatement, ctx: Ctx): CS => {
  const labels = takeLabelsLocal(ctx)
  const all: Array<Statement> = s.cases.flatMap((c) => c.consequent)
  // The discriminant is evaluated outside the case scope (§14.12.4): `let x = 1; switch (x) { case 1: let x }`
  // reads the outer x. It runs on the case block's environment array: the parent one when the block has its own.
  const outerDisc = compileExpr(s.discriminant, ctx)
  const block = compileScopedList(all, ctx, true)
  const saved = ctx.scope
  const ownFrame = block.scope.frame !== saved.frame
  const dev = outerDisc.ev
  const disc: CE = ownFrame ? { async: outerDisc.async, ev: (env, rt) => dev(env[0] as Env, rt) } : outerDisc
  ctx.scope = block.scope
  let tests, bodies
  try {
    tests = s.cases.map((c) => (c.test ? compileExpr(c.test, ctx) : undefined))
    bodies = s.cases.map((c) => sequence(c.consequent.map((st) => compileStmt(st, ctx))))
  } finally {
    ctx.scope = saved
  }
  const defaultIndex = s.cases.findIndex((c) => !c.test)
  const anyAsync = disc.async || tests.some((t) => t?.async) || bodies.some((b) => b.async)
  const n = bodies.length
  const exs = bodies.map((b) => b.ex)
  const asyncs = bodies.map((b) => b.async)
  const done = (c: Completion | undefined): Completion | undefined =>
    c !== undefined && c.type === BREAK && (c.label === undefined || labels.has(c.label)) ? undefined : c
  const body: CS = anyAsync
    ? {
        async: true,
        ex: async (env, rt) => {
          const v = disc.async ? unbox(await disc.ev(env, rt)) : disc.ev(env, rt)
          let start = -1
          for (let i = 0; i < n && start < 0; i++) {
            const t = tests[i]
            if (t && (t.async ? unbox(await t.ev(env, rt)) : t.ev(env, rt)) === v) start = i
          }
          if (start < 0) start = defaultIndex
          if (start < 0) return undefined
          for (let j = start; j < n; j++) {
            const c = asyncs[j] ? await exs[j]!(env, rt) : (exs[j]!(env, rt) as Completion | undefined)
            if (c !== undefined) return done(c)
          }
          return undefined
        },
      }
    : {
        async: false,
        ex: (env, rt) => {
          const v = disc.ev(env, rt)
          let start = -1
          for (let i = 0; i < n && start < 0; i++) {
            const t = tests[i]
            if (t && t.ev(env, rt) === v) start = i
          }
          if (start < 0) start = defaultIndex
          if (start < 0) return undefined
          for (let j = start; j < n; j++) {
            const c = exs[j]!(env, rt) as Completion | undefined
            if (c !== undefined) return done(c)
          }
          return undefined
        },
      }
  return block.finish(body)
}

const takeLabelsLocal = (ctx: Ctx): ReadonlySet<string> => {
  const l = ctx.labels
  ctx.labels = undefined
  return l ?? new Set()
}

const LOOPS = new Set([
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
  "WhileStatement",
  "DoWhileStatement",
  "SwitchStatement",
])

export const compileLabeled = (s: LabeledStatement, ctx: Ctx): CS => {
  const label = s.label.name
  const c = ctx
  if (LOOPS.has(s.body.type) || s.body.type === "LabeledStatement") {
    c.labels = new Set([...(c.labels ?? []), label])
  } else c.labels = undefined
  const body = compileStmt(s.body, ctx)
  c.labels = undefined
  const ex = body.ex
  const done = (r: Completion | undefined) => (r !== undefined && r.type === BREAK && r.label === label ? undefined : r)
  if (!body.async) return { async: false, ex: (env, rt) => done(ex(env, rt) as Completion | undefined) }
  return { async: true, ex: async (env, rt) => done(await ex(env, rt)) }
}
