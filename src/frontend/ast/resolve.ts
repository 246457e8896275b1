import type { AnyNode as Node } from "acorn"
import type { Stage, State } from "../types.js"
import { renderPath } from "../naming.js"
import { makeResolver, type Resolver } from "../resolver.js"
import { factsOf, skipped, type FactScan } from "./walk-facts.js"
import { resolverOf } from "./context.js"
import { buildToolPath, memberRoot, staticChain, writtenName } from "./paths.js"
import { sharedScopes, type Scopes } from "./scope.js"
import { walk, withLoc } from "./walk.js"

/**
 * The stage's work counted in the detection walk (same nodes, same skipped subtrees): a `tools.…` path that is not a
 * tool, a namespace or a tool followed by properties, or a `$codemode` member other than `search`. Zero means the
 * stage would change nothing and warn about nothing. Exact tools and namespaces do not depend on the detected dialect.
 */
export const resolveScan = (state: State, bound: Scopes): FactScan<number> => {
  const resolver = makeResolver(state.tools, state.dialects, undefined)
  let count = 0
  return {
    types: ["MemberExpression"],
    enter: (node, _parent, _key, ancestors) => {
      if (node.type !== "MemberExpression" || memberRoot(node) !== "tools") return undefined
      const chain = staticChain(node)
      if (!chain || chain.root.name !== "tools" || bound("tools", ancestors)) return undefined
      const segments = chain.segments
      if (segments[0] === "$codemode") {
        if (segments[1] !== undefined && segments[1] !== "search") count++
      } else if (!settled(resolver, segments)) count++
      return false
    },
    done: () => [],
    result: () => count,
  }
}

/** A path the stage leaves alone: a tool, a namespace, or a tool followed by properties (`tools.read.length`). */
const settled = (resolver: Resolver, segments: ReadonlyArray<string>): boolean => {
  if (resolver.isTool(segments) || resolver.isNamespace(segments)) return true
  for (let i = segments.length - 1; i > 0; i--) if (resolver.isTool(segments.slice(0, i))) return true
  return false
}

/**
 * The `resolve` stage: every static `tools.…` path against the live tree (docs/dialects.md#tool-paths): exact → the detected dialect's
 * naming → raw joins → every dialect's naming → fuzzy key → a warning with "did you mean". Dynamic `tools[expr]`
 * paths are left for the runtime (it can use `makeResolver` from resolver.ts). Without a tree nothing is resolved.
 */
export const resolve: Stage = {
  id: "resolve",
  kind: "ast",
  run: (state) => {
    if (state.tools.length === 0 || !state.program || (factsOf(state)?.resolveSites === 0 && skipped("resolve"))) return
    const resolver = resolverOf(state)
    const bound = sharedScopes(state.program, state.changes.length)
    const warned = new Set<string>()
    const replace = new Map<Node, Node>()
    walk(state.program, {
      enter: (node, ancestors) => {
        if (node.type !== "MemberExpression") return undefined
        const chain = staticChain(node)
        if (!chain || chain.root.name !== "tools" || bound("tools", ancestors)) return undefined
        const segments = chain.segments
        const parent = ancestors[ancestors.length - 1]
        if (segments[0] === "$codemode") {
          // Reserved, served by the runtime (docs/dialects.md#canonical-contract), which offers only `search`: anything else fails when called.
          const member = segments[1]
          if (member !== undefined && member !== "search" && !warned.has(`$codemode.${member}`)) {
            warned.add(`$codemode.${member}`)
            state.warnings.push({
              message: `tools.$codemode.${member} does not exist: only tools.$codemode.search({ query }) does, and its items carry each tool's signature`,
              loc: state.locate(node.start),
              replacement: "tools.$codemode.search({ query })",
            })
          }
          return false
        }
        const called = parent?.type === "CallExpression" && parent.callee === node
        // `tools.read.length`: the first segments already name a tool, the rest is a property (docs/dialects.md#ambiguous-programs).
        if (settled(resolver, segments)) return false
        const hit = resolver.resolve(writtenName(chain))
        if (hit) {
          state.willChange()
          replace.set(node, withLoc(buildToolPath(hit.path, chain.optional) as unknown as Node, node))
          state.changes.push({
            stage: "resolve",
            rule: `tool-path:${hit.via}`,
            dialect: hit.dialect,
            loc: state.locate(node.start),
            note: `${writtenName(chain)} → ${renderPath(hit.path)}`,
          })
          return false
        }
        if (called && !warned.has(writtenName(chain))) {
          warned.add(writtenName(chain))
          const suggestions = resolver.suggest(writtenName(chain))
          state.warnings.push({
            message:
              `UnknownTool: ${writtenName(chain)} is not in the tool tree` +
              (suggestions.length ? `. Did you mean ${suggestions.join(", ")}?` : ""),
            loc: state.locate(node.start),
            replacement: suggestions[0],
          })
        }
        return false
      },
      leave: (node) => replace.get(node),
    })
  },
}
