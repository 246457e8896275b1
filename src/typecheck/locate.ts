/**
 * Offsets of the checked canonical code → positions in the model's own text. The canonical program's nodes already
 * carry offsets into that text (the frontend's `print` stage relocates them); the code is printed from that program,
 * so its own parse has the same shape. The innermost node of the code's parse holding the offset is found, the same
 * path is followed in the program, and the offset inside a leaf node (a name, a literal) is kept.
 */
import type { AnyNode, Program } from "acorn"
import { positionAt, type Position } from "../position.js"
import { childKeys } from "../syntax/keys.js"
import { parseJavaScript } from "../syntax/parse.js"

type Loose = AnyNode & Record<string, unknown>

const isNode = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"

/** The child of `node` at `key` (and `index` for a list), when it is a node. */
const childAt = (node: Loose, key: string, index: number): Loose | undefined => {
  const value = node[key]
  const child = index < 0 ? value : Array.isArray(value) ? value[index] : undefined
  return isNode(child) ? child : undefined
}

/** The path of (key, index) steps from `root` to the innermost node holding `offset`. */
const pathTo = (root: Loose, offset: number): Array<[string, number]> => {
  const path: Array<[string, number]> = []
  let node = root
  for (;;) {
    let next: [string, number, Loose] | undefined
    for (const key of childKeys(node)) {
      const value = node[key]
      const items = Array.isArray(value) ? value : [value]
      for (let i = 0; i < items.length && next === undefined; i++) {
        const child = items[i]
        if (isNode(child) && child.start <= offset && offset < child.end)
          next = [key, Array.isArray(value) ? i : -1, child]
      }
      if (next !== undefined) break
    }
    if (next === undefined) return path
    path.push([next[0], next[1]])
    node = next[2]
  }
}

const LEAVES = new Set(["Identifier", "Literal", "PrivateIdentifier", "TemplateElement"])

export type Locate = (offset: number) => Position

/** A locator for offsets of `code` (printed from `program`) into `source`, the model's text. */
export const locator = (code: string, program: Program, source: string): Locate => {
  let parsed: Loose | undefined
  let failed = false
  return (offset) => {
    if (parsed === undefined && !failed)
      try {
        parsed = parseJavaScript(code) as unknown as Loose
      } catch {
        failed = true
      }
    if (parsed === undefined) return positionAt(source, Math.min(offset, source.length))
    let inCode: Loose = parsed
    let inProgram = program as unknown as Loose
    for (const [key, index] of pathTo(parsed, offset)) {
      const a = childAt(inCode, key, index)
      const b = childAt(inProgram, key, index)
      if (a === undefined || b === undefined || a.type !== b.type) break
      inCode = a
      inProgram = b
    }
    const inside = offset - inCode.start
    const keep = LEAVES.has(inProgram.type) && inside < inProgram.end - inProgram.start
    return positionAt(source, inProgram.start + (keep ? inside : 0))
  }
}
