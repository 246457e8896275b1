/**
 * Assignment, update and destructuring (§13.15, §13.4, §8.6.2 BindingInitialization). References are either a slot
 * (identifier) or an object/key pair evaluated before the right-hand side, as the spec orders them.
 */
import type { AssignmentExpression, Expression, Identifier, MemberExpression, Pattern, UpdateExpression } from "acorn"
import { compileNamed, compileSuperRef } from "./classes.js"
import { displayString, isPrimitive, propKey, toKey } from "../coerce.js"
import { toNumeric } from "../builtins/bigint.js"
import { GuestThrow, type Pos, typeError } from "../errors.js"
import { getProperty, setProperty } from "../property.js"
import { DONE, openIterator, toList } from "../iteration.js"
import type { Run } from "../run-state.js"
import { type Env, GuestObject, newObject } from "../values.js"
import { chargeWrite } from "../memory-budget.js"
import { BINARY, add } from "./operators.js"
import { type CE, Ctx, Unsupported, anyAsync, box, posOf, unbox } from "./context.js"
import { compileExpr } from "./expressions.js"
import { compileIdentifier, compileWrite } from "./identifiers.js"
import { compileFunction } from "./functions.js"

interface Ref {
  readonly parts: ReadonlyArray<CE>
  readonly get: (vals: Array<unknown>, env: Env, rt: Run) => unknown
  readonly set: (vals: Array<unknown>, env: Env, v: unknown, rt: Run) => void
}

const compileRef = (target: Identifier | MemberExpression, ctx: Ctx): Ref => {
  if (target.type === "Identifier") {
    const read = compileIdentifier(target, ctx).ev
    const write = compileWrite(target, ctx, false)
    return { parts: [], get: (_v, env, rt) => read(env, rt), set: (_v, env, v, rt) => write(env, v, rt) }
  }
  if (target.object.type === "Super") {
    const ref = compileSuperRef(target, ctx)
    return { parts: ref.parts, get: ref.get, set: (v, env, x, rt) => ref.set(v, env, x, rt) }
  }
  const pos = posOf(target.property, ctx)
  const obj = compileExpr(target.object, ctx)
  if (target.computed) {
    return {
      parts: [obj, compileExpr(target.property, ctx)],
      // A read-modify-write (`o[k] += v`, `o[k]++`, `o[k] ??= v`) reads first: the base is checked before the key
      // converts, and the key converts once for the read and the write (§13.15.2).
      get: (v, _env, rt) => {
        const o = v[0]
        if (o === null || o === undefined) {
          const k = v[1]
          throw typeError(`Cannot read properties of ${o}${isPrimitive(k) ? ` (reading '${String(k)}')` : ""}`, pos)
        }
        return getProperty(rt, o, (v[1] = toKey(v[1])), pos)
      },
      set: (v, _env, x, rt) => {
        if (rt.maxBytes !== Infinity) chargeWrite(rt, v[0], v[1])
        setProperty(rt, v[0], v[1], x, pos)
      },
    }
  }
  const key = (target.property as Identifier).name
  return {
    parts: [obj],
    get: (v, _env, rt) => getProperty(rt, v[0], key, pos),
    set: (v, _env, x, rt) => {
      if (rt.maxBytes !== Infinity) chargeWrite(rt, v[0], key)
      setProperty(rt, v[0], key, x, pos)
    },
  }
}

/** The reference's object (and key) in order: a loop, not `map` with a closure over `env` and `rt` per evaluation. */
const evalParts = (parts: ReadonlyArray<CE>, env: Env, rt: Run): Array<unknown> => {
  const n = parts.length
  const out = new Array<unknown>(n)
  for (let i = 0; i < n; i++) out[i] = parts[i]!.ev(env, rt)
  return out
}
const evalPartsAsync = async (parts: ReadonlyArray<CE>, env: Env, rt: Run): Promise<Array<unknown>> => {
  const out: Array<unknown> = []
  for (const p of parts) out.push(p.async ? unbox(await p.ev(env, rt)) : p.ev(env, rt))
  return out
}

const rhsOf = (n: AssignmentExpression, ctx: Ctx): CE => {
  // §13.15.2: `=` and the logical assignments name an anonymous function; `+=` and friends do not.
  const naming = n.operator === "=" || n.operator === "&&=" || n.operator === "||=" || n.operator === "??="
  return naming && n.left.type === "Identifier" ? compileNamed(n.right, ctx, n.left.name) : compileExpr(n.right, ctx)
}

export const compileAssignment = (n: AssignmentExpression, ctx: Ctx): CE => {
  const pos = posOf(n, ctx)
  const op = n.operator
  const left = n.left
  if (left.type !== "Identifier" && left.type !== "MemberExpression") {
    if (op !== "=") throw new Unsupported("Invalid assignment target", pos)
    const bind = compilePattern(left, ctx, "assign")
    const rhs = compileExpr(n.right, ctx)
    const ev = rhs.ev
    if (!rhs.async)
      return {
        async: false,
        ev: (env, rt) => {
          const v = ev(env, rt)
          bind(env, rt, v)
          return v
        },
      }
    return {
      async: true,
      ev: async (env, rt) => {
        const v = unbox(await ev(env, rt))
        bind(env, rt, v)
        return box(v)
      },
    }
  }
  const ref = compileRef(left, ctx)
  const rhs = rhsOf(n, ctx)
  const r = rhs.ev
  if (op === "=") {
    if (left.type === "Identifier" && !rhs.async) {
      const write = compileWrite(left, ctx, false)
      return {
        async: false,
        ev: (env, rt) => {
          const v = r(env, rt)
          write(env, v, rt)
          return v
        },
      }
    }
    if (left.type === "Identifier") {
      const write = compileWrite(left, ctx, false)
      return {
        async: true,
        ev: async (env, rt) => {
          const v = unbox(await r(env, rt))
          write(env, v, rt)
          return box(v)
        },
      }
    }
    if (!anyAsync([...ref.parts, rhs]))
      return {
        async: false,
        ev: (env, rt) => {
          const vals = evalParts(ref.parts, env, rt)
          const v = r(env, rt)
          ref.set(vals, env, v, rt)
          return v
        },
      }
    return {
      async: true,
      ev: async (env, rt) => {
        const vals = await evalPartsAsync(ref.parts, env, rt)
        const v = rhs.async ? unbox(await r(env, rt)) : r(env, rt)
        ref.set(vals, env, v, rt)
        return box(v)
      },
    }
  }
  if (op === "||=" || op === "&&=" || op === "??=") {
    const skip = (old: unknown) => (op === "||=" ? !!old : op === "&&=" ? !old : old != null)
    if (!anyAsync([...ref.parts, rhs]))
      return {
        async: false,
        ev: (env, rt) => {
          const vals = evalParts(ref.parts, env, rt)
          const old = ref.get(vals, env, rt)
          if (skip(old)) return old
          const v = r(env, rt)
          ref.set(vals, env, v, rt)
          return v
        },
      }
    return {
      async: true,
      ev: async (env, rt) => {
        const vals = await evalPartsAsync(ref.parts, env, rt)
        const old = ref.get(vals, env, rt)
        if (skip(old)) return box(old)
        const v = rhs.async ? unbox(await r(env, rt)) : r(env, rt)
        ref.set(vals, env, v, rt)
        return box(v)
      },
    }
  }
  const bin = op === "+=" ? add : BINARY[op.slice(0, -1)]
  if (!bin) throw new Unsupported(`Operator ${op} is not supported`, pos)
  if (left.type === "Identifier" && !rhs.async) {
    const read = compileIdentifier(left, ctx).ev
    const write = compileWrite(left, ctx, false)
    return {
      async: false,
      ev: (env, rt) => {
        const v = bin(read(env, rt), r(env, rt), pos, rt)
        write(env, v, rt)
        return v
      },
    }
  }
  if (left.type === "Identifier") {
    // `x += await y` reads x before the await, as the spec orders it (§13.15.2).
    const read = compileIdentifier(left, ctx).ev
    const write = compileWrite(left, ctx, false)
    return {
      async: true,
      ev: async (env, rt) => {
        const old = read(env, rt)
        const v = bin(old, unbox(await r(env, rt)), pos, rt)
        write(env, v, rt)
        return v
      },
    }
  }
  if (!anyAsync([...ref.parts, rhs]))
    return {
      async: false,
      ev: (env, rt) => {
        const vals = evalParts(ref.parts, env, rt)
        const v = bin(ref.get(vals, env, rt), r(env, rt), pos, rt)
        ref.set(vals, env, v, rt)
        return v
      },
    }
  return {
    async: true,
    ev: async (env, rt) => {
      const vals = await evalPartsAsync(ref.parts, env, rt)
      const old = ref.get(vals, env, rt)
      const v = bin(old, rhs.async ? unbox(await r(env, rt)) : r(env, rt), pos, rt)
      ref.set(vals, env, v, rt)
      return v
    },
  }
}

export const compileUpdate = (n: UpdateExpression, ctx: Ctx): CE => {
  const pos = posOf(n, ctx)
  const arg = n.argument
  if (arg.type !== "Identifier" && arg.type !== "MemberExpression") throw new Unsupported("Invalid update target", pos)
  const delta = n.operator === "++" ? 1 : -1
  const prefix = n.prefix
  if (arg.type === "Identifier") {
    const read = compileIdentifier(arg, ctx).ev
    const write = compileWrite(arg, ctx, false)
    return {
      async: false,
      ev: (env, rt) => {
        const raw = read(env, rt)
        if (typeof raw === "number") {
          write(env, raw + delta, rt)
          return prefix ? raw + delta : raw
        }
        const old = toNumeric(raw)
        const next = step(old, delta)
        write(env, next, rt)
        return prefix ? next : old
      },
    }
  }
  const ref = compileRef(arg, ctx)
  const apply = (vals: Array<unknown>, env: Env, rt: Run) => {
    const old = toNumeric(ref.get(vals, env, rt))
    const next = step(old, delta)
    ref.set(vals, env, next, rt)
    return prefix ? next : old
  }
  if (!anyAsync(ref.parts)) return { async: false, ev: (env, rt) => apply(evalParts(ref.parts, env, rt), env, rt) }
  return { async: true, ev: async (env, rt) => apply(await evalPartsAsync(ref.parts, env, rt), env, rt) }
}

/** `++`/`--` on a numeric value (a BigInt steps by 1n). */
const step = (old: number | bigint, delta: number): number | bigint =>
  typeof old === "bigint" ? old + BigInt(delta) : old + delta

export type Binder = (env: Env, rt: Run, value: unknown) => void
export type PatternMode = "init" | "assign"

/**
 * V8's wording for destructuring null/undefined: a top-level pattern names its first plain key ("Cannot destructure
 * property 'a' of 'undefined' as it is undefined."); a nested one, or one whose first key has a default, reads like a
 * property access ("Cannot read properties of undefined (reading 'a')"). (V8 words parameters as 'object null'.)
 */
const nullishMessage =
  (readLike: boolean, key: string | undefined) =>
  (v: null | undefined): string =>
    readLike
      ? `Cannot read properties of ${v}${key === undefined ? "" : ` (reading '${key}')`}`
      : key === undefined
        ? `Cannot destructure '${v}' as it is ${v}.`
        : `Cannot destructure property '${key}' of '${v}' as it is ${v}.`

const syncOnly = (ce: CE, pos: Pos): CE => {
  if (ce.async)
    throw new Unsupported("`await` inside a destructuring pattern is not supported: await the value first", pos)
  return ce
}

/**
 * Compiles a binding/assignment pattern to a synchronous binder (§8.6.2, §13.15.5). `nested`: the pattern is inside
 * another one, which only changes V8's wording of the null/undefined TypeError (see `nullishMessage`). `source`: how
 * V8 names the value in "… is not iterable" (a declaration's simple initializer, see statements.ts).
 */
export const compilePattern = (p: Pattern, ctx: Ctx, mode: PatternMode, nested = false, source?: string): Binder => {
  const pos = posOf(p, ctx)
  switch (p.type) {
    case "Identifier": {
      const write = compileWrite(p, ctx, mode === "init")
      return (env, rt, v) => write(env, v, rt)
    }
    case "MemberExpression": {
      if (mode === "init") throw new Unsupported("Invalid destructuring target", pos)
      const ref = compileRef(p, ctx)
      ref.parts.forEach((x) => syncOnly(x, pos))
      return (env, rt, v) => ref.set(evalParts(ref.parts, env, rt), env, v, rt)
    }
    case "AssignmentPattern": {
      const inner = compilePattern(p.left, ctx, mode, nested)
      const right = p.right as Expression
      const dflt = syncOnly(
        p.left.type === "Identifier" ? compileNamed(right, ctx, p.left.name) : compileExpr(right, ctx),
        pos,
      ).ev
      return (env, rt, v) => inner(env, rt, v === undefined ? dflt(env, rt) : v)
    }
    case "ArrayPattern": {
      const items = p.elements.map((el) =>
        el === null
          ? null
          : el.type === "RestElement"
            ? { rest: true, bind: compilePattern(el.argument, ctx, mode, true) }
            : { rest: false, bind: compilePattern(el, ctx, mode, true) },
      )
      const hasRest = items.some((it) => it?.rest === true)
      return (env, rt, v) => {
        // A guest iterable is stepped once per element (all of it for a rest element), then closed (§8.6.2).
        const it = Array.isArray(v) || typeof v === "string" ? undefined : openIterator(v, pos, rt)
        if (it !== undefined) {
          let done = false
          const take = () => {
            if (done) return undefined
            done = true // a throwing next() leaves the iterator done: it is not closed (§7.4.8)
            const x = it.step()
            if (x === DONE) return undefined
            done = false
            return x
          }
          try {
            for (const item of items) {
              if (item === null) take()
              else if (item.rest) {
                const rest: Array<unknown> = []
                for (let x = take(); !done; x = take()) rest.push(x)
                item.bind(env, rt, rest)
              } else item.bind(env, rt, take())
            }
          } catch (e) {
            if (!done && e instanceof GuestThrow) it.closeQuietly()
            throw e
          }
          if (!done && !hasRest) it.close()
          return
        }
        const list = toList(v, pos, source ?? displayString(v).slice(0, 40), rt)
        items.forEach((item, i) => {
          if (item === null) return
          if (item.rest) item.bind(env, rt, list.slice(i))
          else item.bind(env, rt, list[i])
        })
      }
    }
    case "ObjectPattern": {
      const used: Array<string> = []
      const props = p.properties.map((prop) => {
        if (prop.type === "RestElement")
          return { rest: true as const, bind: compilePattern(prop.argument, ctx, mode, true) }
        const key = prop.computed
          ? syncOnly(compileExpr(prop.key, ctx), pos).ev
          : prop.key.type === "Identifier"
            ? prop.key.name
            : String((prop.key as { value: unknown }).value)
        if (typeof key === "string") used.push(key)
        return { rest: false as const, key, bind: compilePattern(prop.value, ctx, mode, true) }
      })
      const first = p.properties[0]
      const message = nullishMessage(
        nested || (first?.type === "Property" && first.value.type === "AssignmentPattern"),
        first?.type === "Property" && !first.computed ? used[0] : undefined,
      )
      return (env, rt, v) => {
        if (v === null || v === undefined) throw typeError(message(v), pos)
        const seen: Array<string> = [...used]
        for (const prop of props) {
          if (prop.rest) {
            const rest = newObject()
            // A string's own enumerable keys are its indices (`const { ...r } = "ab"` is { 0: "a", 1: "b" }).
            const keys =
              v instanceof GuestObject || Array.isArray(v) || typeof v === "string" ? Object.keys(v as object) : []
            for (const k of keys) if (!seen.includes(k)) rest[k] = (v as Record<string, unknown>)[k]
            prop.bind(env, rt, rest)
          } else {
            const k = typeof prop.key === "string" ? prop.key : propKey(prop.key(env, rt))
            if (typeof prop.key !== "string") seen.push(k)
            prop.bind(env, rt, getProperty(rt, v, k, pos))
          }
        }
      }
    }
    default:
      throw new Unsupported(`${p.type} is not a supported pattern`, pos)
  }
}
