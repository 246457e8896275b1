/**
 * Reliability (issue item 5): concurrent executions share no state; sequential executions keep retained heap small
 * and leave no timers or handles; random parser inputs never crash the frontend or the interpreter. Counts scale
 * with FUZZ_SCALE (`npm run fuzz`: 10,000 sequential, 100,000 parser inputs).
 */
import { Effect, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CodeMode, Frontend } from "../../src/index.js"
import { runs } from "./config.js"
import { tools } from "../security/harness.js"

const runtime = CodeMode.make({ tools, limits: { timeoutMs: 1_000 } })
const exec = (code: string) => Effect.runPromise(runtime.execute(code))
const isResult = Schema.is(CodeMode.Result)

describe("reliability", () => {
  it("100 concurrent executions share no state", async () => {
    const code = (i: number) =>
      `let acc = []; for (let k = 0; k < 50; k++) { acc.push(${i}); if (k % 10 === 0) await tools.echo({ i: ${i} }) } const o = {}; o.mark = ${i}; return [acc.every((x) => x === ${i}), acc.length, o.mark, typeof globalThis.mark]`
    const results = await Promise.all(Array.from({ length: 100 }, (_, i) => exec(code(i))))
    results.forEach((r, i) => expect(r).toMatchObject({ ok: true, value: [true, 50, i, "undefined"] }))
  })

  it(`${runs(1_000)} sequential executions: small retained heap, no leftover handles`, async () => {
    const handles = () => process.getActiveResourcesInfo().filter((h) => h !== "TTYWrap").length
    const h0 = handles()
    const gc = (globalThis as { gc?: () => void }).gc
    const warm = async (n: number) => {
      for (let i = 0; i < n; i++)
        await exec(`const xs = [1, 2, 3].map((x) => x * ${i}); await tools.echo({ xs }); return xs`)
    }
    await warm(50)
    gc?.()
    const before = process.memoryUsage().heapUsed
    await warm(runs(1_000))
    gc?.()
    const grown = process.memoryUsage().heapUsed - before
    console.log(
      `reliability: ${runs(1_000)} executions, heap growth ${(grown / 1e6).toFixed(1)} MB${gc ? "" : " (no --expose-gc: includes garbage)"}`,
    )
    await new Promise((r) => setTimeout(r, 20))
    expect(handles()).toBeLessThanOrEqual(h0)
    // Generous: without explicit GC the figure includes collectable garbage.
    expect(grown).toBeLessThan(200e6)
  })

  it(`${runs(1_000)} random inputs never crash the frontend or the interpreter`, async () => {
    const text = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.string({
        unit: fc.constantFrom(..."(){}[];.,=+-*/`'\"\\ \nawaitreturnconstlet=>?:!<>&|0123abc"),
        maxLength: 80,
      }),
    )
    await fc.assert(
      fc.asyncProperty(text, async (code) => {
        expect(() => Frontend.normalize(code)).not.toThrow()
        expect(() => Frontend.normalize({ code })).not.toThrow()
        expect(isResult(await exec(code))).toBe(true)
      }),
      { numRuns: runs(1_000) },
    )
  })
})
