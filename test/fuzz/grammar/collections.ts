/**
 * Arrays (holes included), objects (frozen ones too: a later write throws in strict code), Maps, Sets and functions.
 * Sorts only with consistent comparators: an inconsistent one leaves the order implementation-defined, so two correct
 * engines may differ.
 */
import type { Ctx } from "./scope.js"
import { choose, leafOr, lambda, numExpr, boolExpr } from "./expressions.js"
import { strExpr, sarrExpr } from "./strings.js"
import { arrLit, intLit, numCmp, strLit } from "./literals.js"

export const arrExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "arr", () => arrLit(ctx.c)), [
    (s) => `${arrExpr(s)}.map(${lambda(s, "num", numExpr)})`,
    (s) => `${arrExpr(s)}.filter(${lambda(s, "num", boolExpr)})`,
    (s) =>
      s.c.one([
        `${arrExpr(s)}.slice(${intLit(s.c, -3, 4)}${s.c.pick(2) ? `, ${intLit(s.c, -3, 4)}` : ""})`,
        `${arrExpr(s)}.toSorted(${numCmp(s.c)})`,
        `${arrExpr(s)}.toSorted()`,
        `${arrExpr(s)}.toReversed()`,
        `${arrExpr(s)}.concat(${arrExpr(s)})`,
        `${arrExpr(s)}.flatMap((v) => [v, v * 2])`,
        `[...${arrExpr(s)}, ...${arrExpr(s)}]`,
        `[...${arrExpr(s)}].sort(${numCmp(s.c)})`,
        `${arrExpr(s)}.toSpliced(${s.c.int(0, 2)}, ${s.c.int(0, 2)})`,
        `${arrExpr(s)}.with(${s.c.int(0, 3)}, ${numExpr(s)})`,
        `[${arrExpr(s)}, [${numExpr(s)}]].flat()`,
        `${arrExpr(s)}.fill(${intLit(s.c)}, ${s.c.int(0, 2)})`,
        `${arrExpr(s)}.copyWithin(0, ${s.c.int(0, 3)})`,
        // Holes: skipped by map/filter/keys, read as undefined by Array.from and spread.
        `[${numExpr(s)}, , ${numExpr(s)}].map((v) => v * 2)`,
        `Array.from([${numExpr(s)}, , ${numExpr(s)}], (v) => v ?? -1)`,
        `Object.keys([, ${numExpr(s)}, , ${numExpr(s)}]).map(Number)`,
        `Object.freeze(${arrExpr(s)})`,
      ]),
    (s) => {
      const i = s.fresh("i")
      const body = numExpr(s.with({ name: i, type: "num", mutable: false }).derive({ async: false }))
      return `Array.from({ length: ${s.c.int(0, 5)} }, (_, ${i}) => ${body})`
    },
    (s) => `${strExpr(s)}.split("").map((ch) => ch.charCodeAt(0))`,
    (s) => s.c.one([`[...${setExpr(s)}]`, `[...${mapExpr(s)}.values()]`, `Array.from(${setExpr(s)})`]),
    (s) => `Object.values(${objExpr(s)}).filter((v) => typeof v === "number")`,
    (s) => `${sarrExpr(s)}.map((t) => t.length)`,
    (s) => `[${numExpr(s)}, ${numExpr(s)}]`,
    (s) => {
      const f = s.pickVar("fn")
      return f === undefined ? arrExpr(s) : `${arrExpr(s)}.map((v) => ${f}(v))`
    },
    (s) =>
      s.async
        ? `(await Promise.all(${arrExpr(s)}.map(async (v) => { await null; return v * ${intLit(s.c)} })))`
        : arrExpr(s),
    (s) => s.c.one([`JSON.parse(JSON.stringify(${arrExpr(s)}))`, `structuredClone(${arrExpr(s)})`]),
    (s) => `Array.of(${numExpr(s)})`,
  ])

export const objExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "obj", () => `({ n: ${intLit(ctx.c)}, s: ${strLit(ctx.c)}, xs: ${arrLit(ctx.c)} })`), [
    (s) => `({ n: ${numExpr(s)}, s: ${strExpr(s)}, xs: ${arrExpr(s)} })`,
    (s) => `({ ...${objExpr(s)}, n: ${numExpr(s)} })`,
    (s) => s.c.one([`JSON.parse(JSON.stringify(${objExpr(s)}))`, `structuredClone(${objExpr(s)})`]),
    (s) => `Object.assign({}, ${objExpr(s)}, { s: ${strExpr(s)} })`,
    (s) => `Object.fromEntries(Object.entries(${objExpr(s)}))`,
    (s) => `Object.freeze(${objExpr(s)})`,
    // A computed key may be numeric text ("42", "1"): V8 orders integer keys first; the interpreter must too.
    (s) => `({ n: ${numExpr(s)}, s: ${strExpr(s)}, xs: ${arrExpr(s)}, [${strExpr(s)}]: ${numExpr(s)} })`,
    (s) => {
      const n = s.fresh("o")
      return `((${n}) => ({ n: ${n}.xs.length, s: ${n}.s + "!", xs: ${n}.xs.slice(1) }))(${objExpr(s)})`
    },
  ])

export const mapExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "map", () => `new Map([[${strLit(ctx.c)}, ${intLit(ctx.c)}]])`), [
    (s) => `new Map([[${strExpr(s)}, ${numExpr(s)}], [${strExpr(s)}, ${numExpr(s)}]])`,
    (s) => `new Map(${arrExpr(s)}.map((v, k) => [String(v), k]))`,
    (s) => `new Map(Object.entries({ a: ${numExpr(s)}, b: ${numExpr(s)} }))`,
    (s) => `new Map([...${mapExpr(s)}].filter(([k, v]) => v > ${intLit(s.c)}))`,
    (s) => `structuredClone(${mapExpr(s)})`,
  ])

export const setExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "set", () => `new Set(${arrLit(ctx.c)})`), [
    (s) => `new Set(${arrExpr(s)})`,
    (s) => `new Set([...${setExpr(s)}].filter(${lambda(s, "num", boolExpr)}))`,
    (s) => `new Set(${strExpr(s)}.split("").map((ch) => ch.charCodeAt(0) % 7))`,
  ])

export const fnExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "fn", () => "((v) => v + 1)"), [
    (s) => `(${lambda(s, "num", numExpr)})`,
    (s) => {
      const p = s.fresh("x")
      const inner = s.with({ name: p, type: "num", mutable: false }).derive({ async: false })
      return `(function (${p}) { return ${numExpr(inner)} })`
    },
    (s) => {
      // A closure factory: the returned arrow captures the factory's parameter.
      const k = s.fresh("k")
      const inner = s.with({ name: k, type: "num", mutable: false }).derive({ async: false })
      return `((${k}) => (v) => v * ${k} + ${numExpr(inner)})(${numExpr(s)})`
    },
  ])

export const afnExpr = (ctx: Ctx): string => {
  const p = ctx.fresh("x")
  const inner = ctx
    .with({ name: p, type: "num", mutable: false })
    .derive({ async: true, depth: Math.min(ctx.depth, 2) })
  return `(async (${p}) => { await null; return ${numExpr(inner)} })`
}
