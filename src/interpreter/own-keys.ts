/**
 * The own enumerable string keys of a guest value (§7.3.23 EnumerableOwnProperties, keys only), as `Object.keys`,
 * `for...in` and `Object.assign` see them, charged to the run's memory budget.
 */
import { typeError } from "./errors.js"
import { hasInstanceProps, instanceProps } from "./instance-props.js"
import { isShared, sharedKeys } from "./intrinsics.js"
import { checkArray } from "./memory-caps.js"
import { BYTES } from "./memory-budget.js"
import { functionProps } from "./realm.js"
import type { Run } from "./run-state.js"
import { toolKeys } from "./tools.js"
import { GuestFunction, GuestObject, GuestRegExp, HostBacked, ToolRef, Wrapper } from "./values.js"
import { wrapperKeys } from "./wrappers.js"

export const ownKeys = (rt: Run, v: unknown, what: string): Array<string> => {
  if (v instanceof ToolRef) return toolKeys(rt, v.path, undefined)
  if (v instanceof GuestObject || Array.isArray(v)) return charged(rt, Object.keys(v as object))
  if (v instanceof GuestFunction) return charged(rt, Object.keys(functionProps(v)))
  if (isShared(v)) return charged(rt, sharedKeys(rt, v, true))
  if (v instanceof Wrapper) return charged(rt, wrapperKeys(v, false))
  if (v instanceof HostBacked) {
    const keys = v.keys()
    if (keys !== undefined) return charged(rt, keys)
  }
  if (hasInstanceProps(v)) return charged(rt, Object.keys(instanceProps(v) ?? {}))
  if (v instanceof GuestRegExp) return charged(rt, Object.keys(v.props))
  // A string's keys are its indices: a 2^25-character string would make 2^25 keys (SECURITY.md "Memory").
  if (typeof v === "string") return stringKeys(rt, v, what)
  if (v === null || v === undefined) throw typeError(`Cannot convert undefined or null to object (${what})`)
  return []
}

/** Key lists are charged as arrays plus their strings (memory-budget.ts); index keys are fresh strings. */
export const charged = (rt: Run, keys: Array<string>): Array<string> => {
  rt.charge(BYTES.array + (BYTES.slot + BYTES.stringHeader + 8) * keys.length)
  return keys
}

/**
 * A string's index keys, charged before they exist and made one step per key (V8's own `Object.keys` of a
 * 10^7-character string ran for seconds in one call and allocated hundreds of megabytes before any charge).
 */
const stringKeys = (rt: Run, v: string, what: string): Array<string> => {
  checkArray(v.length, what)
  rt.charge(BYTES.array + (BYTES.slot + BYTES.stringHeader + 8) * v.length)
  const out = new Array<string>(v.length)
  for (let i = 0; i < v.length; i++) {
    rt.tick()
    out[i] = String(i)
  }
  return out
}
