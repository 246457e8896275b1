/**
 * Typed expressions: `expr(ctx, type)` writes an expression whose value has `type` (as a hint: `NaN`, `null` after a
 * JSON round trip or a thrown TypeError are fine, both engines must agree on them). Alternative 0 is always a leaf,
 * and a leaf is forced when the depth budget or the choice sequence runs out.
 */
import type { Ctx, Type } from "./scope.js"
import { DATA_TYPES } from "./scope.js"
import { intLit, numLit, strLit, KEYS } from "./literals.js"
import { strExpr, sarrExpr } from "./strings.js"
import { arrExpr, objExpr, mapExpr, setExpr, fnExpr, afnExpr } from "./collections.js"

const TABLE: Record<Type, (ctx: Ctx) => string> = {
  num: (ctx) => numExpr(ctx),
  str: (ctx) => strExpr(ctx),
  bool: (ctx) => boolExpr(ctx),
  arr: (ctx) => arrExpr(ctx),
  sarr: (ctx) => sarrExpr(ctx),
  obj: (ctx) => objExpr(ctx),
  map: (ctx) => mapExpr(ctx),
  set: (ctx) => setExpr(ctx),
  fn: (ctx) => fnExpr(ctx),
  afn: (ctx) => afnExpr(ctx),
}

export const expr = (ctx: Ctx, type: Type): string => TABLE[type](ctx)
export const anyData = (ctx: Ctx): string => expr(ctx, ctx.c.one(DATA_TYPES))

/** A leaf: a variable of the type (when one is in scope, most of the time) or a literal. */
export const leafOr = (ctx: Ctx, type: Type, literal: () => string): string => {
  const v = ctx.c.pick(3) > 0 ? ctx.pickVar(type) : undefined
  return v ?? literal()
}

/** Chooses among alternatives, or the leaf when out of budget. */
export const choose = (ctx: Ctx, leaf: () => string, alts: ReadonlyArray<(sub: Ctx) => string>): string => {
  if (ctx.depth <= 0 || ctx.c.exhausted) return leaf()
  // A leaf 40% of the time: expressions stay a few nodes deep and leave entropy for statements.
  if (ctx.c.pick(5) < 2) return leaf()
  return ctx.c.one(alts)(ctx.deeper())
}

/** An arrow whose single parameter is bound with `type` while its body is written. */
export const lambda = (ctx: Ctx, type: Type, body: (inner: Ctx) => string): string => {
  const p = ctx.fresh("x")
  return `(${p}) => ${body(ctx.with({ name: p, type, mutable: false }).derive({ async: false }))}`
}

const MATH1 = ["abs", "floor", "ceil", "round", "trunc", "sign", "sqrt", "cbrt", "log2", "fround"]
const MATH2 = ["max", "min", "hypot", "atan2", "imul"]
const NUM_OPS = ["+", "-", "*", "%", "/"]
const BIT_OPS = ["|", "&", "^", "<<", ">>", ">>>"]
const CMP = ["===", "!==", "<", "<=", ">", ">=", "==", "!="]

export const numExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "num", () => numLit(ctx.c)), [
    (s) => `(${numExpr(s)} ${s.c.one(NUM_OPS)} ${numExpr(s)})`,
    (s) => `(${numExpr(s)} ${s.c.one(BIT_OPS)} ${numExpr(s)})`,
    (s) => `(${numExpr(s)} ** ${s.c.int(0, 3)})`,
    (s) => `Math.${s.c.one(MATH1)}(${numExpr(s)})`,
    (s) => `Math.${s.c.one(MATH2)}(${numExpr(s)}, ${numExpr(s)})`,
    (s) => `${strExpr(s)}.length`,
    (s) => `${arrExpr(s)}.length`,
    (s) =>
      s.c.one([
        `${arrExpr(s)}.indexOf(${numExpr(s)})`,
        // A member the engine calls on conversion; its body is synchronous whatever the context.
        `(+{ valueOf() { return ${numExpr(s.derive({ async: false }))} } })`,
        `(Object.isFrozen(${arrExpr(s)}) ? 1 : 0)`,
        `${arrExpr(s)}.reduce((acc, v) => acc + v, ${intLit(s.c)})`,
        `${arrExpr(s)}.findIndex(${lambda(s, "num", boolExpr)})`,
        `(${arrExpr(s)}.at(${intLit(s.c)}) ?? -1)`,
        `(${arrExpr(s)}.find(${lambda(s, "num", boolExpr)}) ?? 0)`,
        `${arrExpr(s)}.reduceRight((acc, v) => acc * 2 + v, 0)`,
      ]),
    (s) =>
      s.c.one([
        `${strExpr(s)}.charCodeAt(${s.c.int(0, 4)})`,
        `Number(${strExpr(s)})`,
        `parseInt(${strExpr(s)}, ${s.c.one(["10", "16", "2", "36"])})`,
        `parseFloat(${strExpr(s)})`,
        `${strExpr(s)}.indexOf(${strExpr(s)})`,
        `(${strExpr(s)}.codePointAt(0) ?? -1)`,
      ]),
    (s) => `(${boolExpr(s)} ? ${numExpr(s)} : ${numExpr(s)})`,
    (s) => s.c.one([`${objExpr(s)}.n`, `(${objExpr(s)}?.xs?.[${s.c.int(0, 3)}] ?? ${intLit(s.c)})`]),
    (s) => s.c.one([`(${mapExpr(s)}.get(${strExpr(s)}) ?? 0)`, `${setExpr(s)}.size`, `${mapExpr(s)}.size`]),
    (s) => {
      const f = s.pickVar("fn")
      const a = s.async ? s.pickVar("afn") : undefined
      if (a !== undefined && s.c.pick(2) === 1) return `(await ${a}(${numExpr(s)}))`
      return f !== undefined ? `${f}(${numExpr(s)})` : `(${fnExpr(s)})(${numExpr(s)})`
    },
    (s) => {
      const v = s.pickVar("num", true)
      return v === undefined ? numExpr(s) : s.c.one([`(${v} += ${numExpr(s)})`, `${v}++`, `--${v}`, `(${v} *= 2)`])
    },
    (s) => `Math.round((${numExpr(s)}) * 100) / 100`,
    (s) => `Number((${numExpr(s)}).toFixed(${s.c.int(0, 3)}))`,
    (s) => `[...${setExpr(s)}].length`,
    (s) => `(${numExpr(s)}, ${numExpr(s)})`,
    (s) => `(-(${numExpr(s)}))`,
    (s) => `(${strExpr(s)} ${s.c.one(["-", "*"])} ${numExpr(s)})`,
    (s) => `Number.${s.c.one(["parseFloat", "parseInt"])}(String(${numExpr(s)}))`,
  ])

export const boolExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "bool", () => ctx.c.one(["true", "false"])), [
    (s) => `(${numExpr(s)} ${s.c.one(CMP)} ${numExpr(s)})`,
    (s) => `(${strExpr(s)} ${s.c.one(CMP)} ${strExpr(s)})`,
    (s) => s.c.one([`!${boolExpr(s)}`, `(${boolExpr(s)} && ${boolExpr(s)})`, `(${boolExpr(s)} || ${boolExpr(s)})`]),
    (s) =>
      s.c.one([
        `${arrExpr(s)}.includes(${numExpr(s)})`,
        `${arrExpr(s)}.some(${lambda(s, "num", boolExpr)})`,
        `${arrExpr(s)}.every(${lambda(s, "num", boolExpr)})`,
      ]),
    (s) => `${strExpr(s)}.${s.c.one(["includes", "startsWith", "endsWith"])}(${strExpr(s)})`,
    (s) => s.c.one([`${setExpr(s)}.has(${numExpr(s)})`, `${mapExpr(s)}.has(${strExpr(s)})`]),
    (s) =>
      `${s.c.one(["Number.isInteger", "Number.isNaN", "isFinite", "isNaN", "Number.isSafeInteger"])}(${numExpr(s)})`,
    (s) => s.c.one([`Object.hasOwn(${objExpr(s)}, ${s.c.one(KEYS)})`, `(${s.c.one(KEYS)} in ${objExpr(s)})`]),
    (s) => `Array.isArray(${anyData(s)})`,
    (s) => `(typeof ${anyData(s)} === ${s.c.one(['"number"', '"string"', '"object"', '"boolean"'])})`,
    (s) => `(${anyData(s)} ?? ${boolExpr(s)}) === null`,
    (s) => `Boolean(${anyData(s)})`,
    (s) => `(${strExpr(s)} === ${strLit(s.c)})`,
  ])
