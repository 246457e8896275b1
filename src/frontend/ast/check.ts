import type { Program } from "acorn"
import { checkSubset } from "../../interpreter/index.js"
import { markSubsetChecked, mayReport, REPORTABLE_TYPES } from "../../interpreter/subset.js"
import type { Stage } from "../types.js"
import { factsOf, skipped, type FactScan } from "./walk-facts.js"

/** The nodes the subset check could report, counted in the detection walk (zero: the check reports nothing). */
export const subsetScan = (): FactScan<number> => {
  let count = 0
  return {
    types: REPORTABLE_TYPES,
    enter: (node) => {
      if (mayReport(node)) count++
    },
    done: () => [],
    result: () => count,
  }
}

/**
 * The `check` stage: the canonical subset, checked by the interpreter's own `checkSubset` (one source of truth).
 * Locations are already in the model's text: the `print` stage remapped every node. A tree the detection walk found
 * nothing reportable in, and no stage changed since, is not walked again. A tree that passed is marked so that the
 * interpreter's compile does not check it a second time.
 */
export const check: Stage = {
  id: "check",
  kind: "check",
  run: (state) => {
    if (!state.program) return
    if (!(factsOf(state)?.subsetSuspects === 0 && skipped("check"))) {
      const found = checkSubset(state.program as Program, state.original)
      if (found.length > 0) {
        state.diagnostics.push(...found)
        state.halted = true
        return
      }
    }
    // The last stage: the interpreter's compile need not walk this tree again.
    markSubsetChecked(state.program as Program)
  },
}
