/**
 * The one property-access path of the interpreter (docs/architecture.md "Guest values"). `__proto__` is the guest
 * Object.prototype's accessor (proto-accessor.ts), never the host's; keys are coerced before the check. Methods of arrays, strings, maps, ... are served from the built-in tables, never
 * from a host prototype.
 */
import { type Pos, kindError, rangeError, typeError, unawaited } from "./errors.js"
import { propKey, toKey, toNum, toStr } from "./coerce.js"
import { protoTable } from "./proto-tables.js"
import { MAX_ARRAY_LENGTH, checkArrayWrite } from "./memory-caps.js"
import { BYTES } from "./memory-budget.js"
import {
  INTRINSICS,
  OBJECT_PROTOTYPE,
  ProtoView,
  builtinPrototype,
  functionProps,
  protoViewOf,
  reachesObjectPrototype,
  sharedBaseOf,
} from "./realm.js"
import { inheritedSet, isShared, sharedDelete, sharedFind, sharedGet, sharedHas, sharedSet } from "./intrinsics.js"
import type { Run } from "./run-state.js"
import { protoGet, protoIn, protoSet } from "./proto-accessor.js"
import type { Table } from "./builtins/util.js"
import {
  ERROR_BRAND,
  Accessor,
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  HostBacked,
  Namespace,
  ToolRef,
  Wrapper,
} from "./values.js"
import { stringIndex, wrapperKind, wrapperProps } from "./wrappers.js"
import { hasInstanceProps, instanceProps, instancePropsFor, isReadOnlyAccessor } from "./instance-props.js"

/**
 * Keys no guest path reads or writes natively. `constructor` and `prototype` are ordinary keys of guest objects
 * (their chains end at the guest's own Object.prototype, realm.ts); `__proto__` is read and written here only through
 * proto-accessor.ts, and stays refused to Object.defineProperty and class members.
 */
export const BLOCKED_KEYS: ReadonlySet<string> = new Set(["__proto__"])

const intrinsic = (name: string): unknown => INTRINSICS.get(name)

/** `constructor` of a guest object with no own or inherited one: Object, or the error's constructor. */
const objectConstructor = (rt: Run, obj: object): unknown => {
  if (!reachesObjectPrototype(obj)) return undefined
  const chain = (obj as { [ERROR_BRAND]?: ReadonlyArray<string> })[ERROR_BRAND]
  if (chain !== undefined) return intrinsic(chain[0]!) ?? intrinsic("Error")
  return rt.overlays === undefined ? intrinsic("Object") : sharedGet(rt, OBJECT_PROTOTYPE, "constructor", obj)
}

/**
 * A member a value inherits from the built-in prototype of constructor `name` (whose method table is `table`):
 * straight from the shared table, unless this run mutated a built-in (intrinsics.ts).
 */
const inherited = (rt: Run, name: string, table: Table, key: string, receiver: unknown): unknown => {
  if (rt.overlays !== undefined) return sharedGet(rt, protoViewOf(name)!, key, receiver)
  if (key === "constructor") return intrinsic(name)
  return table[key] ?? protoTable.object[key]
}

/** A member a guest object inherits from past its guest chain: Object.prototype, or its error type's prototype. */
const fromObjectPrototype = (rt: Run, key: string, receiver: object): unknown => {
  const base = sharedBaseOf(receiver)
  if (rt.overlays !== undefined) return sharedGet(rt, base, key, receiver)
  return base instanceof ProtoView ? (base.table()[key] ?? protoTable.object[key]) : protoTable.object[key]
}

/** A table row read as a property: an accessor row's getter runs with `receiver` as `this`. */
const getterValue = (rt: Run, row: unknown, receiver: unknown): unknown =>
  row instanceof Accessor ? (row.get === undefined ? undefined : rt.call(row.get, receiver, [])) : row

const blocked = (key: string, pos: Pos | undefined) =>
  typeError(`Access to '${key}' is blocked: prototype members are not available to programs`, pos)

const hasOwn = Object.prototype.hasOwnProperty

/**
 * `caller` and `arguments` of a function: accessors of Function.prototype that throw (§10.2.4
 * AddRestrictedFunctionProperties), since every guest function is strict.
 */
const RESTRICTED: ReadonlySet<string> = new Set(["caller", "arguments"])
const restricted = (pos?: Pos) =>
  typeError("'caller', 'callee', and 'arguments' properties may not be accessed on strict mode functions", pos)

const isIndex = (key: string): boolean => {
  if (typeof key !== "string") return false
  const c = key.charCodeAt(0)
  return c >= 48 && c <= 57 && String(Number(key) >>> 0) === key
}

export const getProperty = (rt: Run, obj: unknown, rawKey: unknown, pos?: Pos): unknown => {
  const key = toKey(rawKey)
  if (typeof key === "number") {
    if (Array.isArray(obj) || typeof obj === "string") {
      const v = (obj as Array<unknown>)[key]
      // A hole or an index past the end reads the prototypes, which only this run's writes can have filled.
      return v !== undefined || rt.overlays === undefined ? v : getNamed(rt, obj, String(key), pos)
    }
    return getNamed(rt, obj, String(key), pos)
  }
  return getNamed(rt, obj, key, pos)
}

/** Property read with an already-string key (member expressions with identifiers compile straight to this). */
export const getNamed = (rt: Run, obj: unknown, key: string, pos?: Pos): unknown => {
  // A tool path segment never touches a real property: `tools.ns.__proto__` names the host's tool of that name.
  if (obj instanceof ToolRef) return typeof key === "symbol" ? undefined : rt.toolChild(obj, key)
  if (key === "__proto__") return protoGet(obj, pos)
  if (obj instanceof GuestObject) {
    const v = (obj as Record<string, unknown>)[key]
    if (v !== undefined || key in (obj as object)) return v
    if (key === "constructor") return objectConstructor(rt, obj)
    return reachesObjectPrototype(obj, rt) ? fromObjectPrototype(rt, key, obj) : undefined
  }
  if (Array.isArray(obj)) return arrayMember(rt, obj, key)
  switch (typeof obj) {
    case "string":
      if (key === "length") return obj.length
      if (isIndex(key) && Number(key) < obj.length) return obj[Number(key)]
      return inherited(rt, "String", protoTable.string, key, obj)
    case "number":
      return inherited(rt, "Number", protoTable.number, key, obj)
    case "boolean":
      return inherited(rt, "Boolean", protoTable.boolean, key, obj)
    case "bigint":
      return inherited(rt, "BigInt", protoTable.bigint, key, obj)
    case "symbol":
      if (key === "description") return obj.description
      if (key === "constructor") return intrinsic("Symbol")
      return protoTable.symbol[key] ?? protoTable.object[key]
    case "undefined":
      throw typeError(`Cannot read properties of undefined (reading '${key}')`, pos)
    case "object":
      if (obj === null) throw typeError(`Cannot read properties of null (reading '${key}')`, pos)
      return getSpecial(rt, obj, key, pos)
    default:
      return undefined
  }
}

/** `getNamed` of an array receiver (a method call on an array reads it directly when the key is not blocked). */
export const arrayMember = (rt: Run, obj: Array<unknown>, key: string): unknown => {
  if (key === "length") return obj.length
  if (hasOwn.call(obj, key)) return (obj as unknown as Record<string, unknown>)[key]
  // Array.prototype inherits Object.prototype (§23.1.3): hasOwnProperty, valueOf, propertyIsEnumerable.
  return inherited(rt, "Array", protoTable.array, key, obj)
}

/**
 * Whether a promise has `key` at all (Promise.prototype, Object.prototype, or what this run added to them). A name it
 * lacks is a missing `await` (`tools.a.b().items`), refused with that hint instead of reading undefined.
 */
const promiseHas = (rt: Run, key: string): boolean =>
  rt.overlays !== undefined
    ? sharedHas(rt, protoViewOf("Promise")!, key)
    : key === "constructor" || hasOwn.call(protoTable.promise, key) || hasOwn.call(protoTable.object, key)

const getSpecial = (rt: Run, obj: object, key: string, pos?: Pos): unknown => {
  if (obj instanceof ToolRef) return typeof key === "symbol" ? undefined : rt.toolChild(obj, key)
  if (rt.overlays !== undefined && isShared(obj)) return sharedGet(rt, obj, key, obj)
  const own = instanceProps(obj)
  if (own !== undefined && key in own) return Reflect.get(own, key, obj)
  if (obj === OBJECT_PROTOTYPE) return key === "constructor" ? intrinsic("Object") : protoTable.object[key]
  if (obj instanceof ProtoView) {
    if (key === "constructor") return obj.ctor
    const t = obj.table()
    return hasOwn.call(t, key) ? getterValue(rt, t[key], obj) : protoTable.object[key]
  }
  if (obj instanceof Namespace)
    return hasOwn.call(obj.members, key)
      ? obj.members[key]
      : key === "constructor"
        ? intrinsic("Object")
        : protoTable.object[key]
  if (obj instanceof Promise) {
    const v = inherited(rt, "Promise", protoTable.promise, key, obj)
    if (v === undefined && typeof key === "string" && !promiseHas(rt, key))
      throw unawaited(`has no property '${key}'`, pos)
    return v
  }
  if (obj instanceof Map) return key === "size" ? obj.size : inherited(rt, "Map", protoTable.map, key, obj)
  if (obj instanceof Set) return key === "size" ? obj.size : inherited(rt, "Set", protoTable.set, key, obj)
  if (obj instanceof WeakMap) return inherited(rt, "WeakMap", protoTable.weakmap, key, obj)
  if (obj instanceof WeakSet) return inherited(rt, "WeakSet", protoTable.weakset, key, obj)
  if (obj instanceof GuestFunction) {
    const props = obj.props
    // Reflect.get: a static accessor of a class runs with the class as `this`, not the property record.
    if (props !== undefined && key in props) return Reflect.get(props, key, obj)
    // Own until deleted; then Function.prototype's ("" and 0).
    if (key === "name") return props === undefined ? obj.name : ""
    if (key === "length") return props === undefined ? obj.code.length : 0
    if (key === "prototype") return obj.code.isConstructor ? functionProps(obj).prototype : undefined
    if (RESTRICTED.has(key)) throw restricted()
    return inherited(rt, "Function", protoTable.function, key, obj)
  }
  if (obj instanceof Builtin) {
    if (key === "name") return obj.name
    if (key === "length") return obj.options.length ?? 0
    const statics = obj.options.statics
    if (statics && hasOwn.call(statics, key)) return getterValue(rt, statics[key], obj)
    if (key === "prototype") return builtinPrototype(obj, rt)
    if (key === "constructor") return intrinsic("Function")
    if (RESTRICTED.has(key)) throw restricted()
    return protoTable.function[key] ?? protoTable.object[key]
  }
  if (obj instanceof GuestDate) return inherited(rt, "Date", protoTable.date, key, obj)
  if (obj instanceof Wrapper) {
    const props = obj.props
    if (props !== undefined && key in props) return props[key]
    const v = obj.value
    if (typeof v === "string") {
      if (key === "length") return v.length
      const i = stringIndex(obj, key)
      if (i !== undefined) return v[i]
    }
    const kind = wrapperKind(obj)
    return inherited(
      rt,
      kind,
      kind === "String"
        ? protoTable.string
        : kind === "Number"
          ? protoTable.number
          : kind === "BigInt"
            ? protoTable.bigint
            : protoTable.boolean,
      key,
      obj,
    )
  }
  if (obj instanceof HostBacked) return obj.get(key)
  if (obj instanceof GuestRegExp) {
    const props = obj.props
    if (key in props) return Reflect.get(props, key, obj)
    // `source`, `flags`, `global`, … are accessors of RegExp.prototype (§22.2.6), run with the instance as `this`.
    return getterValue(rt, inherited(rt, "RegExp", protoTable.regexp, key, obj), obj)
  }
  return undefined
}

/**
 * A write or delete refused by a frozen, sealed or non-extensible object (Object.freeze & co. use the native
 * integrity levels): this module runs strict like the reference (programs are the body of a strict async
 * function), so the host throws V8's TypeError; it becomes a guest TypeError at the guest position, worded as V8
 * words a plain object.
 */
const refused = (e: unknown, pos: Pos | undefined): unknown =>
  e instanceof TypeError
    ? typeError(
        e.message.replace(/'\[object Object\]'$/, "'#<Object>'").replace(/of \[object Object\]$/, "of #<Object>"),
        pos,
      )
    : e

export const setProperty = (rt: Run, obj: unknown, rawKey: unknown, value: unknown, pos?: Pos): void => {
  const key = toKey(rawKey)
  try {
    if (typeof key === "number" && Array.isArray(obj)) {
      // An index write past the cap would make a sparse array whose length built-ins loop over natively, outside
      // the step counter (SECURITY.md "Memory"); 2^32 - 1 and above are plain properties, not indices.
      if (key >= MAX_ARRAY_LENGTH) checkArrayWrite(obj, key, value, "an index assignment")
      obj[key] = value
      return
    }
    const k = typeof key === "number" ? String(key) : key
    if (k === "__proto__") {
      if (obj instanceof ToolRef) throw blocked(k, pos)
      return protoSet(obj, value)
    }
    if (obj instanceof GuestObject) {
      // A key the object lacks may meet a setter or a read-only property this run put on Object.prototype.
      if (rt.overlays !== undefined && !(k in obj) && reachesObjectPrototype(obj))
        if (inheritedSet(sharedFind(rt, OBJECT_PROTOTYPE, k), k, value, obj, "object '#<Object>'")) return
      ;(obj as Record<string, unknown>)[k] = value
      return
    }
    if (Array.isArray(obj)) {
      if (k === "length") {
        const n = typeof value === "number" ? value : toNum(value)
        if (!(n >>> 0 === n)) throw rangeError("Invalid array length", pos)
        checkArrayWrite(obj, k, n, "setting length")
        // V8 gives a grown array a backing store of the new length (80 MB at the cap): charged before it exists.
        if (n > obj.length) rt.charge(BYTES.slot * (n - obj.length))
        obj.length = n
        return
      }
      checkArrayWrite(obj, k, value, "an index assignment")
      if (rt.overlays !== undefined && !hasOwn.call(obj, k))
        if (inheritedSet(sharedFind(rt, protoViewOf("Array")!, k), k, value, obj, "object '[object Array]'")) return
      ;(obj as unknown as Record<string, unknown>)[k] = value
      return
    }
    setSpecial(rt, obj, k, value, pos)
  } catch (e) {
    throw refused(e, pos)
  }
}

/** The native setter half of an accessor `k` on `o`'s native chain (a guest setter's host wrapper), if any. */
const setterOf = (o: object, k: string): ((v: unknown) => void) | undefined => {
  for (let p: object | null = o; p !== null; p = Object.getPrototypeOf(p)) {
    const d = Object.getOwnPropertyDescriptor(p, k)
    if (d !== undefined) return d.set
  }
  return undefined
}

const setSpecial = (rt: Run, obj: unknown, k: string, value: unknown, pos: Pos | undefined): void => {
  if (obj instanceof GuestFunction) {
    const props = functionProps(obj)
    const own = Object.getOwnPropertyDescriptor(props, k)
    if (own === undefined ? k === "name" || k === "length" : "value" in own && own.writable !== true)
      throw typeError(`Cannot assign to read only property '${k}' of function '${obj.name}'`, pos)
    if (RESTRICTED.has(k) && !(k in props)) throw restricted(pos)
    const setter = setterOf(props, k)
    if (setter !== undefined) setter.call(obj, value)
    else props[k] = value
    return
  }
  if (isShared(obj)) return sharedSet(rt, obj, k, value)
  if (obj instanceof GuestRegExp) {
    const props = obj.props
    if (!(k in props)) {
      // An inherited accessor (`re.global = true` meets a getter without a setter) or a read-only row refuses.
      const d = sharedFind(rt, protoViewOf("RegExp")!, k)
      if (inheritedSet(d, k, value, obj, "object '[object RegExp]'")) return
      props[k] = value
      return
    }
    const setter = setterOf(props, k)
    if (setter !== undefined) setter.call(obj, value)
    else props[k] = value
    return
  }
  if (obj instanceof Wrapper) {
    if (typeof obj.value === "string" && (k === "length" || stringIndex(obj, k) !== undefined))
      throw typeError(`Cannot assign to read only property '${k}' of object '[object String]'`, pos)
    wrapperProps(obj)[k] = value
    return
  }
  if (obj instanceof HostBacked && obj.set(k, value)) return
  if (hasInstanceProps(obj)) {
    if (isReadOnlyAccessor(obj, k) && !(k in (instanceProps(obj) ?? {})))
      throw typeError(`Cannot set property ${k} of #<Object> which has only a getter`, pos)
    const props = instancePropsFor(obj)
    const setter = setterOf(props, k)
    if (setter !== undefined) setter.call(obj, value)
    else props[k] = value
    return
  }
  if (obj === null || obj === undefined) throw typeError(`Cannot set properties of ${obj} (setting '${k}')`, pos)
  if (typeof obj !== "object") throw typeError(`Cannot create property '${k}' on ${typeof obj} '${toStr(obj)}'`, pos)
  throw typeError(`Cannot assign to property '${k}' of a built-in value`, pos)
}

export const deleteProperty = (rt: Run, obj: unknown, rawKey: unknown, pos?: Pos): boolean => {
  const k = propKey(rawKey)
  if (k === "__proto__" && !(obj instanceof GuestObject)) {
    // Only a guest object holds `__proto__` as an own key; elsewhere it is Object.prototype's accessor, kept.
    if (obj === null || obj === undefined) throw typeError(`Cannot convert undefined or null to object`, pos)
    if (obj === OBJECT_PROTOTYPE || isShared(obj) || obj instanceof ToolRef) throw blocked(k, pos)
    return true
  }
  if (obj instanceof GuestFunction) return delete functionProps(obj)[k]
  if (obj instanceof GuestObject || Array.isArray(obj)) {
    try {
      return delete (obj as Record<string, unknown>)[k]
    } catch (e) {
      throw refused(e, pos)
    }
  }
  if (obj === null || obj === undefined) throw typeError(`Cannot convert undefined or null to object`, pos)
  if (typeof obj !== "object") return true
  if (obj instanceof ToolRef)
    throw kindError(
      "InvalidDataValue",
      `Cannot delete '${String(k)}' from ${obj.path.length === 0 ? "tools" : `tools.${obj.path.join(".")}`}: the tool tree is fixed by the host, not data the program can change.`,
      pos,
    )
  if (obj instanceof GuestRegExp) {
    try {
      return delete obj.props[k]
    } catch (e) {
      throw refused(e, pos)
    }
  }
  if (obj instanceof Wrapper) {
    if (typeof obj.value === "string" && (k === "length" || stringIndex(obj, k) !== undefined))
      throw typeError(`Cannot delete property '${k}' of [object String]`, pos)
    return obj.props === undefined || delete obj.props[k]
  }
  if (hasInstanceProps(obj)) {
    const own = instanceProps(obj)
    try {
      return own === undefined || delete own[k]
    } catch (e) {
      throw refused(e, pos)
    }
  }
  if (isShared(obj)) {
    try {
      return sharedDelete(rt, obj, k)
    } catch (e) {
      throw refused(e, pos)
    }
  }
  throw typeError(`Cannot delete property '${k}' of a built-in value`, pos)
}

/** The `in` operator: own keys of guest objects/arrays plus inherited members (§13.10.1). */
export const hasProperty = (rt: Run, obj: unknown, rawKey: unknown, pos?: Pos): boolean => {
  const k = propKey(rawKey)
  if (obj === null || typeof obj !== "object")
    throw typeError(`Cannot use 'in' operator to search for '${String(k)}' in ${toStr(obj)}`, pos)
  if (k === "__proto__") return !(obj instanceof ToolRef) && protoIn(obj)
  if (obj instanceof GuestObject) {
    if (k in obj) return true
    if (!reachesObjectPrototype(obj, rt)) return false
    const base = sharedBaseOf(obj)
    if (rt.overlays !== undefined) return sharedHas(rt, base, k)
    return (
      k === "constructor" ||
      hasOwn.call(protoTable.object, k) ||
      (base instanceof ProtoView && hasOwn.call(base.table(), k))
    )
  }
  if (isShared(obj)) return sharedHas(rt, obj, k)
  if (obj instanceof Wrapper) {
    if (obj.props !== undefined && k in obj.props) return true
    if (typeof obj.value === "string" && (k === "length" || stringIndex(obj, k) !== undefined)) return true
    const kind = wrapperKind(obj)
    if (rt.overlays !== undefined) return sharedHas(rt, protoViewOf(kind)!, k)
    return getSpecial(rt, obj, k) !== undefined || k === "constructor"
  }
  if (obj instanceof GuestFunction) return k in functionProps(obj) || getSpecial(rt, obj, k) !== undefined
  const own = instanceProps(obj)
  if (own !== undefined && k in own) return true
  if (obj instanceof GuestRegExp) return k in obj.props || sharedHas(rt, protoViewOf("RegExp")!, k)
  if (Array.isArray(obj)) {
    if (k === "length" || hasOwn.call(obj, k)) return true
    if (rt.overlays !== undefined) return sharedHas(rt, protoViewOf("Array")!, k)
    return k === "constructor" || hasOwn.call(protoTable.array, k) || hasOwn.call(protoTable.object, k)
  }
  // `in` asks; only a read of a name a promise lacks is the missing-await error.
  if (obj instanceof Promise) return promiseHas(rt, k)
  return getSpecial(rt, obj, k) !== undefined
}
