/**
 * The one property-access path of the interpreter (docs/architecture.md "Guest values"). `__proto__`,
 * `constructor` and `prototype` are blocked on every read, write and delete (@opencode-ai/codemode 1.18 "Authority Boundary"); keys
 * are coerced before the check. Methods of arrays, strings, maps, ... are served from the built-in tables, never
 * from a host prototype.
 */
import { type Pos, rangeError, typeError } from "./errors.js"
import { propKey, toKey, toNum, toStr } from "./coerce.js"
import { protoTable } from "./builtins/tables.js"
import { MAX_ARRAY_LENGTH, checkArray } from "./memory.js"
import {
  INTRINSICS,
  OBJECT_PROTOTYPE,
  ProtoView,
  builtinPrototype,
  functionProps,
  reachesObjectPrototype,
} from "./realm.js"
import {
  ERROR_BRAND,
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  HostBacked,
  Namespace,
  ToolRef,
} from "./values.js"

/**
 * Keys no guest path reads or writes natively. `constructor` and `prototype` are ordinary keys of guest objects
 * (their chains end at the guest's own Object.prototype, realm.ts); `__proto__` stays refused.
 */
export const BLOCKED_KEYS: ReadonlySet<string> = new Set(["__proto__"])

const intrinsic = (name: string): unknown => INTRINSICS.get(name)

/** `constructor` of a guest object with no own or inherited one: Object, or the error's constructor. */
const objectConstructor = (obj: object): unknown => {
  if (!reachesObjectPrototype(obj)) return undefined
  const chain = (obj as { [ERROR_BRAND]?: ReadonlyArray<string> })[ERROR_BRAND]
  if (chain !== undefined) return intrinsic(chain[0]!) ?? intrinsic("Error")
  return intrinsic("Object")
}

const blocked = (key: string, pos: Pos | undefined) =>
  typeError(`Access to '${key}' is blocked: prototype members are not available to programs`, pos)

const hasOwn = Object.prototype.hasOwnProperty

const isIndex = (key: string): boolean => {
  if (typeof key !== "string") return false
  const c = key.charCodeAt(0)
  return c >= 48 && c <= 57 && String(Number(key) >>> 0) === key
}

export const getProperty = (obj: unknown, rawKey: unknown, pos?: Pos): unknown => {
  const key = toKey(rawKey)
  if (typeof key === "number") {
    if (Array.isArray(obj) || typeof obj === "string") return (obj as Array<unknown>)[key]
    return getNamed(obj, String(key), pos)
  }
  return getNamed(obj, key, pos)
}

/** Property read with an already-string key (member expressions with identifiers compile straight to this). */
export const getNamed = (obj: unknown, key: string, pos?: Pos): unknown => {
  if (BLOCKED_KEYS.has(key)) throw blocked(key, pos)
  if (obj instanceof GuestObject) {
    const v = (obj as Record<string, unknown>)[key]
    if (v !== undefined || key in (obj as object)) return v
    if (key === "constructor") return objectConstructor(obj)
    return reachesObjectPrototype(obj) ? protoTable.object[key] : undefined
  }
  if (Array.isArray(obj)) {
    if (key === "length") return obj.length
    if (hasOwn.call(obj, key)) return (obj as unknown as Record<string, unknown>)[key]
    if (key === "constructor") return intrinsic("Array")
    // Array.prototype inherits Object.prototype (§23.1.3): hasOwnProperty, valueOf, propertyIsEnumerable.
    return protoTable.array[key] ?? protoTable.object[key]
  }
  switch (typeof obj) {
    case "string":
      if (key === "length") return obj.length
      if (isIndex(key)) return obj[Number(key)]
      if (key === "constructor") return intrinsic("String")
      return protoTable.string[key] ?? protoTable.object[key]
    case "number":
      if (key === "constructor") return intrinsic("Number")
      return protoTable.number[key] ?? protoTable.object[key]
    case "boolean":
      if (key === "constructor") return intrinsic("Boolean")
      return protoTable.boolean[key] ?? protoTable.object[key]
    case "symbol":
      if (key === "description") return obj.description
      if (key === "constructor") return intrinsic("Symbol")
      return protoTable.symbol[key] ?? protoTable.object[key]
    case "undefined":
      throw typeError(`Cannot read properties of undefined (reading '${key}')`, pos)
    case "object":
      if (obj === null) throw typeError(`Cannot read properties of null (reading '${key}')`, pos)
      return getSpecial(obj, key)
    default:
      return undefined
  }
}

const builtinName = (obj: object): string | undefined =>
  obj instanceof Promise
    ? "Promise"
    : obj instanceof Map
      ? "Map"
      : obj instanceof Set
        ? "Set"
        : obj instanceof GuestDate
          ? "Date"
          : obj instanceof GuestRegExp
            ? "RegExp"
            : undefined

const getSpecial = (obj: object, key: string): unknown => {
  if (obj instanceof ToolRef) return typeof key === "symbol" ? undefined : new ToolRef([...obj.path, key])
  if (obj === OBJECT_PROTOTYPE) return key === "constructor" ? intrinsic("Object") : protoTable.object[key]
  if (obj instanceof ProtoView) {
    if (key === "constructor") return obj.ctor
    const t = obj.table()
    return hasOwn.call(t, key) ? t[key] : protoTable.object[key]
  }
  if (obj instanceof Namespace) return hasOwn.call(obj.members, key) ? obj.members[key] : undefined
  if (key === "constructor") {
    const name = builtinName(obj)
    if (name !== undefined) return intrinsic(name)
  }
  if (obj instanceof Promise) return protoTable.promise[key]
  if (obj instanceof Map) return key === "size" ? obj.size : protoTable.map[key]
  if (obj instanceof Set) return key === "size" ? obj.size : protoTable.set[key]
  if (obj instanceof GuestFunction) {
    const props = obj.props
    // Reflect.get: a static accessor of a class runs with the class as `this`, not the property record.
    if (props !== undefined && key in props) return Reflect.get(props, key, obj)
    if (key === "name") return obj.name
    if (key === "length") return obj.code.length
    if (key === "prototype") return obj.code.isConstructor ? functionProps(obj).prototype : undefined
    if (key === "constructor") return intrinsic("Function")
    return protoTable.function[key] ?? protoTable.object[key]
  }
  if (obj instanceof Builtin) {
    if (key === "name") return obj.name
    if (key === "length") return obj.options.length ?? 0
    const statics = obj.options.statics
    if (statics && hasOwn.call(statics, key)) return statics[key]
    if (key === "prototype") return builtinPrototype(obj)
    if (key === "constructor") return intrinsic("Function")
    return protoTable.function[key] ?? protoTable.object[key]
  }
  if (obj instanceof GuestDate) return protoTable.date[key]
  if (obj instanceof HostBacked) return obj.get(key)
  if (obj instanceof GuestRegExp) {
    switch (key) {
      case "lastIndex":
        return obj.lastIndex
      case "source":
      case "flags":
      case "global":
      case "ignoreCase":
      case "multiline":
      case "sticky":
      case "unicode":
      case "dotAll":
        return obj.native[key]
    }
    return protoTable.regexp[key]
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

export const setProperty = (obj: unknown, rawKey: unknown, value: unknown, pos?: Pos): void => {
  const key = toKey(rawKey)
  try {
    if (typeof key === "number" && Array.isArray(obj)) {
      // An index write past the cap would make a sparse array whose length built-ins loop over natively, outside
      // the step counter (SECURITY.md "Memory"); 2^32 - 1 and above are plain properties, not indices.
      if (key >= MAX_ARRAY_LENGTH && key < 2 ** 32 - 1) checkArray(key + 1, "an index assignment")
      obj[key] = value
      return
    }
    const k = typeof key === "number" ? String(key) : key
    if (BLOCKED_KEYS.has(k)) throw blocked(k, pos)
    if (obj instanceof GuestObject) {
      ;(obj as Record<string, unknown>)[k] = value
      return
    }
    if (Array.isArray(obj)) {
      if (k === "length") {
        const n = typeof value === "number" ? value : toNum(value)
        if (!(n >>> 0 === n)) throw rangeError("Invalid array length", pos)
        if (n > obj.length) checkArray(n, "setting length")
        obj.length = n
      } else (obj as unknown as Record<string, unknown>)[k] = value
      return
    }
    setSpecial(obj, k, value, pos)
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

const setSpecial = (obj: unknown, k: string, value: unknown, pos: Pos | undefined): void => {
  if (obj instanceof GuestFunction) {
    const props = functionProps(obj)
    if ((k === "name" || k === "length") && !(k in props))
      throw typeError(`Cannot assign to read only property '${k}' of function '${obj.name}'`, pos)
    const setter = setterOf(props, k)
    if (setter !== undefined) setter.call(obj, value)
    else props[k] = value
    return
  }
  if (obj instanceof GuestRegExp && k === "lastIndex") {
    obj.lastIndex = toNum(value)
    return
  }
  if (obj instanceof HostBacked && obj.set(k, value)) return
  if (obj === null || obj === undefined) throw typeError(`Cannot set properties of ${obj} (setting '${k}')`, pos)
  if (typeof obj !== "object") throw typeError(`Cannot create property '${k}' on ${typeof obj} '${toStr(obj)}'`, pos)
  throw typeError(`Cannot assign to property '${k}' of a built-in value`, pos)
}

export const deleteProperty = (obj: unknown, rawKey: unknown, pos?: Pos): boolean => {
  const k = propKey(rawKey)
  if (BLOCKED_KEYS.has(k)) throw blocked(k, pos)
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
  throw typeError(`Cannot delete property '${k}' of a built-in value`, pos)
}

/** The `in` operator: own keys of guest objects/arrays plus table members (§13.10.1 with our empty prototypes). */
export const hasProperty = (obj: unknown, rawKey: unknown, pos?: Pos): boolean => {
  const k = propKey(rawKey)
  if (obj === null || typeof obj !== "object")
    throw typeError(`Cannot use 'in' operator to search for '${String(k)}' in ${toStr(obj)}`, pos)
  if (BLOCKED_KEYS.has(k)) return false
  if (obj instanceof GuestObject)
    return k in obj || (reachesObjectPrototype(obj) && (k === "constructor" || hasOwn.call(protoTable.object, k)))
  if (obj instanceof GuestFunction)
    return k in functionProps(obj) || k === "name" || k === "length" || getSpecial(obj, k) !== undefined
  if (Array.isArray(obj)) return k === "length" || hasOwn.call(obj, k) || hasOwn.call(protoTable.array, k)
  return getSpecial(obj, k) !== undefined
}
