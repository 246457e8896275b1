/**
 * Helpers for writing built-in table rows (see README.md in this folder).
 */
import { typeError } from "../errors.js"
import { toNum } from "../coerce.js"
import type { InputKind } from "../host.js"
import type { Run } from "../run-state.js"
import { Builtin, isCallable } from "../values.js"

export type Impl = (rt: Run, self: unknown, args: ReadonlyArray<unknown>) => unknown

/** A table: null-prototype record name → value (usually a Builtin). */
export type Table = Record<string, unknown>

export const table = (rows: Record<string, unknown>): Table => Object.assign(Object.create(null) as Table, rows)

/** A nondeterministic read through the host (Host.input), so a journaled run reads the same value again. */
export const hostInput = <T extends number | string | Array<number>>(rt: Run, kind: InputKind, live: () => T): T =>
  rt.host.input === undefined ? live() : (rt.host.input(kind, live) as T)

export const fn = (name: string, impl: Impl, length = 0): Builtin => new Builtin(name, impl, { length })

/** Builds a table of methods from `{ name: impl }`. */
/** Rows of a method table. Rows named like Object.prototype members need explicit parameter types. */
export type Rows = Record<string, Impl>

/** `lengths` gives each method's `length` (the spec's count of required parameters); unlisted rows have 0. */
export const methods = (rows: Rows, lengths: Readonly<Record<string, number>> = {}): Table => {
  const t = table({})
  // An own-key check: `lengths.toString` would otherwise be the host's Object.prototype.toString.
  for (const [name, impl] of Object.entries(rows))
    t[name] = fn(name, impl, hasOwn.call(lengths, name) ? lengths[name] : 0)
  return t
}

const hasOwn = Object.prototype.hasOwnProperty

/**
 * Checks a callback argument. The TypeError names the method as the reference does (`Array.map expects a function
 * callback`), then V8's own words (`42 is not a function`).
 */
export const callback = (v: unknown, method?: string): unknown => {
  if (!isCallable(v))
    throw typeError(
      `${method === undefined ? "" : `${method} expects a function callback: `}${v8Describe(v)} is not a function`,
    )
  return v
}

/** How V8 names a non-callable value in "… is not a function" (strings unquoted, plain objects #<Object>). */
export const v8Describe = (v: unknown): string =>
  v === null || typeof v !== "object"
    ? String(v)
    : Array.isArray(v)
      ? v.map((x) => (x == null ? "" : typeof x === "object" ? "[object Object]" : String(x))).join(",")
      : "#<Object>"

export const describe = (v: unknown): string =>
  typeof v === "string"
    ? JSON.stringify(v)
    : v === null || typeof v !== "object"
      ? String(v)
      : Array.isArray(v)
        ? "array"
        : "object"

/** ToIntegerOrInfinity (§7.1.5) with the default for undefined/NaN; objects convert through guest hooks. */
export const toInt = (v: unknown, dflt = 0): number => {
  const n = typeof v === "number" ? v : toNum(v)
  if (v === undefined || Number.isNaN(n)) return dflt
  return Math.trunc(n)
}

/** Relative index as in Array.prototype.slice (§23.1.3.28). */
export const relIndex = (v: unknown, len: number, dflt: number): number => {
  if (v === undefined) return dflt
  const n = toInt(v)
  return n < 0 ? Math.max(len + n, 0) : Math.min(n, len)
}
