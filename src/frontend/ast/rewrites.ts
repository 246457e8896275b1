import type { Program } from "acorn"
import type { Stage } from "../types.js"
import { rewriteContext } from "./context.js"

/**
 * The dialect `rewrites` stage: every registered dialect's rules run on every program, per construct, whatever the
 * detected dialect (DIALECTS.md §5.2), so mixed programs translate fully. JSON programs are compiler output and skip
 * it (seed 003 "Pipeline").
 */
export const rewrites: Stage = {
  id: "rewrites",
  kind: "ast",
  run: (state) => {
    if (state.generated) return
    for (const dialect of state.dialects) {
      if (!dialect.rewrites || dialect.rewrites.length === 0) continue
      const ctx = rewriteContext(state, dialect, "rewrites")
      for (const rule of dialect.rewrites) {
        rule.run(state.program as Program, ctx)
        ctx.invalidate()
      }
    }
  },
}
