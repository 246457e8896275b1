import type { AnyNode as Node } from "acorn"
import { childKeys, isTableType } from "../../syntax/keys.js"

/** The fields every node had right after parsing (arrays copied): what `reprint.ts` compares the rewritten tree to. */
export type Snapshot = ReadonlyMap<object, Readonly<Record<string, unknown>>>

/**
 * Shallow copies of every node of a freshly parsed program. Rules mutate nodes in place (`morph`, `fn.async = true`,
 * `call.callee = …`, `arguments.push`), so the edit printer needs each node's original fields to see what changed,
 * the way recast's parser keeps a deep copy for the same purpose (at a fraction of its cost).
 */
export const takeSnapshot = (program: Node): Snapshot => {
  const snapshot = new Map<object, Record<string, unknown>>()
  const stack: Node[] = [program]
  while (stack.length > 0) {
    const node = stack.pop()!
    const record = node as unknown as Record<string, unknown>
    // A spread copy (V8 clones same-shaped nodes fast); array fields are copied too. Parsed nodes hold arrays only
    // under their child keys; a node of a type outside the key table is copied key by key.
    const keys = childKeys(node)
    const known = isTableType(node.type)
    const copy: Record<string, unknown> = { ...record }
    if (!known) for (const key in copy) if (Array.isArray(copy[key])) copy[key] = (copy[key] as unknown[]).slice()
    snapshot.set(node, copy)
    for (const key of keys) {
      const value = record[key]
      if (Array.isArray(value)) {
        if (known) copy[key] = value.slice()
        for (const item of value)
          if (item !== null && typeof item === "object" && typeof item.type === "string") stack.push(item)
      } else if (value !== null && typeof value === "object" && typeof (value as Node).type === "string")
        stack.push(value as Node)
    }
  }
  return snapshot
}
