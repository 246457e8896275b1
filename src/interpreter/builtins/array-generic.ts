/**
 * The Array.prototype methods that write to their receiver, for a receiver that is not an array (§23.1.3: "the
 * method is intentionally generic"): `Array.prototype.push.call({ length: 1 }, x)`, `[].pop.call("")`. Each one
 * follows the spec's steps through the guest property path (getters, setters, frozen objects and read-only
 * `length` behave as in JavaScript), in the spec's order of observable operations. Arrays keep the native fast
 * paths of array.ts.
 *
 * Nothing here allocates by the receiver's `length`: a sparse array-like with a huge length costs one step per
 * index visited, so a method that must visit 2^53 indices (`shift` on `{ length: 2 ** 53 - 1 }`) ends at the
 * run's step budget instead of finishing (SECURITY.md "Limits"); the arrays these methods create are checked
 * against the array cap before they grow.
 */
import { checkArray } from "../memory-caps.js"
import { typeError } from "../errors.js"
import { deleteProperty, getProperty, hasProperty, setProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { WELL_KNOWN, Wrapper, newObject } from "../values.js"
import { toInt } from "./util.js"

/** 2^53 - 1: the largest length of an array-like (§7.1.20 ToLength). */
const MAX_LENGTH = Number.MAX_SAFE_INTEGER

/** ToObject (§7.1.18) of a method's receiver: primitives are wrapped, null and undefined refused. */
export const toObject = (v: unknown, method: string): object => {
  if (v === null || v === undefined) throw typeError(`Array.prototype.${method} called on null or undefined`)
  if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return new Wrapper(v)
  if (typeof v === "symbol" || typeof v === "bigint") return newObject()
  return v as object
}

/** LengthOfArrayLike (§7.3.18): ToLength(Get(o, "length")). */
export const lengthOf = (rt: Run, o: object): number => {
  const n = toInt(getProperty(rt, o, "length"))
  return n <= 0 ? 0 : Math.min(n, MAX_LENGTH)
}

/** A relative index (start/end arguments, §23.1.3.9 steps 3–5) against `len`; `dflt` when undefined. */
const relative = (v: unknown, len: number, dflt: number): number => {
  if (v === undefined) return dflt
  const n = toInt(v)
  return n < 0 ? Math.max(len + n, 0) : Math.min(n, len)
}

const put = (rt: Run, o: object, k: number | string, v: unknown): void => setProperty(rt, o, k, v)

/** DeletePropertyOrThrow (§7.3.10). */
const remove = (rt: Run, o: object, k: number): void => {
  if (!deleteProperty(rt, o, k)) throw typeError(`Cannot delete property '${k}' of #<Object>`)
}

/** `o[to] = o[from]` when `from` exists, else `delete o[to]` (the inner step of shift/unshift/splice/copyWithin). */
const move = (rt: Run, o: object, from: number, to: number): void => {
  rt.tick()
  if (hasProperty(rt, o, from)) put(rt, o, to, getProperty(rt, o, from))
  else remove(rt, o, to)
}

const tooLong = () => typeError("Pushing the elements would make the length exceed 2^53 - 1")

export const genericPush = (rt: Run, self: unknown, items: ReadonlyArray<unknown>): number => {
  const o = toObject(self, "push")
  let len = lengthOf(rt, o)
  if (len + items.length > MAX_LENGTH) throw tooLong()
  for (const item of items) put(rt, o, len++, item)
  put(rt, o, "length", len)
  return len
}

export const genericPop = (rt: Run, self: unknown): unknown => {
  const o = toObject(self, "pop")
  const len = lengthOf(rt, o)
  if (len === 0) return (put(rt, o, "length", 0), undefined)
  const element = getProperty(rt, o, len - 1)
  remove(rt, o, len - 1)
  put(rt, o, "length", len - 1)
  return element
}

export const genericShift = (rt: Run, self: unknown): unknown => {
  const o = toObject(self, "shift")
  const len = lengthOf(rt, o)
  if (len === 0) return (put(rt, o, "length", 0), undefined)
  const first = getProperty(rt, o, 0)
  for (let k = 1; k < len; k++) move(rt, o, k, k - 1)
  remove(rt, o, len - 1)
  put(rt, o, "length", len - 1)
  return first
}

export const genericUnshift = (rt: Run, self: unknown, items: ReadonlyArray<unknown>): number => {
  const o = toObject(self, "unshift")
  const len = lengthOf(rt, o)
  const n = items.length
  if (n > 0) {
    if (len + n > MAX_LENGTH) throw tooLong()
    for (let k = len; k > 0; k--) move(rt, o, k - 1, k + n - 1)
    items.forEach((item, j) => put(rt, o, j, item))
  }
  put(rt, o, "length", len + n)
  return len + n
}

export const genericReverse = (rt: Run, self: unknown): object => {
  const o = toObject(self, "reverse")
  const len = lengthOf(rt, o)
  const middle = Math.floor(len / 2)
  for (let lower = 0; lower !== middle; lower++) {
    rt.tick()
    const upper = len - lower - 1
    const lowerExists = hasProperty(rt, o, lower)
    const lowerValue = lowerExists ? getProperty(rt, o, lower) : undefined
    const upperExists = hasProperty(rt, o, upper)
    const upperValue = upperExists ? getProperty(rt, o, upper) : undefined
    if (upperExists) put(rt, o, lower, upperValue)
    else if (lowerExists) remove(rt, o, lower)
    if (lowerExists) put(rt, o, upper, lowerValue)
    else if (upperExists) remove(rt, o, upper)
  }
  return o
}

export const genericSplice = (rt: Run, self: unknown, args: ReadonlyArray<unknown>): Array<unknown> => {
  const o = toObject(self, "splice")
  const len = lengthOf(rt, o)
  const start = relative(args[0], len, 0)
  const items = args.slice(2)
  const deleteCount =
    args.length === 0 ? 0 : args.length === 1 ? len - start : Math.min(Math.max(toInt(args[1]), 0), len - start)
  if (len + items.length - deleteCount > MAX_LENGTH) throw tooLong()
  checkArray(deleteCount, "splice")
  const removed: Array<unknown> = []
  for (let k = 0; k < deleteCount; k++) {
    rt.tick()
    if (hasProperty(rt, o, start + k)) removed[k] = getProperty(rt, o, start + k)
  }
  removed.length = deleteCount
  const n = items.length
  if (n < deleteCount) {
    for (let k = start; k < len - deleteCount; k++) move(rt, o, k + deleteCount, k + n)
    for (let k = len; k > len - deleteCount + n; k--) (rt.tick(), remove(rt, o, k - 1))
  } else if (n > deleteCount) {
    for (let k = len - deleteCount; k > start; k--) move(rt, o, k + deleteCount - 1, k + n - 1)
  }
  items.forEach((item, j) => put(rt, o, start + j, item))
  put(rt, o, "length", len - deleteCount + n)
  return removed
}

export const genericFill = (rt: Run, self: unknown, [value, start, end]: ReadonlyArray<unknown>): object => {
  const o = toObject(self, "fill")
  const len = lengthOf(rt, o)
  const to = relative(end, len, len)
  for (let k = relative(start, len, 0); k < to; k++) (rt.tick(), put(rt, o, k, value))
  return o
}

export const genericCopyWithin = (rt: Run, self: unknown, [target, start, end]: ReadonlyArray<unknown>): object => {
  const o = toObject(self, "copyWithin")
  const len = lengthOf(rt, o)
  let to = relative(target, len, 0)
  let from = relative(start, len, 0)
  const final = relative(end, len, len)
  let count = Math.min(final - from, len - to)
  let step = 1
  if (from < to && to < from + count) {
    step = -1
    from += count - 1
    to += count - 1
  }
  for (; count > 0; count--, from += step, to += step) move(rt, o, from, to)
  return o
}

/**
 * §23.1.3.30 for an array-like: the present elements are read in index order, sorted with `compare`, written back
 * from index 0, and the indices past them deleted (holes sort last).
 */
export const genericSort = (rt: Run, self: unknown, compare: (a: unknown, b: unknown) => number): object => {
  const o = toObject(self, "sort")
  const len = lengthOf(rt, o)
  const items: Array<unknown> = []
  for (let k = 0; k < len; k++) {
    rt.tick()
    if (hasProperty(rt, o, k)) {
      checkArray(items.length + 1, "sort")
      items.push(getProperty(rt, o, k))
    }
  }
  items.sort(compare)
  items.forEach((item, j) => put(rt, o, j, item))
  for (let k = items.length; k < len; k++) (rt.tick(), remove(rt, o, k))
  return o
}

/** IsConcatSpreadable (§23.1.3.2.1): `[Symbol.isConcatSpreadable]` when defined, else whether it is an array. */
const spreadable = (rt: Run, v: unknown): boolean => {
  if (v === null || typeof v !== "object") return false
  const flag = getProperty(rt, v, WELL_KNOWN.isConcatSpreadable)
  return flag !== undefined ? !!flag : Array.isArray(v)
}

/** Whether concat needs the generic path: a non-array receiver, or an argument that may answer isConcatSpreadable. */
export const concatIsGeneric = (self: unknown, args: ReadonlyArray<unknown>): boolean =>
  !Array.isArray(self) ||
  WELL_KNOWN.isConcatSpreadable in self ||
  args.some((x) => x !== null && typeof x === "object" && (!Array.isArray(x) || WELL_KNOWN.isConcatSpreadable in x))

/** §23.1.3.2 Array.prototype.concat, element by element (holes of spread values stay holes). */
export const genericConcat = (rt: Run, self: unknown, args: ReadonlyArray<unknown>): Array<unknown> => {
  const out: Array<unknown> = []
  let n = 0
  for (const e of [toObject(self, "concat"), ...args]) {
    if (!spreadable(rt, e)) {
      if (n >= MAX_LENGTH) throw tooLong()
      checkArray(n + 1, "concat")
      out[n++] = e
      continue
    }
    const len = lengthOf(rt, e as object)
    if (n + len > MAX_LENGTH) throw tooLong()
    checkArray(n + len, "concat")
    for (let k = 0; k < len; k++, n++) {
      rt.tick()
      if (hasProperty(rt, e, k)) out[n] = getProperty(rt, e, k)
    }
  }
  out.length = n
  return out
}
