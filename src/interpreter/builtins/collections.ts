/**
 * Map and Set (@opencode-ai/codemode 1.18): native instances reached only through these tables; `keys/values/entries` return arrays.
 * The Set composition methods are set-methods.ts's (docs/design.md#canonical-programs).
 */
import { checkCollection } from "../memory-caps.js"
import { BYTES, chargeArray } from "../memory-budget.js"
import { chargeCollection, charged, entryCharge, type Charge } from "./memory-charges.js"
import { typeError } from "../errors.js"
import { toList } from "../iteration.js"
import type { Run } from "../run-state.js"
import { Builtin } from "../values.js"
import { callback, fn, methods, table } from "./util.js"
import { getProperty } from "../property.js"
import { mapGroupBy } from "./object.js"
import {
  difference,
  intersection,
  isDisjointFrom,
  isSubsetOf,
  isSupersetOf,
  registerNativeKeys,
  symmetricDifference,
  union,
} from "./set-methods.js"

const map = (v: unknown): Map<unknown, unknown> => {
  if (!(v instanceof Map)) throw typeError("Map method called on a non-Map")
  return v
}
const set = (v: unknown): Set<unknown> => {
  if (!(v instanceof Set)) throw typeError("Set method called on a non-Set")
  return v
}

const each = (rt: Run, c: Map<unknown, unknown> | Set<unknown>, f: unknown, t: unknown) => {
  callback(f)
  c.forEach((v, k) => rt.call(f, t, [v, k, c]))
  return undefined
}

const listed: Charge = {
  post: (rt, r) => {
    if (Array.isArray(r)) chargeArray(rt, r.length)
  },
}
const pairs: Charge = {
  post: (rt, r) => {
    if (Array.isArray(r)) rt.charge(BYTES.array + r.length * (BYTES.slot + BYTES.array + 2 * BYTES.slot))
  },
}
/** A Set built by a composition method: capped and charged after (its size is known only then). */
const composed = (what: string): Charge => ({
  post: (rt, r) => {
    if (!(r instanceof Set)) return
    checkCollection(r.size, what)
    chargeCollection(rt, r.size, BYTES.setEntry)
  },
})

export const mapMethods = methods(
  charged(
    {
      get: (_rt, s, [k]) => map(s).get(k),
      set: (_rt, s, [k, v]) => (map(s).has(k) || checkCollection(map(s).size + 1, "Map.set"), map(s).set(k, v)),
      has: (_rt, s, [k]) => map(s).has(k),
      delete: (_rt, s, [k]) => map(s).delete(k),
      clear: (_rt, s) => map(s).clear(),
      forEach: (rt, s, [f, t]) => each(rt, map(s), f, t),
      keys: (_rt, s) => Array.from(map(s).keys()),
      values: (_rt, s) => Array.from(map(s).values()),
      entries: (_rt, s) => Array.from(map(s), ([k, v]) => [k, v]),
    },
    { set: entryCharge(BYTES.mapEntry), keys: listed, values: listed, entries: pairs },
  ),
  { get: 1, set: 2, has: 1, delete: 1, forEach: 1 },
)

export const setMethods = methods(
  charged(
    {
      add: (_rt, s, [v]) => (set(s).has(v) || checkCollection(set(s).size + 1, "Set.add"), set(s).add(v)),
      has: (_rt, s, [v]) => set(s).has(v),
      delete: (_rt, s, [v]) => set(s).delete(v),
      clear: (_rt, s) => set(s).clear(),
      forEach: (rt, s, [f, t]) => each(rt, set(s), f, t),
      keys: (_rt, s) => Array.from(set(s)),
      values: (_rt, s) => Array.from(set(s)),
      entries: (_rt, s) => Array.from(set(s), (v) => [v, v]),
      union: (rt, s, [o]) => union(rt, set(s), o),
      intersection: (rt, s, [o]) => intersection(rt, set(s), o),
      difference: (rt, s, [o]) => difference(rt, set(s), o),
      symmetricDifference: (rt, s, [o]) => symmetricDifference(rt, set(s), o),
      isSubsetOf: (rt, s, [o]) => isSubsetOf(rt, set(s), o),
      isSupersetOf: (rt, s, [o]) => isSupersetOf(rt, set(s), o),
      isDisjointFrom: (rt, s, [o]) => isDisjointFrom(rt, set(s), o),
    },
    {
      add: entryCharge(BYTES.setEntry),
      keys: listed,
      values: listed,
      entries: pairs,
      union: composed("union"),
      intersection: composed("intersection"),
      difference: composed("difference"),
      symmetricDifference: composed("symmetricDifference"),
    },
  ),
  {
    add: 1,
    has: 1,
    delete: 1,
    forEach: 1,
    union: 1,
    intersection: 1,
    difference: 1,
    symmetricDifference: 1,
    isSubsetOf: 1,
    isSupersetOf: 1,
    isDisjointFrom: 1,
  },
)

// A Set or Map argument whose `keys` is the built-in one is iterated natively by the composition methods.
registerNativeKeys([setMethods.keys, mapMethods.keys])

const newMap = (rt: Run, init: unknown): Map<unknown, unknown> => {
  const m = new Map<unknown, unknown>()
  if (init === undefined || init === null) return m
  const entries = toList(init, undefined, "Map argument", rt)
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]
    // §24.1.1.2 AddEntriesFromIterable: each element must be an object (an entry); a string or a number is not.
    if (e === null || (typeof e !== "object" && typeof e !== "function"))
      throw typeError(
        `new Map expects [key, value] pairs: element ${i} is ${typeof e === "string" ? JSON.stringify(e) : String(e)}, not an entry`,
      )
    m.set(getProperty(rt, e, 0), getProperty(rt, e, 1))
  }
  return m
}

const noCall = (name: string) => () => {
  throw typeError(`Constructor ${name} requires 'new'`)
}

export const MapCtor = new Builtin("Map", noCall("Map"), {
  construct: (rt, [init]) => {
    const m = newMap(rt, init)
    chargeCollection(rt, m.size, BYTES.mapEntry)
    return m
  },
  is: (v) => v instanceof Map,
  statics: table({ groupBy: fn("groupBy", (rt, _s, [l, f]) => mapGroupBy(rt, l, f), 2) }),
})

export const SetCtor = new Builtin("Set", noCall("Set"), {
  construct: (rt, [init]) => {
    const s = new Set(init === undefined || init === null ? [] : toList(init, undefined, "Set argument", rt))
    chargeCollection(rt, s.size, BYTES.setEntry)
    return s
  },
  is: (v) => v instanceof Set,
})
