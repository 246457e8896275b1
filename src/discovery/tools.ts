// Flattens a tool tree into sorted leaves. @opencode-ai/codemode 1.18: namespaces are nested objects; OpenAPI's dotted operationIds
// (`v2.session.get`) are namespaces too, so a key containing dots is split into segments here, exactly as if the
// host had nested the objects. The runtime must resolve calls with the same rule (see `listTools`).
import { isDefinition, type Definition, type Tree } from "../tool/Tool.js"

/** The reserved top-level namespace of the runtime's own tools (@opencode-ai/codemode 1.18: a host cannot define `$codemode`). */
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
 * Lists every tool of the tree, sorted by segments (so each namespace is contiguous); of a path defined twice, the
 * later definition. Throws a TypeError for an empty segment, a reserved `$codemode` key, or a value that is neither
 * a tool nor an object.
 */
export const listTools = (tree: Tree<any>): Array<ToolLeaf> => {
  if (typeof tree !== "object" || tree === null)
    throw new TypeError("tools must be an object tree of Tool.make definitions")
  const leaves: Array<ToolLeaf> = []
  const visit = (node: Tree<any>, prefix: ReadonlyArray<string>, prefixPath: string, depth: number) => {
    if (depth > 64) throw new TypeError(`Tool tree is nested too deeply at '${prefixPath}'`)
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue
      const value = node[key]
      const parts = key.includes(".") ? key.split(".") : undefined
      if (key === "" || (parts !== undefined && parts.includes("")))
        throw new TypeError(`Tool name '${key}' contains an empty segment`)
      const segments = parts === undefined ? append(prefix, key) : [...prefix, ...parts]
      if (segments[0] === reservedNamespace)
        throw new TypeError(`'${reservedNamespace}' is reserved for the runtime's own tools`)
      const path = prefixPath === "" ? key : `${prefixPath}.${key}`
      if (isDefinition(value)) {
        leaves.push({ segments, path, namespace: segments[0]!, definition: value })
      } else if (typeof value === "object" && value !== null && !Array.isArray(value)) {
        visit(value as Tree<any>, segments, path, depth + 1)
      } else {
        throw new TypeError(`'${path}' is neither a tool nor a namespace object`)
      }
    }
  }
  visit(tree, [], "", 0)
  // Stable, so a path defined twice (only dotted keys can: `{ "a.b": t, a: { b: t } }`) is adjacent in tree order,
  // and the later definition wins, as in the runtime's tree. Segments hold no dots: equal paths, equal segments.
  leaves.sort((left, right) => compareSegments(left.segments, right.segments))
  return leaves.filter((leaf, position) => leaves[position + 1]?.path !== leaf.path)
}

const append = (prefix: ReadonlyArray<string>, segment: string): Array<string> => {
  const out = new Array<string>(prefix.length + 1)
  for (let index = 0; index < prefix.length; index++) out[index] = prefix[index]!
  out[prefix.length] = segment
  return out
}

/**
 * The order of `listTools`: segment by segment in code-unit order, a path before the paths under it, so each
 * namespace is one contiguous run (`a.b`, `a.z`, `a-c.x`). No key is built for the comparison.
 */
export const compareSegments = (left: ReadonlyArray<string>, right: ReadonlyArray<string>): number => {
  const shorter = Math.min(left.length, right.length)
  for (let index = 0; index < shorter; index++) {
    const a = left[index]!
    const b = right[index]!
    if (a !== b) return a < b ? -1 : 1
  }
  return left.length - right.length
}
