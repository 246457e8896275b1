/**
 * structuredClone (HTML §2.7.3 StructuredSerialize, restricted to guest values): plain objects, arrays, Dates,
 * RegExps, Maps, Sets and error values are copied deeply with shared references and cycles preserved; functions,
 * tool references and promises are not cloneable (V8: DataCloneError, here a catchable Error of that name).
 */
import { nativeRegExp } from "./regexp.js"
import { guestError } from "../errors.js"
import { GuestBytes } from "./bytes.js"
import { BYTES, chargeArray } from "../memory-budget.js"
import type { Run } from "../run-state.js"
import { isGuestError, ERROR_BRAND, GuestDate, GuestObject, GuestRegExp, HostBacked, newObject } from "../values.js"

/**
 * Each value is read once, as a snapshot (an array's length, an object's keys) taken before it is copied, and the
 * copy is charged and its walk counted before it is made: a getter that grows what is being copied copies no more.
 */
export const structuredCloneValue = (rt: Run, value: unknown): unknown => {
  const memory = new Map<object, unknown>()
  const clone = (v: unknown): unknown => {
    if (v === null || typeof v !== "object") return v
    const seen = memory.get(v)
    if (seen !== undefined) return seen
    rt.tick()
    if (v instanceof GuestDate) return remember(v, new GuestDate(v.time))
    if (v instanceof GuestRegExp) return remember(v, new GuestRegExp(nativeRegExp(v.native.source, v.native.flags)))
    if (v instanceof Map) {
      const entries = [...v]
      rt.work(entries.length)
      rt.charge(BYTES.object + entries.length * BYTES.mapEntry)
      const m = remember(v, new Map<unknown, unknown>())
      for (const [k, x] of entries) m.set(clone(k), clone(x))
      return m
    }
    if (v instanceof Set) {
      const values = [...v]
      rt.work(values.length)
      rt.charge(BYTES.object + values.length * BYTES.setEntry)
      const s = remember(v, new Set<unknown>())
      for (const x of values) s.add(clone(x))
      return s
    }
    if (Array.isArray(v)) {
      const n = v.length
      rt.work(n)
      chargeArray(rt, n)
      const a = remember(v, new Array<unknown>(n))
      for (let i = 0; i < n; i++) if (i in v) a[i] = clone(v[i]) // holes stay holes (V8)
      return a
    }
    if (v instanceof GuestObject) {
      const keys = Object.keys(v)
      rt.work(keys.length)
      rt.charge(BYTES.object + keys.length * BYTES.addedProp)
      const o = remember(v, newObject())
      for (const k of keys) o[k] = clone((v as Record<string, unknown>)[k])
      if (isGuestError(v))
        Object.defineProperty(o, ERROR_BRAND, {
          value: (v as { [ERROR_BRAND]: unknown })[ERROR_BRAND],
          enumerable: false,
        })
      return o
    }
    if (v instanceof GuestBytes) {
      rt.charge(BYTES.array + v.bytes.length)
      return remember(v, new GuestBytes(v.bytes.slice()))
    }
    const what = v instanceof HostBacked ? "a URL value" : v instanceof Promise ? "a promise" : "this value"
    throw guestError("DataCloneError", `${what} could not be cloned`)
  }
  const remember = <T>(from: object, to: T): T => {
    memory.set(from, to)
    return to
  }
  return clone(value)
}
