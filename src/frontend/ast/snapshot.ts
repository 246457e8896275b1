import type { AnyNode as Node } from "acorn"
import { childKeys } from "../../syntax/keys.js"

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
    const copy: Record<string, unknown> = {}
    const record = node as unknown as Record<string, unknown>
    for (const key in record) {
      const value = record[key]
      copy[key] = Array.isArray(value) ? value.slice() : value
    }
    snapshot.set(node, copy)
    for (const key of childKeys(node)) {
      const value = record[key]
      if (Array.isArray(value)) {
        for (const item of value)
          if (item !== null && typeof item === "object" && typeof item.type === "string") stack.push(item)
      } else if (value !== null && typeof value === "object" && typeof (value as Node).type === "string")
        stack.push(value as Node)
    }
  }
  return snapshot
}
