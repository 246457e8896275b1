/**
 * Functions: declarations and expressions with default and rest parameters, closures over mutable state, bounded
 * recursion, methods using `this`, async functions with `await`, `Promise.all`/`allSettled`/`race` and the order in
 * which interleaved async functions run (recorded in `out`).
 */
import type { Ctx } from "./scope.js"
import { boolExpr, numExpr } from "./expressions.js"
import { strExpr } from "./strings.js"
import { arrExpr } from "./collections.js"
import { block, type Out } from "./statements.js"
import { intLit } from "./literals.js"

/** A function body's context: its own `return`, no enclosing loop or label, a small depth. */
const bodyCtx = (ctx: Ctx, params: ReadonlyArray<string>, async: boolean): Ctx =>
  params
    .reduce((c, p) => c.with({ name: p, type: "num", mutable: true }), ctx)
    .derive({ async, inFunction: true, inLoop: false, inSwitch: false, labels: [], depth: Math.min(ctx.depth, 2) })

const declaration = (ctx: Ctx): Out => {
  const c = ctx.c
  const f = ctx.fresh("f")
  const [p, q] = [ctx.fresh("p"), ctx.fresh("p")]
  const rest = c.pick(3) === 0
  const params = rest ? `${p}, ...${q}` : `${p}, ${q} = ${intLit(c)}`
  const inner = bodyCtx(ctx, rest ? [p] : [p, q], false)
  const extra = rest ? `${p} += ${q}.length;\n` : ""
  const body = block(inner, c.int(0, 3)).code
  const ret = `return ${numExpr(inner)};`
  const code = `function ${f}(${params}) {\n${extra}${body}\n${ret}\n}`
  return { code, ctx: ctx.with({ name: f, type: "fn", mutable: false }) }
}

/** `r(k)` recurses k times (k ≤ 6): bounded by construction. */
const recursion = (ctx: Ctx): Out => {
  const r = ctx.fresh("r")
  const k = ctx.fresh("k")
  const inner = bodyCtx(ctx, [k], false)
  const base = numExpr(inner)
  const step = `${r}(${k} - 1) ${ctx.c.one(["+", "*", "-"])} ${numExpr(inner)}`
  const code = `function ${r}(${k}) {\nif (${k} <= 0) return ${base};\nreturn ${step};\n}\nout.push(${r}(${ctx.c.int(0, 6)}));`
  return { code, ctx }
}

/** A counter closure: state shared by the returned functions, private to each factory call. */
const closure = (ctx: Ctx): Out => {
  const [mk, st, g] = [ctx.fresh("mk"), ctx.fresh("st"), ctx.fresh("g")]
  const code = `const ${mk} = (${st}) => ({ inc: (v) => (${st} += v), get: () => ${st} });\nconst ${g} = ${mk}(${numExpr(ctx)});\n${g}.inc(${numExpr(ctx)});\n${mk}(0).inc(5);\nout.push(${g}.get(), ${g}.inc(1));`
  return { code, ctx }
}

const method = (ctx: Ctx): Out => {
  const h = ctx.fresh("h")
  const code = `const ${h} = { k: ${numExpr(ctx)}, tag: ${strExpr(ctx)}, m(v) { return this.k * 2 + v }, t() { return this.tag + this.k } };\nout.push(${h}.m(${numExpr(ctx)}), ${h}.t());`
  return { code, ctx }
}

const asyncFunction = (ctx: Ctx): Out => {
  const c = ctx.c
  const a = ctx.fresh("af")
  const p = ctx.fresh("p")
  const inner = bodyCtx(ctx, [p], true)
  const body = block(inner, c.int(0, 2)).code
  const code = `async function ${a}(${p}) {\nout.push("start", ${p});\nawait null;\n${body}\nout.push("end", ${p});\nreturn ${numExpr(inner)};\n}`
  return { code, ctx: ctx.with({ name: a, type: "afn", mutable: false }) }
}

/** Only where `await` is legal: awaits, Promise combinators and the interleaving of async calls. */
const awaiting = (ctx: Ctx): Out => {
  const c = ctx.c
  const a = ctx.pickVar("afn") ?? "(async (v) => { await null; return v })"
  const v = ctx.fresh("n")
  switch (c.pick(6)) {
    case 0:
      return {
        code: `const ${v} = await ${a}(${numExpr(ctx)});`,
        ctx: ctx.with({ name: v, type: "num", mutable: false }),
      }
    case 1:
      return {
        code: `const [${v}] = await Promise.all([${a}(${numExpr(ctx)}), ${a}(${intLit(c)}), ${numExpr(ctx)}]);`,
        ctx: ctx.with({ name: v, type: "num", mutable: false }),
      }
    case 2:
      return {
        code: `out.push((await Promise.allSettled([${a}(1), Promise.reject(new Error("u:r"))])).map((x) => x.status));`,
        ctx,
      }
    case 3:
      return { code: `out.push(await Promise.race([${a}(${intLit(c)}), ${a}(${intLit(c)})]));`, ctx }
    case 4:
      return {
        code: `await Promise.all(${arrExpr(ctx)}.slice(0, 4).map(async (v) => {\nout.push(v);\nawait null;\nout.push(-v);\n}));`,
        ctx,
      }
    default: {
      const e = ctx.fresh("e")
      return {
        code: `try {\nawait ${c.pick(2) ? `Promise.reject(new RangeError("u:" + ${strExpr(ctx)}))` : `${a}(${numExpr(ctx)})`};\nout.push("resolved");\n} catch (${e}) {\nout.push(${e}.name, ${e}.message.startsWith("u:") ? ${e}.message : "");\n}`,
        ctx,
      }
    }
  }
}

const returning = (ctx: Ctx): Out => ({ code: `if (${boolExpr(ctx)}) return ${numExpr(ctx)};`, ctx })

export const functionStmt = (ctx: Ctx): Out => {
  switch (ctx.c.pick(7)) {
    case 0:
      return declaration(ctx)
    case 1:
      return recursion(ctx)
    case 2:
      return closure(ctx)
    case 3:
      return method(ctx)
    case 4:
      return asyncFunction(ctx)
    case 5:
      return ctx.inFunction ? returning(ctx) : declaration(ctx)
    default:
      return ctx.async ? awaiting(ctx) : declaration(ctx)
  }
}
