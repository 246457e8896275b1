/**
 * Error constructors (@opencode-ai/codemode 1.18 "throw value"): callable with or without `new`; values are plain `{ name, message }`
 * data branded for `instanceof` (a specific type matches itself and Error).
 */
import { ERROR_BRAND, Builtin } from "../values.js"
import { errorChain, makeError, typeError } from "../errors.js"
import { methods } from "./util.js"
import type { Run } from "../run.js"
import { toStr } from "../coerce.js"
import { getProperty } from "../property.js"
import { toList } from "../iteration.js"

export const ERROR_NAMES = [
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
] as const

const chainOf = (v: unknown): ReadonlyArray<string> | undefined =>
  typeof v === "object" && v !== null
    ? ((v as { [ERROR_BRAND]?: ReadonlyArray<string> })[ERROR_BRAND] ?? undefined)
    : undefined

const withCause = (e: Record<string, unknown>, options: unknown) => {
  if (options !== null && typeof options === "object") {
    const cause = getProperty(options, "cause")
    if (cause !== undefined) e.cause = cause
  }
  return e
}

/** An Error-like constructor named `name` whose instances carry `chain` (e.g. DeepSeek ToolCallError). */
export const errorClass = (name: string, chain: ReadonlyArray<string> = errorChain(name)): Builtin => {
  const make = (args: ReadonlyArray<unknown>) =>
    withCause(makeError(name, args[0] === undefined ? "" : toStr(args[0]), chain), args[1])
  return new Builtin(name, (_rt, _self, args) => make(args), {
    length: 1,
    construct: (_rt, args) => make(args),
    is: (v) => chainOf(v)?.includes(name) === true,
  })
}

export const errorGlobals: Record<string, Builtin> = Object.fromEntries(ERROR_NAMES.map((n) => [n, errorClass(n)]))

const makeAggregate = (args: ReadonlyArray<unknown>) => {
  const e = makeError("AggregateError", args[1] === undefined ? "" : toStr(args[1]), ["AggregateError", "Error"])
  e.errors = toList(args[0], undefined, "errors")
  return withCause(e, args[2])
}

errorGlobals.AggregateError = new Builtin("AggregateError", (_rt, _s, args) => makeAggregate(args), {
  length: 2,
  construct: (_rt, args) => makeAggregate(args),
  is: (v) => chainOf(v)?.includes("AggregateError") === true,
})

/** Error.prototype members: `toString` (§20.5.3.4). */
export const errorMethods = methods({
  toString: (_rt: Run, s: unknown) => {
    if (s === null || typeof s !== "object")
      throw typeError("Error.prototype.toString requires that 'this' be an Object")
    const n = getProperty(s, "name")
    const m = getProperty(s, "message")
    const name = n === undefined ? "Error" : toStr(n)
    const msg = m === undefined ? "" : toStr(m)
    return name === "" ? msg : msg === "" ? name : `${name}: ${msg}`
  },
})
