/**
 * Error constructors (@opencode-ai/codemode 1.18 "throw value"): callable with or without `new`; values are plain `{ name, message }`
 * data branded for `instanceof` (a specific type matches itself and Error).
 */
import { ERROR_BRAND, Builtin } from "../values.js"
import { ERROR_NAMES, errorChain, makeError, typeError } from "../errors.js"
import { methods } from "./util.js"
import type { Run } from "../run-state.js"
import { toStr } from "../coerce.js"
import { getProperty } from "../property.js"
import { toList } from "../iteration.js"

const chainOf = (v: unknown): ReadonlyArray<string> | undefined =>
  typeof v === "object" && v !== null
    ? ((v as { [ERROR_BRAND]?: ReadonlyArray<string> })[ERROR_BRAND] ?? undefined)
    : undefined

const withCause = (rt: Run, e: Record<string, unknown>, options: unknown) => {
  if (options !== null && typeof options === "object") {
    const cause = getProperty(rt, options, "cause")
    if (cause !== undefined) e.cause = cause
  }
  return e
}

/** An Error-like constructor named `name` whose instances carry `chain` (e.g. DeepSeek ToolCallError). */
export const errorClass = (name: string, chain: ReadonlyArray<string> = errorChain(name)): Builtin => {
  const make = (rt: Run, args: ReadonlyArray<unknown>) =>
    withCause(rt, makeError(name, args[0] === undefined ? "" : toStr(args[0]), chain), args[1])
  return new Builtin(name, (rt, _self, args) => make(rt, args), {
    length: 1,
    construct: (rt, args) => make(rt, args),
    is: (v) => chainOf(v)?.includes(name) === true,
  })
}

export const errorGlobals: Record<string, Builtin> = Object.fromEntries(ERROR_NAMES.map((n) => [n, errorClass(n)]))

const makeAggregate = (rt: Run, args: ReadonlyArray<unknown>) => {
  const e = makeError("AggregateError", args[1] === undefined ? "" : toStr(args[1]), ["AggregateError", "Error"])
  e.errors = toList(args[0], undefined, "errors", rt)
  return withCause(rt, e, args[2])
}

errorGlobals.AggregateError = new Builtin("AggregateError", (rt, _s, args) => makeAggregate(rt, args), {
  length: 2,
  construct: (rt, args) => makeAggregate(rt, args),
  is: (v) => chainOf(v)?.includes("AggregateError") === true,
})

/** Error.prototype members: `toString` (§20.5.3.4). */
export const errorMethods = methods({
  toString: (rt: Run, s: unknown) => {
    if (s === null || typeof s !== "object")
      throw typeError("Error.prototype.toString requires that 'this' be an Object")
    const n = getProperty(rt, s, "name")
    const m = getProperty(rt, s, "message")
    const name = n === undefined ? "Error" : toStr(n)
    const msg = m === undefined ? "" : toStr(m)
    return name === "" ? msg : msg === "" ? name : `${name}: ${msg}`
  },
})
