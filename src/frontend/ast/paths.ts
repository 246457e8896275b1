import type { Expression, Identifier, MemberExpression, AnyNode as Node } from "acorn"
import { builders } from "./recast.js"
import { isIdentifierName } from "../naming.js"
import type { ToolPath } from "../dialect.js"

export interface StaticChain {
  readonly root: Identifier
  readonly segments: ReadonlyArray<string>
  readonly optional: boolean
}

/** A statically known property name: `.x`, `["x"]` or a template literal without expressions. */
export const staticKey = (member: MemberExpression): string | undefined => {
  const p = member.property
  if (!member.computed) return p.type === "Identifier" ? p.name : undefined
  if (p.type === "Literal" && typeof p.value === "string") return p.value
  if (p.type === "TemplateLiteral" && p.expressions.length === 0) return p.quasis[0]!.value.cooked ?? undefined
  return undefined
}

/** `root.a["b"].c` with every key static → { root, ["a", "b", "c"] }; anything dynamic → undefined. */
export const staticChain = (node: Node): StaticChain | undefined => {
  const segments: string[] = []
  let optional = false
  let current: Node = node
  while (current.type === "MemberExpression") {
    const key = staticKey(current)
    if (key === undefined) return undefined
    segments.unshift(key)
    optional ||= current.optional
    current = current.object
  }
  if (current.type !== "Identifier" || segments.length === 0) return undefined
  return { root: current, segments, optional }
}

/**
 * The name of the identifier a member chain starts from (`a` of `a.b[c].d`), else undefined: what `staticChain`
 * would give as `root`, without building the chain (walks ask it of every member to find the few rooted at `tools`).
 */
export const memberRoot = (node: Node): string | undefined => {
  let current = node
  while (current.type === "MemberExpression") current = current.object as Node
  return current.type === "Identifier" ? current.name : undefined
}

/** The dotted text of a chain as written, root included (the resolver's input). */
export const writtenName = (chain: StaticChain): string => [chain.root.name, ...chain.segments].join(".")

const b = builders

/** Builds `tools.a["b-c"]` for a canonical path; `optional` puts `?.` on the first member (docs/dialects.md#tool-paths "keep ?."). */
export const buildToolPath = (path: ToolPath, optional = false, root = "tools"): Expression => {
  let node = b.identifier(root) as unknown as Expression
  path.forEach((seg, i) => {
    const member = isIdentifierName(seg)
      ? b.memberExpression(node as never, b.identifier(seg), false)
      : b.memberExpression(node as never, b.literal(seg), true)
    if (optional && i === 0) (member as unknown as { optional: boolean }).optional = true
    else (member as unknown as { optional: boolean }).optional = false
    node = member as unknown as Expression
  })
  return node
}

/** `Promise.all|allSettled|race|any(…)`: combinators that already await their members (docs/dialects.md#missing-await). */
export const isPromiseCombinator = (node: Node): boolean =>
  node.type === "CallExpression" &&
  node.callee.type === "MemberExpression" &&
  node.callee.object.type === "Identifier" &&
  node.callee.object.name === "Promise" &&
  ["all", "allSettled", "race", "any"].includes(staticKey(node.callee) ?? "")
