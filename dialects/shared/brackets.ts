import type { DialectId, RewriteRule, ToolPath } from "../../src/frontend/dialect.js"
import { morph, type AnyNode } from "./ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { canonicalText, rawName, toolsMember } from "./names.js"
import { hasPath, spellingIndex } from "./spelling.js"

/**
 * The raw names a flat-namespace host (Vercel, DeepSeek) registers for a canonical path: `a.b` (docs/dialects.md#tool-names
 * table), and `a__b` / `a_b` for hosts that refuse `.` in names (Vercel). Unverified which one a given host picks.
 */
export const flatRawNames = (path: ToolPath): ReadonlyArray<string> =>
  path.length === 1 ? [path[0]!] : [rawName(path), path.join("__"), path.join("_")]

/**
 * How such a program writes a raw name, as the frontend resolver's dotted text: `tools["raw-name"]` and
 * `tools.raw_name` are both written `tools.<raw>` (src/frontend/resolver.ts `written`).
 */
export const spellFlat = (path: ToolPath): ReadonlyArray<string> => flatRawNames(path).map((raw) => `tools.${raw}`)

const innermost = (member: AnyNode): AnyNode =>
  member.object.type === "MemberExpression" ? innermost(member.object) : member

/**
 * `tools["raw-name"]` (literal key, docs/dialects.md#tool-paths) → the canonical path the raw name stands for. An exact
 * top-level key is already canonical and stays; an unknown one stays for the resolve stage; two candidates warn.
 */
export const rawBracketRule = (dialect: DialectId): RewriteRule => ({
  id: `${dialect}-raw-name`,
  needs: ({ names }, { detected }) => detected === dialect && names.has("tools"),
  run: (program, ctx) => {
    // Vercel and DeepSeek share this construct (docs/dialects.md#ambiguous-programs): each claims it only for its own programs; in any other
    // program the resolve stage maps literal brackets the same way (docs/dialects.md#tool-paths).
    if (ctx.detected !== dialect) return
    const index = spellingIndex(ctx.tools, spellFlat)
    walkRules(program as AnyNode, {
      types: ["MemberExpression"],
      enter: (visit) => {
        const { node, parent } = visit
        if (node.type !== "MemberExpression" || node.object.type !== "Identifier" || node.object.name !== "tools")
          return
        // A key below a namespace (`tools.ns["x"]`) is canonical bracket syntax, not a flat raw name.
        if (parent?.type === "MemberExpression" && parent.object === node && !node.computed) return
        const raw = node.computed && node.property.type === "Literal" ? node.property.value : undefined
        if (typeof raw !== "string" || ctx.isBound("tools", node, visit.ancestors) || hasPath(ctx.tools, [raw])) return
        const hit = index(`tools.${raw}`)
        if (hit.kind === "ambiguous") {
          const list = hit.paths.map(canonicalText).join(", ")
          ctx.warn(`tools[${JSON.stringify(raw)}] matches several tools: ${list}`, node, list)
          return
        }
        const path = hit.kind === "path" ? hit.path : ctx.resolveName(`tools.${raw}`)
        if (path === undefined) return
        const member = toolsMember(path)
        // `tools?.["a.b"]` keeps its `?.` on the `tools` access (docs/dialects.md#tool-paths).
        if (node.optional) innermost(member).optional = true
        morph(node, member)
        ctx.record(`${dialect}-raw-name`, node, canonicalText(path))
      },
    })
  },
})
