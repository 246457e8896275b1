import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, type AnyNode } from "../shared/ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { canonicalText } from "../shared/names.js"
import { objectKeysRule } from "../shared/object-keys.js"
import { flatToolNameRule } from "../shared/flat-tool-name.js"
import { spell } from "./naming.js"

/**
 * `tools.<id>` where `<id>` is Codex's flat identifier of a nested tool (`tools.mcp__browser__screenshot`,
 * `tools.github_repos_list`) → the canonical path. Only a catalog-confirmed spelling rewrites; an exact top-level
 * key or namespace stays; two tools with one spelling warn (Codex itself does not check collisions). Only for Codex
 * programs: elsewhere the resolve stage reads the same spellings through `naming` (docs/dialects.md#tool-paths).
 */
const toolName = flatToolNameRule({
  id: "codex-tool-name",
  dialect: "codex",
  spell,
  note: (_written, path) => canonicalText(path),
  ambiguous: (ctx, written, paths, node) => {
    const list = paths.map(canonicalText).join(", ")
    ctx.warn(`tools.${written} matches several tools: ${list}`, node, list)
  },
})

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

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"])

/**
 * `exit()` inside a `try` block that has a `catch`: Codex's exit() throws a sentinel, which that `catch` receives
 * (runtime/callbacks.rs `exit_callback`), and the cell goes on; here exit() ends the cell. Left as is, with a
 * warning saying so. Only the nearest function is looked at: a catch further out is not visible in the text.
 */
const exitInTry: RewriteRule = {
  id: "codex-exit-in-try",
  needs: ({ names }, { detected }) => detected === "codex" && names.has("exit"),
  run: (program, ctx) => {
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.callee.type !== "Identifier" || node.callee.name !== "exit") return
        const ancestors = visit.ancestors
        if (ctx.isBound("exit", node, ancestors)) return
        for (let i = ancestors.length - 1; i >= 0; i--) {
          const a = ancestors[i]!
          if (FUNCTIONS.has(a.type)) return
          if (a.type === "TryStatement" && a.handler && (ancestors[i + 1] ?? node) === a.block) {
            ctx.warn(
              "exit() inside try { … } catch: in Codex the catch receives exit's sentinel and the cell goes on; " +
                "here exit() ends the cell",
              node,
            )
            return
          }
        }
      },
    })
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [toolName, objectKeys, exitInTry]
