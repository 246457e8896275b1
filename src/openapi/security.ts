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
class Discard extends Error {
  constructor(
    message: string,
    readonly cookie?: string,
  ) {
    super(message)
  }
}

export const slot = (s: SchemePlan): string =>
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
    if (location === "cookie") throw new Discard(`cookie apiKey scheme '${name}'`, name)
    if (location !== "header" && location !== "query")
      return malformed(`apiKey scheme '${name}' has invalid location '${String(location)}'`)
    return { name, scopes, kind: "apiKey", in: location, param }
  }
  if (type === "mutualTLS") throw new Discard(`mutualTLS scheme '${name}'`)
  return malformed(`scheme '${name}' has unknown type '${String(type)}'`)
}

export const compileSecurity = (doc: Json, operationSecurity: unknown): SecurityPlan => {
  const security = operationSecurity !== undefined ? operationSecurity : doc["security"]
  if (security === undefined) return { alternatives: [[]], reserved: new Set() }
  if (!Array.isArray(security)) return unsupported("security declaration is not an array")
  if (security.length === 0) return { alternatives: [[]], reserved: new Set() }
  const credentialed: Array<Array<SchemePlan>> = []
  let anonymous = false
  const discarded: Array<Discard> = []
  for (const requirement of security) {
    if (!isObject(requirement)) return malformed("a requirement is not an object")
    const names = Object.keys(requirement)
    if (names.length === 0) {
      anonymous = true
      continue
    }
    try {
      // Schemes ANDed here that write one header or query slot are kept as the document says: the call that resolves
      // them fails naming the slot (authorize.ts), as the 1.18 contract does, rather than a guess at which one wins.
      credentialed.push(names.map((name) => compileScheme(doc, name, requirement[name])))
    } catch (e) {
      if (!(e instanceof Discard)) throw e
      discarded.push(e)
    }
  }
  if (credentialed.length === 0 && !anonymous) {
    // Only cookie credentials would do: the 1.18 contract's sentence for that case; otherwise every reason.
    const cookies = [...new Set(discarded.map((d) => d.cookie))]
    if (cookies.every((c) => c !== undefined))
      return unsupported(
        `cookie authentication ${cookies.map((c) => `'${c}'`).join(" and ")} ${cookies.length > 1 ? "are" : "is"} not supported`,
      )
    return unsupported(
      `no supported security alternative (${[...new Set(discarded.map((d) => d.message))].join("; ")})`,
    )
  }
  const reserved = new Set(
    credentialed
      .flat()
      .filter((s) => s.kind === "apiKey")
      .map(slot),
  )
  return { alternatives: anonymous ? [...credentialed, []] : credentialed, reserved }
}
