import { describe, expect, it } from "vitest"
import { measureSteps, modelBytesTable } from "../../scripts/bench/model-bytes.js"

// docs/model-output.md: a successful step returns the value, the logs and at most 40 bytes of notes.
describe("model-facing bytes on the corpus", () => {
  it("every successful step costs at most its value, its logs and 40 bytes", async () => {
    const steps = await measureSteps("corpus")
    const ok = steps.filter((s) => s.ok)
    expect(ok.length).toBeGreaterThan(300)
    const over = ok.filter((s) => s.compact > s.payload + 40).map((s) => `${s.id}: ${s.compact} > ${s.payload} + 40`)
    expect(over).toEqual([])
    // And the compact form is never larger than the whole Result it replaces.
    expect(steps.filter((s) => s.compact > s.full).map((s) => s.id)).toEqual([])
    console.log(modelBytesTable(steps))
  }, 120_000)
})
