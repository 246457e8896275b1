import type { AnyNode as Node, Program } from "acorn"
import type { DetectInfo, DetectScan, Evidence } from "../dialect.js"
import { childKeys } from "../../syntax/keys.js"

/**
 * One depth-first walk shared by several read-only visitors (the dialects' detectors): each node is handed to every
 * visitor in registry order, so each sees exactly the nodes, in the order, its own walk would have seen. A visitor
 * whose `enter` returns `false` skips that node's subtree; the others still descend. Nothing may change the tree.
 * A visitor that names its `types` is handed only nodes of those types (per-type dispatch, built once per walk).
 */
export const scanAll = (root: Node, scans: ReadonlyArray<DetectScan>): void => {
  const count = scans.length
  const enters = scans.map((s) => s.enter)
  // skippedAt[i]: the node whose subtree scan i is skipping (undefined while it is active).
  const skippedAt: Array<Node | undefined> = new Array(count).fill(undefined)
  let active = enters.filter((e) => e !== undefined).length
  const listening = new Map<string, ReadonlyArray<number>>()
  const listenersOf = (type: string): ReadonlyArray<number> => {
    let found = listening.get(type)
    if (found === undefined) {
      const ids: number[] = []
      for (let i = 0; i < count; i++) {
        const types = scans[i]!.types
        if (enters[i] !== undefined && (types === undefined || types.includes(type))) ids.push(i)
      }
      listening.set(type, (found = ids))
    }
    return found
  }
  const ancestors: Node[] = []
  const visit = (node: Node, parent: Node | undefined, key: string | undefined): void => {
    const ids = listenersOf(node.type)
    let skippedHere = 0
    for (let j = 0; j < ids.length; j++) {
      const i = ids[j]!
      const enter = enters[i]
      if (enter === undefined || skippedAt[i] !== undefined) continue
      if (enter(node, parent, key, ancestors) === false) {
        skippedAt[i] = node
        active--
        skippedHere++
      }
    }
    if (active > 0) {
      ancestors.push(node)
      const record = node as unknown as Record<string, unknown>
      const keys = childKeys(node)
      for (let k = 0; k < keys.length; k++) {
        const childKey = keys[k]!
        const value = record[childKey]
        if (value === null || typeof value !== "object") continue
        if (Array.isArray(value)) {
          for (let j = 0; j < value.length; j++) {
            const item = value[j] as { type?: unknown } | null
            if (typeof item === "object" && item !== null && typeof item.type === "string")
              visit(item as Node, node, childKey)
          }
        } else if (typeof (value as { type?: unknown }).type === "string") visit(value as Node, node, childKey)
      }
      ancestors.pop()
    }
    if (skippedHere > 0)
      for (let i = 0; i < count; i++)
        if (skippedAt[i] === node) {
          skippedAt[i] = undefined
          active++
        }
  }
  visit(root, undefined, undefined)
}

/** A dialect's `detect` from its `scan`: the same visitor on a walk of its own (for callers outside the frontend). */
export const detectByScan =
  (scan: (program: Program, source: string, info?: DetectInfo) => DetectScan) =>
  (program: Program, source: string, info?: DetectInfo): ReadonlyArray<Evidence> => {
    const s = scan(program, source, info)
    scanAll(program as unknown as Node, [s])
    return s.done()
  }
