import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, morph, type AnyNode } from "../shared/ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { rawBracketRule } from "../shared/brackets.js"
import { objectKeysRule } from "../shared/object-keys.js"
import { canonicalText, toolsMember } from "../shared/names.js"
import { hasPath, spellingIndex } from "../shared/spelling.js"
import { identifierSpellings } from "./naming.js"

/**
 * `Object.keys(tools)` in a DeepSeek program expects the flat raw tool names (docs/dialects.md#pitfalls, docs/dialects.md#priority "shared
 * constructs"): only when DeepSeek is the detected dialect does it become `$deepseek.toolNames()` (prelude).
 */
const objectKeys = objectKeysRule(
  "deepseek",
  () =>
    b.callExpression(
      b.memberExpression(b.identifier("$deepseek"), b.identifier("toolNames")),
      [],
    ) as unknown as AnyNode,
  "flat raw tool names ($deepseek.toolNames())",
)

/** `await import("node:fs")` has no equivalent (docs/dialects.md#not-repaired): left in place with a warning naming the replacement. */
const dynamicImport: RewriteRule = {
  id: "deepseek-import",
  needs: ({ types }) => types.has("ImportExpression"),
  run: (program, ctx) => {
    walkRules(program as AnyNode, {
      types: ["ImportExpression"],
      enter: ({ node }) => {
        if (node.type === "ImportExpression")
          ctx.warn("import() is not available: there are no modules here", node, "call a tool instead")
      },
    })
  },
}

/**
 * `tools.get_weather(…)` in a DeepSeek program, for the tool `get-weather` its SDK shows quoted
 * (`naming.ts`): the tool's canonical path, recorded as `deepseek-identifier-name`. Two tools written alike are
 * refused naming both, never guessed.
 */
const identifierName: RewriteRule = {
  id: "deepseek-identifier-name",
  needs: ({ names }, { detected }) => detected === "deepseek" && names.has("tools"),
  run: (program, ctx) => {
    if (ctx.detected !== "deepseek") return
    const index = spellingIndex(ctx.tools, identifierSpellings)
    walkRules(program as AnyNode, {
      types: ["MemberExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "MemberExpression" || node.computed || node.object.type !== "Identifier") return
        if (node.object.name !== "tools" || node.property.type !== "Identifier") return
        const written = node.property.name as string
        if (hasPath(ctx.tools, [written]) || ctx.tools.some((p) => p.length > 1 && p[0] === written)) return
        const hit = index(`tools.${written}`)
        if (hit.kind === "none" || ctx.isBound("tools", node, visit.ancestors)) return
        if (hit.kind === "ambiguous") {
          const list = hit.paths.map(canonicalText).join(", ")
          ctx.fail(`tools.${written} could be any of several tools: ${list}`, node, `call one of them: ${list}`)
          return
        }
        morph(node, toolsMember(hit.path))
        ctx.record("deepseek-identifier-name", node, `tools.${written} → ${canonicalText(hit.path)}`)
      },
    })
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [
  rawBracketRule("deepseek"),
  identifierName,
  objectKeys,
  dynamicImport,
]
