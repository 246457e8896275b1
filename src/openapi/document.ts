/** Local `$ref` resolution over a parsed OpenAPI document (OpenAPI 3 "Reference Object", RFC 6901 pointers). */

export type Json = { readonly [key: string]: unknown }

export const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)

/** Thrown while compiling one operation; the message becomes its `skipped` reason. */
export class Unsupported extends Error {}

export const unsupported = (reason: string): never => {
  throw new Unsupported(reason)
}

/** One JSON-pointer token of a `$ref`: percent-decoded where it is an escape, then `~1` → `/` and `~0` → `~`. */
export const decodeToken = (token: string): string => {
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // a literal '%' that is not an escape: keep the token as written
  }
  return decoded.replace(/~1/g, "/").replace(/~0/g, "~")
}

const resolved = new WeakMap<Json, Map<string, unknown>>()

/** Resolves a local pointer `#/a/b`; `undefined` when it is external or points nowhere. Memoized per document. */
export const pointer = (doc: Json, ref: string): unknown => {
  let memo = resolved.get(doc)
  if (memo === undefined) resolved.set(doc, (memo = new Map()))
  if (memo.has(ref)) return memo.get(ref)
  const target = walk(doc, ref)
  memo.set(ref, target)
  return target
}

const walk = (doc: Json, ref: string): unknown => {
  if (ref === "#") return doc
  if (!ref.startsWith("#/")) return undefined
  let node: unknown = doc
  for (const token of ref.slice(2).split("/").map(decodeToken)) {
    if (Array.isArray(node) && /^(0|[1-9]\d*)$/.test(token)) node = node[Number(token)]
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token]
    else return undefined
  }
  return node
}

const MAX_CHAIN = 32

/**
 * Follows `$ref` chains for non-schema objects (parameters, bodies, responses, path items). Unresolvable or cyclic
 * references make the operation unsupported: guessing what they meant would build a broken tool.
 */
export const deref = (doc: Json, value: unknown, what: string): Json => {
  let node = value
  for (let i = 0; i < MAX_CHAIN; i++) {
    if (!isObject(node)) return unsupported(`${what} is not an object`)
    const ref = node["$ref"]
    if (typeof ref !== "string") return node
    const target = pointer(doc, ref)
    if (target === undefined)
      return unsupported(
        ref.startsWith("#") ? `unresolvable $ref '${ref}' in ${what}` : `external $ref '${ref}' in ${what}`,
      )
    node = target
  }
  return unsupported(`$ref cycle in ${what}`)
}

/** Defines an own enumerable property even for keys such as `__proto__` that assignment would treat specially. */
export const setOwn = (target: Record<string, unknown>, key: string, value: unknown): void => {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
  else target[key] = value
}
