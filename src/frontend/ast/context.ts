import type { AnyNode as Node, Program } from "acorn"
import type { Dialect, RewriteContext } from "../dialect.js"
import type { State } from "../types.js"
import { diagnostic } from "../../diagnostic.js"
import { makeResolver, type Resolver } from "../resolver.js"
import { sharedScopes } from "./scope.js"
import { eachNode } from "./walk.js"

/** The resolver for this run (detected dialect first, docs/dialects.md#tool-paths). */
export const resolverOf = (state: State): Resolver => makeResolver(state.tools, state.dialects, state.detected)

/**
 * Each node's parent, in the frontend walk's order (a node found twice keeps the last parent, as `walk` would set
 * it). Rebuilt after every recorded change, so it is a walk of its own: no ancestor stack, no slot writes.
 */
const parentMap = (program: Program): Map<Node, Node> => {
  const map = new Map<Node, Node>()
  eachNode(program as unknown as Node, (node, parent) => {
    if (parent !== undefined) map.set(node, parent)
  })
  return map
}

/**
 * `isBound(name, node)` for rules that only have a node: ancestors come from a parent map built on first use and
 * dropped when a rule records a change (the tree moved). The scope cache lives for one dialect's rules, as before;
 * `nextDialect()` starts a fresh one only when something changed since it was built (an unchanged tree gives the same
 * answers, and recomputing every scope's names per dialect was a large share of a canonical program's cost).
 */
export const makeBindings = (program: Program, changeCount: () => number) => {
  let bound = sharedScopes(program, changeCount())
  let scopesAt = changeCount()
  let parents: Map<Node, Node> | undefined
  let parentsAt = -1
  const build = () => parentMap(program)
  return {
    isBound: (name: string, node: Node, ancestors?: ReadonlyArray<Node>): boolean => {
      if (ancestors !== undefined) return bound(name, ancestors.length === 0 ? [program] : ancestors)
      if (parents === undefined || parentsAt !== changeCount()) {
        parents = build()
        parentsAt = changeCount()
      }
      const chain: Node[] = []
      for (let n: Node | undefined = parents.get(node); n; n = parents.get(n)) chain.push(n)
      chain.reverse()
      if (chain.length === 0) chain.push(program)
      return bound(name, chain)
    },
    nextDialect: () => {
      if (scopesAt === changeCount()) return
      bound = sharedScopes(program, changeCount())
      scopesAt = changeCount()
    },
  }
}

export type Bindings = ReturnType<typeof makeBindings>

/** The context one dialect's rules see (src/frontend/dialect.ts `RewriteContext`). */
export const rewriteContext = (
  state: State,
  dialect: Dialect,
  stage: string,
  bindings: Bindings,
  resolver: Resolver,
): RewriteContext => ({
  tools: state.tools,
  catalog: state.catalog,
  detected: state.detected,
  resolveName: (written) => resolver.resolve(written)?.path,
  isBound: (name, node, ancestors) => bindings.isBound(name, node as Node, ancestors as ReadonlyArray<Node>),
  record: (rule, node, note) => {
    state.changes.push({ stage, rule, dialect: dialect.id, loc: state.locate(node.start), note })
  },
  warn: (message, node, replacement) =>
    state.warnings.push({ message, loc: node ? state.locate(node.start) : undefined, replacement }),
  fail: (message, node, fix) => {
    if (state.diagnostics.some((d) => d.message.startsWith(message))) return
    const at = state.locate(node.start)
    state.diagnostics.push(
      diagnostic("UnsupportedSyntax", `${message} (line ${at.line}). Fix: ${fix}`, {
        location: at,
        suggestions: [fix],
      }),
    )
    state.halted = true
  },
})
