import type { AnyNode as Node } from "acorn"
import { childKeys } from "../../syntax/keys.js"

export const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"

/** Child nodes of `node` in source order (field order of ESTree, as acorn creates them). */
export const children = (node: Node): Node[] => {
  const out: Node[] = []
  const record = node as unknown as Record<string, unknown>
  for (const key of childKeys(node)) {
    const value = record[key]
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item)
    } else if (isNode(value)) out.push(value)
  }
  return out
}

/**
 * Pre-order visit of every node under `root` (and `root`, whose parent is undefined) with its parent: a plain
 * recursion, no ancestor stack and no slot writes, for the walks rebuilt after every recorded change.
 */
export const eachNode = (root: Node, visit: (node: Node, parent: Node | undefined) => void): void => {
  const go = (node: Node, parent: Node | undefined): void => {
    visit(node, parent)
    const record = node as unknown as Record<string, unknown>
    const keys = childKeys(node)
    for (let k = 0; k < keys.length; k++) {
      const value = record[keys[k]!]
      if (value === null || typeof value !== "object") continue
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (isNode(value[i])) go(value[i], node)
      } else if (typeof (value as { type?: unknown }).type === "string") go(value as Node, node)
    }
  }
  go(root, undefined)
}

/**
 * Depth-first walk with the ancestor stack. `enter` may return `false` to skip a subtree (`leave` still runs); `leave` may return a
 * replacement node, which is written into the parent slot (docs/style.md#habits, habit 4: edit ASTs, never text). Children come
 * from the per-type key table (keys.ts), read after `enter`.
 */
export const walk = (
  root: Node,
  visit: {
    enter?: (node: Node, ancestors: ReadonlyArray<Node>) => boolean | void
    leave?: (node: Node, ancestors: ReadonlyArray<Node>) => Node | void
  },
): Node => {
  const ancestors: Node[] = []
  const { enter, leave } = visit
  const go = (node: Node): Node => {
    if (enter !== undefined && enter(node, ancestors) === false)
      return leave === undefined ? node : (leave(node, ancestors) ?? node)
    ancestors.push(node)
    const record = node as unknown as Record<string, unknown>
    const keys = childKeys(node)
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k]!
      const value = record[key]
      if (value === null || typeof value !== "object") continue
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (isNode(value[i])) value[i] = go(value[i])
      } else if (typeof (value as { type?: unknown }).type === "string") record[key] = go(value as Node)
    }
    ancestors.pop()
    return leave === undefined ? node : (leave(node, ancestors) ?? node)
  }
  return go(root)
}

/** Copies position data from `from` onto a freshly built node so diagnostics about it keep a location. */
export const withLoc = <T extends object>(node: T, from: Node): T => {
  const target = node as unknown as { loc?: unknown; start?: number; end?: number }
  target.loc ??= from.loc
  target.start ??= from.start
  target.end ??= from.end
  return node
}
