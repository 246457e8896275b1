/**
 * The guest's prototype operations (§10.1.1–2 [[GetPrototypeOf]] / [[SetPrototypeOf]], §20.1.2.12): what a value's
 * prototype looks like to a program, and the one way a plain guest object's chain changes.
 */
import { typeError } from "./errors.js"
import {
  INTRINSICS,
  NULL_PROTOTYPE,
  OBJECT_PROTOTYPE,
  ProtoView,
  builtinPrototype,
  checkChain,
  errorParentOf,
  guestPrototypeOf,
  isGuestProto,
  sharedBaseOf,
} from "./realm.js"
import { Builtin, GuestDate, GuestFunction, GuestObject, GuestRegExp, Wrapper } from "./values.js"
import { wrapperKind } from "./wrappers.js"

/** The guest view of a value's prototype (§20.1.2.12 Object.getPrototypeOf). */
export const prototypeOf = (v: unknown): unknown => {
  if (v === null || v === undefined) throw typeError("Cannot convert undefined or null to object")
  const view = (name: string) => builtinPrototype(INTRINSICS.get(name)!)
  if (v instanceof GuestObject) {
    const p = guestPrototypeOf(v)
    return p === OBJECT_PROTOTYPE ? sharedBaseOf(v) : p
  }
  if (v === OBJECT_PROTOTYPE) return null
  if (v instanceof ProtoView) return v.name === "Object.prototype" ? null : (errorParentOf(v) ?? OBJECT_PROTOTYPE)
  if (Array.isArray(v)) return view("Array")
  if (v instanceof GuestFunction) {
    // A derived class's prototype is its parent class (§15.7.14 step 5).
    const parent = v.klass?.parent
    if (parent instanceof GuestFunction || parent instanceof Builtin) return parent
    return view("Function")
  }
  if (v instanceof Builtin) return errorParentOf(v) ?? view("Function")
  if (typeof v === "string") return view("String")
  if (typeof v === "number") return view("Number")
  if (typeof v === "boolean") return view("Boolean")
  if (typeof v === "bigint") return view("BigInt")
  if (v instanceof Wrapper) return view(wrapperKind(v))
  if (v instanceof GuestDate) return view("Date")
  if (v instanceof GuestRegExp) return view("RegExp")
  if (v instanceof Map) return view("Map")
  if (v instanceof Set) return view("Set")
  if (v instanceof WeakMap) return view("WeakMap")
  if (v instanceof WeakSet) return view("WeakSet")
  if (v instanceof Promise) return view("Promise")
  return OBJECT_PROTOTYPE
}

/** `p` as the native prototype of a plain guest object: a guest object (its chain checked) or null. */
export const nativeProto = (p: unknown, what: string): object => {
  if (p === null) return NULL_PROTOTYPE
  if (isGuestProto(p)) {
    checkChain(p as object)
    return p as object
  }
  if (p instanceof GuestFunction || p instanceof Builtin || p instanceof ProtoView || typeof p === "object")
    throw typeError(`${what}: only plain objects or null can be prototypes of plain objects here`)
  throw typeError(`Object prototype may only be an Object or null: ${String(p)}`)
}

/**
 * Gives guest value `o` the prototype `proto` (an object or null) with the guest's own operations: only a plain
 * guest object's chain changes (natively, so a cycle or a non-extensible object throws as §10.1.2 says).
 */
export const setPrototype = (o: unknown, proto: unknown, what: string): void => {
  if (!(o instanceof GuestObject)) {
    if (prototypeOf(o) === proto) return
    nativeProto(proto, what)
    throw typeError(`${what}: only plain objects can change prototype here`)
  }
  const p = nativeProto(proto, what)
  try {
    Object.setPrototypeOf(o, p)
  } catch (e) {
    throw typeError((e as Error).message)
  }
}
