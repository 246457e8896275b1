import type { types } from "recast"
import {
  builders,
  isFunction as frontendIsFunction,
  isNode,
  type LooseNode,
} from "../../src/frontend/dialect-helpers.js"

/**
 * Node builders and predicates shared by the six foreign dialects (cloudflare, vercel, tanstack, deepseek, codex,
 * utcp). The walks are the frontend's (src/frontend/ast/walk.ts: `walkRules` for rules that replace nodes).
 */

export type AnyNode = LooseNode

// Annotated so the emitted declaration names recast (a dependency), not its own dependency ast-types. recast loads
// on the first node built (src/frontend/ast/recast.ts).
export const b: typeof types.builders = builders

export const isIdentifier = (node: unknown, name?: string): node is AnyNode =>
  isNode(node) && node.type === "Identifier" && (name === undefined || (node as AnyNode).name === name)

/** The property name of a non-computed `a.b` or a literal `a["b"]`, else undefined. */
export const staticProperty = (member: AnyNode): string | undefined => {
  if (member.type !== "MemberExpression") return undefined
  if (!member.computed && member.property.type === "Identifier") return member.property.name
  if (member.computed && member.property.type === "Literal" && typeof member.property.value === "string")
    return member.property.value
  return undefined
}

/** `a.b.c` (static members only) as ["a", "b", "c"], else undefined. */
export const memberChain = (node: AnyNode): string[] | undefined => {
  if (node.type === "Identifier") return [node.name]
  if (node.type !== "MemberExpression") return undefined
  const property = staticProperty(node)
  if (property === undefined) return undefined
  const head = memberChain(node.object)
  return head === undefined ? undefined : [...head, property]
}

/** Replaces every own key of `target` with those of `source` (keeps `loc` for the receipt and object identity). */
export const morph = (target: AnyNode, source: AnyNode): void => {
  const loc = target.loc
  const start = target.start
  const end = target.end
  for (const key of Object.keys(target)) if (key !== "original") delete target[key]
  Object.assign(target, source, { loc, start, end })
}

/** The frontend's test (src/frontend/ast/scope.ts), typed for the loose nodes the dialect rules inspect. */
export const isFunction = (node: AnyNode): boolean => frontendIsFunction(node as never)

/** A node's start as a `Position` (line from 1, column from 0, offset). */
export const positionOf = (node: AnyNode) =>
  node.loc ? { line: node.loc.start.line, column: node.loc.start.column, offset: node.start as number } : undefined
