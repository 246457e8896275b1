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
  const walk = (node: unknown, seen: ReadonlyArray<string>, depth: number, at: string): unknown => {
    if (!isObject(node)) return node
    if (depth >= MAX_NESTING - 1) return { $tooDeep: at }
    if (typeof node["$ref"] === "string" && node["$ref"].startsWith("#/")) {
      const ref = node["$ref"]
      if (seen.includes(ref)) return { $circular: ref }
      const target = pointerTo(doc, ref)
      if (target === undefined) return undefined
      return walk(target, [...seen, ref], depth, ref.slice(1))
    }
    if (Array.isArray(node)) return node.map((v, i) => walk(v, seen, depth + 1, `${at}/${i}`))
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(node))
      Object.defineProperty(out, k, {
        value: walk(v, seen, depth + 1, `${at}/${k.replace(/~/g, "~0").replace(/\//g, "~1")}`),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return out
  }
  const result = walk(doc, [], 0, "")
  resolved.set(doc, result)
  return result
}
