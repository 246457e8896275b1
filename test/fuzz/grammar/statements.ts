/**
 * Statements. `stmt` returns the code and the context after it (a declaration extends the scope). Every loop is
 * bounded by construction (a counter the body cannot assign, or iteration over a copy), so a generated program
 * always terminates; reassigned strings and arrays are clipped so repeated doubling stays small.
 */
import type { Binding, Ctx, Type } from "./scope.js"
import { DATA_TYPES } from "./scope.js"
import { anyData, boolExpr, expr, numExpr } from "./expressions.js"
import { strExpr } from "./strings.js"
import { arrExpr, mapExpr, objExpr, setExpr } from "./collections.js"
import { intLit, KEYS, numCmp, strLit } from "./literals.js"
import { controlStmt } from "./control.js"
import { functionStmt } from "./functions.js"

export interface Out {
  readonly code: string
  readonly ctx: Ctx
}
const same = (ctx: Ctx, code: string): Out => ({ code, ctx })

/** Up to `n` statements in sequence, threading the scope. */
export const block = (ctx: Ctx, n: number): Out => {
  const parts: Array<string> = []
  let cur = ctx
  for (let i = 0; i < n && !cur.c.exhausted; i++) {
    const o = stmt(cur)
    parts.push(o.code)
    cur = o.ctx
  }
  return { code: parts.join("\n"), ctx: cur }
}
/** A braced block: its declarations do not leak to the caller's scope. */
export const braced = (ctx: Ctx, n: number): string => `{\n${block(ctx, n).code}\n}`

const clip = (type: Type, e: string): string =>
  type === "str" ? `(${e}).slice(0, 40)` : type === "arr" || type === "sarr" ? `(${e}).slice(0, 12)` : e

export const declare = (ctx: Ctx, type: Type = ctx.c.one([...DATA_TYPES, "fn"])): Out => {
  const mutable = ctx.c.pick(2) === 0
  const name = ctx.fresh(type.slice(0, 1))
  const b: Binding = { name, type, mutable }
  return { code: `${mutable ? "let" : "const"} ${name} = ${expr(ctx, type)};`, ctx: ctx.with(b) }
}

const assign = (ctx: Ctx): Out => {
  const vs = ctx.vars.filter((v) => v.mutable)
  if (vs.length === 0) return declare(ctx)
  const v = ctx.c.one(vs)
  const c = ctx.c.pick(4)
  if (c === 1 && v.type === "num")
    return same(ctx, `${v.name} ${ctx.c.one(["+=", "-=", "*=", "%=", "|=", "**="])} ${numExpr(ctx)};`)
  if (c === 2 && v.type === "str") return same(ctx, `${v.name} = (${v.name} + ${strExpr(ctx)}).slice(-30);`)
  if (c === 3 && v.type === "num") return same(ctx, `${v.name} ??= ${numExpr(ctx)}; ${v.name} ||= 1;`)
  return same(ctx, `${v.name} = ${clip(v.type, expr(ctx, v.type))};`)
}

/** In-place changes to a collection in scope (also through `const` bindings). */
const mutate = (ctx: Ctx): Out => {
  const c = ctx.c
  const a = ctx.pickVar("arr")
  const m = ctx.pickVar("map")
  const s = ctx.pickVar("set")
  const o = ctx.pickVar("obj")
  const opts: Array<() => string> = []
  if (a !== undefined)
    opts.push(() =>
      c.one([
        `if (${a}.length < 20) ${a}.push(${numExpr(ctx)});`,
        `${a}.pop();`,
        `${a}.shift();`,
        `${a}.unshift(${numExpr(ctx)});`,
        `${a}.sort(${numCmp(c)});`,
        `${a}.reverse();`,
        `${a}.splice(${c.int(0, 2)}, ${c.int(0, 2)}${c.pick(2) ? `, ${numExpr(ctx)}` : ""});`,
        `${a}[${c.int(0, 4)} % (${a}.length + 1)] = ${numExpr(ctx)};`,
        // Past the end: the skipped indices become holes.
        `if (${a}.length < 20) ${a}[${a}.length + ${c.int(1, 2)}] = ${numExpr(ctx)};`,
        `${a}.length = Math.min(${a}.length, ${c.int(0, 3)});`,
      ]),
    )
  if (m !== undefined)
    opts.push(() =>
      c.one([`${m}.set(${strExpr(ctx)}, ${numExpr(ctx)});`, `${m}.delete(${strExpr(ctx)});`, `${m}.clear();`]),
    )
  if (s !== undefined) opts.push(() => c.one([`${s}.add(${numExpr(ctx)});`, `${s}.delete(${numExpr(ctx)});`]))
  if (o !== undefined)
    opts.push(() =>
      c.one([
        `${o}.n = ${numExpr(ctx)};`,
        `${o}.s += ${strLit(c)};`,
        `${o}[${c.one(KEYS)}] = ${numExpr(ctx)};`,
        `delete ${o}[${c.one(KEYS)}];`,
        `if (Array.isArray(${o}.xs) && ${o}.xs.length < 20) ${o}.xs.push(${numExpr(ctx)});`,
      ]),
    )
  return opts.length === 0 ? declare(ctx) : same(ctx, c.one(opts)())
}

/** `const { n, s: alias = d, ...rest } = obj` and `const [a, b = d, ...rest] = arr`. */
const destructure = (ctx: Ctx): Out => {
  const c = ctx.c
  if (c.pick(2) === 0) {
    const [n, s, r] = [ctx.fresh("n"), ctx.fresh("s"), ctx.fresh("o")]
    const code = `const { n: ${n}, s: ${s} = ${strLit(c)}, ...${r} } = ${objExpr(ctx)};`
    const bs: Array<Binding> = [
      { name: n, type: "num", mutable: false },
      { name: s, type: "str", mutable: false },
    ]
    return { code, ctx: ctx.derive({ vars: [...ctx.vars, ...bs] }) }
  }
  const [x, y, r] = [ctx.fresh("n"), ctx.fresh("n"), ctx.fresh("a")]
  const code = `let [${x}, ${y} = ${intLit(c)}, ...${r}] = ${arrExpr(ctx)};`
  const bs: Array<Binding> = [
    { name: x, type: "num", mutable: true },
    { name: y, type: "num", mutable: true },
    { name: r, type: "arr", mutable: true },
  ]
  return { code, ctx: ctx.derive({ vars: [...ctx.vars, ...bs] }) }
}

const record = (ctx: Ctx): Out => same(ctx, `out.push(${anyData(ctx)});`)

const mapSetOut = (ctx: Ctx): Out =>
  same(ctx, ctx.c.pick(2) ? `out.push([...${mapExpr(ctx)}]);` : `out.push([...${setExpr(ctx)}].sort());`)

export const stmt = (ctx: Ctx): Out => {
  const c = ctx.c
  if (ctx.depth <= 0) return c.pick(2) ? record(ctx) : declare(ctx)
  switch (c.pick(14)) {
    case 0:
    case 1:
      return record(ctx)
    case 2:
    case 3:
      return declare(ctx)
    case 4:
      return assign(ctx)
    case 5:
    case 6:
      return mutate(ctx)
    case 7:
      return destructure(ctx)
    case 8:
      return mapSetOut(ctx)
    case 9:
    case 10:
      return same(ctx, controlStmt(ctx.deeper()))
    case 11:
      return functionStmt(ctx)
    case 12:
      return same(ctx, `if (${boolExpr(ctx)}) out.push(${strExpr(ctx)});`)
    default:
      return same(ctx, controlStmt(ctx.deeper()))
  }
}
