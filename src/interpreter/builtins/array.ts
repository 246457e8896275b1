/**
 * Array methods and statics (@opencode-ai/codemode 1.18 "Common array operations"): `keys/values/entries` return arrays. Callbacks are
 * guest callables invoked through `rt.call`; an async callback simply yields promises (JS semantics).
 */
import { checkArray } from "../memory-caps.js"
import { chargeArray, chargeString } from "../memory-budget.js"
import { ARRAY_CHARGES, charged } from "./memory-charges.js"
import { rangeError, typeError } from "../errors.js"
import { joinArray, toNum, toStr } from "../coerce.js"
import { getProperty, hasProperty } from "../property.js"
import { dense, toList } from "../iteration.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestObject, WELL_KNOWN, isCallable } from "../values.js"
import {
  concatIsGeneric,
  genericConcat,
  genericCopyWithin,
  genericFill,
  genericPop,
  genericPush,
  genericReverse,
  genericShift,
  genericSort,
  genericSplice,
  genericUnshift,
} from "./array-generic.js"
import { visitingLive } from "./array-visit.js"
import { callback, fn, methods, relIndex, table, toInt, type Rows } from "./util.js"

/**
 * The receiver of a method that does not write to it, as an array: an array itself, or a snapshot of an array-like
 * (`[].map.call({ length: 2, 0: "a" }, f)`, §23.1.3: ToObject, then LengthOfArrayLike — `length` is coerced before
 * the callback is checked). Holes stay holes. Methods that write to their receiver still require an array.
 */
const view = (rt: Run, v: unknown): Array<unknown> => {
  if (Array.isArray(v)) return v
  if (v === null || v === undefined) throw typeError(`Array.prototype method called on ${v}`)
  if (typeof v === "string") {
    checkArray(v.length, "array-like receiver")
    chargeArray(rt, v.length)
    return readEach(rt, v.length, (i) => v[i])
  }
  if (typeof v !== "object") return []
  const n = Math.trunc(toNum(getProperty(rt, v, "length")))
  const len = n > 0 ? Math.min(n, Number.MAX_SAFE_INTEGER) : 0
  checkArray(len, "array-like receiver")
  chargeArray(rt, len)
  const out = new Array<unknown>(len)
  for (let i = 0; i < len; i++) {
    rt.tick()
    if (hasProperty(rt, v, i)) out[i] = getProperty(rt, v, i)
  }
  return out
}

/**
 * An array of `length` elements read one by one, a step each: reading an array-like element by element is a hundred
 * times slower than a native copy (`Array.from({ length: 5e6 })` took a second), so it cannot be counted as one
 * `Run.work` before the call.
 */
const readEach = (rt: Run, length: number, read: (i: number) => unknown): Array<unknown> => {
  const out = new Array<unknown>(length)
  for (let i = 0; i < length; i++) {
    rt.tick()
    out[i] = read(i)
  }
  return out
}

type Cb = (x: unknown, i: number) => unknown
/** A checked callback; its third argument is the receiver itself (not an array-like's snapshot). */
const cb = (rt: Run, f: unknown, thisArg: unknown, self: unknown, method: string): Cb => {
  callback(f, `Array.${method}`)
  return (x, i) => rt.callN(f, thisArg, 3, x, i, self)
}

/**
 * Default sort order (§23.1.3.30.2): undefined last, otherwise by string value. Each comparison converts both sides
 * afresh, so a conversion that makes a new string is charged to the budget: a default sort of a million numbers
 * allocates tens of millions of short strings, which is garbage to V8 but allocation to the run (SECURITY.md "Memory").
 */
const defaultCompare = (rt: Run, a: unknown, b: unknown): number => {
  if (a === undefined) return b === undefined ? 0 : 1
  if (b === undefined) return -1
  const x = typeof a === "string" ? a : chargeString(rt, toStr(a))
  const y = typeof b === "string" ? b : chargeString(rt, toStr(b))
  return x < y ? -1 : x > y ? 1 : 0
}

const comparator = (rt: Run, f: unknown, method: "sort" | "toSorted") => {
  // One step per comparison: a default sort of millions of numbers converts both sides to strings each time.
  if (f === undefined) return (a: unknown, b: unknown) => (rt.tick(), defaultCompare(rt, a, b))
  if (!isCallable(f))
    throw typeError(
      `Array.${method} expects a function callback: the comparison function must be either a function or undefined`,
    )
  return (a: unknown, b: unknown) => {
    if (a === undefined) return b === undefined ? 0 : 1
    if (b === undefined) return -1
    const r = toNum(rt.callN(f, undefined, 2, a, b))
    return r !== r ? 0 : r
  }
}

// The separator converts before any element (§23.1.3.18 step 3); elements convert through their guest hooks.
const join = (rt: Run, a: Array<unknown>, sep: unknown): string =>
  joinArray(a, sep === undefined ? "," : toStr(sep), rt)

/** Whether index i is present (not a hole). `undefined` is the only value that needs the `in` check. */
const present = (a: Array<unknown>, i: number): boolean => a[i] !== undefined || i in a

// §23.1.3.24: holes are skipped, both when looking for the initial value and when calling back.
const reduce = (rt: Run, a: Array<unknown>, args: ReadonlyArray<unknown>, right: boolean, self: unknown) => {
  const f = callback(args[0], right ? "Array.reduceRight" : "Array.reduce")
  const n = a.length
  let i = right ? n - 1 : 0
  const step = right ? -1 : 1
  let acc: unknown
  if (args.length >= 2) acc = args[1]
  else {
    while (i >= 0 && i < n && !present(a, i)) i += step
    if (i < 0 || i >= n) throw typeError("Reduce of empty array with no initial value")
    acc = a[i]
    i += step
  }
  for (; i >= 0 && i < n; i += step) if (present(a, i)) acc = rt.callN(f, undefined, 4, acc, a[i], i, self)
  return acc
}

const splice = (a: Array<unknown>, args: ReadonlyArray<unknown>): Array<unknown> => {
  const start = relIndex(args[0], a.length, 0)
  const count =
    args.length === 0
      ? 0
      : args.length === 1
        ? a.length - start
        : Math.min(Math.max(toInt(args[1]), 0), a.length - start)
  return a.splice(start, count, ...args.slice(2))
}

/** Elements `flat` would produce, counted up to just past the cap so the check runs before the native copy. */
const flatLength = (a: Array<unknown>, depth: number, limit: number): number => {
  let n = 0
  for (let i = 0; i < a.length && n <= limit; i++) {
    if (!(i in a)) continue
    const x = a[i]
    n += depth >= 1 && Array.isArray(x) ? flatLength(x, depth - 1, limit - n) : 1
  }
  return n
}

const flat = (a: Array<unknown>, depth: number): Array<unknown> => {
  checkArray(flatLength(a, depth, 10_000_000), "flat")
  return a.flat(depth)
}

const FILL_CHUNK = 1 << 16

const rows: Rows = {
  push: (rt, s, args) =>
    Array.isArray(s)
      ? (checkArray(s.length + args.length, "push"), args.length === 1 ? s.push(args[0]) : s.push(...args))
      : genericPush(rt, s, args),
  pop: (rt, s) => (Array.isArray(s) ? s.pop() : genericPop(rt, s)),
  shift: (rt, s) => (Array.isArray(s) ? s.shift() : genericShift(rt, s)),
  unshift: (rt, s, args) => (Array.isArray(s) ? s.unshift(...args) : genericUnshift(rt, s, args)),
  slice: (rt, s, [b, e]) => {
    const a = view(rt, s)
    return a.slice(relIndex(b, a.length, 0), relIndex(e, a.length, a.length))
  },
  splice: (rt, s, args) => (Array.isArray(s) ? splice(s, args) : genericSplice(rt, s, args)),
  toSpliced: (rt, s, args) => {
    const copy = dense(view(rt, s))
    splice(copy, args)
    return copy
  },
  concat: (rt, s, args) => {
    if (concatIsGeneric(s, args)) return genericConcat(rt, s, args)
    const parts = args.map((x) => (Array.isArray(x) ? x : [x]))
    checkArray(
      parts.reduce((n, p) => n + p.length, (s as Array<unknown>).length),
      "concat",
    )
    return (s as Array<unknown>).concat(...parts)
  },
  join: (rt, s, [sep]) => join(rt, view(rt, s), sep),
  toString: (rt: Run, s: unknown) => join(rt, view(rt, s), ","),
  // §23.1.3.32 with ECMA-402 §19.5.1: each element's toLocaleString(locales, options), joined with ",".
  toLocaleString: (rt: Run, s: unknown, args: ReadonlyArray<unknown>) =>
    view(rt, s)
      .map((x) => {
        if (x == null) return ""
        const f = getProperty(rt, x, "toLocaleString")
        return toStr(f === undefined ? x : rt.call(f, x, args.slice(0, 2)))
      })
      .join(","),
  indexOf: (rt, s, [x, from]) => view(rt, s).indexOf(x, toInt(from)),
  lastIndexOf: (rt, s, args) =>
    args.length > 1 ? view(rt, s).lastIndexOf(args[0], toInt(args[1])) : view(rt, s).lastIndexOf(args[0]),
  includes: (rt, s, [x, from]) => view(rt, s).includes(x, toInt(from)),
  find: (rt, s, [f, t]) => view(rt, s).find(cb(rt, f, t, s, "find")),
  findIndex: (rt, s, [f, t]) => view(rt, s).findIndex(cb(rt, f, t, s, "findIndex")),
  findLast: (rt, s, [f, t]) => view(rt, s).findLast(cb(rt, f, t, s, "findLast")),
  findLastIndex: (rt, s, [f, t]) => view(rt, s).findLastIndex(cb(rt, f, t, s, "findLastIndex")),
  filter: (rt, s, [f, t]) => {
    const a = view(rt, s)
    const c = cb(rt, f, t, s, "filter")
    const out: Array<unknown> = []
    // The length is read once (§23.1.3.10): elements pushed by the callback are not visited.
    for (let i = 0, n = a.length; i < n; i++) if (present(a, i) && c(a[i], i)) out.push(a[i])
    return out
  },
  map: (rt, s, [f, t]) => {
    const a = view(rt, s)
    const c = cb(rt, f, t, s, "map")
    const n = a.length
    const out = new Array<unknown>(n)
    for (let i = 0; i < n; i++) if (present(a, i)) out[i] = c(a[i], i) // holes stay holes
    return out
  },
  forEach: (rt, s, [f, t]) => {
    const a = view(rt, s)
    const c = cb(rt, f, t, s, "forEach")
    for (let i = 0, n = a.length; i < n; i++) if (present(a, i)) c(a[i], i)
    return undefined
  },
  flatMap: (rt, s, [f, t]) => {
    const a = view(rt, s)
    const c = cb(rt, f, t, s, "flatMap")
    const out: Array<unknown> = []
    for (let i = 0, n = a.length; i < n; i++) {
      if (!present(a, i)) continue
      const r = c(a[i], i)
      if (!Array.isArray(r)) out.push(r)
      else {
        checkArray(out.length + r.length, "flatMap") // before copying (SECURITY.md "Memory")
        for (let j = 0; j < r.length; j++) if (present(r, j)) out.push(r[j])
      }
    }
    return out
  },
  reduce: (rt, s, args) => reduce(rt, view(rt, s), args, false, s),
  reduceRight: (rt, s, args) => reduce(rt, view(rt, s), args, true, s),
  some: (rt, s, [f, t]) => view(rt, s).some(cb(rt, f, t, s, "some")),
  every: (rt, s, [f, t]) => view(rt, s).every(cb(rt, f, t, s, "every")),
  sort: (rt, s, [f]) => {
    const compare = comparator(rt, f, "sort") // a bad comparator is refused before the receiver is read (§23.1.3.30 step 1)
    return Array.isArray(s) ? s.sort(compare) : genericSort(rt, s, compare)
  },
  // The copying methods read holes as undefined (§23.1.3.34 etc.: Get on every index): dense copies.
  toSorted: (rt, s, [f]) => dense(view(rt, s)).sort(comparator(rt, f, "toSorted")),
  reverse: (rt, s) => (Array.isArray(s) ? s.reverse() : genericReverse(rt, s)),
  toReversed: (rt, s) => dense(view(rt, s)).reverse(),
  flat: (rt, s, [d]) => flat(view(rt, s), d === undefined ? 1 : toInt(d)),
  at: (rt, s, [i]) => view(rt, s).at(toInt(i)),
  with: (rt, s, [i, v]) => {
    const a = view(rt, s)
    const k = toInt(i) < 0 ? a.length + toInt(i) : toInt(i)
    if (k < 0 || k >= a.length) throw rangeError(`Invalid index : ${toStr(i)}`)
    const copy = dense(a)
    copy[k] = v
    return copy
  },
  fill: (rt, s, args) => {
    if (!Array.isArray(s)) return genericFill(rt, s, args)
    const [v, b, e] = args
    const a = s
    const end = relIndex(e, a.length, a.length)
    // In chunks with a step count each: filling `Array(10^7)` (dictionary elements) took V8 over a second.
    for (let i = relIndex(b, a.length, 0); i < end; i += FILL_CHUNK) {
      rt.work(Math.min(FILL_CHUNK, end - i))
      a.fill(v, i, Math.min(end, i + FILL_CHUNK))
    }
    return a
  },
  copyWithin: (rt, s, args) => {
    if (!Array.isArray(s)) return genericCopyWithin(rt, s, args)
    const [t, b, e] = args
    const a = s
    const to = relIndex(t, a.length, 0)
    const from = relIndex(b, a.length, 0)
    const end = relIndex(e, a.length, a.length)
    // Over holes V8 takes its slow path (a lookup per element): counted as four elements each.
    rt.work(4 * Math.max(0, Math.min(end - from, a.length - to)))
    return a.copyWithin(to, from, end)
  },
  keys: (rt, s) => {
    // A counting loop: `Array.from(a.keys())` takes V8's generic iterator path (over a second for 10^6).
    const n = view(rt, s).length
    const out = new Array<number>(n)
    for (let i = 0; i < n; i++) out[i] = i
    return out
  },
  values: (rt, s) => dense(view(rt, s)),
  entries: (rt, s) => dense(view(rt, s)).map((x, i) => [i, x]),
}

// §23.1.3: each method's `length`; the rest take no required argument.
export const arrayMethods = methods(charged(visitingLive(rows), ARRAY_CHARGES), {
  ...Object.fromEntries(
    "at concat every fill filter find findIndex findLast findLastIndex flatMap forEach includes indexOf join lastIndexOf map push reduce reduceRight some sort toSorted unshift"
      .split(" ")
      .map((m) => [m, 1]),
  ),
  copyWithin: 2,
  slice: 2,
  splice: 2,
  toSpliced: 2,
  with: 2,
})

/** `Array.from`'s list, charged (an array-like before its elements are read, an iterable's copy after). */
const fromArrayLike = (rt: Run, v: unknown): Array<unknown> => {
  // An iterable object (a guest `[Symbol.iterator]`) is iterated; any other object is read as an array-like.
  if (v instanceof GuestObject && (v as Record<symbol, unknown>)[WELL_KNOWN.iterator] == null) {
    const len = toInt(getProperty(rt, v, "length"))
    if (len < 0 || len > 1e7) throw rangeError("Invalid array length")
    chargeArray(rt, len)
    return readEach(rt, len, (i) => (v as Record<string, unknown>)[i])
  }
  if (v === null || v === undefined) throw typeError(`${v} is not iterable`)
  if (typeof v === "number" || typeof v === "boolean") return made(rt, [])
  return made(rt, toList(v, undefined, "Array.from argument", rt))
}

/** `Array(n)` / `Array(...items)`, charged before V8 allocates the n slots (80 MB at the 10^7 cap). */
const make = (rt: Run, args: ReadonlyArray<unknown>): Array<unknown> => {
  if (args.length === 1 && typeof args[0] === "number") {
    const n = args[0]
    if (!(n >>> 0 === n) || n > 1e7) throw rangeError("Invalid array length")
    chargeArray(rt, n)
    rt.work(n)
    return new Array<unknown>(n)
  }
  chargeArray(rt, args.length)
  return [...args]
}

const made = (rt: Run, a: Array<unknown>): Array<unknown> => (chargeArray(rt, a.length), a)

export const ArrayCtor = new Builtin("Array", (rt, _s, args) => make(rt, args), {
  length: 1,
  construct: (rt, args) => make(rt, args),
  is: (v) => Array.isArray(v),
  statics: table({
    isArray: fn("isArray", (_rt, _s, [v]) => Array.isArray(v), 1),
    of: fn("of", (rt, _s, args) => made(rt, [...args])),
    from: fn(
      "from",
      (rt, _s, [v, f, t]) => {
        const list = fromArrayLike(rt, v)
        if (f === undefined) return list
        callback(f, "Array.from")
        chargeArray(rt, list.length) // before `map` allocates its result at the list's length
        return list.map((x, i) => rt.call(f, t, [x, i]))
      },
      1,
    ),
  }),
})
