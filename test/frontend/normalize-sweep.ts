import type { NormalizeOptions, Normalized } from "../../src/frontend/types.js"
import { dialectFixtures } from "./dialect-fixtures.js"
import { programs, tools as benchTools } from "../../scripts/bench/frontend.js"

/**
 * The inputs of the frontend's "same output with and without a shortcut" sweeps (rule gates, the detection walk's
 * facts): every dialect fixture, every bench program, and the sweep's own aimed programs under each hint, with and
 * without a tool tree.
 */
export type SweepCase = readonly [name: string, input: unknown, options: NormalizeOptions]

export const sweepCases = (
  aimed: ReadonlyArray<string>,
  tools: NormalizeOptions["tools"],
  hints: ReadonlyArray<NormalizeOptions["hint"]>,
): SweepCase[] => {
  const out: SweepCase[] = []
  for (const { name, input, options } of dialectFixtures()) out.push([name, input, options])
  for (const [name, input] of Object.entries(programs)) out.push([`bench ${name}`, input, { tools: benchTools }])
  for (const [i, code] of aimed.entries())
    for (const hint of hints) {
      out.push([`aimed ${i} ${hint}`, { code }, { tools, hint }])
      out.push([`aimed ${i} ${hint} (no tools)`, { code }, { tools: [], hint }])
    }
  return out
}

/** What a sweep compares: code, receipt (without its input), diagnostics, compile globals and every node location. */
export const sweepView = (n: Normalized) => ({
  ...n,
  program: undefined,
  receipt: { ...n.receipt, input: undefined },
  compile: Object.keys(n.compile.globals ?? {}),
  locations: JSON.stringify(n.program, (key, value) => (key === "original" ? undefined : value)),
})
