/**
 * What `for…of`, spread and destructuring iterate (@opencode-ai/codemode 1.18: arrays, strings, Maps, Sets), and what `for…in` and
 * object spread enumerate. Anything else is a catchable TypeError.
 */
import { GuestThrow, type Pos, typeError } from "./errors.js"
import { checkArray } from "./memory-caps.js"
import { chargeArray } from "./memory-budget.js"
import { toolKeys } from "./tools.js"
import type { Run } from "./run-state.js"
import {
  ARGUMENTS,
  Builtin,
  GuestFunction,
  GuestObject,
  HostBacked,
  ToolRef,
  WELL_KNOWN,
  isInternalSymbol,
} from "./values.js"
import { NULL_PROTOTYPE, OBJECT_PROTOTYPE } from "./realm.js"
import { isShared, sharedKeys, sharedProto } from "./intrinsics.js"
import { prototypeOf } from "./prototypes.js"
import { ownKeys } from "./own-keys.js"

/** A guest object's own or inherited property, read natively (guest chains only) — no table fallback needed here. */
const read = (o: unknown, key: string | symbol): unknown => {
  if (o instanceof GuestObject) return (o as Record<string | symbol, unknown>)[key]
  if (o instanceof GuestFunction && o.props !== undefined) return Reflect.get(o.props, key, o)
  return undefined
}

const isObject = (v: unknown): boolean => v instanceof GuestObject || v instanceof GuestFunction || Array.isArray(v)

const call = (rt: Run | undefined, f: unknown, self: unknown, args: ReadonlyArray<unknown>, what: string): unknown => {
  if (f instanceof GuestFunction) return (rt ?? f.rt).call(f, self, args)
  // A built-in reached without a run (a caller that has none) cannot make iterators (builtins/iterator.ts).
  if (f instanceof Builtin) return f.call(rt as Run, self, args)
  throw typeError(`${what} is not a function`)
}

/** End of iteration, as `GuestIterator.step` reports it. */
export const DONE: unique symbol = Symbol("codemode.done")

/** An iterator record (§7.4.1) over a guest iterable: `step` returns the next value or DONE; `close` calls `return`. */
export interface GuestIterator {
  readonly step: () => unknown
  /** IteratorClose (§7.4.11) after a normal abrupt exit (break, return): `return()` must give an object. */
  readonly close: () => void
  /** IteratorClose on a throw: `return()`'s own failure is dropped for the original one. */
  readonly closeQuietly: () => void
}

/**
 * GetIterator (§7.4.3) for values with a guest `[Symbol.iterator]` method (objects, class instances, iterators of
 * the built-ins); undefined for anything else. Each `next()` is a guest call (step counter, deadline).
 */
export const openIterator = (v: unknown, pos: Pos | undefined, rt?: Run): GuestIterator | undefined => {
  const method = read(v, WELL_KNOWN.iterator)
  if (method === undefined || method === null) return undefined
  const it = call(rt, method, v, [], "Symbol.iterator")
  if (!isObject(it)) throw typeError("Result of the Symbol.iterator method is not an object", pos)
  const next = read(it, "next")
  const close = (quiet: boolean) => {
    const ret = read(it, "return")
    if (ret === undefined || ret === null) return
    let r: unknown
    try {
      r = call(rt, ret, it, [], "iterator.return")
    } catch (e) {
      if (quiet && e instanceof GuestThrow) return
      throw e
    }
    if (!quiet && !isObject(r)) throw typeError(`Iterator result ${String(r)} is not an object`, pos)
  }
  return {
    step: () => {
      const r = call(rt, next, it, [], "iterator.next")
      if (!isObject(r))
        throw typeError(`Iterator result ${typeof r === "symbol" ? "Symbol()" : String(r)} is not an object`, pos)
      if (read(r, "done")) return DONE
      return read(r, "value")
    },
    close: () => close(false),
    closeQuietly: () => close(true),
  }
}

/** `notIterable` words the TypeError for a value with no iterator (errors the iteration itself throws pass through). */
export const toList = (
  v: unknown,
  pos: Pos | undefined,
  what = "value",
  rt?: Run,
  notIterable?: () => unknown,
): Array<unknown> => {
  // Copies are capped before they are made (SECURITY.md "Memory"): an array's length may have been set past the
  // cap, and a string of 2^25 characters would make 2^25 elements.
  // The copy is charged and its walk counted before it is made: a holey array of the cap's length is 80 MB of slots.
  if (Array.isArray(v)) {
    checkArray(v.length, `iterating ${what}`)
    if (rt !== undefined) chargeList(rt, v.length)
    return dense(v)
  }
  if (typeof v === "string") {
    checkArray(v.length, `iterating ${what}`)
    if (rt !== undefined) chargeList(rt, v.length)
    return Array.from(v)
  }
  if (v instanceof Map) return Array.from(v, ([k, x]) => [k, x])
  if (v instanceof Set) return Array.from(v)
  if (v instanceof GuestObject && (v as { [ARGUMENTS]?: boolean })[ARGUMENTS] === true) {
    const n = Number((v as Record<string, unknown>).length) >>> 0
    checkArray(n, `iterating ${what}`)
    const out = new Array<unknown>(n)
    for (let i = 0; i < n; i++) out[i] = (v as Record<string, unknown>)[i]
    return out
  }
  if (v instanceof HostBacked) {
    const l = v.list()
    if (l) return l
  }
  const it = openIterator(v, pos, rt)
  if (it !== undefined) {
    const out: Array<unknown> = []
    for (;;) {
      const x = it.step()
      if (x === DONE) return out
      try {
        checkArray(out.length + 1, `iterating ${what}`) // an endless iterator spread into an array (SECURITY.md)
      } catch (e) {
        it.closeQuietly()
        throw e
      }
      out.push(x)
    }
  }
  throw notIterable ? notIterable() : typeError(`${what} is not iterable`, pos)
}

/** A copy with holes read as undefined (what iteration yields, §23.1.5.1): spread, Array.from, copying methods. */
const chargeList = (rt: Run, n: number): void => {
  rt.work(n)
  chargeArray(rt, n)
}

export const dense = (a: ReadonlyArray<unknown>): Array<unknown> => {
  const n = a.length
  const out = new Array<unknown>(n)
  for (let i = 0; i < n; i++) out[i] = a[i]
  return out
}

/**
 * for…in keys: enumerable keys of objects and their chains, array indices, tool names. Strings, Maps, Sets, `null` and
 * `undefined` (where JavaScript runs the loop zero times) are the 1.18 contract's error pointing at the idioms.
 */
export const forInKeys = (rt: Run, v: unknown, pos: Pos | undefined): Array<string> => {
  if (v instanceof GuestObject) return chainKeys(rt, v)
  if (Array.isArray(v)) return rt.overlays === undefined ? Object.keys(v) : withShared(rt, Object.keys(v), v)
  if (v instanceof ToolRef) return toolKeys(rt, v.path, pos)
  // Other objects (functions, built-ins, wrappers, dates…, §14.7.5.9): their enumerable own keys, then inherited
  // ones. Strings, Maps and Sets stay the 1.18 contract's error (docs/support.md "for…in rule").
  if (v !== null && typeof v === "object" && !(v instanceof Map) && !(v instanceof Set))
    return withShared(rt, ownEnumerable(rt, v), v)
  throw typeError(
    `for...in requires a plain object, array, or tools reference; got ${forInOperand(v)}. ` +
      "Use for...of for arrays/strings/Maps/Sets, or Object.keys(value) for a key list.",
    pos,
  )
}

/** Enumerable string keys of a guest object and its guest chain, each once, shadowed ones skipped (§14.7.5.9). */
const chainKeys = (rt: Run, v: object): Array<string> => {
  const first = Object.getPrototypeOf(v)
  if (first === OBJECT_PROTOTYPE && rt.overlays === undefined) return Object.keys(v)
  const out: Array<string> = []
  const seen = new Set<string>()
  let p: object | null = v
  while (p !== null && p !== OBJECT_PROTOTYPE && p !== NULL_PROTOTYPE) {
    for (const k of Object.getOwnPropertyNames(p)) {
      if (seen.has(k)) continue
      seen.add(k)
      if (Object.prototype.propertyIsEnumerable.call(p, k)) out.push(k)
    }
    p = Object.getPrototypeOf(p)
  }
  return p === OBJECT_PROTOTYPE ? withShared(rt, out, v, seen) : out
}

/** `keys` plus the enumerable keys this run added to the built-in prototypes `v` inherits from (intrinsics.ts). */
const withShared = (rt: Run, keys: Array<string>, v: unknown, seen = new Set(keys)): Array<string> => {
  if (rt.overlays === undefined) return keys
  for (let p = prototypeOf(v) as object | null; p !== null && isShared(p); p = sharedProto(p))
    for (const k of sharedKeys(rt, p, true))
      if (!seen.has(k)) {
        seen.add(k)
        keys.push(k)
      }
  return keys
}

const ownEnumerable = (rt: Run, v: unknown): Array<string> => ownKeys(rt, v, "for...in")

const forInOperand = (v: unknown): string =>
  v === null || v === undefined
    ? String(v)
    : v instanceof Map
      ? "a Map"
      : v instanceof Set
        ? "a Set"
        : typeof v === "object"
          ? "an object of another kind"
          : `a ${typeof v}`

/** Object spread `{ ...v }` (§13.2.5.5 CopyDataProperties): own enumerable keys of data values. */
export const spreadInto = (target: Record<string, unknown>, v: unknown): void => {
  if (v instanceof GuestObject) {
    for (const k of Object.keys(v))
      if (k === "__proto__")
        // An own key, never the native accessor an array target inherits from the host's Object.prototype.
        Object.defineProperty(target, k, {
          value: (v as Record<string, unknown>)[k],
          writable: true,
          enumerable: true,
          configurable: true,
        })
      else target[k] = (v as Record<string, unknown>)[k]
    for (const s of Object.getOwnPropertySymbols(v))
      if (!isInternalSymbol(s) && Object.prototype.propertyIsEnumerable.call(v, s))
        (target as Record<symbol, unknown>)[s] = (v as Record<symbol, unknown>)[s]
  } else if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (i in v) target[i] = v[i] // holes are not own properties
  } else if (typeof v === "string") {
    for (let i = 0; i < v.length; i++) target[i] = v[i]
  }
}

/**
 * One array from `vals` where each `spread[i]` value is replaced by its elements (`listOf`: an array read in place, or
 * the value iterated), for array literals and call arguments. The total is capped (`what` names the limit), charged
 * and counted as work before one array of the final length is filled: `[...a, ...a]` doubling, `f(...a, ...a)`,
 * `Math.max(...big)` in a loop (SECURITY.md "Memory"). A `holes[i]` element is left a hole.
 */
export const concatSpread = (
  rt: Run,
  pos: Pos,
  vals: ReadonlyArray<unknown>,
  spread: ReadonlyArray<boolean>,
  listOf: (v: unknown, i: number, pos: Pos, rt: Run) => ReadonlyArray<unknown>,
  what: string,
  holes?: ReadonlyArray<boolean>,
): Array<unknown> => {
  const lists: Array<ReadonlyArray<unknown> | undefined> = new Array(vals.length)
  let total = 0
  for (let i = 0; i < vals.length; i++) {
    if (spread[i]) {
      const xs = listOf(vals[i], i, pos, rt)
      lists[i] = xs
      total += xs.length
    } else total++
    checkArray(total, what)
  }
  chargeArray(rt, total)
  rt.work(total)
  const out = new Array<unknown>(total)
  let k = 0
  for (let i = 0; i < vals.length; i++) {
    const xs = lists[i]
    if (xs !== undefined) for (let j = 0; j < xs.length; j++) out[k++] = xs[j]
    else if (holes?.[i] === true) k++
    else out[k++] = vals[i]
  }
  return out
}
