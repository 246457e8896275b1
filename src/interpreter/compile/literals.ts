/**
 * Array, object and template literals (§13.2.4, §13.2.5, §13.2.8). Spread elements use iteration.ts.
 */
import { checkArray } from "../memory.js"
import { BYTES, chargeArray, chargeObject, concatStrings } from "../memory-budget.js"
import type { Run } from "../run.js"
import type {
  ArrayExpression,
  Expression,
  ObjectExpression,
  PrivateIdentifier,
  TaggedTemplateExpression,
  TemplateLiteral,
} from "acorn"
import { metered, toStr } from "../coerce.js"
import { typeError } from "../errors.js"
import { NULL_PROTOTYPE, isGuestProto, nameFunction } from "../realm.js"
import { hostGetter, hostSetter } from "../builtins/descriptors.js"
import { spreadInto, toList } from "../iteration.js"
import { GuestFunction, newObject } from "../values.js"
import { propKey, toKey } from "../coerce.js"
import { type CE, Ctx, Unsupported, anyAsync, constant, posOf, strictAsync } from "./context.js"
import { compileExpr } from "./expressions.js"
import { compileFunction } from "./functions.js"
import { compileNamed, isAnonymousDefinition } from "./classes.js"
import { describe } from "./members.js"

export const compileArray = (n: ArrayExpression, ctx: Ctx): CE => {
  const spread: Array<boolean> = []
  // Elisions (`[1, , 3]`) are holes, not undefined elements (§13.2.4.1): `1 in a` is false, callbacks skip them.
  const holes = n.elements.map((el) => el === null)
  const parts: Array<CE> = n.elements.map((el) => {
    if (el === null) {
      spread.push(false)
      return constant(undefined)
    }
    if (el.type === "SpreadElement") {
      spread.push(true)
      return compileExpr(el.argument, ctx)
    }
    spread.push(false)
    return compileExpr(el, ctx)
  })
  const pos = posOf(n)
  // V8 names the spread operand as its call printer renders it ("o is not iterable", `"ab".length is not iterable`).
  const names = n.elements.map((el) => (el?.type === "SpreadElement" ? describe(ctx, el.argument) : ""))
  const build = (vals: Array<unknown>, _env: unknown, rt: Run): Array<unknown> => {
    // The spread operands as lists (an array is read in place, holes as undefined), the total capped, charged and
    // counted as work before one array of the final length is filled: `[...a, ...a]` doubling (SECURITY.md).
    const lists: Array<ReadonlyArray<unknown> | undefined> = new Array(vals.length)
    let total = 0
    for (let i = 0; i < vals.length; i++) {
      if (spread[i]) {
        const v = vals[i]
        const xs = Array.isArray(v) ? v : toList(v, pos, names[i], rt)
        lists[i] = xs
        total += xs.length
      } else total++
      checkArray(total, "Array spread")
    }
    chargeArray(rt, total)
    rt.work(total)
    const out = new Array<unknown>(total)
    let k = 0
    for (let i = 0; i < vals.length; i++) {
      const xs = lists[i]
      if (xs !== undefined) for (let j = 0; j < xs.length; j++) out[k++] = xs[j]
      else if (holes[i]) k++
      else out[k++] = vals[i]
    }
    return out
  }
  if (anyAsync(parts)) return strictAsync(parts, build)
  const evs = parts.map((p) => p.ev)
  if (!spread.includes(true) && !holes.includes(true)) {
    const len = evs.length
    const bytes = BYTES.array + BYTES.slot * len
    return {
      async: false,
      ev: (env, rt) => {
        rt.charge(bytes)
        const out = new Array<unknown>(len)
        for (let i = 0; i < len; i++) out[i] = evs[i]!(env, rt)
        return out
      },
    }
  }
  return {
    async: false,
    ev: (env, rt) =>
      build(
        evs.map((e) => e(env, rt)),
        env,
        rt,
      ),
  }
}

/** `named`: the value is a method or an anonymous function/class, named after a computed key when it is built. */
type Op =
  { kind: "prop" | "get" | "set"; key: string | undefined; named?: boolean } | { kind: "spread" } | { kind: "proto" }

const propName = (k: Expression | PrivateIdentifier): string =>
  k.type === "Identifier" ? k.name : String((k as { value: unknown }).value)

export const compileObject = (n: ObjectExpression, ctx: Ctx): CE => {
  const ops: Array<Op> = []
  const parts: Array<CE> = []
  for (const p of n.properties) {
    if (p.type === "SpreadElement") {
      ops.push({ kind: "spread" })
      parts.push(compileExpr(p.argument, ctx))
      continue
    }
    // §13.2.5.5: a literal `__proto__: v` (not computed, not shorthand) sets the prototype when v is an object/null.
    if (!p.computed && !p.shorthand && p.kind === "init" && !p.method && propName(p.key) === "__proto__") {
      ops.push({ kind: "proto" })
      parts.push(compileExpr(p.value as Expression, ctx))
      continue
    }
    let key: string | undefined
    if (p.computed) {
      // §13.2.5.4: the key converts (ToPropertyKey, guest hooks) before the value is evaluated.
      const k = compileExpr(p.key, ctx)
      const kev = k.ev
      parts.push(k.async ? k : { async: false, ev: (env, rt) => toKey(kev(env, rt)) })
    } else key = propName(p.key)
    // `super` in an object literal's methods (its home object) is not supported: class bodies only.
    const home = ctx.home
    if (p.kind !== "init" || p.method) ctx.home = undefined
    try {
      if (p.kind !== "init") {
        ops.push({ kind: p.kind, key, named: key === undefined })
        parts.push(compileFunction(p.value as Expression, ctx, key === undefined ? "" : `${p.kind} ${key}`, true))
        continue
      }
      const value = p.value as Expression
      ops.push({ kind: "prop", key, named: key === undefined && (p.method || isAnonymousDefinition(value)) })
      parts.push(
        p.method
          ? compileFunction(value, ctx, key ?? "", true)
          : key !== undefined
            ? compileNamed(value, ctx, key)
            : compileExpr(value, ctx),
      )
    } finally {
      ctx.home = home
    }
  }
  const pos = posOf(n)
  const defining = ops.some((o) => o.kind === "get" || o.kind === "set")
  const build = (vals: Array<unknown>, _env: unknown, rt: Run): Record<string, unknown> => {
    let obj = newObject()
    let j = 0
    for (const op of ops) {
      if (op.kind === "spread") spreadInto(obj, vals[j++])
      else if (op.kind === "proto") {
        const p = vals[j++]
        if (p === null || isGuestProto(p)) obj = Object.setPrototypeOf(obj, p === null ? NULL_PROTOTYPE : (p as object))
        else if (typeof p === "object" || p instanceof GuestFunction)
          throw typeError("Only plain objects or null can be the __proto__ of an object literal here", pos)
      } else {
        const key = op.key ?? propKey(vals[j++])
        const v = vals[j++]
        if (op.named && v instanceof GuestFunction) nameFunction(v, key, op.kind === "prop" ? undefined : op.kind)
        if (op.kind === "prop") {
          if (defining)
            Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true })
          else if (key === "__proto__")
            Object.defineProperty(obj, key, { value: v, writable: true, enumerable: true, configurable: true })
          else obj[key] = v
        } else {
          const d = Object.getOwnPropertyDescriptor(obj, key)
          const keep = d !== undefined && !("value" in d) ? d : {}
          Object.defineProperty(obj, key, {
            get: op.kind === "get" ? hostGetter(rt, v) : keep.get,
            set: op.kind === "set" ? hostSetter(rt, v) : keep.set,
            enumerable: true,
            configurable: true,
          })
        }
      }
    }
    // Spread and computed keys: counted after the fact, only when a budget is set (Object.keys is O(n)); a dozen
    // keys or fewer stay fast properties, more may make a dictionary (memory-budget.ts `addedProp`).
    if (rt.maxBytes !== Infinity) {
      const k = Object.keys(obj).length
      rt.charge(BYTES.object + (k <= 12 ? 2 * BYTES.prop : BYTES.addedProp) * k)
    }
    return obj
  }
  if (anyAsync(parts)) return strictAsync(parts, build)
  const evs = parts.map((p) => p.ev)
  if (ops.every((o) => o.kind === "prop" && o.key !== undefined && o.key !== "__proto__")) {
    const keys = ops.map((o) => (o as { key: string }).key)
    const len = keys.length
    return {
      async: false,
      ev: (env, rt) => {
        chargeObject(rt, len)
        const obj = newObject()
        for (let i = 0; i < len; i++) obj[keys[i]!] = evs[i]!(env, rt)
        return obj
      },
    }
  }
  return {
    async: false,
    ev: (env, rt) =>
      build(
        evs.map((e) => e(env, rt)),
        env,
        rt,
      ),
  }
}

export const compileTemplate = (n: TemplateLiteral, ctx: Ctx): CE => {
  const strings = n.quasis.map((q) => q.value.cooked ?? "")
  const parts = n.expressions.map((e) => compileExpr(e, ctx))
  // Each piece goes through `+`'s cap and rope-aware charge (memory-budget.ts), as V8 builds the same rope.
  const join = (vals: Array<unknown>, _env: unknown, rt: Run): string => {
    let s = strings[0]!
    for (let i = 0; i < vals.length; i++) {
      const v = vals[i]
      const piece = typeof v === "string" ? v : metered(rt, () => toStr(v))
      s = concatStrings(concatStrings(s, piece, rt, "template literal"), strings[i + 1]!, rt, "template literal")
    }
    return s
  }
  if (parts.length === 0) return constant(strings[0])
  if (anyAsync(parts)) return strictAsync(parts, join)
  const evs = parts.map((p) => p.ev)
  return {
    async: false,
    ev: (env, rt) =>
      join(
        evs.map((e) => e(env, rt)),
        env,
        rt,
      ),
  }
}

/** Only `String.raw` tags are supported (brief; docs/dialects.md canonical subset). */
export const compileTaggedTemplate = (n: TaggedTemplateExpression, ctx: Ctx): CE => {
  const tag = n.tag
  const isRaw =
    tag.type === "MemberExpression" &&
    !tag.computed &&
    tag.object.type === "Identifier" &&
    tag.object.name === "String" &&
    tag.property.type === "Identifier" &&
    tag.property.name === "raw" &&
    !ctx.scope.resolve("String")
  if (!isRaw) throw new Unsupported("Tagged templates are not supported (only String.raw)", posOf(n))
  const strings = n.quasi.quasis.map((q) => q.value.raw)
  const parts = n.quasi.expressions.map((e) => compileExpr(e, ctx))
  const join = (vals: Array<unknown>, _env: unknown, rt: Run): string => {
    let s = strings[0]!
    for (let i = 0; i < vals.length; i++)
      s = concatStrings(concatStrings(s, toStr(vals[i]), rt, "String.raw"), strings[i + 1]!, rt, "String.raw")
    return s
  }
  if (anyAsync(parts)) return strictAsync(parts, join)
  const evs = parts.map((p) => p.ev)
  return {
    async: false,
    ev: (env, rt) =>
      join(
        evs.map((e) => e(env, rt)),
        env,
        rt,
      ),
  }
}
