/**
 * Own properties of the built-in instances that have no property storage of their own — dates,
 * Maps, Sets, WeakMaps, WeakSets and promises (`const d = new Date(); d.label = "x"`,
 * `Object.defineProperty(d, "tag", …)`): a null-prototype record per object, made on its first write or
 * definition and held in a weak side table, so it lives exactly as long as the object. Reads look here before the
 * object's prototype; nothing is looked up until a program has made one.
 */
import { GuestDate, GuestRegExp } from "./values.js"

const TABLE = new WeakMap<object, Record<string, unknown>>()
let used = false

/** Whether `v` is one of the instance kinds whose own properties live here. */
export const hasInstanceProps = (v: unknown): v is object =>
  v instanceof GuestDate ||
  v instanceof Map ||
  v instanceof Set ||
  v instanceof WeakMap ||
  v instanceof WeakSet ||
  v instanceof Promise

/** Keys answered by the instance's prototype accessors, which have no setter: a write is a TypeError, as in JS. */
export const isReadOnlyAccessor = (o: object, k: string): boolean =>
  ((o instanceof Map || o instanceof Set) && k === "size") ||
  (o instanceof GuestRegExp &&
    [
      "source",
      "flags",
      "global",
      "ignoreCase",
      "multiline",
      "sticky",
      "unicode",
      "unicodeSets",
      "dotAll",
      "hasIndices",
    ].includes(k))

/** The own-property record of `o`, if it has one. */
export const instanceProps = (o: object): Record<string, unknown> | undefined => (used ? TABLE.get(o) : undefined)

/** The own-property record of `o`, made on first use. */
export const instancePropsFor = (o: object): Record<string, unknown> => {
  let props = TABLE.get(o)
  if (props === undefined) {
    props = Object.create(null) as Record<string, unknown>
    TABLE.set(o, props)
    used = true
  }
  return props
}
