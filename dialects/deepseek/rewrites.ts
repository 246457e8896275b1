import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, isIdentifier, morph, staticProperty, walk, type AnyNode } from "../shared/ast.js"
import { rawBracketRule } from "../shared/brackets.js"

/**
 * `Object.keys(tools)` in a DeepSeek program expects the flat raw tool names (docs/dialects.md#pitfalls, docs/dialects.md#priority "shared
 * constructs"): only when DeepSeek is the detected dialect does it become `$deepseek.toolNames()` (prelude).
 */
const objectKeys: RewriteRule = {
  id: "deepseek-object-keys",
  run: (program, ctx) => {
    if (ctx.detected !== "deepseek") return
    walk(program as AnyNode, {
      enter: ({ node }) => {
        if (node.type !== "CallExpression" || node.arguments.length !== 1 || !isIdentifier(node.arguments[0], "tools"))
          return
        const callee = node.callee
        if (callee.type !== "MemberExpression" || !isIdentifier(callee.object, "Object")) return
        if (staticProperty(callee) !== "keys" || ctx.isBound("tools", node) || ctx.isBound("Object", node)) return
        const names = b.callExpression(b.memberExpression(b.identifier("$deepseek"), b.identifier("toolNames")), [])
        morph(node, names as unknown as AnyNode)
        ctx.record("deepseek-object-keys", node, "flat raw tool names ($deepseek.toolNames())")
      },
    })
  },
}

/** `await import("node:fs")` has no equivalent (docs/dialects.md#not-repaired): left in place with a warning naming the replacement. */
const dynamicImport: RewriteRule = {
  id: "deepseek-import",
  run: (program, ctx) => {
    walk(program as AnyNode, {
      enter: ({ node }) => {
        if (node.type === "ImportExpression")
          ctx.warn("import() is not available: there are no modules here", node, "call a tool instead")
      },
    })
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [rawBracketRule("deepseek"), objectKeys, dynamicImport]
