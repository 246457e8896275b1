/**
 * Primitive wrapper objects (§20.3.4 Boolean, §21.1.4 Number, §22.1.4 String instances): `new String("ab")`,
 * `Object(1)`. A wrapper's own properties are a string's indices and `length` (read-only) plus whatever the program
 * adds (`Wrapper.props`); everything else comes from the prototype of its primitive's constructor.
 */
import { Wrapper } from "./values.js"

/** The constructor whose prototype a wrapper (or its primitive) inherits from. */
export const wrapperKind = (w: Wrapper): "String" | "Number" | "Boolean" | "BigInt" =>
  typeof w.value === "string"
    ? "String"
    : typeof w.value === "number"
      ? "Number"
      : typeof w.value === "bigint"
        ? "BigInt"
        : "Boolean"

/** ToObject (§7.1.18) of a string, number or boolean. */
export const wrap = (v: string | number | boolean): Wrapper => new Wrapper(v)

/** Whether `key` is one of a string wrapper's own index keys. */
export const stringIndex = (w: Wrapper, key: string): number | undefined => {
  if (typeof w.value !== "string" || typeof key !== "string") return undefined // symbols are never indices
  const c = key.charCodeAt(0)
  if (!(c >= 48 && c <= 57)) return undefined
  const i = Number(key)
  return String(i) === key && i < w.value.length ? i : undefined
}

/** The own keys of a wrapper: a string's indices, `length` when `all`, then the added properties. */
export const wrapperKeys = (w: Wrapper, all: boolean): Array<string> => {
  const out: Array<string> = []
  if (typeof w.value === "string") {
    for (let i = 0; i < w.value.length; i++) out.push(String(i))
    if (all) out.push("length")
  }
  if (w.props !== undefined) out.push(...(all ? Object.getOwnPropertyNames(w.props) : Object.keys(w.props)))
  return out
}

/** The own-property record of a wrapper, made on first use. */
export const wrapperProps = (w: Wrapper): Record<string, unknown> =>
  (w.props ??= Object.create(null) as Record<string, unknown>)
