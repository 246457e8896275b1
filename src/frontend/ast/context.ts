import type { AnyNode as Node, Program } from "acorn"
import type { Dialect, RewriteContext } from "../dialect.js"
import type { State } from "../types.js"
import { makeResolver, type Resolver } from "../resolver.js"
import { makeScopes } from "./scope.js"
import { walk } from "./walk.js"

/** The resolver for this run (detected dialect first, §3.8). */
export const resolverOf = (state: State): Resolver => makeResolver(state.tools, state.dialects, state.detected)

/**
 * `isBound(name, node)` for rules that only have a node: ancestors come from a parent map built on first use and
 * rebuilt when `invalidate()` is called (after a rule rewrote the tree).
 */
export const makeBindings = (program: Program) => {
  const bound = makeScopes()
  let parents: WeakMap<Node, Node> | undefined
  const build = () => {
    const map = new WeakMap<Node, Node>()
    walk(program, {
      enter: (node, ancestors) => {
        if (ancestors.length > 0) map.set(node, ancestors[ancestors.length - 1]!)
      },
    })
    return map
  }
  return {
    isBound: (name: string, node: Node): boolean => {
      parents ??= build()
      const chain: Node[] = []
      for (let n: Node | undefined = parents.get(node); n; n = parents.get(n)) chain.unshift(n)
      if (chain.length === 0) chain.push(program)
      return bound(name, chain)
    },
    invalidate: () => {
      parents = undefined
    },
  }
}

/** The context one dialect's rules see (src/frontend/dialect.ts `RewriteContext`). */
export const rewriteContext = (
  state: State,
  dialect: Dialect,
  stage: string,
): RewriteContext & { invalidate(): void } => {
  const program = state.program as Program
  const bindings = makeBindings(program)
  const resolver = resolverOf(state)
  return {
    tools: state.tools,
    detected: state.detected,
    resolveName: (written) => resolver.resolve(written)?.path,
    isBound: (name, node) => bindings.isBound(name, node as Node),
    record: (rule, node, note) => {
      state.changes.push({ stage, rule, dialect: dialect.id, loc: state.locate(node.start), note })
      bindings.invalidate()
    },
    warn: (message, node, replacement) =>
      state.warnings.push({ message, loc: node ? state.locate(node.start) : undefined, replacement }),
    invalidate: bindings.invalidate,
  }
}
