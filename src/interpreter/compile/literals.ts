/**
 * Array, object and template literals (§13.2.4, §13.2.5, §13.2.8). Spread elements use iteration.ts.
 */
import { BYTES, chargeArray, chargeObject, concatStrings } from "../memory-budget.js"
import type { Run } from "../run-state.js"
import type {
  ArrayExpression,
  Expression,
  ObjectExpression,
  PrivateIdentifier,
  TaggedTemplateExpression,
  TemplateLiteral,
} from "acorn"
import { metered, toStr } from "../coerce.js"
import { type Pos, typeError } from "../errors.js"
import { NULL_PROTOTYPE, checkChain, isGuestProto, nameFunction } from "../realm.js"
import { hostGetter, hostSetter } from "../accessors.js"
import { concatSpread, spreadInto, toList } from "../iteration.js"
import { type Env, GuestFunction, newObject } from "../values.js"
import { propKey, toKey } from "../coerce.js"
import { type CE, Ctx, type Ev, Unsupported, anyAsync, constant, posOf, strictAsync, unbox } from "./context.js"
import { BY_CLOSURE, BY_CONSTANT, BY_SLOT, HOT, specializeLiteral } from "./hot-site-copies.js"

/** Literals with more properties keep the shared closure (the generated text grows with the count). */
const MAX_SPECIALIZED = 32
import { compileExpr } from "./expressions.js"
import { compileFunction } from "./functions.js"
import { HOME_OBJECT, compileNamed, isAnonymousDefinition } from "./classes.js"
import { Frame, Scope } from "./scope.js"
import { compileCall, describe } from "./members.js"

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
  const pos = posOf(n, ctx)
  // V8 names the spread operand as its call printer renders it ("o is not iterable", `"ab".length is not iterable`).
  const names = n.elements.map((el) => (el?.type === "SpreadElement" ? describe(ctx, el.argument) : ""))
  const listOf = (v: unknown, i: number, at: Pos, rt: Run) => (Array.isArray(v) ? v : toList(v, at, names[i], rt))
  // The spread operands as lists (an array is read in place, holes as undefined); concatSpread caps, charges and
  // counts the total before filling one array.
  const build = (vals: Array<unknown>, _env: unknown, rt: Run): Array<unknown> =>
    concatSpread(rt, pos, vals, spread, listOf, "Array spread", holes)
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

/** Whether a subtree mentions `super` (an over-approximation: a nested class or literal has its own home). */
const mentionsSuper = (node: unknown): boolean => {
  if (node === null || typeof node !== "object") return false
  if (Array.isArray(node)) return node.some(mentionsSuper)
  const n = node as Record<string, unknown>
  if (n.type === "Super") return true
  for (const k in n) if (k !== "loc" && typeof n[k] === "object" && mentionsSuper(n[k])) return true
  return false
}

/**
 * An object literal. When a method or accessor uses `super`, the literal gets a scope of its own holding the object
 * (the methods' [[HomeObject]], §10.2.7 MakeMethod), filled in as soon as the object exists.
 */
export const compileObject = (n: ObjectExpression, ctx: Ctx): CE => {
  const homed = n.properties.some(
    (p) => p.type === "Property" && (p.kind !== "init" || p.method) && mentionsSuper(p.value),
  )
  if (!homed) return compileObjectIn(n, ctx, undefined)
  const outer = ctx.scope
  const frame = new Frame(outer.frame)
  const scope = new Scope(outer, frame, outer.fn, false)
  const slot = scope.declare(HOME_OBJECT, "var").slot
  ctx.scope = scope
  let inner: CE
  try {
    inner = compileObjectIn(n, ctx, HOME_OBJECT)
  } finally {
    ctx.scope = outer
  }
  const ev = inner.ev
  const enter = (env: Env): Env => {
    const cenv = new Array<unknown>(frame.size)
    cenv[0] = env
    return cenv
  }
  if (!inner.async)
    return {
      async: false,
      ev: (env, rt) => {
        const cenv = enter(env)
        return (cenv[slot] = ev(cenv, rt))
      },
    }
  return {
    async: true,
    ev: async (env, rt) => {
      const cenv = enter(env)
      const boxed = await ev(cenv, rt)
      cenv[slot] = unbox(boxed)
      return boxed
    },
  }
}

const compileObjectIn = (n: ObjectExpression, ctx: Ctx, methodHome: string | undefined): CE => {
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
    // A method's `super` starts from the literal's object; other values keep the enclosing home (arrows).
    const home = ctx.home
    if (p.kind !== "init" || p.method) ctx.home = methodHome
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
  const pos = posOf(n, ctx)
  const defining = ops.some((o) => o.kind === "get" || o.kind === "set")
  const build = (vals: Array<unknown>, _env: unknown, rt: Run): Record<string, unknown> => {
    let obj = newObject()
    let j = 0
    for (const op of ops) {
      if (op.kind === "spread") spreadInto(obj, vals[j++])
      else if (op.kind === "proto") {
        const p = vals[j++]
        if (p !== null && isGuestProto(p)) checkChain(p as object, pos)
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
    // After HOT runs the site gets its own copy of this closure (hot-site-copies.ts): same charge, same stores in order.
    const specialize = () =>
      specializeLiteral(
        ctx,
        parts.map((p) =>
          p.slot !== undefined
            ? { kind: BY_SLOT, slot: p.slot }
            : { kind: p.constant !== undefined ? BY_CONSTANT : BY_CLOSURE, slot: 0 },
        ),
        { keys, evs, consts: parts.map((p) => p.constant?.value), chargeObject, newObject },
      )
    let runs = len <= MAX_SPECIALIZED ? 0 : HOT
    let fast: Ev | undefined
    return {
      async: false,
      ev: (env, rt) => {
        if (fast !== undefined) return fast(env, rt)
        if (++runs === HOT) fast = specialize()
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

/**
 * A tagged template (§13.3.11): a call of the tag (with its `this` when it is a member) on the site's template
 * object and the substitutions. The template object is made once per site and run (§13.2.8.4 GetTemplateObject):
 * a frozen array of the cooked strings (undefined where an escape is invalid) with a frozen `raw` array.
 */
export const compileTaggedTemplate = (n: TaggedTemplateExpression, ctx: Ctx): CE => {
  const site: TemplateSite = { type: TEMPLATE_SITE, quasis: n.quasi.quasis, objects: new WeakMap() }
  const call = {
    type: "CallExpression",
    callee: n.tag,
    arguments: [site, ...n.quasi.expressions],
    optional: false,
    start: n.start,
    end: n.end,
    loc: n.loc,
  }
  return compileCall(call as never, ctx)
}

/** The node standing for a site's template object in the call compiled from a tagged template. */
export const TEMPLATE_SITE = "TemplateSite"

export interface TemplateSite {
  readonly type: typeof TEMPLATE_SITE
  readonly quasis: TaggedTemplateExpression["quasi"]["quasis"]
  readonly objects: WeakMap<Run, Array<unknown>>
}

export const compileTemplateSite = (site: TemplateSite): CE => {
  const cooked = site.quasis.map((q) => q.value.cooked ?? undefined)
  const raw = site.quasis.map((q) => q.value.raw)
  return {
    async: false,
    ev: (_env, rt) => {
      let o = site.objects.get(rt)
      if (o === undefined) {
        chargeArray(rt, 2 * raw.length)
        o = [...cooked]
        Object.defineProperty(o, "raw", {
          value: Object.freeze([...raw]),
          writable: false,
          enumerable: false,
          configurable: false,
        })
        Object.freeze(o)
        site.objects.set(rt, o)
      }
      return o
    },
  }
}
