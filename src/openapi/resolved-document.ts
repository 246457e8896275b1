/**
 * The document a Cloudflare-shape `search` program reads as `spec` (docs/openapi.md#cloudflare-shape): every local
 * `$ref` (`#/…`) replaced by what it points to, as Cloudflare's `openApiMcpServer` and cloudflare/mcp hand it over.
 * A reference back into itself becomes `{ $circular: ref }` (their marker), a dangling one `undefined` (theirs
 * too); an external one stays as written. A node deeper than a program value may nest becomes `{ $tooDeep: pointer }`, so nothing is cut silently.
 */

/** The deepest a value crossing into a program may nest (the interpreter's boundary, `MAX_DEPTH`). */
const MAX_NESTING = 32

const resolved = new WeakMap<object, unknown>()

const isObject = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null

const unescape = (s: string): string => s.replace(/~1/g, "/").replace(/~0/g, "~")

const pointerTo = (root: unknown, ref: string): unknown => {
  let node: unknown = root
  for (const part of ref.slice(2).split("/").map(unescape)) {
    if (!isObject(node) || !Object.hasOwn(node, part)) return undefined
    node = node[part]
  }
  return node
}

export const resolvedDocument = (doc: unknown): unknown => {
  if (!isObject(doc)) return doc
  const known = resolved.get(doc)
  if (known !== undefined) return known
  // The JSON pointer of the node being walked, kept as segments: joined only for a `$tooDeep` marker.
  const at: Array<string> = []
  const pointer = () => at.map((k) => `/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`).join("")
  const walk = (node: unknown, seen: ReadonlyArray<string>, depth: number): unknown => {
    if (!isObject(node)) return node
    if (depth >= MAX_NESTING - 1) return { $tooDeep: pointer() }
    if (typeof node["$ref"] === "string" && node["$ref"].startsWith("#/")) {
      const ref = node["$ref"]
      if (seen.includes(ref)) return { $circular: ref }
      const target = pointerTo(doc, ref)
      return target === undefined ? undefined : walk(target, [...seen, ref], depth)
    }
    const child = (key: string, value: unknown) => {
      at.push(key)
      const out = walk(value, seen, depth + 1)
      at.pop()
      return out
    }
    if (Array.isArray(node)) return node.map((v, i) => child(String(i), v))
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(node)) {
      const v = child(k, node[k])
      // `__proto__` is a key like any other in a JSON document; an assignment would set the prototype instead.
      if (k === "__proto__")
        Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true })
      else out[k] = v
    }
    return out
  }
  const result = walk(doc, [], 0)
  resolved.set(doc, result)
  return result
}
