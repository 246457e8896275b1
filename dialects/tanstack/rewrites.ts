import type { RewriteRule } from "../../src/frontend/dialect.js"
import { b, morph, type AnyNode } from "../shared/ast.js"
import { walkRules, type Visit } from "../../src/frontend/dialect-helpers.js"
import { canonicalText, toolsMember } from "../shared/names.js"
import { spellingIndex } from "../shared/spelling.js"
import { spell } from "./naming.js"

const PREFIX = "external_"

/** Whether an identifier at this place is a reference (not a property name, key or declared name). */
const isReference = ({ parent, key }: Visit): boolean => {
  if (parent === undefined) return false
  if (parent.type === "MemberExpression" && key === "property" && !parent.computed) return false
  if ((parent.type === "Property" || parent.type === "MethodDefinition") && key === "key" && !parent.computed)
    return false
  if (parent.type === "VariableDeclarator" && key === "id") return false
  if (/Function/.test(parent.type) && (key === "id" || key === "params")) return false
  return true
}

/**
 * `external_<name>(input)` → `tools.<path>(input)` (docs/dialects.md#tanstack); no argument → `{}` because TanStack passes
 * `input ?? {}`. The name resolves through the catalog (spelling reversed, then the frontend resolver); unresolved,
 * the prefix is stripped and the resolve stage reports the unknown tool. Bound names are left alone.
 */
const external: RewriteRule = {
  id: "tanstack-external",
  needs: ({ names }) => [...names].some((n) => n.startsWith(PREFIX) && n !== PREFIX),
  run: (program, ctx) => {
    const index = spellingIndex(ctx.tools, spell)
    walkRules(program as AnyNode, {
      types: ["Identifier"],
      enter: (visit) => {
        const { node, parent, key } = visit
        if (node.type !== "Identifier" || !node.name.startsWith(PREFIX) || node.name === PREFIX) return
        if (!isReference(visit) || ctx.isBound(node.name, node, visit.ancestors)) return
        // A namespace of the live tree (`external_api.get(…)`): a UTCP manual or a provider, not a TanStack binding.
        if (ctx.tools.some((p) => p.length > 1 && p[0] === node.name)) return
        const name = node.name.slice(PREFIX.length)
        const hit = index(node.name)
        if (hit.kind === "ambiguous") {
          const list = hit.paths.map(canonicalText).join(", ")
          ctx.warn(`${node.name} matches several tools: ${list}`, node, list)
          return
        }
        const path = hit.kind === "path" ? hit.path : (ctx.resolveName(`tools.${name}`) ?? [name])
        if (parent?.type === "CallExpression" && key === "callee" && parent.arguments.length === 0)
          parent.arguments.push(b.objectExpression([]))
        morph(node, toolsMember(path))
        ctx.record("tanstack-external", node, canonicalText(path))
      },
    })
  },
}

/** `skill_<name>(…)` (TanStack skills) has no equivalent: left in place with a warning (in the spirit of docs/dialects.md#not-repaired). */
const skills: RewriteRule = {
  id: "tanstack-skill",
  needs: ({ names }) => [...names].some((n) => n.startsWith("skill_")),
  run: (program, ctx) => {
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "CallExpression" || node.callee.type !== "Identifier") return
        const name: string = node.callee.name
        if (name.startsWith("skill_") && !ctx.isBound(name, node, visit.ancestors))
          ctx.warn(`${name} is a TanStack skill; skills are not available here`, node, "call the tools directly")
      },
    })
  },
}

/**
 * TanStack runs the body as an async function and returns what it returns: without a `return` the result is
 * `undefined` (docs/dialects.md#tanstack), where canonical would return the last expression statement's value. A TanStack
 * program whose last statement is an expression gets an explicit `return` after it, recorded.
 */
const noCompletion: RewriteRule = {
  id: "tanstack-no-completion",
  needs: (_, { detected }) => detected === "tanstack",
  run: (program, ctx) => {
    if (ctx.detected !== "tanstack") return
    const last = program.body[program.body.length - 1] as AnyNode | undefined
    if (last?.type !== "ExpressionStatement") return
    const ret = b.returnStatement(null) as unknown as AnyNode
    ret.loc = last.loc
    ret.start = last.end
    ret.end = last.end
    ;(program.body as AnyNode[]).push(ret)
    ctx.record(
      "tanstack-no-completion",
      last,
      "TanStack returns nothing without `return`: the last value is not the result",
    )
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [external, skills, noCompletion]
