/**
 * WeakMap and WeakSet (§24.3, §24.4): native instances reached only through these tables, like Map and Set. Keys
 * must be objects (any non-primitive guest value); a program cannot enumerate them, so nothing else is exposed.
 */
import { isPrimitive } from "../coerce.js"
import { typeError } from "../errors.js"
import { toList } from "../iteration.js"
import { BYTES } from "../memory-budget.js"
import { getProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { Builtin } from "../values.js"
import { methods } from "./util.js"

const weakMap = (v: unknown, what: string): WeakMap<object, unknown> => {
  if (!(v instanceof WeakMap)) throw typeError(`Method WeakMap.prototype.${what} called on incompatible receiver`)
  return v
}
const weakSet = (v: unknown, what: string): WeakSet<object> => {
  if (!(v instanceof WeakSet)) throw typeError(`Method WeakSet.prototype.${what} called on incompatible receiver`)
  return v
}

/** CanBeHeldWeakly (§9.13): objects only (symbols are not in the guest yet). */
const weakKey = (k: unknown, message: string): object => {
  if (isPrimitive(k)) throw typeError(`${message}: ${typeof k === "string" ? JSON.stringify(k) : String(k)}`)
  return k as object
}

/** An added entry is charged like a Map entry (a weak table entry is no smaller). */
const added = (rt: Run, had: boolean, entry: number) => {
  if (!had) rt.charge(entry)
}

export const weakMapMethods = methods(
  {
    get: (_rt, s, [k]) => (isPrimitive(k) ? (weakMap(s, "get"), undefined) : weakMap(s, "get").get(k as object)),
    set: (rt, s, [k, v]) => {
      const m = weakMap(s, "set")
      const key = weakKey(k, "Invalid value used as weak map key")
      added(rt, m.has(key), BYTES.mapEntry)
      m.set(key, v)
      return s
    },
    has: (_rt, s, [k]) => !isPrimitive(k) && weakMap(s, "has").has(k as object),
    delete: (_rt, s, [k]) => !isPrimitive(k) && weakMap(s, "delete").delete(k as object),
  },
  { get: 1, set: 2, has: 1, delete: 1 },
)

export const weakSetMethods = methods(
  {
    add: (rt, s, [k]) => {
      const set = weakSet(s, "add")
      const key = weakKey(k, "Invalid value used in weak set")
      added(rt, set.has(key), BYTES.setEntry)
      set.add(key)
      return s
    },
    has: (_rt, s, [k]) => !isPrimitive(k) && weakSet(s, "has").has(k as object),
    delete: (_rt, s, [k]) => !isPrimitive(k) && weakSet(s, "delete").delete(k as object),
  },
  { add: 1, has: 1, delete: 1 },
)

const requiresNew = (name: string) => () => {
  throw typeError(`Constructor ${name} requires 'new'`)
}

export const WeakMapCtor = new Builtin("WeakMap", requiresNew("WeakMap"), {
  construct: (rt, [init]) => {
    const m = new WeakMap<object, unknown>()
    if (init === undefined || init === null) return m
    for (const e of toList(init, undefined, "WeakMap argument", rt)) {
      if (isPrimitive(e)) throw typeError(`Iterator value ${String(e)} is not an entry object`)
      const key = weakKey(getProperty(rt, e, 0), "Invalid value used as weak map key")
      added(rt, m.has(key), BYTES.mapEntry)
      m.set(key, getProperty(rt, e, 1))
    }
    return m
  },
  is: (v) => v instanceof WeakMap,
})

export const WeakSetCtor = new Builtin("WeakSet", requiresNew("WeakSet"), {
  construct: (rt, [init]) => {
    const s = new WeakSet<object>()
    if (init === undefined || init === null) return s
    for (const k of toList(init, undefined, "WeakSet argument", rt)) {
      const key = weakKey(k, "Invalid value used in weak set")
      added(rt, s.has(key), BYTES.setEntry)
      s.add(key)
    }
    return s
  },
  is: (v) => v instanceof WeakSet,
})
