/**
 * Runtime parameter serialization, exactly as OAS 3 "Style Examples" tabulates it (RFC 6570 expansions). A value shape
 * the table does not define (nested arrays/objects) is refused with a model-safe message instead of guessed.
 */
import type { ParamPlan } from "./parameters.js"

/** A mistake in the program's input; its message is model-safe. */
export class InputError extends Error {}

type Scalar = string | number | boolean

/** RFC 3986 percent-encoding: encodeURIComponent plus the sub-delimiters it leaves as they are (`!'()*`). */
const enc = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const scalar = (plan: ParamPlan, value: unknown): string => {
  if (typeof value === "string") return value
  if (typeof value === "boolean") return String(value)
  if (typeof value === "number" && Number.isFinite(value)) return String(value)
  throw new InputError(
    `parameter '${plan.name}': ${describe(value)} is an unsupported nested value (a ${plan.in} value is a string, number or boolean)`,
  )
}

const describe = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "a nested array"
      : typeof value === "object"
        ? "a nested object"
        : typeof value

/**
 * An object value's members. A null member is left out; an undefined one is refused like any value the table does not
 * define (as the 1.18 contract does; a program's input never has one, the data boundary drops them, so only a host
 * calling the tool directly can send it).
 */
const entries = (plan: ParamPlan, value: object): Array<[string, string]> =>
  Object.entries(value)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => [k, scalar(plan, v as Scalar)])

/** `simple`: `5`, `3,4,5`, `role,admin,firstName,Alex` or (explode) `role=admin,firstName=Alex`. */
const simple = (plan: ParamPlan, value: unknown, encode: (s: string) => string): string => {
  if (Array.isArray(value)) return value.map((v) => encode(scalar(plan, v))).join(",")
  if (typeof value === "object" && value !== null) {
    const pairs = entries(plan, value)
    return plan.explode
      ? pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join(",")
      : pairs.flatMap(([k, v]) => [encode(k), encode(v)]).join(",")
  }
  return encode(scalar(plan, value))
}

export const serializePath = (plan: ParamPlan, value: unknown): string => simple(plan, value, enc)

const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/

export const serializeHeader = (plan: ParamPlan, value: unknown): string => {
  const out = simple(plan, value, (s) => s)
  if (!HEADER_SAFE.test(out))
    throw new InputError(`header '${plan.name}': value contains characters not allowed in a header`)
  return out
}

/** Query pairs, already percent-encoded: `form` (explode on/off) or `deepObject` (`name[key]=value`). */
export const serializeQuery = (plan: ParamPlan, value: unknown): Array<string> => {
  const name = enc(plan.name)
  if (plan.style === "deepObject") {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new InputError(`parameter '${plan.name}' must be an object`)
    return entries(plan, value).map(([k, v]) => `${name}[${enc(k)}]=${enc(v)}`)
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return []
    const items = value.map((v) => enc(scalar(plan, v)))
    return plan.explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(",")}`]
  }
  if (typeof value === "object" && value !== null) {
    const pairs = entries(plan, value)
    if (pairs.length === 0) return []
    return plan.explode
      ? pairs.map(([k, v]) => `${enc(k)}=${enc(v)}`)
      : [`${name}=${pairs.flatMap(([k, v]) => [enc(k), enc(v)]).join(",")}`]
  }
  return [`${name}=${enc(scalar(plan, value))}`]
}
