import type { RewriteRule } from "../../src/frontend/dialect.js"
import type { DialectId } from "../../src/frontend/dialect.js"
import { isIdentifier, morph, staticProperty, type AnyNode } from "./ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"

/**
 * A rule turning `Object.keys(tools)` into the dialect's own list of tool names (a prelude call built by `names`),
 * only when that dialect is the detected one and neither `Object` nor `tools` is a local binding. Systems whose
 * `tools` object is flat (Codex, DeepSeek) list raw tool names, not the canonical namespaces.
 */
export const objectKeysRule = (dialect: DialectId, names: () => AnyNode, description: string): RewriteRule => ({
  id: `${dialect}-object-keys`,
  // Only in its own dialect's programs; `Object.keys(tools)` or `Object["keys"](tools)`: both identifiers, and the
  // key as an identifier or a string.
  needs: ({ names, strings }, { detected }) =>
    detected === dialect && names.has("Object") && names.has("tools") && (names.has("keys") || strings.has("keys")),
  run: (program, ctx) => {
    if (ctx.detected !== dialect) return
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "CallExpression" || node.arguments.length !== 1 || !isIdentifier(node.arguments[0], "tools"))
          return
        const callee = node.callee
        if (callee.type !== "MemberExpression" || !isIdentifier(callee.object, "Object")) return
        if (
          staticProperty(callee) !== "keys" ||
          ctx.isBound("tools", node, visit.ancestors) ||
          ctx.isBound("Object", node, visit.ancestors)
        )
          return
        morph(node, names())
        ctx.record(`${dialect}-object-keys`, node, description)
      },
    })
  },
})
