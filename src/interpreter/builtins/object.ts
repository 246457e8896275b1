/**
 * Object statics and the methods every plain object answers (@opencode-ai/codemode 1.18 "Object.keys also accepts arrays and tool
 * references"; "Remaining Work": values/entries accept arrays, assign mutates its target, is, fromEntries,
 * groupBy). `freeze`/`seal`/`preventExtensions` apply the native integrity level to plain objects and arrays.
 */
import { typeError } from "../errors.js"
import { isPrimitive, propKey, toStr } from "../coerce.js"
import { getProperty, setProperty } from "../property.js"
import { spreadInto, toList } from "../iteration.js"
import { toolKeys, toolValuesError } from "../tools.js"
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  Namespace,
  isGuestError,
  ToolRef,
  Wrapper,
  newObject,
} from "../values.js"
import { wrapperKeys } from "../wrappers.js"
import { OBJECT_PROTOTYPE, functionProps } from "../realm.js"
import { isShared, materialize, overlayOf, sharedKeys, sharedOwn } from "../intrinsics.js"
import { descriptorStatics, isEnumerableOwn, isPrototypeOf, ownDescriptor } from "./descriptors.js"
import { ownSymbols } from "./symbol.js"
import { fn, methods, table, type Rows } from "./util.js"
import type { Run } from "../run-state.js"
import { checkArray } from "../memory-caps.js"
import { BYTES } from "../memory-budget.js"
import { GuestBytes } from "./bytes.js"
import { hasInstanceProps, instanceProps } from "../instance-props.js"
import { charged, ownKeys } from "../own-keys.js"

const hasOwn = Object.prototype.hasOwnProperty

const values = (rt: Run, v: unknown): Array<unknown> => {
  if (v instanceof ToolRef) throw toolValuesError("values", undefined)
  const keys = ownKeys(rt, v, "Object.values")
  rt.charge(BYTES.array + BYTES.slot * keys.length)
  rt.work(keys.length)
  // Plain objects and arrays natively; anything else through the property path (a function's own `env` is a
  // property of its record, not the host closure's field of that name).
  if (v instanceof GuestObject || Array.isArray(v)) return keys.map((k) => (v as Record<string, unknown>)[k])
  return keys.map((k) =>
    typeof v === "string" ? v[Number(k)] : v instanceof GuestBytes ? v.get(k) : getProperty(rt, v, k),
  )
}

const groupBy = (rt: Run, list: unknown, cb: unknown, asMap: boolean) => {
  const out = asMap ? new Map<unknown, Array<unknown>>() : newObject()
  toList(list, undefined, "Object.groupBy argument", rt).forEach((x, i) => {
    const k = rt.call(cb, undefined, [x, i])
    if (out instanceof Map) {
      const g = out.get(k)
      if (g) g.push(x)
      else out.set(k, [x])
    } else {
      const key = propKey(k)
      const g = out[key] as Array<unknown> | undefined
      if (g) g.push(x)
      else out[key] = [x]
    }
  })
  return out
}

export const objectStatics = table({
  keys: fn("keys", (rt, _s, [v]) => ownKeys(rt, v, "Object.keys"), 1),
  values: fn("values", (rt, _s, [v]) => values(rt, v), 1),
  entries: fn(
    "entries",
    (rt, _s, [v]) => {
      if (v instanceof ToolRef) throw toolValuesError("entries", undefined)
      const keys = ownKeys(rt, v, "Object.entries")
      // The pairs are charged before they are made; the values' array is counted by `values`.
      rt.charge(BYTES.array + keys.length * (BYTES.slot + BYTES.array + 2 * BYTES.slot))
      const vals = values(rt, v)
      rt.work(keys.length)
      return keys.map((k, i) => [k, vals[i]])
    },
    1,
  ),
  assign: fn(
    "assign",
    (rt, _s, [target, ...sources]) => {
      if (!(target instanceof GuestObject) && !Array.isArray(target)) return assignTo(rt, target, sources)
      const before = rt.maxBytes === Infinity ? 0 : Object.keys(target).length
      for (const src of sources)
        // Onto an array, every key goes through the guest write path, where its length is checked (memory.ts).
        if (
          (Array.isArray(target) && src !== null && src !== undefined) ||
          (target instanceof GuestObject && src instanceof GuestObject && hasOwn.call(src, "__proto__"))
        )
          assignEach(rt, target, src as object)
        else spreadInto(target as Record<string, unknown>, src)
      if (rt.maxBytes !== Infinity) rt.charge(BYTES.addedProp * (Object.keys(target).length - before))
      return target
    },
    2,
  ),
  fromEntries: fn(
    "fromEntries",
    (rt, _s, [v]) => {
      const o = newObject()
      for (const e of toList(v, undefined, "Object.fromEntries argument", rt)) {
        if (e === null || typeof e !== "object") throw typeError(`Iterator value ${toStr(e)} is not an entry object`)
        const key = propKey(getProperty(rt, e, 0))
        o[key] = getProperty(rt, e, 1)
      }
      if (rt.maxBytes !== Infinity) rt.charge(BYTES.object + BYTES.addedProp * Object.keys(o).length)
      return o
    },
    1,
  ),
  is: fn("is", (_rt, _s, [a, b]) => Object.is(a, b), 2),
  // §20.1.2.6/.20/.17: plain objects and arrays are native objects, so the native integrity levels are exact (and
  // the host's strict-mode writes throw V8's TypeErrors, as the reference runs programs strict). Other objects
  // (dates, maps, built-ins, tool references) have no own data properties to protect: returned unchanged.
  freeze: fn("freeze", (rt, _s, [v]) => integrity(rt, v, Object.freeze), 1),
  seal: fn("seal", (rt, _s, [v]) => integrity(rt, v, Object.seal), 1),
  preventExtensions: fn("preventExtensions", (rt, _s, [v]) => integrity(rt, v, Object.preventExtensions), 1),
  isFrozen: fn("isFrozen", (rt, _s, [v]) => level(rt, v, Object.isFrozen, false, isPrimitive(v)), 1),
  isSealed: fn("isSealed", (rt, _s, [v]) => level(rt, v, Object.isSealed, false, isPrimitive(v)), 1),
  isExtensible: fn("isExtensible", (rt, _s, [v]) => level(rt, v, Object.isExtensible, true, false), 1),
  getOwnPropertyNames: fn(
    "getOwnPropertyNames",
    (rt, _s, [v]) => {
      if (v instanceof GuestObject || Array.isArray(v)) return charged(rt, Object.getOwnPropertyNames(v))
      if (v instanceof GuestFunction) return Object.getOwnPropertyNames(functionProps(v))
      if (isShared(v)) return charged(rt, sharedKeys(rt, v, false))
      if (v instanceof Wrapper) return charged(rt, wrapperKeys(v, true))
      if (hasInstanceProps(v)) return charged(rt, Object.getOwnPropertyNames(instanceProps(v) ?? {}))
      if (v instanceof GuestRegExp) return charged(rt, Object.getOwnPropertyNames(v.props))
      return [...ownKeys(rt, v, "Object.getOwnPropertyNames"), ...(typeof v === "string" ? ["length"] : [])]
    },
    1,
  ),
  getOwnPropertySymbols: fn(
    "getOwnPropertySymbols",
    (_rt, _s, [v]) => {
      if (v === null || v === undefined) throw typeError("Cannot convert undefined or null to object")
      return ownSymbols(v instanceof GuestFunction ? functionProps(v) : isData(v) ? v : undefined)
    },
    1,
  ),
  ...descriptorStatics,
  hasOwn: fn("hasOwn", (rt, _s, [o, k]) => hasOwnKey(rt, o, k), 2),
  groupBy: fn("groupBy", (rt, _s, [list, cb]) => groupBy(rt, list, cb, false), 2),
})

/** The tag of Object.prototype.toString (§20.1.3.6) for a value that is not a plain guest object. */
const builtinTag = (s: unknown): string => {
  if (s === null) return "Null"
  if (s === undefined) return "Undefined"
  if (Array.isArray(s)) return "Array"
  if (s instanceof GuestFunction || s instanceof Builtin) return "Function"
  const v = s instanceof Wrapper ? s.value : s
  if (typeof v === "string") return "String"
  if (typeof v === "number") return "Number"
  if (typeof v === "boolean") return "Boolean"
  // BigInt.prototype[Symbol.toStringTag] is "BigInt" (§21.2.3.5).
  if (typeof v === "bigint") return "BigInt"
  if (s instanceof GuestDate) return "Date"
  if (s instanceof GuestRegExp) return "RegExp"
  if (s instanceof Map) return "Map"
  if (s instanceof Set) return "Set"
  if (s instanceof WeakMap) return "WeakMap"
  if (s instanceof WeakSet) return "WeakSet"
  if (s instanceof Promise) return "Promise"
  if (s instanceof Namespace && (s.name === "Math" || s.name === "JSON")) return s.name
  return "Object"
}

const isData = (v: unknown): v is object => v instanceof GuestObject || Array.isArray(v)

/** Integrity levels: native on plain objects and arrays, on this run's copy of a built-in (intrinsics.ts). */
const integrity = (rt: Run, v: unknown, f: (o: object) => unknown): unknown => {
  if (isData(v)) f(v)
  else if (isShared(v)) f(materialize(rt, v))
  return v
}

/** A test of an integrity level; `fresh` answers for a built-in this run has not changed, `other` for the rest. */
const level = (rt: Run, v: unknown, test: (o: object) => boolean, fresh: boolean, other: boolean): boolean => {
  if (isData(v)) return test(v)
  if (isShared(v)) {
    const ov = overlayOf(rt, v)
    return ov === undefined ? fresh : test(ov)
  }
  return other
}

export const hasOwnKey = (rt: Run, o: unknown, k: unknown): boolean => {
  if (o === null || o === undefined) throw typeError("Cannot convert undefined or null to object")
  const key = propKey(k)
  // `__proto__`: Object.prototype's accessor, or an ordinary own key of a guest object (no host member is on its chain).
  if (key === "__proto__") return o === OBJECT_PROTOTYPE || (o instanceof GuestObject && hasOwn.call(o, key))
  if (typeof o === "string") return key === "length" || (Number(key) >= 0 && Number(key) < o.length)
  if (o instanceof GuestFunction) return ownDescriptor(rt, o, key) !== undefined
  if (isShared(o)) return sharedOwn(rt, o, key) !== undefined
  if (o instanceof Wrapper) return ownDescriptor(rt, o, key) !== undefined
  if (o instanceof GuestRegExp) return hasOwn.call(o.props, key)
  return (o instanceof GuestObject || Array.isArray(o)) && hasOwn.call(o, key)
}

/**
 * Object.assign (§20.1.2.1) onto a target that is not a plain object or an array (a function, a date, a wrapper…):
 * each source's own enumerable keys, written through the guest property path.
 */
const assignTo = (rt: Run, target: unknown, sources: ReadonlyArray<unknown>): unknown => {
  if (target === null || target === undefined) throw typeError("Cannot convert undefined or null to object")
  const to =
    typeof target === "string" || typeof target === "number" || typeof target === "boolean"
      ? new Wrapper(target)
      : target
  for (const src of sources) {
    if (src === null || src === undefined) continue
    for (const k of ownKeys(rt, src, "Object.assign"))
      if (isEnumerableOwn(rt, src, k)) setProperty(rt, to, k, getProperty(rt, src, k))
  }
  return to
}

/**
 * A source with an own `__proto__` key (from `JSON.parse`, a computed key, `Object.defineProperty`) assigned to a
 * plain object: its keys are written in order with [[Set]] as Object.assign does, so `__proto__` meets the target's
 * accessor: an object value becomes the target's prototype (a built-in prototype or a function is refused with a
 * TypeError, the run's rule), a primitive is ignored, a target without Object.prototype gets an own key. An array
 * target keeps the key as an own property (its prototype is a fixed built-in view here).
 */
const assignEach = (rt: Run, target: unknown, src: object): void => {
  for (const k of ownKeys(rt, src, "Object.assign")) {
    if (!isEnumerableOwn(rt, src, k)) continue
    const v = getProperty(rt, src, k)
    if (k === "__proto__" && Array.isArray(target))
      Object.defineProperty(target, k, { value: v, writable: true, enumerable: true, configurable: true })
    else setProperty(rt, target, k, v)
  }
}

export const mapGroupBy = (rt: Run, list: unknown, cb: unknown) => groupBy(rt, list, cb, true)

/** Methods every plain object answers when it has no own property of that name (Object.prototype analogues). */
const objectRows: Rows = {
  hasOwnProperty: (rt: Run, s: unknown, [k]: ReadonlyArray<unknown>) => hasOwnKey(rt, s, k),
  // §20.1.3.6: never the receiver's own hooks; an error is "[object Error]" (it inherits Error.prototype.toString).
  toString: (_rt: Run, s: unknown) =>
    s instanceof GuestObject ? (isGuestError(s) ? "[object Error]" : "[object Object]") : `[object ${builtinTag(s)}]`,
  valueOf: (_rt: Run, s: unknown) => s,
  propertyIsEnumerable: (rt: Run, s: unknown, [k]: ReadonlyArray<unknown>) => isEnumerableOwn(rt, s, k),
  isPrototypeOf: (rt: Run, s: unknown, [v]: ReadonlyArray<unknown>) => isPrototypeOf(rt, s, v),
}

export const objectMethods = methods(objectRows, { hasOwnProperty: 1, propertyIsEnumerable: 1, isPrototypeOf: 1 })

/** `Object(v)` (§20.1.1.1): a new object for null/undefined, a wrapper for a primitive (ToObject), else `v`. */
const toObject = (v: unknown): unknown =>
  v === null || v === undefined
    ? newObject()
    : typeof v === "string" || typeof v === "number" || typeof v === "boolean" || typeof v === "bigint"
      ? new Wrapper(v)
      : v

export const ObjectCtor = new Builtin("Object", (_rt, _s, [v]) => toObject(v), {
  length: 1,
  construct: (_rt, [v]) => toObject(v),
  is: (v) => v instanceof GuestObject || (typeof v === "object" && v !== null),
  statics: objectStatics,
})
