import type { AnyNode as Node } from "acorn"

/** Keys that hold positions, recast bookkeeping or comments, never child nodes. */
const SKIP = new Set([
  "type",
  "loc",
  "start",
  "end",
  "range",
  "original",
  "tokens",
  "comments",
  "leadingComments",
  "trailingComments",
  "extra",
])

export const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"

/** Child nodes of `node` in source order (field order of ESTree, as acorn creates them). */
export const children = (node: Node): Node[] => {
  const out: Node[] = []
  for (const key in node) {
    if (SKIP.has(key)) continue
    const value = (node as unknown as Record<string, unknown>)[key]
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) out.push(item)
    } else if (isNode(value)) out.push(value)
  }
  return out
}

/**
 * Depth-first walk with the ancestor stack. `enter` may return `false` to skip a subtree (`leave` still runs); `leave` may return a
 * replacement node, which is written into the parent slot (STYLE.md habit 4: edit ASTs, never text).
 */
export const walk = (
  root: Node,
  visit: {
    enter?: (node: Node, ancestors: ReadonlyArray<Node>) => boolean | void
    leave?: (node: Node, ancestors: ReadonlyArray<Node>) => Node | void
  },
): Node => {
  const ancestors: Node[] = []
  const go = (node: Node): Node => {
    if (visit.enter?.(node, ancestors) === false) return visit.leave?.(node, ancestors) ?? node
    ancestors.push(node)
    const record = node as unknown as Record<string, unknown>
    for (const key in record) {
      if (SKIP.has(key)) continue
      const value = record[key]
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (isNode(value[i])) value[i] = go(value[i])
      } else if (isNode(value)) record[key] = go(value)
    }
    ancestors.pop()
    return visit.leave?.(node, ancestors) ?? node
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
