import type { Program } from "acorn"
import type { Stage } from "../types.js"
import { makeBindings, resolverOf, rewriteContext, type Bindings } from "./context.js"
import type { Resolver } from "../resolver.js"
import { detectedIndex, indexProgram } from "./program-index.js"
import type { ProgramIndex, RewriteContext } from "../dialect.js"

/**
 * The dialect `rewrites` stage: every registered dialect's rules run on every program, per construct, whatever the
 * detected dialect (docs/dialects.md#priority), so mixed programs translate fully. JSON programs are compiler output and skip
 * it (docs/dialects.md#json-programs). A rule whose `needs` says it cannot act on this program (by the index of
 * identifier names and node types the detection walk built, rebuilt after each recorded change) is not run.
 */
/** Test seam: `gated: false` runs every rule whatever its `needs` says (the reference the gates are compared to). */
export const gating = { gated: true }

export const rewrites: Stage = {
  id: "rewrites",
  kind: "ast",
  run: (state) => {
    if (state.generated) return
    const program = state.program as Program
    // One parent map and resolver for every dialect (context.ts says when they are rebuilt), made when a first rule
    // runs: a program every gate turns away needs neither.
    let shared: { readonly bindings: Bindings; readonly resolver: Resolver } | undefined
    const found = detectedIndex.get(program)
    let index: ProgramIndex | undefined = found?.index
    let indexAt = found?.at ?? -1
    const current = (): ProgramIndex => {
      if (index === undefined || indexAt !== state.changes.length) {
        index = indexProgram(program)
        indexAt = state.changes.length
      }
      return index
    }
    const run = { detected: state.detected }
    for (const dialect of state.dialects) {
      if (!dialect.rewrites || dialect.rewrites.length === 0) continue
      let ctx: RewriteContext | undefined
      for (const rule of dialect.rewrites)
        if (rule.needs === undefined || !gating.gated || rule.needs(current(), run)) {
          if (ctx === undefined) {
            // No rule of this dialect ran before this one, so the tree is as the dialect found it.
            shared ??= {
              bindings: makeBindings(program, () => state.changes.length),
              resolver: resolverOf(state),
            }
            shared.bindings.nextDialect()
            ctx = rewriteContext(state, dialect, "rewrites", shared.bindings, shared.resolver)
          }
          state.willChange() // a rule may change the tree in place
          rule.run(program, ctx)
        }
    }
  },
}
