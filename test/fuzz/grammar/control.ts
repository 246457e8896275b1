/**
 * Control flow: if/else, switch (with fall-through), bounded for / for-of / for-in / while / do-while, labelled
 * loops with `break label` / `continue label`, try/catch/finally, throw of values and Errors. A caught value is
 * recorded by name (`e.name`), not by message: built-in error messages are worded differently by each engine; a
 * program's own messages start with "u:" and are recorded in full.
 */
import type { Ctx } from "./scope.js"
import { anyData, boolExpr, numExpr } from "./expressions.js"
import { strExpr } from "./strings.js"
import { arrExpr, objExpr } from "./collections.js"
import { braced } from "./statements.js"
import { intLit, strLit } from "./literals.js"

const BODY = 3

const loopCtx = (ctx: Ctx, counter?: string, label?: string): Ctx => {
  const withCounter = counter === undefined ? ctx : ctx.with({ name: counter, type: "num", mutable: false })
  return withCounter.derive({ inLoop: true, labels: label === undefined ? ctx.labels : [...ctx.labels, label] })
}

/** `break`/`continue` (plain or to a label in scope), always behind a condition so the loop still does work. */
export const jump = (ctx: Ctx): string => {
  const c = ctx.c
  const kind = ctx.inLoop ? c.one(["break", "continue"]) : "break"
  const target = ctx.labels.length > 0 && c.pick(2) ? ` ${c.one(ctx.labels)}` : ""
  return `if (${boolExpr(ctx)}) ${kind}${target};`
}

const thrown = (ctx: Ctx): string =>
  ctx.c.one([
    `new Error("u:" + ${strExpr(ctx)})`,
    `new RangeError("u:range")`,
    `new TypeError("u:" + ${numExpr(ctx)})`,
    numExpr(ctx),
    strLit(ctx.c),
    `{ code: ${numExpr(ctx)} }`,
    "null",
    `Error("u:called")`,
  ])

const caught = (e: string): string =>
  `out.push(${e} instanceof Error ? [${e}.name, ${e}.message.startsWith("u:") ? ${e}.message : "", ${e} instanceof TypeError] : ${e});`

const tryStmt = (ctx: Ctx): string => {
  const c = ctx.c
  const e = ctx.fresh("e")
  const body = `{\n${c.pick(2) ? `if (${boolExpr(ctx)}) throw ${thrown(ctx)};\n` : ""}${braced(ctx, BODY).slice(2, -2)}\n}`
  const handler = c.pick(4) === 0 ? `catch {\nout.push("caught");\n}` : `catch (${e}) {\n${caught(e)}\n}`
  const fin = c.pick(3) === 0 ? ` finally {\nout.push("finally");\n}` : ""
  return c.pick(6) === 0 ? `try ${body} finally {\nout.push("fin");\n}` : `try ${body} ${handler}${fin}`
}

const forStmt = (ctx: Ctx): string => {
  const i = ctx.fresh("i")
  const n = ctx.c.int(0, 4)
  const step = ctx.c.one([`${i}++`, `${i} += 1`, `${i} = ${i} + 2`])
  return `for (let ${i} = 0; ${i} < ${n}; ${step}) ${braced(loopCtx(ctx, i), BODY)}`
}

const forOf = (ctx: Ctx): string => {
  const c = ctx.c
  const x = ctx.fresh("x")
  // Iterate over a copy: a body that pushes to the array it iterates would never end.
  switch (c.pick(4)) {
    case 0:
      return `for (const ${x} of ${arrExpr(ctx)}.slice(0, 6)) ${braced(loopCtx(ctx, x), BODY)}`
    case 1: {
      const inner = loopCtx(ctx).with({ name: x, type: "str", mutable: false })
      return `for (const ${x} of ${strExpr(ctx)}) ${braced(inner, BODY)}`
    }
    case 2: {
      const [k, v] = [ctx.fresh("s"), ctx.fresh("n")]
      const inner = loopCtx(ctx)
        .with({ name: k, type: "str", mutable: false })
        .with({ name: v, type: "num", mutable: false })
      const src = c.pick(2)
        ? `Object.entries({ p: ${numExpr(ctx)}, q: ${numExpr(ctx)} })`
        : `[...${ctx.pickVar("map") ?? "new Map([['k', 1]])"}]`
      return `for (const [${k}, ${v}] of ${src}) ${braced(inner, BODY)}`
    }
    default: {
      const inner = loopCtx(ctx).with({ name: x, type: "num", mutable: true })
      return `for (let ${x} of [${numExpr(ctx)}, ${intLit(c)}]) {\n${x} += 1;\n${braced(inner, BODY).slice(2, -2)}\n}`
    }
  }
}

const forIn = (ctx: Ctx): string => {
  const k = ctx.fresh("s")
  const inner = loopCtx(ctx).with({ name: k, type: "str", mutable: false })
  // Over a copy: keys added by the body are then never visited, in both engines.
  const src = ctx.c.pick(2) ? `{ ...${objExpr(ctx)} }` : `[...${arrExpr(ctx)}]`
  return `for (const ${k} in ${src}) ${braced(inner, BODY)}`
}

const whileStmt = (ctx: Ctx): string => {
  const w = ctx.fresh("w")
  const n = ctx.c.int(0, 4)
  const inner = loopCtx(ctx, w)
  // The counter advances first, so `continue` cannot skip it.
  const body = braced(inner, BODY).slice(2, -2)
  return ctx.c.pick(2)
    ? `let ${w} = 0;\nwhile (${w} < ${n}) {\n${w}++;\n${body}\n}`
    : `let ${w} = 0;\ndo {\n${w}++;\n${body}\n} while (${w} < ${n});`
}

const labelled = (ctx: Ctx): string => {
  const l = ctx.fresh("L")
  const [i, j] = [ctx.fresh("i"), ctx.fresh("j")]
  const outer = loopCtx(ctx, i, l)
  const inner = loopCtx(outer, j)
  return `${l}: for (let ${i} = 0; ${i} < ${ctx.c.int(1, 3)}; ${i}++) {\nfor (let ${j} = 0; ${j} < ${ctx.c.int(1, 3)}; ${j}++) {\n${jump(inner)}\n${braced(inner, 2).slice(2, -2)}\n}\n}`
}

const switchStmt = (ctx: Ctx): string => {
  const c = ctx.c
  const inner = ctx.derive({ inSwitch: true })
  const onStrings = c.pick(3) === 0
  const subject = onStrings ? strExpr(ctx) : `(${numExpr(ctx)}) % 3`
  const labels = onStrings ? ['"a"', '"abc"', '""'] : ["0", "1", "-1", "2"]
  const cases = Array.from({ length: c.int(1, 3) }, (_, k) => {
    const brk = c.pick(3) > 0 ? "\nbreak;" : ""
    return `case ${labels[k % labels.length]}: ${braced(inner, 2)}${brk}`
  })
  const dflt = c.pick(2) ? `\ndefault: ${braced(inner, 1)}` : ""
  return `switch (${subject}) {\n${cases.join("\n")}${dflt}\n}`
}

export const controlStmt = (ctx: Ctx): string => {
  const c = ctx.c
  switch (c.pick(11)) {
    case 0:
      return `if (${boolExpr(ctx)}) ${braced(ctx, BODY)}${c.pick(2) ? ` else ${braced(ctx, BODY)}` : ""}`
    case 1:
      return forStmt(ctx)
    case 2:
      return forOf(ctx)
    case 3:
      return forIn(ctx)
    case 4:
      return whileStmt(ctx)
    case 5:
      return labelled(ctx)
    case 6:
      return switchStmt(ctx)
    case 7:
    case 8:
      return tryStmt(ctx)
    case 9:
      return ctx.inLoop || ctx.inSwitch ? jump(ctx) : `out.push(${anyData(ctx)});`
    default:
      return c.pick(8) === 0 ? `throw ${thrown(ctx)};` : `if (${boolExpr(ctx)}) ${braced(ctx, 2)}`
  }
}
