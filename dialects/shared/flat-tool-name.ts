import type { DialectId, RewriteContext, RewriteRule, ToolPath } from "../../src/frontend/dialect.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { morph, type AnyNode } from "./ast.js"
import { toolsMember } from "./names.js"
import { spellingIndex } from "./spelling.js"

/**
 * A rule for systems whose `tools` object is flat (Codex, DeepSeek): `tools.<id>`, where `<id>` is how that system
 * spells one catalog tool, becomes the tool's canonical path. Only in its own dialect's programs; an exact top-level
 * key or namespace root stays, as does a local `tools`. Two tools spelled alike go to `ambiguous`, never guessed.
 */
export const flatToolNameRule = (options: {
  readonly id: string
  readonly dialect: DialectId
  readonly spell: (path: ToolPath) => ReadonlyArray<string>
  /** The receipt's note for `tools.<written>` rewritten to `path`. */
  readonly note: (written: string, path: ToolPath) => string
  readonly ambiguous: (ctx: RewriteContext, written: string, paths: ReadonlyArray<ToolPath>, node: AnyNode) => void
}): RewriteRule => ({
  id: options.id,
  needs: ({ names }, { detected }) => detected === options.dialect && names.has("tools"),
  run: (program, ctx) => {
    if (ctx.tools.length === 0 || ctx.detected !== options.dialect) return
    const index = spellingIndex(ctx.tools, options.spell)
    const roots = new Set(ctx.tools.map((p) => p[0]!))
    walkRules(program as AnyNode, {
      types: ["MemberExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "MemberExpression" || node.computed || node.object.type !== "Identifier") return
        if (node.object.name !== "tools" || node.property.type !== "Identifier") return
        const written: string = node.property.name
        if (roots.has(written) || ctx.isBound("tools", node, visit.ancestors)) return
        const hit = index(`tools.${written}`)
        if (hit.kind === "ambiguous") options.ambiguous(ctx, written, hit.paths, node)
        else if (hit.kind === "path") {
          morph(node, toolsMember(hit.path))
          ctx.record(options.id, node, options.note(written, hit.path))
        }
      },
    })
  },
})
