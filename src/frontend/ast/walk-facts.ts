import type { AnyNode as Node, Program } from "acorn"
import type { DetectScan } from "../dialect.js"
import type { State } from "../types.js"
import { sideTable } from "./side-table.js"

/**
 * What the detection walk learned for the later stages, so a program no stage changes is walked once after its
 * parse. Each later stage reads its part only while the tree is the one detection walked: the same program object
 * and the same count of recorded changes (every stage and rule records what it changes, as the shared scope cache
 * already assumes); otherwise it walks the tree itself.
 */
export interface WalkFacts {
  /** Free identifier references, first occurrence of each, in walk order (what `freeNames` returns). */
  readonly free: ReadonlyMap<string, Node>
  /** Calls the `await` stage would look at further (zero: it changes nothing, when no global read is a tool). */
  readonly awaitCandidates: number
  /** `tools.…` paths the `resolve` stage would rewrite or warn about (zero: it does nothing). */
  readonly resolveSites: number
  /** Nodes the subset check could report (zero: it reports nothing). */
  readonly subsetSuspects: number
}

/** A visitor of the detection walk whose result is read once the walk is over. */
export type FactScan<T> = DetectScan & { readonly result: () => T }

/**
 * Test seam: `shared: false` makes every stage walk the tree itself (the reference the facts are compared to);
 * `skipped` counts, per stage, the walks the facts saved.
 */
export const walking = { shared: true, skipped: {} as Record<string, number> }

const found = sideTable<{ readonly at: number; readonly facts: WalkFacts }>("walk facts")

export const recordFacts = (program: Program, at: number, facts: WalkFacts): void => {
  found.set(program, { at, facts })
}

/** The detection walk's facts about `state.program`, when the tree has not changed since. */
export const factsOf = (state: State): WalkFacts | undefined => {
  const hit = state.program && found.get(state.program)
  return walking.shared && hit !== undefined && hit.at === state.changes.length ? hit.facts : undefined
}

/** Counts a walk the facts saved `stage` (for the test seam). */
export const skipped = (stage: string): true => {
  walking.skipped[stage] = (walking.skipped[stage] ?? 0) + 1
  return true
}
