import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, morph, type AnyNode } from "../shared/ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { canonicalText, toolsMember } from "../shared/names.js"
import { objectKeysRule } from "../shared/object-keys.js"
import { spellingIndex } from "../shared/spelling.js"
import { spell } from "./naming.js"

/**
 * `tools.<id>` where `<id>` is Codex's flat identifier of a nested tool (`tools.mcp__browser__screenshot`,
 * `tools.github_repos_list`) → the canonical path. Only a catalog-confirmed spelling rewrites; an exact top-level
 * key or namespace stays; two tools with one spelling warn (Codex itself does not check collisions).
 */
const toolName: RewriteRule = {
  id: "codex-tool-name",
  needs: ({ names }, { detected }) => detected === "codex" && names.has("tools"),
  run: (program, ctx) => {
    // Only for Codex programs: elsewhere the resolve stage reads the same spellings through `naming` (docs/dialects.md#tool-paths).
    if (ctx.tools.length === 0 || ctx.detected !== "codex") return
    const index = spellingIndex(ctx.tools, spell)
    const roots = new Set(ctx.tools.map((p) => p[0]!))
    walkRules(program as AnyNode, {
      types: ["MemberExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "MemberExpression" || node.computed || node.object.type !== "Identifier") return
        if (node.object.name !== "tools" || node.property.type !== "Identifier") return
        const id: string = node.property.name
        if (roots.has(id) || ctx.isBound("tools", node, visit.ancestors)) return
        const hit = index(`tools.${id}`)
        if (hit.kind === "ambiguous") {
          const list = hit.paths.map(canonicalText).join(", ")
          ctx.warn(`tools.${id} matches several tools: ${list}`, node, list)
        } else if (hit.kind === "path") {
          morph(node, toolsMember(hit.path))
          ctx.record("codex-tool-name", node, canonicalText(hit.path))
        }
      },
    })
  },
}

/**
 * `Object.keys(tools)` in a Codex program lists Codex's tool names (`exec_command`, `mcp__rmcp__echo`), not the
 * canonical namespaces with `$codemode`: it becomes `$codex_toolNames()` (prelude), so the names it gives are ones
 * `tools[name]` then finds.
 */
const objectKeys = objectKeysRule(
  "codex",
  () => b.callExpression(b.identifier("$codex_toolNames"), []) as unknown as AnyNode,
  "Codex tool names ($codex_toolNames())",
)

export const rewrites: ReadonlyArray<RewriteRule> = [toolName, objectKeys]
