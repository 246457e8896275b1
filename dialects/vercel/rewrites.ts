import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, morph, staticProperty, type AnyNode } from "../shared/ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { rawBracketRule } from "../shared/brackets.js"
import { hasPath } from "../shared/spelling.js"

/**
 * `tools.tool_search({ query })` (deferred-tool search, docs/dialects.md#discovery-helpers) → `$vercel.tool_search({ query })`, the
 * prelude helper; `tools` itself cannot carry host helpers. A catalog tool really named `tool_search` wins.
 */
const toolSearch: RewriteRule = {
  id: "vercel-tool-search",
  // `tools.tool_search` (an identifier) or `tools["tool_search"]` (a string literal).
  needs: ({ names, strings }) => names.has("tools") && (names.has("tool_search") || strings.has("tool_search")),
  run: (program, ctx) => {
    if (hasPath(ctx.tools, ["tool_search"])) return
    walkRules(program as AnyNode, {
      types: ["MemberExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "MemberExpression" || node.object.type !== "Identifier" || node.object.name !== "tools")
          return
        if (staticProperty(node) !== "tool_search" || ctx.isBound("tools", node, visit.ancestors)) return
        morph(node, b.memberExpression(b.identifier("$vercel"), b.identifier("tool_search")) as unknown as AnyNode)
        ctx.record("vercel-tool-search", node, "$vercel.tool_search (compat prelude)")
      },
    })
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [rawBracketRule("vercel"), toolSearch]
