/**
 * Member access, calls, `new` and optional chains (§13.3). Method calls look the method up through
 * property.ts (tables for built-in receivers) and pass the receiver as `this`.
 */
import type { CallExpression, ChainExpression, Expression, MemberExpression, NewExpression } from "acorn"
import { GuestThrow, normalizeThrown, type Pos, typeError } from "../errors.js"
import { BLOCKED_KEYS, arrayMember, getNamed, getProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { concatSpread, toList } from "../iteration.js"
import { callTool } from "../tools.js"
import { Builtin, type Env, GuestFunction, GuestObject, ToolRef } from "../values.js"
import { checkArray } from "../memory-caps.js"
import { construct as constructValue } from "../realm.js"
import { type CE, Ctx, type Ev, anyAsync, box, combineParts, posOf, strictAsync, unbox } from "./context.js"
import { HOT, specializeMember } from "./hot-site-copies.js"
import { compileExpr } from "./expressions.js"
import { operand } from "./operand.js"
import { compileSuperCall, compileSuperMember, compileSuperMethodCall } from "./classes.js"

/** Short-circuit marker inside an optional chain (§13.3.9); the ChainExpression turns it into `undefined`. */
export const SHORT: unique symbol = Symbol("short")

export const describe = (ctx: Ctx, node: Expression): string => {
  const t = printCallee(ctx, node)
  return t.length > 60 ? `${t.slice(0, 57)}...` : t
}

/**
 * The callee as V8's "x is not a function" prints it, not as written: string literals (and plain templates) in double
 * quotes, unescaped; a string-literal computed key as `.key`; array literals element by element. Else the source.
 */
const printCallee = (ctx: Ctx, node: Expression): string => {
  if (node.type === "Literal" && typeof node.value === "string") return `"${node.value}"`
  if (node.type === "TemplateLiteral" && node.expressions.length === 0) return `"${node.quasis[0]?.value.cooked ?? ""}"`
  if (node.type === "ArrayExpression" && node.elements.every((e) => e !== null && e.type !== "SpreadElement"))
    return `[${node.elements.map((e) => printCallee(ctx, e as Expression)).join(",")}]`
  if (node.type === "MemberExpression" && node.object.type !== "Super") {
    const obj = printCallee(ctx, node.object)
    const dot = node.optional ? "?." : "."
    const p = node.property
    if (!node.computed) return `${obj}${dot}${ctx.text(p as Expression)}`
    if (p.type === "Literal" && typeof p.value === "string") return `${obj}${dot}${p.value}`
    return `${obj}${node.optional ? "?." : ""}[${printCallee(ctx, p as Expression)}]`
  }
  return ctx.text(node)
}

/** Calls any guest callable at a call site; built-in failures get this position (errors.ts normalizeThrown). */
export const callAt = (rt: Run, f: unknown, thisArg: unknown, args: Array<unknown>, pos: Pos, what: string) => {
  if (f instanceof GuestFunction) return f.code.invoke(f, thisArg, args, rt, pos)
  if (f instanceof Builtin) {
    try {
      return f.call(rt, thisArg, args)
    } catch (e) {
      throw e instanceof GuestThrow ? (e.pos === undefined ? ((e.pos = pos), e) : e) : normalizeThrown(e, pos)
    }
  }
  if (f instanceof ToolRef) return callTool(rt, f.path, args[0], pos, f.as)
  throw typeError(`${what} is not a function`, pos)
}

const spine = (node: Expression, ctx: Ctx, chain: boolean): CE => {
  if (chain && node.type === "MemberExpression") return compileMember(node, ctx, true)
  if (chain && node.type === "CallExpression") return compileCall(node, ctx, true)
  return compileExpr(node, ctx)
}

export const compileMemberParts = (n: MemberExpression, ctx: Ctx, chain = false) => {
  const obj = spine(n.object as Expression, ctx, chain)
  if (n.computed) return { parts: [obj, compileExpr(n.property, ctx)], key: undefined }
  const key = n.property.type === "Identifier" ? n.property.name : String((n.property as { name?: string }).name)
  return { parts: [obj], key }
}

/** A member read inside an optional chain: a short-circuited or nullish optional object gives SHORT. */
const readInChain = (rt: Run, o: unknown, k: unknown, optional: boolean, pos: Pos): unknown =>
  o === SHORT || (optional && o == null) ? SHORT : getProperty(rt, o, k, pos)

export const compileMember = (n: MemberExpression, ctx: Ctx, chain = false): CE => {
  if (n.object.type === "Super") return compileSuperMember(n, ctx)
  const pos = posOf(n.property, ctx)
  const { parts, key } = compileMemberParts(n, ctx, chain)
  const optional = n.optional
  if (anyAsync(parts)) {
    const [objPart, keyPart] = parts
    return {
      async: true,
      ev: async (env, rt) => {
        const o = objPart!.async ? unbox(await objPart!.ev(env, rt)) : objPart!.ev(env, rt)
        // A short-circuited chain does not evaluate its computed key (§13.3.9.1).
        if (chain && (o === SHORT || (optional && o == null))) return SHORT
        const k = keyPart ? (keyPart.async ? unbox(await keyPart.ev(env, rt)) : keyPart.ev(env, rt)) : key
        return box(getProperty(rt, o, k, pos))
      },
    }
  }
  const obj = parts[0]!.ev
  if (key !== undefined) {
    if (chain) return { async: false, ev: (env, rt) => readInChain(rt, obj(env, rt), key, optional, pos) }
    if (BLOCKED_KEYS.has(key)) return { async: false, ev: (env, rt) => getNamed(rt, obj(env, rt), key, pos) }
    // An own data property of a plain object, or an array's or string's length: read as getNamed reads them.
    if (key === "length")
      return {
        async: false,
        ev: (env, rt) => {
          const o = obj(env, rt)
          return Array.isArray(o) || typeof o === "string" ? o.length : getNamed(rt, o, key, pos)
        },
      }
    const slot = parts[0]!.slot
    // After HOT runs the site gets its own copy of the closure below (hot-site-copies.ts), with the same reads.
    let runs = 0
    let fast: Ev | undefined
    const specialize = () => specializeMember(ctx, slot, key, obj, GuestObject, getNamed, pos)
    if (slot !== undefined)
      return {
        async: false,
        ev: (env, rt) => {
          if (fast !== undefined) return fast(env, rt)
          if (++runs === HOT) fast = specialize()
          const o = env[slot]
          if (o instanceof GuestObject) {
            const v = (o as Record<string, unknown>)[key]
            if (v !== undefined || key in o) return v
          }
          return getNamed(rt, o, key, pos)
        },
      }
    return {
      async: false,
      ev: (env, rt) => {
        if (fast !== undefined) return fast(env, rt)
        if (++runs === HOT) fast = specialize()
        const o = obj(env, rt)
        if (o instanceof GuestObject) {
          const v = (o as Record<string, unknown>)[key]
          if (v !== undefined || key in o) return v
        }
        return getNamed(rt, o, key, pos)
      },
    }
  }
  const k = parts[1]!.ev
  if (chain) return { async: false, ev: (env, rt) => readInChain(rt, obj(env, rt), k(env, rt), optional, pos) }
  return {
    async: false,
    ev: (env, rt) => {
      const o = obj(env, rt)
      const kv = k(env, rt)
      if (typeof kv === "number" && Array.isArray(o)) {
        const v = o[kv]
        if (v !== undefined || rt.overlays === undefined) return v
      }
      return getProperty(rt, o, kv, pos)
    },
  }
}

const evalArgs = async (parts: ReadonlyArray<CE>, env: Env, rt: Run): Promise<Array<unknown>> => {
  const out = new Array<unknown>(parts.length)
  for (let i = 0; i < parts.length; i++)
    out[i] = parts[i]!.async ? unbox(await parts[i]!.ev(env, rt)) : parts[i]!.ev(env, rt)
  return out
}

/** `f(...v)`: V8's messages for a non-iterable spread argument (they differ from the array-literal ones). */
const spreadArgument = (v: unknown, pos: Pos, rt?: Run): Array<unknown> => {
  if (v === null || v === undefined) throw typeError(`${v} is not iterable (cannot read property ${v})`, pos)
  // Arrays and strings are always iterable: their only failure is the size cap, which must keep its RangeError.
  if (Array.isArray(v) || typeof v === "string") return toList(v, pos, "a spread argument")
  // Only a value without an iterator gets this wording; what its iterator throws propagates unchanged.
  return toList(v, pos, "value", rt, () =>
    typeError("Spread syntax requires ...iterable[Symbol.iterator] to be a function", pos),
  )
}

/** The spread operands as lists (an array read in place, its own length capped first). */
const spreadListOf = (v: unknown, _i: number, pos: Pos, rt: Run) =>
  Array.isArray(v) ? (checkArray(v.length, "iterating a spread argument"), v) : spreadArgument(v, pos, rt)

/** The argument list of a call without spread: the values themselves. */
const asEvaluated = (vals: Array<unknown>): Array<unknown> => vals

export const compileArgs = (args: CallExpression["arguments"], ctx: Ctx) => {
  const n = args.length
  const parts = new Array<CE>(n)
  let spreadAt: Array<boolean> | undefined
  for (let i = 0; i < n; i++) {
    const a = args[i]!
    if (a.type === "SpreadElement") (spreadAt ??= new Array<boolean>(n).fill(false))[i] = true
    parts[i] = compileExpr(a.type === "SpreadElement" ? a.argument : a, ctx)
  }
  const spread = spreadAt
  // concatSpread caps, charges and counts the total before the argument list is built (SECURITY.md "Memory").
  const collect: (vals: Array<unknown>, pos: Pos, rt: Run) => Array<unknown> =
    spread === undefined
      ? asEvaluated
      : (vals, pos, rt) => concatSpread(rt, pos, vals, spread, spreadListOf, "spread in call arguments")
  return { parts, collect }
}

export const compileCall = (n: CallExpression, ctx: Ctx, chain = false): CE => {
  const pos = posOf(n, ctx)
  if (n.callee.type === "Super") return compileSuperCall(n, ctx)
  if (n.callee.type === "MemberExpression" && n.callee.object.type === "Super") return compileSuperMethodCall(n, ctx)
  const callee = n.callee as Expression
  const what = describe(ctx, callee)
  const { parts: argParts, collect } = compileArgs(n.arguments, ctx)
  const optional = n.optional
  const nargs = argParts.length
  if (callee.type === "ChainExpression" && callee.expression.type === "MemberExpression") {
    // `(a?.b)()` calls with `this` = a (§13.3.6.1: the parenthesized chain is still a property reference); a
    // short-circuited chain gives undefined, which is then not a function.
    const inner = callee.expression
    const m = compileMemberParts(inner, ctx, true)
    const mpos = posOf(inner.property, ctx)
    const all = [...m.parts, ...argParts]
    const nm = m.parts.length
    const call = (vals: Array<unknown>, rt: Run) => {
      const o = vals[0]
      const short = o === SHORT || (inner.optional && o == null)
      const f = short ? undefined : getProperty(rt, o, nm > 1 ? vals[1] : m.key, mpos)
      if (optional && f == null) return chain ? SHORT : undefined
      return callAt(rt, f, short ? undefined : o, collect(vals.slice(nm), pos, rt), pos, what)
    }
    return combineParts(all, (vals, _env, rt) => call(vals, rt))
  }
  if (callee.type === "MemberExpression") {
    const m = compileMemberParts(callee, ctx, chain)
    const mpos = posOf(callee.property, ctx)
    const mopt = callee.optional
    const nm = m.parts.length
    if (anyAsync(m.parts) || anyAsync(argParts)) {
      // The callee is evaluated and checked before the arguments (§13.3.6.1): an optional chain that
      // short-circuits must not evaluate (or await) its arguments.
      const [objPart, keyPart] = m.parts
      return {
        async: true,
        ev: async (env, rt) => {
          const o = objPart!.async ? unbox(await objPart!.ev(env, rt)) : objPart!.ev(env, rt)
          const k = keyPart ? (keyPart.async ? unbox(await keyPart.ev(env, rt)) : keyPart.ev(env, rt)) : m.key
          if (chain && (o === SHORT || (mopt && o == null))) return SHORT
          const f = getProperty(rt, o, k, mpos)
          if (optional && f == null) return SHORT
          const args = await evalArgs(argParts, env, rt)
          return box(callAt(rt, f, o, collect(args, pos, rt), pos, what))
        },
      }
    }
    const obj = m.parts[0]!.ev
    const kev = nm > 1 ? m.parts[1]!.ev : undefined
    const key = m.key
    const argEvs = argParts.map((p) => p.ev)
    if (kev === undefined && !chain && !optional && argEvs.length <= 2) {
      const a0 = argEvs[0]
      const a1 = argEvs[1]
      const spread = n.arguments.some((a) => a.type === "SpreadElement")
      // An array's method is read as getNamed reads it once the key is known not to be blocked.
      const plain = !BLOCKED_KEYS.has(key!)
      return {
        async: false,
        ev: (env, rt) => {
          const o = obj(env, rt)
          const f = plain && Array.isArray(o) ? arrayMember(rt, o, key!) : getNamed(rt, o, key!, mpos)
          const x0 = nargs === 0 ? undefined : a0!(env, rt)
          const x1 = nargs < 2 ? undefined : a1!(env, rt)
          if (!spread && f instanceof GuestFunction) {
            const direct = f.code.direct
            if (direct !== undefined) return direct(f, o, x0, x1, undefined, undefined, rt, pos)
          }
          const args = nargs === 0 ? [] : nargs === 1 ? [x0] : [x0, x1]
          return callAt(rt, f, o, collect(args, pos, rt), pos, what)
        },
      }
    }
    return {
      async: false,
      ev: (env, rt) => {
        const o = obj(env, rt)
        const k = kev ? kev(env, rt) : key
        if (chain && (o === SHORT || (mopt && o == null))) return SHORT
        const f = getProperty(rt, o, k, mpos)
        if (optional && f == null) return SHORT
        const args = new Array<unknown>(nargs)
        for (let i = 0; i < nargs; i++) args[i] = argEvs[i]!(env, rt)
        return callAt(rt, f, o, collect(args, pos, rt), pos, what)
      },
    }
  }
  const fn = spine(callee, ctx, chain)
  const invoke = (f: unknown, args: Array<unknown>, rt: Run): unknown => {
    if (chain && f === SHORT) return SHORT
    if (optional && f == null) return SHORT
    return callAt(rt, f, undefined, collect(args, pos, rt), pos, what)
  }
  if (fn.async || anyAsync(argParts))
    return {
      async: true,
      ev: async (env, rt) => {
        const f = fn.async ? unbox(await fn.ev(env, rt)) : fn.ev(env, rt)
        if ((chain && f === SHORT) || (optional && f == null)) return SHORT
        return box(invoke(f, await evalArgs(argParts, env, rt), rt))
      },
    }
  const f = fn.ev
  const argEvs = argParts.map((p) => p.ev)
  // Plain `f(a)` / `f(a, b)` (no chain, no spread): the hot path of recursive code (bench W2), so a guest
  // function is invoked directly; everything else goes through callAt as below (same semantics, same order).
  if (!chain && !optional && !argParts.some((_, i) => n.arguments[i]!.type === "SpreadElement") && nargs <= 2) {
    const a0 = argEvs[0]
    const a1 = argEvs[1]
    const of = fn.operand
    const o0 = argParts[0]?.operand
    const o1 = argParts[1]?.operand
    return {
      async: false,
      ev: (env, rt) => {
        const fv = of !== undefined ? operand(of, env, rt) : f(env, rt)
        const x0 = nargs === 0 ? undefined : o0 !== undefined ? operand(o0, env, rt) : a0!(env, rt)
        const x1 = nargs < 2 ? undefined : o1 !== undefined ? operand(o1, env, rt) : a1!(env, rt)
        if (fv instanceof GuestFunction) {
          const direct = fv.code.direct
          if (direct !== undefined) return direct(fv, undefined, x0, x1, undefined, undefined, rt, pos)
        }
        return callAt(rt, fv, undefined, nargs === 0 ? [] : nargs === 1 ? [x0] : [x0, x1], pos, what)
      },
    }
  }
  return {
    async: false,
    ev: (env, rt) => {
      const fv = f(env, rt)
      const args = new Array<unknown>(nargs)
      for (let i = 0; i < nargs; i++) args[i] = argEvs[i]!(env, rt)
      return invoke(fv, args, rt)
    },
  }
}

export const compileNew = (n: NewExpression, ctx: Ctx): CE => {
  const pos = posOf(n, ctx)
  const what = describe(ctx, n.callee as Expression)
  const fn = compileExpr(n.callee, ctx)
  const { parts: argParts, collect } = compileArgs(n.arguments, ctx)
  const construct = (f: unknown, args: Array<unknown>, rt: Run): unknown => {
    if (!(f instanceof GuestFunction) && !(f instanceof Builtin && f.options.construct))
      throw typeError(`${what} is not a constructor`, pos)
    const list = collect(args, pos, rt)
    try {
      return constructValue(rt, f, list, f, what, pos)
    } catch (e) {
      throw e instanceof GuestThrow ? (e.pos === undefined ? ((e.pos = pos), e) : e) : normalizeThrown(e, pos)
    }
  }
  const all = [fn, ...argParts]
  if (anyAsync(all)) return strictAsync(all, (v, _env, rt) => construct(v[0], v.slice(1), rt))
  const evs = all.map((p) => p.ev)
  return {
    async: false,
    ev: (env, rt) => {
      const v = evs.map((e) => e(env, rt))
      return construct(v[0], v.slice(1), rt)
    },
  }
}

export const compileChain = (n: ChainExpression, ctx: Ctx): CE => {
  const inner =
    n.expression.type === "CallExpression"
      ? compileCall(n.expression, ctx, true)
      : compileMember(n.expression as MemberExpression, ctx, true)
  const ev = inner.ev
  if (!inner.async)
    return {
      async: false,
      ev: (env, rt) => {
        const v = ev(env, rt)
        return v === SHORT ? undefined : v
      },
    }
  return strictAsync([inner], (v) => (v[0] === SHORT ? undefined : v[0]))
}
