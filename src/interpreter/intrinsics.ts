/**
 * Built-in objects writable per run (issue 17, "globalThis (writable, per run)"). The built-in constructors,
 * functions, prototypes and namespaces (`Builtin`, `ProtoView`, `Namespace`, `OBJECT_PROTOTYPE`) are shared by every
 * run and never change. A run that writes, defines or deletes a property of one gets its own copy of that object's
 * own properties (an _overlay_, made on the first mutation and kept in `Run.overlays`): from then on that run reads
 * the object through its overlay, and no other run (nor the host) sees the change. A run that never mutates a
 * built-in pays one `rt.overlays === undefined` test on the paths that fall back to a built-in table.
 *
 * An overlay is a native null-prototype object holding native descriptors over guest values (an accessor's halves
 * are `hostGetter`/`hostSetter` closures, mapped back to the guest function whenever a descriptor is read), so the
 * native [[DefineOwnProperty]] validates redefinitions and integrity levels. The guest never holds an overlay: it
 * holds the shared object, and every access goes through property.ts.
 */
import { typeError } from "./errors.js"
import { INTRINSICS, OBJECT_PROTOTYPE, ProtoView, builtinPrototype, errorParentOf, protoViewOf } from "./realm.js"
import type { Run } from "./run-state.js"
import { protoTable } from "./proto-tables.js"
import { BYTES } from "./memory-budget.js"
import { Accessor, Builtin, Namespace } from "./values.js"
import { hostGetter, hostSetter } from "./accessors.js"

export type Overlay = Record<string, unknown>

declare const SHARED: unique symbol
/** A shared built-in object (the brand exists only for the type checker). */
export type Shared = object & { readonly [SHARED]: true }

/** Whether `o` is one of the shared built-in objects. */
export const isShared = (o: unknown): o is Shared =>
  o instanceof Builtin || o instanceof ProtoView || o instanceof Namespace || o === OBJECT_PROTOTYPE

const hasOwn = Object.prototype.hasOwnProperty

const method = (value: unknown): PropertyDescriptor => ({
  value,
  writable: true,
  enumerable: false,
  configurable: true,
})
const fixed = (value: unknown): PropertyDescriptor => ({
  value,
  writable: false,
  enumerable: false,
  configurable: false,
})
const readOnly = (value: unknown): PropertyDescriptor => ({
  value,
  writable: false,
  enumerable: false,
  configurable: true,
})

/** A table row: a method, or an accessor row whose halves call its built-ins (mapped back when a descriptor is read). */
const row = (rt: Run, value: unknown): PropertyDescriptor =>
  value instanceof Accessor
    ? {
        get: value.get === undefined ? undefined : hostGetter(rt, value.get),
        set: value.set === undefined ? undefined : hostSetter(rt, value.set),
        enumerable: false,
        configurable: true,
      }
    : method(value)

/** A member of a namespace or a constructor's statics: numbers are constants (`Math.PI`, `Number.MAX_VALUE`). */
const member = (rt: Run, key: string, value: unknown): PropertyDescriptor =>
  typeof value === "number" || (value === undefined && key === "undefined") ? fixed(value) : row(rt, value)

const ownRows = (t: object): Array<string> => Reflect.ownKeys(t) as Array<string>

/** The own properties of a shared object as a fresh run sees them, in the spec's order. */
export const baseOwn = (o: object, rt: Run): Array<[string, PropertyDescriptor]> => {
  const out: Array<[string, PropertyDescriptor]> = []
  if (o instanceof Builtin) {
    out.push(["length", readOnly(o.options.length ?? 0)], ["name", readOnly(o.name)])
    const proto = builtinPrototype(o, rt)
    if (proto !== undefined) out.push(["prototype", fixed(proto)])
    const statics = o.options.statics
    // Reflect.ownKeys: symbol-keyed rows (`[Symbol.iterator]`, `[Symbol.species]`) are properties too.
    if (statics) for (const k of ownRows(statics)) out.push([k, member(rt, k, statics[k])])
  } else if (o instanceof ProtoView || o === OBJECT_PROTOTYPE) {
    const view = o === OBJECT_PROTOTYPE ? undefined : (o as ProtoView)
    out.push(["constructor", method(view === undefined ? INTRINSICS.get("Object") : view.ctor)])
    const t = view === undefined ? protoTable.object : view.table()
    for (const k of ownRows(t)) out.push([k, row(rt, t[k])])
  } else if (o instanceof Namespace) {
    for (const k of Object.keys(o.members)) out.push([k, member(rt, k, o.members[k])])
  }
  return out
}

/** One own property of a shared object as a fresh run sees it (the fast path of reads without an overlay). */
export const baseDescriptor = (o: object, key: string, rt: Run): PropertyDescriptor | undefined => {
  if (o instanceof Builtin) {
    if (key === "length") return readOnly(o.options.length ?? 0)
    if (key === "name") return readOnly(o.name)
    const statics = o.options.statics
    if (statics && hasOwn.call(statics, key)) return member(rt, key, statics[key])
    if (key === "prototype") {
      const p = builtinPrototype(o, rt)
      return p === undefined ? undefined : fixed(p)
    }
    return undefined
  }
  if (o instanceof ProtoView) {
    if (key === "constructor") return method(o.ctor)
    const t = o.table()
    return hasOwn.call(t, key) ? row(rt, t[key]) : undefined
  }
  if (o === OBJECT_PROTOTYPE) {
    if (key === "constructor") return method(INTRINSICS.get("Object"))
    return hasOwn.call(protoTable.object, key) ? method(protoTable.object[key]) : undefined
  }
  if (o instanceof Namespace) return hasOwn.call(o.members, key) ? member(rt, key, o.members[key]) : undefined
  return undefined
}

/** The guest prototype of a shared object: Object.prototype's is null, a function's Function.prototype. */
export const sharedProto = (o: object): object | null => {
  if (o === OBJECT_PROTOTYPE) return null
  const error = errorParentOf(o)
  if (error !== undefined) return error
  if (o instanceof Builtin) return protoViewOf("Function") ?? OBJECT_PROTOTYPE
  return OBJECT_PROTOTYPE
}

/** This run's overlay of `o`, if it mutated `o`. */
export const overlayOf = (rt: Run, o: object): Overlay | undefined => rt.overlays?.get(o)

/** This run's overlay of `o`, made from the base properties on first use (charged like an object of that size). */
export const materialize = (rt: Run, o: object): Overlay => {
  let overlays = rt.overlays
  if (overlays === undefined) overlays = rt.overlays = new Map()
  let ov = overlays.get(o)
  if (ov === undefined) {
    const base = baseOwn(o, rt)
    rt.charge(BYTES.object + BYTES.addedProp * base.length)
    ov = Object.create(null) as Overlay
    for (const [k, d] of base) Object.defineProperty(ov, k, d)
    overlays.set(o, ov)
  }
  return ov
}

/** Reads descriptor `d` of receiver `receiver` (a getter is called with it as `this`). */
const valueOf = (d: PropertyDescriptor, receiver: unknown): unknown =>
  "value" in d ? d.value : d.get === undefined ? undefined : d.get.call(receiver)

/** The own descriptor of `key` on shared `o` in this run (its overlay, or the base). */
export const sharedOwn = (rt: Run, o: object, key: string): PropertyDescriptor | undefined => {
  const ov = rt.overlays?.get(o)
  return ov === undefined ? baseDescriptor(o, key, rt) : Object.getOwnPropertyDescriptor(ov, key)
}

/** [[Get]] of `key` starting at shared `o` with `receiver` as `this` for getters (§10.1.8.1). */
export const sharedGet = (rt: Run, o: object, key: string, receiver: unknown): unknown => {
  for (let cur: object | null = o; cur !== null; cur = sharedProto(cur)) {
    const d = sharedOwn(rt, cur, key)
    if (d !== undefined) return valueOf(d, receiver)
  }
  return undefined
}

/** [[HasProperty]] from shared `o` up its chain. */
export const sharedHas = (rt: Run, o: object, key: string): boolean => {
  for (let cur: object | null = o; cur !== null; cur = sharedProto(cur))
    if (sharedOwn(rt, cur, key) !== undefined) return true
  return false
}

/** The inherited descriptor of `key` from shared `o` up (for writes through a receiver that lacks the key). */
export const sharedFind = (rt: Run, o: object, key: string): PropertyDescriptor | undefined => {
  for (let cur: object | null = o; cur !== null; cur = sharedProto(cur)) {
    const d = sharedOwn(rt, cur, key)
    if (d !== undefined) return d
  }
  return undefined
}

/** How V8 names a shared object in write errors. */
export const sharedName = (o: object): string =>
  o instanceof Builtin
    ? `function '${o.name}'`
    : o instanceof ProtoView
      ? `object '${o.name}'`
      : o instanceof Namespace
        ? `object '#<${o.name === "globalThis" ? "Object" : o.name}>'`
        : "object 'Object.prototype'"

/**
 * An inherited descriptor's verdict on a write of a key the receiver does not have (§10.1.9.2 OrdinarySetWithOwn
 * Descriptor): a setter is called (true), a read-only data property or a getter without setter refuses (throws in
 * strict code, which every program is), otherwise the caller creates an own data property (false).
 */
export const inheritedSet = (
  d: PropertyDescriptor | undefined,
  key: string,
  value: unknown,
  receiver: unknown,
  what: string,
): boolean => {
  if (d === undefined) return false
  if ("value" in d || (d.get === undefined && d.set === undefined)) {
    if (d.writable === false) throw typeError(`Cannot assign to read only property '${key}' of ${what}`)
    return false
  }
  if (d.set === undefined) throw typeError(`Cannot set property ${key} of ${what} which has only a getter`)
  d.set.call(receiver, value)
  return true
}

/** [[Set]] on shared `o` itself (its own property, or a new one in this run's overlay). */
export const sharedSet = (rt: Run, o: object, key: string, value: unknown): void => {
  const own = sharedOwn(rt, o, key)
  const what = sharedName(o)
  if (own === undefined) {
    if (inheritedSet(sharedFind(rt, sharedProto(o) ?? o, key), key, value, o, what)) return
  } else if (!("value" in own) && (own.get !== undefined || own.set !== undefined)) {
    if (own.set === undefined) throw typeError(`Cannot set property ${key} of ${what} which has only a getter`)
    own.set.call(o, value)
    return
  } else if (own.writable === false) throw typeError(`Cannot assign to read only property '${key}' of ${what}`)
  const ov = materialize(rt, o)
  if (own === undefined) {
    if (!Object.isExtensible(ov)) throw typeError(`Cannot add property ${key}, object is not extensible`)
    rt.charge(BYTES.addedProp)
    Object.defineProperty(ov, key, { value, writable: true, enumerable: true, configurable: true })
  } else ov[key] = value
}

/** [[Delete]] on shared `o` (strict: a non-configurable property throws). */
export const sharedDelete = (rt: Run, o: object, key: string): boolean => {
  const own = sharedOwn(rt, o, key)
  if (own === undefined) return true
  if (own.configurable === false) throw typeError(`Cannot delete property '${key}' of ${sharedName(o)}`)
  delete materialize(rt, o)[key]
  return true
}

/** [[DefineOwnProperty]] on shared `o` (validated natively on its overlay). */
export const sharedDefine = (rt: Run, o: object, key: string, d: PropertyDescriptor): void => {
  const ov = materialize(rt, o)
  if (!hasOwn.call(ov, key)) rt.charge(BYTES.addedProp)
  Object.defineProperty(ov, key, d)
}

/** Own string keys of shared `o` in this run (all of them, or the enumerable ones). */
export const sharedKeys = (rt: Run, o: object, enumerableOnly: boolean): Array<string> => {
  const ov = rt.overlays?.get(o)
  if (ov !== undefined) return enumerableOnly ? Object.keys(ov) : Object.getOwnPropertyNames(ov)
  return enumerableOnly ? [] : baseOwn(o, rt).flatMap(([k]) => (typeof k === "string" ? [k] : []))
}
