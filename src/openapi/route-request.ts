/**
 * Cloudflare's `request({ method, path, query, body, contentType, rawBody })` (`openApiMcpServer`, cloudflare/mcp)
 * routed to the operation tool it names: the concrete path is matched against each operation's path template, the
 * path values, `query` entries and `body` become that tool's input. Nothing is sent raw: a request no operation
 * takes, or a part of it no input field holds, is an error naming what the document has instead.
 */
import type { HttpInput, HttpOperation } from "./http-operation.js"

export interface RoutedOperation {
  readonly tool: ReadonlyArray<string>
  readonly operation: HttpOperation
}

export type Routed =
  | { readonly ok: true; readonly tool: ReadonlyArray<string>; readonly input: Record<string, unknown> }
  | { readonly ok: false; readonly message: string }

/** The option names Cloudflare's `RequestOptions` declares. */
const OPTION_KEYS = new Set(["method", "path", "query", "body", "contentType", "rawBody"])

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

const fail = (message: string): Routed => ({ ok: false, message })

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

interface Template {
  readonly pattern: RegExp
  readonly names: ReadonlyArray<string>
  /** Literal characters: the more, the more specific (`/users/me` wins over `/users/{id}`). */
  readonly literal: number
}

const templates = new WeakMap<HttpOperation, Template>()

/** A path template as a regular expression: each `{name}` takes one non-empty segment (OAS "Path Templating"). */
const templateOf = (operation: HttpOperation): Template => {
  let t = templates.get(operation)
  if (t !== undefined) return t
  const names: Array<string> = []
  let source = ""
  let literal = 0
  for (const part of operation.path.split(/(\{[^}/]*\})/)) {
    if (/^\{[^}/]*\}$/.test(part)) {
      names.push(part.slice(1, -1))
      source += "([^/]+)"
    } else {
      source += escapeRegExp(part)
      literal += part.length
    }
  }
  t = { pattern: new RegExp(`^${source}$`), names, literal }
  templates.set(operation, t)
  return t
}

const decode = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Edit distance, for segments only (short strings). */
const distance = (a: string, b: string): number => {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    row = next
  }
  return row[b.length]!
}

/**
 * Up to three path templates closest to `path`, for the error's "did you mean": per position, a same segment
 * scores 2, a parameter or a segment within two edits 1; a difference in length costs 1 per segment.
 */
const nearest = (path: string, operations: ReadonlyArray<RoutedOperation>): Array<string> => {
  const want = path.split("/").filter((s) => s !== "")
  const score = (template: string): number => {
    const have = template.split("/").filter((s) => s !== "")
    let same = 0
    for (let i = 0; i < Math.min(want.length, have.length); i++)
      if (have[i] === want[i]) same += 2
      else if (/^\{.*\}$/.test(have[i]!) || distance(have[i]!, want[i]!) <= 2) same += 1
    return same - Math.abs(have.length - want.length)
  }
  const seen = new Map<string, number>()
  for (const { operation } of operations) seen.set(operation.path, score(operation.path))
  return [...seen]
    .filter(([, s]) => s > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([p]) => p)
}

const names = (inputs: ReadonlyArray<HttpInput>, where: HttpInput["in"]): string =>
  inputs
    .filter((i) => i.in === where)
    .map((i) => i.name)
    .join(", ") || "none"

/** The tool and input `options` stand for, or why there is none. */
export const routeRequest = (operations: ReadonlyArray<RoutedOperation>, options: unknown): Routed => {
  if (!isRecord(options)) return fail("request takes one object: { method, path, query?, body? }")
  for (const key of Object.keys(options))
    if (!OPTION_KEYS.has(key))
      return fail(`request has no option '${key}' (it takes method, path, query, body, contentType, rawBody)`)
  const { method, path, query, body, contentType, rawBody } = options
  if (typeof method !== "string" || method === "") return fail('request needs a method such as "GET"')
  if (typeof path !== "string" || !path.startsWith("/")) return fail("request needs a path starting with '/'")
  if (path.includes("?") || path.includes("#"))
    return fail(`the path ${path} holds a query string: pass the parameters as query: { … }`)
  const METHOD = method.toUpperCase()
  const matches = operations
    .map((r) => ({ r, m: templateOf(r.operation).pattern.exec(path) }))
    .filter((x): x is { r: RoutedOperation; m: RegExpExecArray } => x.m !== null)
  if (matches.length === 0) {
    const near = nearest(path, operations)
    return fail(
      `no operation matches ${METHOD} ${path}` +
        (near.length > 0 ? `; the nearest paths are ${near.join(", ")}` : ": search the spec for the path"),
    )
  }
  const sameMethod = matches
    .filter((x) => x.r.operation.method === METHOD)
    .sort((a, b) => templateOf(b.r.operation).literal - templateOf(a.r.operation).literal)
  const hit = sameMethod[0]
  if (hit === undefined) {
    const methods = [...new Set(matches.map((x) => x.r.operation.method))].join(", ")
    return fail(`${matches[0]!.r.operation.path} has no ${METHOD} operation (it has ${methods})`)
  }
  const { operation, tool } = hit.r
  const label = `${METHOD} ${operation.path}`
  const input: Record<string, unknown> = {}
  const set = (key: string, value: unknown) =>
    Object.defineProperty(input, key, { value, enumerable: true, writable: true, configurable: true })
  const template = templateOf(operation)
  for (let i = 0; i < template.names.length; i++) {
    const name = template.names[i]!
    const value = decode(hit.m[i + 1]!)
    if (/^\{.*\}$/.test(value)) return fail(`${label}: the path parameter '${name}' is not filled in (${path})`)
    const slot = operation.inputs.find((x) => x.in === "path" && x.name === name)
    if (slot === undefined) return fail(`${label}: the path parameter '${name}' is not an input of this operation`)
    set(slot.key, value)
  }
  if (query !== undefined && query !== null) {
    if (!isRecord(query)) return fail(`${label}: query must be an object of parameter values`)
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue // Cloudflare leaves undefined entries out of the URL
      const slot = operation.inputs.find((x) => x.in === "query" && x.name === name)
      if (slot === undefined)
        return fail(
          `${label} has no query parameter '${name}' (its query parameters: ${names(operation.inputs, "query")})`,
        )
      set(slot.key, value)
    }
  }
  if (rawBody === true) return fail(`${label}: rawBody is not supported here: pass body as a value (sent as JSON)`)
  if (contentType !== undefined) {
    const media = operation.mediaType
    const base = (t: string) => t.split(";")[0]!.trim().toLowerCase()
    if (typeof contentType !== "string" || media === undefined || base(contentType) !== base(media))
      return fail(`${label}: contentType ${String(contentType)} is not supported: ${media ?? "no body"} only`)
  }
  if (body !== undefined && body !== null) {
    const whole = operation.inputs.find((x) => x.in === "body")
    const fields = operation.inputs.filter((x) => x.in === "field")
    if (whole !== undefined) set(whole.key, body)
    else if (fields.length === 0) return fail(`${label} takes no request body`)
    else {
      if (!isRecord(body)) return fail(`${label}: the body must be an object with the fields ${names(fields, "field")}`)
      for (const [name, value] of Object.entries(body)) {
        const slot = fields.find((x) => x.name === name)
        if (slot === undefined)
          return fail(`${label}: the body has no field '${name}' (its fields: ${names(fields, "field")})`)
        set(slot.key, value)
      }
    }
  }
  return { ok: true, tool, input }
}
