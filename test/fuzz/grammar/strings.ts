/** String and string-array expressions: methods with generated arguments, templates, conversions, JSON. */
import type { Ctx } from "./scope.js"
import { choose, leafOr, lambda, numExpr, boolExpr, anyData } from "./expressions.js"
import { arrExpr, objExpr, mapExpr } from "./collections.js"
import { intLit, sarrLit, sepLit, strCmp, strLit } from "./literals.js"

const UNARY_METHODS = ["toUpperCase()", "toLowerCase()", "trim()", "trimStart()", "trimEnd()", "normalize()"]

export const strExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "str", () => strLit(ctx.c)), [
    (s) => `(${strExpr(s)} + ${strExpr(s)})`,
    (s) => `(${strExpr(s)} + ${s.c.pick(2) ? numExpr(s) : boolExpr(s)})`,
    (s) => `\`${s.c.one(["", "a", "<"])}\${${strExpr(s)}}:\${${numExpr(s)}}${s.c.one(["", "!", "\\n"])}\``,
    (s) => `${strExpr(s)}.${s.c.one(UNARY_METHODS)}`,
    (s) =>
      s.c.one([
        `${strExpr(s)}.slice(${intLit(s.c, -4, 6)}${s.c.pick(2) ? `, ${intLit(s.c, -4, 6)}` : ""})`,
        `${strExpr(s)}.substring(${s.c.int(0, 5)}, ${s.c.int(0, 5)})`,
        `${strExpr(s)}.padStart(${s.c.int(0, 8)}, ${strLit(s.c)})`,
        `${strExpr(s)}.padEnd(${s.c.int(0, 8)})`,
        `${strExpr(s)}.repeat(${s.c.int(0, 3)})`,
        `(${strExpr(s)}.at(${intLit(s.c, -3, 3)}) ?? "")`,
        `${strExpr(s)}.charAt(${s.c.int(0, 3)})`,
        `${strExpr(s)}.concat(${strExpr(s)})`,
      ]),
    (s) => `${strExpr(s)}.${s.c.one(["replace", "replaceAll"])}(${strLit(s.c)}, ${strLit(s.c)})`,
    (s) => `${s.c.pick(2) ? arrExpr(s) : sarrExpr(s)}.join(${sepLit(s.c)})`,
    (s) =>
      s.c.one([
        `String(${numExpr(s)})`,
        `String({ toString() { return ${strExpr(s.derive({ async: false }))} } })`,
        `\`\${{ toString: () => ${strExpr(s.derive({ async: false }))}, valueOf: () => 0 }}\``,
        `(${numExpr(s)}).toFixed(${s.c.int(0, 4)})`,
        `(${numExpr(s)}).toString(${s.c.one(["", "2", "16", "36"])})`,
        `(${numExpr(s)}).toPrecision(${s.c.int(1, 6)})`,
        `(${numExpr(s)}).toExponential(${s.c.int(0, 3)})`,
      ]),
    (s) => `JSON.stringify(${anyData(s)})`,
    (s) => `(typeof ${anyData(s)})`,
    (s) => `(${boolExpr(s)} ? ${strExpr(s)} : ${strExpr(s)})`,
    (s) => s.c.one([`${objExpr(s)}.s`, `Object.keys(${objExpr(s)}).join()`, `(${objExpr(s)}?.s ?? "none")`]),
    (s) => `String.fromCharCode(65 + ((${numExpr(s)}) & 15))`,
    (s) => `${strExpr(s)}.split(${sepLit(s.c)}).reverse().join(${sepLit(s.c)})`,
    (s) => `[...${strExpr(s)}].toReversed().join("")`,
    (s) => `${s.c.one(["encodeURIComponent", "encodeURI"])}(${strExpr(s)})`,
    (s) => `${sarrExpr(s)}.map(${lambda(s, "str", strExpr)}).join(${sepLit(s.c)})`,
    (s) => `(${strExpr(s)} || ${strLit(s.c)})`,
  ])

export const sarrExpr = (ctx: Ctx): string =>
  choose(ctx, () => leafOr(ctx, "sarr", () => sarrLit(ctx.c)), [
    (s) => `${strExpr(s)}.split(${sepLit(s.c)})`,
    (s) => `Object.keys(${objExpr(s)})`,
    (s) => s.c.one([`${arrExpr(s)}.map(String)`, `${arrExpr(s)}.map((v) => v.toFixed(1))`]),
    (s) => `[...${mapExpr(s)}.keys()]`,
    (s) =>
      s.c.one([
        `${sarrExpr(s)}.toSorted()`,
        `${sarrExpr(s)}.toSorted(${strCmp(s.c)})`,
        `${sarrExpr(s)}.filter(${lambda(s, "str", boolExpr)})`,
        `${sarrExpr(s)}.map(${lambda(s, "str", strExpr)})`,
        `${sarrExpr(s)}.slice(${s.c.int(0, 2)})`,
        `${sarrExpr(s)}.concat(${sarrExpr(s)})`,
      ]),
    (s) => `Object.entries(${objExpr(s)}).map(([k, v]) => k + "=" + JSON.stringify(v))`,
    (s) => `[${strExpr(s)}, ${strExpr(s)}]`,
    (s) => `[...new Set(${sarrExpr(s)})]`,
  ])
