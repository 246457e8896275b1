/**
 * Accessor halves of guest objects: a native getter or setter is a host closure calling the guest function, mapped
 * back to that function whenever a descriptor is read, so a program never holds a host function.
 */
import type { Run } from "./run-state.js"

const guestOf = new WeakMap<object, unknown>()

/** A native getter calling guest `getter` with the receiver as `this`. */
export const hostGetter = (rt: Run, getter: unknown): (() => unknown) => {
  const h = function (this: unknown) {
    return rt.call(getter, this, [])
  }
  guestOf.set(h, getter)
  return h
}

/** A native setter calling guest `setter` with the receiver as `this` and the value. */
export const hostSetter = (rt: Run, setter: unknown): ((v: unknown) => void) => {
  const h = function (this: unknown, v: unknown) {
    rt.call(setter, this, [v])
  }
  guestOf.set(h, setter)
  return h
}

/** The guest function behind a native accessor half (undefined for none; never a host function). */
export const guestAccessor = (h: unknown): unknown => (typeof h === "function" ? guestOf.get(h) : undefined)
