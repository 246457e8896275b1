/**
 * Property descriptors and prototypes of guest objects (§10.1, §20.1.2): `Object.defineProperty`,
 * `getOwnPropertyDescriptor(s)`, `defineProperties`, `create(proto, props)`, `getPrototypeOf`, `setPrototypeOf`,
 * and the accessor functions of object literals. Guest objects, arrays and function property records are native
 * objects, so descriptors are native descriptors; an accessor's native getter/setter is a host closure that calls
 * the guest function, and it is mapped back to the guest function whenever a descriptor is read, so a program
 * never holds a host function.
 */
import { propKey, toNum } from "../coerce.js"
import { rangeError, typeError } from "../errors.js"
import { checkArrayWrite } from "../memory-caps.js"
import { getProperty, hasProperty } from "../property.js"
import {
  INTRINSICS,
  NULL_PROTOTYPE,
  OBJECT_PROTOTYPE,
  ProtoView,
  builtinPrototype,
  errorParentOf,
  functionProps,
  guestPrototypeOf,
  checkChain,
  isGuestProto,
  sharedBaseOf,
} from "../realm.js"
import type { Run } from "../run-state.js"
import { isShared, materialize, sharedKeys, sharedOwn } from "../intrinsics.js"
import { BYTES } from "../memory-budget.js"
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  Wrapper,
  isCallable,
  newObject,
} from "../values.js"
import { stringIndex, wrapperKind, wrapperProps } from "../wrappers.js"
import { hasInstanceProps, instancePropsFor } from "../instance-props.js"
import { fn, table } from "./util.js"
import { PROTO_GETTER, PROTO_SETTER } from "../proto-accessor.js"
import { guestAccessor, hostGetter, hostSetter } from "../accessors.js"
import { nativeProto, prototypeOf, setPrototype } from "../prototypes.js"

/** Where a guest value keeps native own properties (guest objects, arrays, a function's record), if anywhere. */
const storage = (o: unknown): object | undefined => {
  if (o instanceof GuestObject || Array.isArray(o)) return o as object
  if (o instanceof GuestFunction) return functionProps(o)
  if (o instanceof GuestRegExp) return o.props
  if (o instanceof Wrapper) return wrapperProps(o)
  if (hasInstanceProps(o)) return instancePropsFor(o)
  return undefined
}

const requireObject = (o: unknown, what: string): void => {
  if (o === null || (typeof o !== "object" && !(o instanceof GuestFunction)))
    throw typeError(`${what} called on non-object`)
}

const data = (value: unknown, writable: boolean, enumerable: boolean, configurable: boolean) => {
  const d = newObject()
  d.value = value
  d.writable = writable
  d.enumerable = enumerable
  d.configurable = configurable
  return d
}

const accessor = (get: unknown, set: unknown, enumerable: boolean, configurable: boolean) => {
  const d = newObject()
  d.get = get
  d.set = set
  d.enumerable = enumerable
  d.configurable = configurable
  return d
}

/** A native descriptor as the guest sees it (an accessor's halves mapped back to the guest functions). */
const fromNative = (d: PropertyDescriptor): Record<string, unknown> =>
  "value" in d
    ? data(d.value, d.writable === true, d.enumerable === true, d.configurable === true)
    : accessor(guestAccessor(d.get), guestAccessor(d.set), d.enumerable === true, d.configurable === true)

/** §20.1.2.8 Object.getOwnPropertyDescriptor over every kind of guest value. */
export const ownDescriptor = (rt: Run, o: unknown, rawKey: unknown): unknown => {
  if (o === null || o === undefined) throw typeError("Cannot convert undefined or null to object")
  const key = propKey(rawKey)
  if (typeof o === "string") {
    if (typeof key === "symbol") return undefined
    if (key === "length") return data(o.length, false, false, false)
    const i = Number(key)
    return String(i >>> 0) === key && i < o.length ? data(o[i], false, true, false) : undefined
  }
  if (o === OBJECT_PROTOTYPE && key === "__proto__") return accessor(PROTO_GETTER, PROTO_SETTER, false, true)
  if (isShared(o)) {
    const d = sharedOwn(rt, o, key)
    return d === undefined ? undefined : fromNative(d)
  }
  if (o instanceof Wrapper) {
    const v = o.value
    if (typeof v === "string") {
      if (key === "length") return data(v.length, false, false, false)
      const i = stringIndex(o, key)
      if (i !== undefined) return data(v[i], false, true, false)
    }
  }
  const target = storage(o)
  if (target === undefined) return undefined
  const d = Object.getOwnPropertyDescriptor(target, key)
  return d === undefined ? undefined : fromNative(d)
}

/** ToPropertyDescriptor (§6.2.6.5) into a native descriptor. */
const toDescriptor = (rt: Run, desc: unknown): PropertyDescriptor => {
  if (desc === null || (typeof desc !== "object" && !(desc instanceof GuestFunction)))
    throw typeError(`Property description must be an object: ${String(desc)}`)
  const out: PropertyDescriptor = {}
  const field = (name: string) => (hasProperty(rt, desc, name) ? { v: getProperty(rt, desc, name) } : undefined)
  const enumerable = field("enumerable")
  if (enumerable) out.enumerable = Boolean(enumerable.v)
  const configurable = field("configurable")
  if (configurable) out.configurable = Boolean(configurable.v)
  const value = field("value")
  if (value) out.value = value.v
  const writable = field("writable")
  if (writable) out.writable = Boolean(writable.v)
  const get = field("get")
  if (get) {
    if (get.v !== undefined && !isCallable(get.v)) throw typeError(`Getter must be a function: ${String(get.v)}`)
    out.get = get.v === undefined ? undefined : hostGetter(rt, get.v)
  }
  const set = field("set")
  if (set) {
    if (set.v !== undefined && !isCallable(set.v)) throw typeError(`Setter must be a function: ${String(set.v)}`)
    out.set = set.v === undefined ? undefined : hostSetter(rt, set.v)
  }
  if ((get || set) && (value || writable))
    throw typeError("Invalid property descriptor. Cannot both specify accessors and a value or writable attribute")
  return out
}

/** §10.1.6 [[DefineOwnProperty]] on a guest value (a built-in: on this run's copy of it, intrinsics.ts). */
export const defineOwn = (rt: Run, o: unknown, rawKey: unknown, desc: unknown): void => {
  requireObject(o, "Object.defineProperty")
  const key = propKey(rawKey)
  const d = toDescriptor(rt, desc)
  const target = isShared(o) ? materialize(rt, o) : storage(o)
  if (target === undefined) throw typeError(`Cannot define property ${key} on this kind of built-in object`)
  if (target !== o && !Object.prototype.hasOwnProperty.call(target, key)) rt.charge(BYTES.addedProp)
  if (Array.isArray(target) && key === "length" && "value" in d) {
    // ArraySetLength (§10.4.2.4 steps 3–5): ToUint32 and ToNumber of the value (guest hooks run), equal or RangeError.
    const newLen = toNum(d.value) >>> 0
    if (newLen !== toNum(d.value)) throw rangeError("Invalid array length")
    d.value = newLen
  }
  if (Array.isArray(target) && typeof key === "string") {
    checkArrayWrite(target, key, d.value, "defineProperty")
    // A longer length is a backing store of that length (property.ts setProperty).
    if (key === "length" && Number(d.value) > target.length) rt.charge(BYTES.slot * (Number(d.value) - target.length))
  }
  try {
    Object.defineProperty(target, key, d)
  } catch (e) {
    if (e instanceof RangeError) throw rangeError(e.message)
    if (e instanceof TypeError) throw typeError(e.message.replace(/#<Object>|\[object Object\]/g, "#<Object>"))
    throw e
  }
}

const defineAll = (rt: Run, o: unknown, props: unknown): void => {
  requireObject(props, "Object.defineProperties")
  const descs: Array<[string, PropertyDescriptor | unknown]> = []
  const source = storage(props)
  const keys = isShared(props) ? sharedKeys(rt, props, true) : source === undefined ? [] : Object.keys(source)
  for (const k of keys) descs.push([k, getProperty(rt, props, k)])
  for (const [k, d] of descs) defineOwn(rt, o, k, d)
}

export const descriptorStatics = table({
  getOwnPropertyDescriptor: fn("getOwnPropertyDescriptor", (rt, _s, [o, k]) => ownDescriptor(rt, o, k), 2),
  getOwnPropertyDescriptors: fn(
    "getOwnPropertyDescriptors",
    (rt, _s, [o]) => {
      const out = newObject()
      const target = storage(o)
      const keys = isShared(o)
        ? sharedKeys(rt, o, false)
        : target === undefined
          ? []
          : Object.getOwnPropertyNames(target)
      for (const k of keys) out[k] = ownDescriptor(rt, o, k)
      return out
    },
    1,
  ),
  defineProperty: fn(
    "defineProperty",
    (rt, _s, [o, k, d]) => {
      defineOwn(rt, o, k, d)
      return o
    },
    3,
  ),
  defineProperties: fn(
    "defineProperties",
    (rt, _s, [o, props]) => {
      requireObject(o, "Object.defineProperties")
      defineAll(rt, o, props)
      return o
    },
    2,
  ),
  create: fn(
    "create",
    (rt, _s, [proto, props]) => {
      const o = Object.create(nativeProto(proto, "Object.create")) as Record<string, unknown>
      if (props !== undefined) defineAll(rt, o, props)
      return o
    },
    2,
  ),
  getPrototypeOf: fn("getPrototypeOf", (_rt, _s, [o]) => prototypeOf(o), 1),
  setPrototypeOf: fn(
    "setPrototypeOf",
    (_rt, _s, [o, proto]) => {
      if (o === null || o === undefined) throw typeError("Object.setPrototypeOf called on null or undefined")
      setPrototype(o, proto, "Object.setPrototypeOf")
      return o
    },
    2,
  ),
})

/** Object.prototype.isPrototypeOf (§20.1.3.3). */
export const isPrototypeOf = (rt: Run, self: unknown, v: unknown): boolean => {
  if (v === null || typeof v !== "object") return false
  if (self === null || self === undefined) throw typeError("Object.prototype.isPrototypeOf called on null or undefined")
  let p = prototypeOf(v)
  let links = 0
  while (p !== null && p !== undefined && p !== self) {
    p = prototypeOf(p)
    links++
  }
  rt.work(links)
  return p === self && p !== null && p !== undefined
}

/** Object.prototype.propertyIsEnumerable (§20.1.3.4). */
export const isEnumerableOwn = (rt: Run, self: unknown, k: unknown): boolean => {
  const d = ownDescriptor(rt, self, k) as Record<string, unknown> | undefined
  return d !== undefined && d.enumerable === true
}
