import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, type AnyNode } from "../shared/ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { rawBracketRule } from "../shared/brackets.js"
import { objectKeysRule } from "../shared/object-keys.js"
import { canonicalText } from "../shared/names.js"
import { flatToolNameRule } from "../shared/flat-tool-name.js"
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
const identifierName = flatToolNameRule({
  id: "deepseek-identifier-name",
  dialect: "deepseek",
  spell: identifierSpellings,
  note: (written, path) => `tools.${written} → ${canonicalText(path)}`,
  ambiguous: (ctx, written, paths, node) => {
    const list = paths.map(canonicalText).join(", ")
    ctx.fail(`tools.${written} could be any of several tools: ${list}`, node, `call one of them: ${list}`)
  },
})

export const rewrites: ReadonlyArray<RewriteRule> = [
  rawBracketRule("deepseek"),
  identifierName,
  objectKeys,
  dynamicImport,
]
