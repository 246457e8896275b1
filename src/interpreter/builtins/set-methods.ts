/**
 * The Set composition methods (ES2025 §24.2.4: union, intersection, difference, symmetricDifference, isSubsetOf,
 * isSupersetOf, isDisjointFrom) over the set-like protocol (§24.2.1.2 GetSetRecord): the argument is any object
 * with a numeric `size`, a callable `has` and a callable `keys` whose result is an iterator; each is read once, in
 * the specification's order, and the algorithm picks `has` or `keys` by comparing sizes, as the specification does.
 *
 * A Set or Map argument whose `keys` is still the built-in one is iterated natively (its `keys()` returns an array
 * here, the 1.18 contract); any other `keys` is called and its iterator driven through guest `next` calls. Every
 * step ticks the step counter, and a result Set is capped as it grows and charged when done (collections.ts).
 */
import { toNum } from "../coerce.js"
import { rangeError, typeError } from "../errors.js"
import { checkCollection } from "../memory-caps.js"
import { getProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { isCallable } from "../values.js"
import { v8Describe } from "./util.js"

interface SetRecord {
  readonly set: object
  readonly size: number
  readonly has: unknown
  readonly keys: unknown
}

const isObject = (v: unknown): v is object => v !== null && typeof v === "object"

/** §24.2.1.2 GetSetRecord. */
const setRecord = (rt: Run, other: unknown): SetRecord => {
  if (!isObject(other)) throw typeError(`The argument must be set-like: ${v8Describe(other)} is not an object`)
  const raw = getProperty(rt, other, "size")
  const n = toNum(raw)
  if (Number.isNaN(n)) throw typeError("The argument must be set-like: its 'size' is not a number")
  const size = Math.trunc(n)
  if (size < 0) throw rangeError("The argument must be set-like: its 'size' must not be negative")
  const has = getProperty(rt, other, "has")
  if (!isCallable(has)) throw typeError("The argument must be set-like: its 'has' is not a function")
  const keys = getProperty(rt, other, "keys")
  if (!isCallable(keys)) throw typeError("The argument must be set-like: its 'keys' is not a function")
  return { set: other, size, has, keys }
}

/** -0 → +0 (§24.5.1 CanonicalizeKeyedCollectionKey). */
const canonical = (v: unknown): unknown => (v === 0 ? 0 : v)

/** The built-in `keys` rows whose native iteration stands in for the guest iterator protocol. */
let nativeKeys: ReadonlySet<unknown> = new Set()
export const registerNativeKeys = (rows: ReadonlyArray<unknown>): void => {
  nativeKeys = new Set(rows)
}

/**
 * Iterates the keys of `rec` (§24.2.1.3 GetIteratorFromMethod + IteratorStepValue); `visit` returning true stops
 * early, closing a guest iterator (§7.4.11) and returning true.
 */
const eachKey = (rt: Run, rec: SetRecord, visit: (k: unknown) => boolean): boolean => {
  const s = rec.set
  if (nativeKeys.has(rec.keys) && (s instanceof Set || s instanceof Map)) {
    for (const k of s.keys()) {
      rt.tick()
      if (visit(canonical(k))) return true
    }
    return false
  }
  const it = rt.call(rec.keys, s, [], undefined, "keys")
  if (!isObject(it)) throw typeError(`The 'keys' result ${v8Describe(it)} is not an object`)
  const next = getProperty(rt, it, "next")
  if (!isCallable(next)) throw typeError("The 'keys' iterator's next is not a function")
  for (;;) {
    rt.tick()
    const r = rt.call(next, it, [], undefined, "next")
    if (!isObject(r)) throw typeError(`Iterator result ${v8Describe(r)} is not an object`)
    if (getProperty(rt, r, "done")) return false
    if (visit(canonical(getProperty(rt, r, "value")))) {
      const ret = getProperty(rt, it, "return")
      if (ret !== undefined && ret !== null) {
        const x = rt.call(ret, it, [], undefined, "return")
        if (!isObject(x)) throw typeError(`Iterator result ${v8Describe(x)} is not an object`)
      }
      return true
    }
  }
}

/** Calls `has` of `rec` for each element of `s` (live, like the specification's index walk); true stops early. */
const eachOwn = (rt: Run, s: Set<unknown>, rec: SetRecord, visit: (e: unknown, inOther: boolean) => boolean) => {
  for (const e of s) {
    rt.tick()
    if (visit(e, !!rt.call(rec.has, rec.set, [e], undefined, "has"))) return true
  }
  return false
}

const grow = (r: Set<unknown>, v: unknown, what: string): void => {
  if (!r.has(v)) {
    checkCollection(r.size + 1, what)
    r.add(v)
  }
}

export const union = (rt: Run, s: Set<unknown>, other: unknown): Set<unknown> => {
  const rec = setRecord(rt, other)
  const r = new Set(s)
  eachKey(rt, rec, (k) => (grow(r, k, "union"), false))
  return r
}

export const intersection = (rt: Run, s: Set<unknown>, other: unknown): Set<unknown> => {
  const rec = setRecord(rt, other)
  const r = new Set<unknown>()
  if (s.size <= rec.size) eachOwn(rt, s, rec, (e, inOther) => (inOther && grow(r, e, "intersection"), false))
  else eachKey(rt, rec, (k) => (s.has(k) && grow(r, k, "intersection"), false))
  return r
}

export const difference = (rt: Run, s: Set<unknown>, other: unknown): Set<unknown> => {
  const rec = setRecord(rt, other)
  const r = new Set(s)
  if (s.size <= rec.size) {
    for (const e of [...r]) {
      rt.tick()
      if (rt.call(rec.has, rec.set, [e], undefined, "has")) r.delete(e)
    }
  } else eachKey(rt, rec, (k) => (r.delete(k), false))
  return r
}

export const symmetricDifference = (rt: Run, s: Set<unknown>, other: unknown): Set<unknown> => {
  const rec = setRecord(rt, other)
  const r = new Set(s)
  eachKey(rt, rec, (k) => {
    if (s.has(k)) r.delete(k)
    else grow(r, k, "symmetricDifference")
    return false
  })
  return r
}

export const isSubsetOf = (rt: Run, s: Set<unknown>, other: unknown): boolean => {
  const rec = setRecord(rt, other)
  if (s.size > rec.size) return false
  return !eachOwn(rt, s, rec, (_e, inOther) => !inOther)
}

export const isSupersetOf = (rt: Run, s: Set<unknown>, other: unknown): boolean => {
  const rec = setRecord(rt, other)
  if (s.size < rec.size) return false
  return !eachKey(rt, rec, (k) => !s.has(k))
}

export const isDisjointFrom = (rt: Run, s: Set<unknown>, other: unknown): boolean => {
  const rec = setRecord(rt, other)
  if (s.size <= rec.size) return !eachOwn(rt, s, rec, (_e, inOther) => inOther)
  return !eachKey(rt, rec, (k) => s.has(k))
}
