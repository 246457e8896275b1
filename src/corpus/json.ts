/** JSON helpers shared by the corpus reader and the judge. */

export type Json = null | boolean | number | string | ReadonlyArray<Json> | { readonly [key: string]: Json }

export const isPlainObject = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * JSON deep equality (docs/corpus-format.md#matching): object key order is ignored, array order is not. `undefined` members
 * are treated as absent, as `JSON.stringify` would drop them; `-0` equals `0`, and NaN equals NaN (both print `null`).
 */
export const jsonEqual = (a: unknown, b: unknown): boolean => {
  if (a === b) return true
  if (typeof a === "number" && typeof b === "number") return Number.isNaN(a) && Number.isNaN(b)
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false
    return a.every((item, i) => jsonEqual(item, b[i]))
  }
  if (!isPlainObject(a) || !isPlainObject(b)) return false
  const keysA = Object.keys(a).filter((k) => a[k] !== undefined)
  const keysB = Object.keys(b).filter((k) => b[k] !== undefined)
  if (keysA.length !== keysB.length) return false
  return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && jsonEqual(a[k], b[k]))
}

/** One-line JSON rendering for messages, cut to `max` characters. */
export const brief = (value: unknown, max = 120): string => {
  let text: string
  try {
    text = value === undefined ? "undefined" : (JSON.stringify(value) ?? String(value))
  } catch {
    text = String(value)
  }
  text = text.replace(/\s+/g, " ")
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}
