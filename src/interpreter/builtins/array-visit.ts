/**
 * The Array.prototype methods that visit their receiver without writing to it (`forEach`, `map`, `filter`, `some`,
 * `every`, the `find` family, `reduce`/`reduceRight`, `indexOf`/`lastIndexOf`/`includes`), for a receiver that is
 * an object but not an array: `[].forEach.call({ length: 2, 0: "a" }, f)`. Each follows its spec steps through the
 * guest property path, live: the callback is checked after `length` is read and before any element is, each index
 * is tested (`HasProperty`) and read (`Get`) when the loop reaches it, so getters run in index order and a callback
 * that deletes or adds elements (on the receiver or on a prototype) is seen as JavaScript sees it. Nothing is
 * allocated by the receiver's `length`: a search that stops early (`some`, `indexOf`) on `{ length: 2 ** 53 - 1 }`
 * costs the indices it visits, a step each (SECURITY.md "Limits"). Arrays keep the native paths of array.ts.
 */
import { checkArray } from "../memory-caps.js"
import { chargeArray } from "../memory-budget.js"
import { rangeError, typeError } from "../errors.js"
import { getProperty, hasProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { lengthOf } from "./array-generic.js"
import { callback, toInt, type Rows } from "./util.js"

/** Whether a method's receiver takes the live path here: any object that is not an array (strings snapshot). */
// Arrays, the common receiver, answer at the first test.
const visitsLive = (s: unknown): s is object => !Array.isArray(s) && s !== null && typeof s === "object"

type Visit = (rt: Run, o: object, args: ReadonlyArray<unknown>) => unknown

/** forEach/map/filter/some/every (§23.1.3.15 etc.): present elements in index order, the callback's third argument the receiver. */
const eachPresent =
  (
    method: string,
    start: (rt: Run, len: number) => { visit: (v: unknown, r: unknown, k: number) => boolean; end: () => unknown },
  ): Visit =>
  (rt, o, [f, thisArg]) => {
    const len = lengthOf(rt, o)
    callback(f, `Array.${method}`)
    const { visit, end } = start(rt, len)
    for (let k = 0; k < len; k++) {
      rt.tick()
      if (!hasProperty(rt, o, k)) continue
      const v = getProperty(rt, o, k)
      if (visit(v, rt.callN(f, thisArg, 3, v, k, o), k)) break
    }
    return end()
  }

/** FindViaPredicate (§23.1.3.12.1): every index, present or not, ascending or descending. */
const find =
  (method: string, descending: boolean, index: boolean): Visit =>
  (rt, o, [f, thisArg]) => {
    const len = lengthOf(rt, o)
    callback(f, `Array.${method}`)
    for (let i = 0; i < len; i++) {
      rt.tick()
      const k = descending ? len - 1 - i : i
      const v = getProperty(rt, o, k)
      if (rt.callN(f, thisArg, 3, v, k, o)) return index ? k : v
    }
    return index ? -1 : undefined
  }

/** §23.1.3.24/25: the first present element is the initial value when none is given. */
const reduce =
  (right: boolean): Visit =>
  (rt, o, args) => {
    const method = right ? "Array.reduceRight" : "Array.reduce"
    const len = lengthOf(rt, o)
    const f = callback(args[0], method)
    const step = right ? -1 : 1
    let k = right ? len - 1 : 0
    let acc: unknown
    if (args.length >= 2) acc = args[1]
    else {
      while (k >= 0 && k < len && (rt.tick(), !hasProperty(rt, o, k))) k += step
      if (k < 0 || k >= len) throw typeError("Reduce of empty array with no initial value")
      acc = getProperty(rt, o, k)
      k += step
    }
    for (; k >= 0 && k < len; k += step) {
      rt.tick()
      if (hasProperty(rt, o, k)) acc = rt.callN(f, undefined, 4, acc, getProperty(rt, o, k), k, o)
    }
    return acc
  }

/** The start index of indexOf/includes (§23.1.3.16 steps 4–10): `fromIndex` relative to `len`, or past it. */
const fromStart = (from: unknown, len: number): number => {
  const n = toInt(from)
  return n >= 0 ? n : Math.max(len + n, 0)
}

const indexOf: Visit = (rt, o, [x, from]) => {
  const len = lengthOf(rt, o)
  if (len === 0) return -1
  for (let k = fromStart(from, len); k < len; k++) {
    rt.tick()
    if (hasProperty(rt, o, k) && getProperty(rt, o, k) === x) return k
  }
  return -1
}

const lastIndexOf: Visit = (rt, o, args) => {
  const len = lengthOf(rt, o)
  if (len === 0) return -1
  const n = args.length > 1 ? toInt(args[1]) : len - 1
  for (let k = n >= 0 ? Math.min(n, len - 1) : len + n; k >= 0; k--) {
    rt.tick()
    if (hasProperty(rt, o, k) && getProperty(rt, o, k) === args[0]) return k
  }
  return -1
}

// SameValueZero over every index (holes read as undefined).
const includes: Visit = (rt, o, [x, from]) => {
  const len = lengthOf(rt, o)
  if (len === 0) return false
  for (let k = fromStart(from, len); k < len; k++) {
    rt.tick()
    const v = getProperty(rt, o, k)
    if (v === x || (v !== v && x !== x)) return true
  }
  return false
}

const stop = () => false

const LIVE = {
  forEach: eachPresent("forEach", () => ({ visit: stop, end: () => undefined })),
  map: eachPresent("map", (rt, len) => {
    // ArraySpeciesCreate(O, len) for a non-array is ArrayCreate(len): a RangeError past 2^32 - 1, and our cap.
    if (len > 2 ** 32 - 1) throw rangeError("Invalid array length")
    checkArray(len, "map")
    chargeArray(rt, len)
    const out = new Array<unknown>(len) // holes stay holes
    return { visit: (_v, r, k) => ((out[k] = r), false), end: () => out }
  }),
  // The result is charged by its length afterwards (memory-charges.ts); the cap is checked before each push.
  filter: eachPresent("filter", () => {
    const out: Array<unknown> = []
    return {
      visit: (v, r) => {
        if (r) (checkArray(out.length + 1, "filter"), out.push(v))
        return false
      },
      end: () => out,
    }
  }),
  some: eachPresent("some", () => {
    let found = false
    return { visit: (_v, r) => (found = !!r), end: () => found }
  }),
  every: eachPresent("every", () => {
    let all = true
    return { visit: (_v, r) => !(all = !!r), end: () => all }
  }),
  find: find("find", false, false),
  findIndex: find("findIndex", false, true),
  findLast: find("findLast", true, false),
  findLastIndex: find("findLastIndex", true, true),
  reduce: reduce(false),
  reduceRight: reduce(true),
  indexOf,
  lastIndexOf,
  includes,
} satisfies Record<string, Visit>

/**
 * `rows` (array.ts's methods on arrays and strings) with each method above taking its live path for a receiver that
 * is any other object, so one dispatch serves every visiting method.
 */
export const visitingLive = (rows: Rows): Rows => {
  const out: Rows = { ...rows }
  for (const [name, live] of Object.entries(LIVE) as Array<[string, Visit]>) {
    const row = rows[name]!
    out[name] = (rt, s, args) => (visitsLive(s) ? live(rt, s, args) : row(rt, s, args))
  }
  return out
}
