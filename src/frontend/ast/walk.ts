import type { AnyNode as Node, Node as BaseNode } from "acorn"
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
 * The frontend's walk, depth-first with the ancestor stack. `enter` may return `false` to skip a subtree (`leave` still runs); `leave` may return a
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

// Loose ESTree node: acorn's types are exact per node, dialect rules inspect shapes generically.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LooseNode = BaseNode & Record<string, any>

/** One node of {@link walkRules}, with where it sits in its parent. */
export interface Visit {
  readonly node: LooseNode
  readonly parent: LooseNode | undefined
  readonly key: string | undefined
  readonly index: number | undefined
  /** Outermost first, excluding `node`. */
  readonly ancestors: ReadonlyArray<LooseNode>
  /** Puts `replacement` where `node` was in its parent. */
  readonly replace: (replacement: LooseNode) => void
}

/**
 * One visit; the ancestor copy is taken when a rule reads it (during its callback), not for every node, and the
 * `replace` closure is made only when a rule asks for it. `current` is what the walk continues with.
 */
class Step implements Visit {
  current: LooseNode
  constructor(
    readonly node: LooseNode,
    readonly parent: LooseNode | undefined,
    readonly key: string | undefined,
    readonly index: number | undefined,
    private readonly stack: LooseNode[],
  ) {
    this.current = node
  }
  get ancestors(): ReadonlyArray<LooseNode> {
    return this.stack.slice()
  }
  get replace(): (replacement: LooseNode) => void {
    return (replacement) => {
      const { parent, key, index } = this
      if (parent === undefined || key === undefined) throw new Error("cannot replace the root")
      if (index === undefined) parent[key] = replacement
      else parent[key][index] = replacement
      this.current = replacement
    }
  }
}

/**
 * The dialects' rule walk: depth-first, each visit gets its parent slot and a `replace`. `leave` runs after the
 * children, so a rule that rewrites in `leave` sees rewritten children (UTCP's await insertion relies on this).
 * Children are read after `enter`, so a replacement is walked. With `types`, `enter` and `leave` are called only for
 * nodes of those types, and the other nodes cost no visit object.
 */
export const walkRules = (
  root: LooseNode,
  visitor: {
    enter?: (visit: Visit) => void
    leave?: (visit: Visit) => void
    readonly types?: ReadonlyArray<string>
  },
): void => {
  const ancestors: LooseNode[] = []
  const { enter, leave } = visitor
  const types = visitor.types === undefined ? undefined : new Set(visitor.types)
  const visit = (
    node: LooseNode,
    parent: LooseNode | undefined,
    key: string | undefined,
    index: number | undefined,
  ) => {
    let current = node
    if (enter !== undefined && (types === undefined || types.has(node.type))) {
      const step = new Step(node, parent, key, index, ancestors)
      enter(step)
      current = step.current
    }
    ancestors.push(current)
    const keys = childKeys(current)
    for (let k = 0; k < keys.length; k++) {
      const childKey = keys[k]!
      const child = current[childKey]
      if (child === null || typeof child !== "object") continue
      if (Array.isArray(child)) {
        for (let i = 0; i < child.length; i++) if (isNode(child[i])) visit(child[i] as LooseNode, current, childKey, i)
      } else if (typeof child.type === "string") visit(child, current, childKey, undefined)
    }
    ancestors.pop()
    if (leave !== undefined && (types === undefined || types.has(current.type)))
      leave(new Step(current, parent, key, index, ancestors))
  }
  visit(root, undefined, undefined, undefined)
}

/** Copies position data from `from` onto a freshly built node so diagnostics about it keep a location. */
export const withLoc = <T extends object>(node: T, from: Node): T => {
  const target = node as unknown as { loc?: unknown; start?: number; end?: number }
  target.loc ??= from.loc
  target.start ??= from.start
  target.end ??= from.end
  return node
}
