// Flattens a tool tree into sorted leaves. Seed 000: namespaces are nested objects; OpenAPI's dotted operationIds
// (`v2.session.get`) are namespaces too, so a key containing dots is split into segments here, exactly as if the
// host had nested the objects. The runtime must resolve calls with the same rule (see `listTools`).
import { isDefinition, type Definition, type Tree } from "../tool/Tool.js"

/** The reserved top-level namespace of the runtime's own tools (seed 000: a host cannot define `$codemode`). */
export const reservedNamespace = "$codemode"

export interface ToolLeaf {
  /** Canonical segments, e.g. `["context7", "resolve-library-id"]`. */
  readonly segments: ReadonlyArray<string>
  /** Dotted canonical path, e.g. `context7.resolve-library-id`. */
  readonly path: string
  /** The first segment. A top-level tool (one segment) is its own namespace, named after itself. */
  readonly namespace: string
  readonly definition: Definition<any>
}

/**
 * Lists every tool of the tree, sorted by segments (so each namespace is contiguous). Throws a TypeError for an
 * empty segment, a reserved `$codemode` key, a value that is neither a tool nor an object, or a path defined twice.
 */
export const listTools = (tree: Tree<any>): Array<ToolLeaf> => {
  if (typeof tree !== "object" || tree === null)
    throw new TypeError("tools must be an object tree of Tool.make definitions")
  const leaves: Array<ToolLeaf> = []
  const seen = new Set<string>()
  const keys: Array<string> = []
  const visit = (node: Tree<any>, prefix: ReadonlyArray<string>, prefixPath: string, depth: number): void => {
    if (depth > 64) throw new TypeError(`Tool tree is nested too deeply at '${prefixPath}'`)
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue
      const value = node[key]
      const dotted = key.includes(".")
      if (key === "" || (dotted && key.split(".").includes("")))
        throw new TypeError(`Tool name '${key}' contains an empty segment`)
      const segments = dotted ? prefix.concat(key.split(".")) : prefix.concat(key)
      if (segments[0] === reservedNamespace)
        throw new TypeError(`'${reservedNamespace}' is reserved for the runtime's own tools`)
      const path = prefixPath === "" ? key : `${prefixPath}.${key}`
      if (isDefinition(value)) {
        if (seen.has(path)) throw new TypeError(`Tool '${path}' is defined twice`)
        seen.add(path)
        leaves.push({ segments, path, namespace: segments[0]!, definition: value })
        // Joined with NUL, the smallest code unit, string order is segment-by-segment order so each namespace is one contiguous run and `a` sorts before `a.b` but never between `a-c.x` and `a.b`.
        keys.push(path.includes(".") ? path.replaceAll(".", "\u0000") : path)
      } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        visit(value as Tree<any>, segments, path, depth + 1)
      } else {
        throw new TypeError(`'${path}' is neither a tool nor a namespace object`)
      }
    }
  }
  visit(tree, [], "", 0)
  const order = leaves.map((_, index) => index).sort((a, b) => (keys[a]! < keys[b]! ? -1 : keys[a]! > keys[b]! ? 1 : 0))
  return order.map((index) => leaves[index]!)
}
