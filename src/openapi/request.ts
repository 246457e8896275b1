/** Turns the model's one input object back into path, query, header and body, slot by slot (see input.ts). */
import type { BodyPlan } from "./body.js"
import type { InputPlan } from "./input.js"
import type { ParamPlan } from "./parameters.js"
import { form, InputError, serializeHeader, serializePath, serializeQuery } from "./serialize.js"

export interface Built {
  readonly path: string
  readonly query: Array<string>
  readonly headers: Record<string, string>
  readonly body: string | undefined
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

export const buildRequest = (template: string, input: InputPlan, bodyPlan: BodyPlan, raw: unknown): Built => {
  const value = raw === undefined || raw === null ? {} : raw
  if (!isRecord(value)) throw new InputError("the input must be an object")
  const known = new Set(input.slots.map((s) => s.key))
  for (const key of Object.keys(value)) if (!known.has(key)) throw new InputError(`unknown input field '${key}'`)
  let path = template
  const query: Array<string> = []
  const headers: Record<string, string> = {}
  const fields: Record<string, unknown> = {}
  let anyField = false
  let body: string | undefined
  for (const slot of input.slots) {
    const v = Object.hasOwn(value, slot.key) ? value[slot.key] : undefined
    if (slot.loc === "body") {
      if (v !== undefined) body = jsonBody(v)
      continue
    }
    if (v === undefined || (v === null && slot.loc === "param" && !sendsNull(slot.param))) continue
    if (slot.loc === "field") {
      Object.defineProperty(fields, slot.field.name, { value: v, enumerable: true, writable: true, configurable: true })
      anyField = true
      continue
    }
    const p = slot.param
    // A parameter whose schema admits null, given null, is sent as the text "null" (the 1.18 contract's rule); a
    // deepObject has no members to send, so null leaves it out.
    if (v === null) {
      if (p.in === "query") query.push(`${form(p.name)}=null`)
      else if (p.in === "path") path = path.split(`{${p.name}}`).join("null")
      else headers[p.name.toLowerCase()] = "null"
      continue
    }
    if (p.in === "path") {
      const expanded = serializePath(slot.key, p, v)
      path = path.split(`{${p.name}}`).join(expanded)
    } else if (p.in === "query") query.push(...serializeQuery(slot.key, p, v))
    else headers[p.name.toLowerCase()] = serializeHeader(slot.key, p, v)
  }
  // What was given is checked first (a value that cannot be serialized), then what is missing.
  for (const key of input.required)
    if (!Object.hasOwn(value, key) || value[key] === undefined || (value[key] === null && !nullableSlot(input, key)))
      throw new InputError(missing(input, key))
  if (bodyPlan.kind === "flat" && (bodyPlan.required || anyField)) body = jsonBody(fields)
  checkDotSegments(template, path)
  return { path, query, headers, body }
}

const sendsNull = (param: ParamPlan): boolean => param.style !== "deepObject" && param.nullable

const nullableSlot = (input: InputPlan, key: string): boolean => {
  const slot = input.slots.find((s) => s.key === key)
  return slot?.loc === "param" && sendsNull(slot.param)
}

/** What a missing required input is, by where it goes: `Missing required path parameter 'id'`, a body field, the body. */
const missing = (input: InputPlan, key: string): string => {
  const slot = input.slots.find((s) => s.key === key)
  if (slot?.loc === "param")
    return `Missing required ${slot.param.in} parameter '${slot.param.name}' (input field '${key}')`
  if (slot?.loc === "field") return `Missing required request body field '${slot.field.name}' (input field '${key}')`
  return `Missing required request body (input field '${key}')`
}

/** The body as JSON text; a value JSON cannot carry (a cycle, a BigInt) is refused before anything is sent. */
const jsonBody = (v: unknown): string => {
  try {
    return JSON.stringify(v)
  } catch (e) {
    throw new InputError(`Invalid JSON body: ${(e as Error).message.split("\n")[0]}`)
  }
}

/** WHATWG URL dot segments, including the percent-encoded forms the URL parser also resolves. */
const DOT = /^(\.|%2e){1,2}$/i

/**
 * A path value that expands to a whole `.` or `..` segment would be resolved away by the URL parser and reach another
 * endpoint (RFC 3986 section 5.2.4), so it is refused rather than sent.
 */
const checkDotSegments = (template: string, path: string): void => {
  const before = template.split("/").filter((s) => DOT.test(s)).length
  const after = path.split("/").filter((s) => DOT.test(s)).length
  if (after > before) throw new InputError("a path parameter cannot be '.' or '..'")
}
