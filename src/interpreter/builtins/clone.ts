/**
 * structuredClone (HTML §2.7.3 StructuredSerialize, restricted to guest values): plain objects, arrays, Dates,
 * RegExps, Maps, Sets and error values are copied deeply with shared references and cycles preserved; functions,
 * tool references and promises are not cloneable (V8: DataCloneError, here a catchable Error of that name).
 */
import { nativeRegExp } from "./regexp.js"
import { guestError } from "../errors.js"
import { GuestBytes } from "./bytes.js"
import { isGuestError, ERROR_BRAND, GuestDate, GuestObject, GuestRegExp, HostBacked, newObject } from "../values.js"

export const structuredCloneValue = (value: unknown): unknown => {
  const memory = new Map<object, unknown>()
  const clone = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v
    const seen = memory.get(v)
    if (seen !== undefined) return seen
    if (v instanceof GuestDate) return remember(v, new GuestDate(v.time))
    if (v instanceof GuestRegExp) return remember(v, new GuestRegExp(nativeRegExp(v.native.source, v.native.flags)))
    if (v instanceof Map) {
      const m = remember(v, new Map<unknown, unknown>())
      for (const [k, x] of v) m.set(clone(k), clone(x))
      return m
    }
    if (v instanceof Set) {
      const s = remember(v, new Set<unknown>())
      for (const x of v) s.add(clone(x))
      return s
    }
    if (Array.isArray(v)) {
      const a = remember(v, new Array<unknown>(v.length))
      for (let i = 0; i < v.length; i++) if (i in v) a[i] = clone(v[i]) // holes stay holes (V8)
      return a
    }
    if (v instanceof GuestObject) {
      const o = remember(v, newObject())
      for (const k of Object.keys(v)) o[k] = clone((v as Record<string, unknown>)[k])
      if (isGuestError(v))
        Object.defineProperty(o, ERROR_BRAND, {
          value: (v as { [ERROR_BRAND]: unknown })[ERROR_BRAND],
          enumerable: false,
        })
      return o
    }
    if (v instanceof GuestBytes) return remember(v, new GuestBytes(v.bytes.slice()))
    const what = v instanceof HostBacked ? "a URL value" : v instanceof Promise ? "a promise" : "this value"
    throw guestError("DataCloneError", `${what} could not be cloned`)
  }
  const remember = <T>(from: object, to: T): T => {
    memory.set(from, to)
    return to
  }
  return clone(value)
}
