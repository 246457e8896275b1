/**
 * Security (OAS 3 "Security Requirement Object"): `security` is a list of alternatives (OR), each a set of schemes
 * that must all hold (AND). Supported: http bearer/basic, oauth2 and openIdConnect (bearer tokens), header and query
 * apiKey. Cookie apiKey, mutualTLS and other http schemes discard their alternative; malformed security fails closed.
 */
import { deref, isObject, unsupported, Unsupported, type Json } from "./document.js"

export type SchemePlan =
  | { readonly name: string; readonly scopes: ReadonlyArray<string>; readonly kind: "bearer" | "basic" }
  | {
      readonly name: string
      readonly scopes: ReadonlyArray<string>
      readonly kind: "apiKey"
      readonly in: "header" | "query"
      readonly param: string
    }

export interface SecurityPlan {
  /** Credentialed alternatives in document order, then the anonymous one (`[]`) if the document allows it. */
  readonly alternatives: ReadonlyArray<ReadonlyArray<SchemePlan>>
  /** Parameter slots (`query:name`, `header:lowercased`) owned by credentials: never exposed to the model. */
  readonly reserved: ReadonlySet<string>
}

const malformed = (what: string): never => unsupported(`malformed security: ${what}`)

/** A scheme the adapter cannot send: discards the alternative it is in, with this reason. */
class Discard extends Error {}

const slot = (s: SchemePlan): string =>
  s.kind === "apiKey"
    ? s.in === "query"
      ? `query:${s.param}`
      : `header:${s.param.toLowerCase()}`
    : "header:authorization"

const compileScheme = (doc: Json, name: string, scopes: unknown): SchemePlan => {
  if (!Array.isArray(scopes) || !scopes.every((s) => typeof s === "string"))
    return malformed(`scopes of '${name}' are not a list of strings`)
  const schemes = isObject(doc["components"]) ? doc["components"]["securitySchemes"] : undefined
  if (!isObject(schemes) || !Object.hasOwn(schemes, name))
    return unsupported(`security requirement references missing or malformed scheme: ${name}`)
  let scheme: Json
  try {
    scheme = deref(doc, schemes[name], `security scheme '${name}'`)
  } catch (e) {
    return e instanceof Unsupported ? malformed(e.message) : unsupported(String(e))
  }
  const type = scheme["type"]
  if (type === "http") {
    const http = scheme["scheme"]
    if (typeof http !== "string") return malformed(`http scheme '${name}' has no scheme`)
    const lower = http.toLowerCase()
    if (lower === "bearer" || lower === "basic") return { name, scopes, kind: lower }
    throw new Discard(`http '${http}' scheme '${name}'`)
  }
  if (type === "oauth2" || type === "openIdConnect") return { name, scopes, kind: "bearer" }
  if (type === "apiKey") {
    const param = scheme["name"]
    const location = scheme["in"]
    if (typeof param !== "string" || param === "") return malformed(`apiKey scheme '${name}' has no name`)
    if (location === "cookie") throw new Discard(`cookie apiKey scheme '${name}'`)
    if (location !== "header" && location !== "query")
      return malformed(`apiKey scheme '${name}' has invalid location '${String(location)}'`)
    return { name, scopes, kind: "apiKey", in: location, param }
  }
  if (type === "mutualTLS") throw new Discard(`mutualTLS scheme '${name}'`)
  return malformed(`scheme '${name}' has unknown type '${String(type)}'`)
}

/**
 * Schemes ANDed in one requirement must fit one request. Several bearer-kind schemes (e.g. two OAuth2 flows) share
 * the Authorization header and are sent when the host gives them the same token; any other overlap cannot be sent.
 */
const checkSlots = (schemes: ReadonlyArray<SchemePlan>): void => {
  const bySlot = new Map<string, Array<SchemePlan>>()
  for (const s of schemes) bySlot.set(slot(s), [...(bySlot.get(slot(s)) ?? []), s])
  for (const [key, group] of bySlot)
    if (group.length > 1 && !group.every((s) => s.kind === "bearer"))
      throw new Discard(`schemes ${group.map((s) => `'${s.name}'`).join(" and ")} both need ${key.replace(":", " ")}`)
}

export const compileSecurity = (doc: Json, operationSecurity: unknown): SecurityPlan => {
  const security = operationSecurity !== undefined ? operationSecurity : doc["security"]
  if (security === undefined) return { alternatives: [[]], reserved: new Set() }
  if (!Array.isArray(security)) return unsupported("security declaration is not an array")
  if (security.length === 0) return { alternatives: [[]], reserved: new Set() }
  const credentialed: Array<Array<SchemePlan>> = []
  let anonymous = false
  const discarded: Array<string> = []
  for (const requirement of security) {
    if (!isObject(requirement)) return malformed("a requirement is not an object")
    const names = Object.keys(requirement)
    if (names.length === 0) {
      anonymous = true
      continue
    }
    try {
      const schemes = names.map((name) => compileScheme(doc, name, requirement[name]))
      checkSlots(schemes)
      credentialed.push(schemes)
    } catch (e) {
      if (!(e instanceof Discard)) throw e
      discarded.push(e.message)
    }
  }
  if (credentialed.length === 0 && !anonymous)
    return unsupported(`no supported security alternative (${[...new Set(discarded)].join("; ")})`)
  const reserved = new Set(
    credentialed
      .flat()
      .filter((s) => s.kind === "apiKey")
      .map(slot),
  )
  return { alternatives: anonymous ? [...credentialed, []] : credentialed, reserved }
}
