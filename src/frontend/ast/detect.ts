import type { AnyNode, Program } from "acorn"
import type { DetectScan, DialectId, Evidence } from "../dialect.js"
import type { Stage, State } from "../types.js"
import { scanAll } from "./scan.js"
import { declaresNoVars, sharedScopes } from "./scope.js"
import { detectedIndex, indexScan } from "./program-index.js"
import { recordFacts } from "./walk-facts.js"
import { freeNamesScan } from "./globals.js"
import { awaitScan } from "./await.js"
import { resolveScan } from "./resolve.js"
import { subsetScan } from "./check.js"

/**
 * Picks the dialect (docs/dialects.md#priority, documented in src/frontend/README.md): the first dialect in registry
 * (priority) order with strong evidence; else envelope evidence; else the host hint; else the first with weak
 * evidence; else unknown. Envelope and hint seed the guess but never override a code signal.
 */
export const decide = (
  evidence: ReadonlyArray<Evidence>,
  order: ReadonlyArray<DialectId>,
  hint: DialectId | undefined,
): DialectId | undefined => {
  const first = (pick: (e: Evidence) => boolean) =>
    order.find((id) => evidence.some((e) => e.dialect === id && pick(e)))
  return (
    first((e) => e.strength === "strong") ??
    first((e) => e.signal.startsWith("envelope:")) ??
    hint ??
    first((e) => e.strength === "weak")
  )
}

/**
 * The `detect` stage: pure; collects every dialect's evidence on the parsed program (never rewrites). Dialects with a
 * `scan` share one walk (each still sees every node in its own walk's order); the others are asked through `detect`.
 * Evidence is gathered per dialect and listed in registry order, as if each had walked alone.
 */
export const detect: Stage = {
  id: "detect",
  kind: "analysis",
  run: (state: State) => {
    const program = state.program as Program
    const info = {
      typescript: state.typescript,
      envelopeFields: state.envelopeFields,
      tools: state.tools,
      // The tree is the one parsed from `state.text` (no AST stage ran yet).
      bound: sharedScopes(program, state.changes.length, declaresNoVars(state.text)),
    }
    const found: Evidence[] = [...state.evidence] // envelope and pragma evidence of the text stages
    const scans = state.dialects.map((d) => d.scan?.(program, state.sourceForDetect, info))
    const index = indexScan(info.bound) // for the rewrite rules' `needs`, in the same walk
    // What the later stages would walk for, in the same walk (walk-facts.ts): used while no stage changes the tree.
    const free = freeNamesScan(info.bound)
    const awaits = awaitScan(state, info.bound)
    const sites = state.tools.length > 0 ? resolveScan(state, info.bound) : undefined
    const subset = subsetScan()
    const visitors = [...scans.filter((s): s is DetectScan => s !== undefined), index, free, awaits, subset]
    scanAll(program as unknown as AnyNode, sites === undefined ? visitors : [...visitors, sites])
    detectedIndex.set(program, { index: index.index, at: state.changes.length })
    recordFacts(program, state.changes.length, {
      free: free.result(),
      awaitCandidates: awaits.result(),
      resolveSites: sites?.result() ?? 0, // without tools the resolve stage does nothing
      subsetSuspects: subset.result(),
    })
    for (const [i, dialect] of state.dialects.entries()) {
      const scan = scans[i]
      for (const e of scan !== undefined ? scan.done() : dialect.detect(program, state.sourceForDetect, info)) {
        found.push(e.loc === undefined ? e : { ...e, loc: state.locate(e.loc.offset) })
      }
    }
    state.evidence = found
    state.detected = decide(
      found,
      state.dialects.map((d) => d.id),
      state.hint,
    )
  },
}
