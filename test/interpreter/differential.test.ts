import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"
import { programs } from "./programs.js"

/** Ours vs V8 (node:vm) on the same pure program: same JSON result, or both fail (docs/design.md#canonical-programs). */
describe("differential: interpreter vs node:vm", () => {
  it("has at least 150 programs", () => {
    expect(programs.length).toBeGreaterThanOrEqual(150)
  })
  it.each(programs.map((p, i) => [i, p] as const))("program %i: %s", async (_i, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})
