/**
 * What `for…of`, spread and destructuring iterate (@opencode-ai/codemode 1.18: arrays, strings, Maps, Sets), and what `for…in` and
 * object spread enumerate. Anything else is a catchable TypeError.
 */
import { type Pos, typeError } from "./errors.js"
import { checkArray } from "./memory.js"
import { toolKeys } from "./tools.js"
import type { Run } from "./run.js"
import { ARGUMENTS, GuestObject, HostBacked, ToolRef } from "./values.js"

export const toList = (v: unknown, pos: Pos | undefined, what = "value"): Array<unknown> => {
  // Copies are capped before they are made (SECURITY.md "Memory"): an array's length may have been set past the
  // cap, and a string of 2^25 characters would make 2^25 elements.
  if (Array.isArray(v)) return (checkArray(v.length, `iterating ${what}`), dense(v))
  if (typeof v === "string") return (checkArray(v.length, `iterating ${what}`), Array.from(v))
  if (v instanceof Map) return Array.from(v, ([k, x]) => [k, x])
  if (v instanceof Set) return Array.from(v)
  if (v instanceof GuestObject && (v as { [ARGUMENTS]?: boolean })[ARGUMENTS] === true) {
    const n = Number((v as Record<string, unknown>).length) >>> 0
    checkArray(n, `iterating ${what}`)
    const out = new Array<unknown>(n)
    for (let i = 0; i < n; i++) out[i] = (v as Record<string, unknown>)[i]
    return out
  }
  if (v instanceof HostBacked) {
    const l = v.list()
    if (l) return l
  }
  throw typeError(`${what} is not iterable`, pos)
}

/** A copy with holes read as undefined (what iteration yields, §23.1.5.1): spread, Array.from, copying methods. */
export const dense = (a: ReadonlyArray<unknown>): Array<unknown> => {
  const n = a.length
  const out = new Array<unknown>(n)
  for (let i = 0; i < n; i++) out[i] = a[i]
  return out
}

/**
 * for…in keys (@opencode-ai/codemode 1.18 "Supported Programs"): plain-object own keys, array indices, tool names. Anything else,
 * `null` and `undefined` included (where JavaScript runs the loop zero times), is an error pointing at the idioms.
 */
export const forInKeys = (rt: Run, v: unknown, pos: Pos | undefined): Array<string> => {
  if (v instanceof GuestObject) return Object.keys(v)
  if (Array.isArray(v)) return Object.keys(v)
  if (v instanceof ToolRef) return toolKeys(rt, v.path, pos)
  throw typeError(
    `for...in requires a plain object, array, or tools reference; got ${forInOperand(v)}. ` +
      "Use for...of for arrays/strings/Maps/Sets, or Object.keys(value) for a key list.",
    pos,
  )
}

const forInOperand = (v: unknown): string =>
  v === null || v === undefined
    ? String(v)
    : v instanceof Map
      ? "a Map"
      : v instanceof Set
        ? "a Set"
        : typeof v === "object"
          ? "an object of another kind"
          : `a ${typeof v}`

/** Object spread `{ ...v }` (§13.2.5.5 CopyDataProperties): own enumerable keys of data values. */
export const spreadInto = (target: Record<string, unknown>, v: unknown): void => {
  if (v instanceof GuestObject) {
    for (const k of Object.keys(v)) target[k] = (v as Record<string, unknown>)[k]
  } else if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (i in v) target[i] = v[i] // holes are not own properties
  } else if (typeof v === "string") {
    for (let i = 0; i < v.length; i++) target[i] = v[i]
  }
}
