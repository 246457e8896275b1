import type { Program } from "acorn"
import { checkSubset } from "../../interpreter/index.js"
import type { Stage } from "../types.js"

/**
 * The `check` stage: the canonical subset, checked by the interpreter's own `checkSubset` (one source of truth).
 * Locations are already in the model's text: the `print` stage remapped every node.
 */
export const check: Stage = {
  id: "check",
  kind: "check",
  run: (state) => {
    if (!state.program) return
    const found = checkSubset(state.program as Program)
    if (found.length > 0) {
      state.diagnostics.push(...found)
      state.halted = true
    }
  },
}
