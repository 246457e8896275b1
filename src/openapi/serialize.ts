/**
 * Runtime parameter serialization, as OAS 3 "Style Examples" tabulates it (RFC 6570 expansions; query strings
 * form-urlencoded). A value shape the table does not define (nested arrays/objects) is refused with a model-safe
 * message instead of guessed.
 */
import type { ParamPlan } from "./parameters.js"

/** A mistake in the program's input; its message is model-safe. */
export class InputError extends Error {}

type Scalar = string | number | boolean

/** RFC 3986 percent-encoding (path segments): encodeURIComponent plus the sub-delimiters it leaves (`!'()*`). */
const enc = (s: string): string =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * Query names and values: the `application/x-www-form-urlencoded` serializer of the URL standard (what
 * `URLSearchParams` writes, and what both reference lines send): a space is `+`, everything but ASCII letters,
 * digits and `*-._` is percent-encoded.
 */
export const form = (s: string): string =>
  encodeURIComponent(s)
    .replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+")

/**
 * Which value failed, worded as the 1.18 contract's runtime does (`Parameter 'tags' contains an unsupported nested
 * value.`), then what was found and what the location takes.
 */
const nested = (subject: string, value: unknown, plan: ParamPlan): InputError =>
  new InputError(
    `${subject} contains an unsupported nested value. Found ${describe(value)}; a ${plan.in} value is a string, number or boolean.`,
  )

const describe = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "a nested array"
      : typeof value === "object"
        ? "a nested object"
        : typeof value

const scalar = (subject: string, plan: ParamPlan, value: unknown): string => {
  if (typeof value === "string") return value
  if (typeof value === "boolean") return String(value)
  if (typeof value === "number" && Number.isFinite(value)) return String(value)
  throw nested(subject, value, plan)
}

/**
 * An object value's members. A null member is left out; an undefined one is refused like any value the table does not
 * define (as the 1.18 contract does; a program's input never has one, the data boundary drops them, so only a host
 * calling the tool directly can send it).
 */
const entries = (subject: string, plan: ParamPlan, value: object): Array<[string, string]> =>
  Object.entries(value)
    .filter(([, v]) => v !== null)
    .map(([k, v]) => [k, scalar(subject, plan, v as Scalar)])

/** `simple`: `5`, `3,4,5`, `role,admin,firstName,Alex` or (explode) `role=admin,firstName=Alex`. */
const simple = (key: string, plan: ParamPlan, value: unknown, encode: (s: string) => string): string => {
  const subject = `Parameter '${key}'`
  if (Array.isArray(value)) return value.map((v) => encode(scalar(subject, plan, v))).join(",")
  if (typeof value === "object" && value !== null) {
    const pairs = entries(subject, plan, value)
    return plan.explode
      ? pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join(",")
      : pairs.flatMap(([k, v]) => [encode(k), encode(v)]).join(",")
  }
  return encode(scalar(subject, plan, value))
}

/** `key` is the input field the program wrote (the parameter's name, or `path_id`, `constructor_2`, …). */
export const serializePath = (key: string, plan: ParamPlan, value: unknown): string => simple(key, plan, value, enc)

const HEADER_SAFE = /^[\t\x20-\x7e\x80-\xff]*$/

export const serializeHeader = (key: string, plan: ParamPlan, value: unknown): string => {
  const out = simple(key, plan, value, (s) => s)
  if (!HEADER_SAFE.test(out))
    throw new InputError(`header '${plan.name}': value contains characters not allowed in a header`)
  return out
}

/**
 * Query pairs, already encoded: `form` (explode on/off) or `deepObject` (`name[key]=value`, the brackets encoded
 * like the rest of the name). The delimiter commas of an unexploded value stay literal (OAS "Style Examples"), so a
 * comma inside a value is still told apart.
 */
export const serializeQuery = (key: string, plan: ParamPlan, value: unknown): Array<string> => {
  const name = form(plan.name)
  if (plan.style === "deepObject") {
    if (typeof value !== "object" || value === null || Array.isArray(value))
      throw new InputError(`Deep-object parameter '${key}' must be an object.`)
    return entries(`Deep-object parameter '${key}'`, plan, value).map(
      ([k, v]) => `${form(`${plan.name}[${k}]`)}=${form(v)}`,
    )
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return []
    const items = value.map((v) => form(scalar(`Parameter '${key}'`, plan, v)))
    return plan.explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(",")}`]
  }
  if (typeof value === "object" && value !== null) {
    const pairs = entries(`Query parameter '${key}'`, plan, value)
    if (pairs.length === 0) return []
    return plan.explode
      ? pairs.map(([k, v]) => `${form(k)}=${form(v)}`)
      : [`${name}=${pairs.flatMap(([k, v]) => [form(k), form(v)]).join(",")}`]
  }
  return [`${name}=${form(scalar(`Parameter '${key}'`, plan, value))}`]
}
