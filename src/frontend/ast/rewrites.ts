import type { Program } from "acorn"
import type { Stage } from "../types.js"
import { makeBindings, resolverOf, rewriteContext } from "./context.js"

/**
 * The dialect `rewrites` stage: every registered dialect's rules run on every program, per construct, whatever the
 * detected dialect (docs/dialects.md#priority), so mixed programs translate fully. JSON programs are compiler output and skip
 * it (docs/dialects.md#json-programs).
 */
export const rewrites: Stage = {
  id: "rewrites",
  kind: "ast",
  run: (state) => {
    if (state.generated) return
    const program = state.program as Program
    // One parent map and resolver for every dialect (context.ts says when they are rebuilt).
    const bindings = makeBindings(program, () => state.changes.length)
    const resolver = resolverOf(state)
    for (const dialect of state.dialects) {
      if (!dialect.rewrites || dialect.rewrites.length === 0) continue
      bindings.nextDialect()
      const ctx = rewriteContext(state, dialect, "rewrites", bindings, resolver)
      for (const rule of dialect.rewrites) rule.run(program, ctx)
    }
  },
}
