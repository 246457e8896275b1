/**
 * Replays every counterexample `npm run fuzz` saved (test/fuzz/regressions/*.json) through the property it broke:
 * each must hold now. A case names its property, so differential, determinism, termination and parser findings
 * are replayed as well as confinement ones.
 */
import { describe, expect, it } from "vitest"
import { PROPERTIES } from "./properties.js"
import { load } from "./runner.js"

const cases = load()

describe("fuzz regressions", () => {
  it("every saved case names a known property", () => {
    for (const { file, regression } of cases) expect(Object.keys(PROPERTIES), file).toContain(regression.property)
  })
  it.each(cases.map((c) => [c.file, c.regression] as const))("%s", async (_file, r) => {
    expect(await PROPERTIES[r.property]!.check(r.program)).toBeUndefined()
  })
})
