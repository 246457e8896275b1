/**
 * `limits.maxMemoryBytes` (issue "Security and reliability" item 3): validated like the 1.18 limits, unset by
 * default, and lowerable per run like `timeoutMs`, never raised.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { lowerLimits, resolveLimits } from "../../src/runtime/limits.js"
import { executeParsed } from "../../src/runtime/make.js"
import { parseJavaScript } from "../../src/syntax/parse.js"

const RETAIN = `const keep = []; for (let i = 0; i < 20000; i++) keep.push("item" + i); return keep.length`

describe("maxMemoryBytes validation", () => {
  const bad: Array<[string, unknown]> = [
    ["0", 0],
    ["negative", -1],
    ["fractional", 1.5],
    ["unsafe integer", 2 ** 53],
    ["NaN", NaN],
    ["Infinity", Infinity],
    ["a string", "1000000"],
  ]
  for (const [label, value] of bad)
    it(`${label} throws a RangeError naming the limit at make and at execute`, () => {
      const limits = { maxMemoryBytes: value } as never
      expect(() => CodeMode.make({ limits })).toThrow(
        /maxMemoryBytes must be a safe integer greater than or equal to 1/,
      )
      expect(() => CodeMode.execute({ code: "return 1", limits })).toThrow(RangeError)
    })

  it("accepts 1, large safe integers and explicit undefined (unset)", () => {
    expect(() => CodeMode.make({ limits: { maxMemoryBytes: 1 } })).not.toThrow()
    expect(() => CodeMode.make({ limits: { maxMemoryBytes: Number.MAX_SAFE_INTEGER } })).not.toThrow()
    expect(resolveLimits({ maxMemoryBytes: undefined }).maxMemoryBytes).toBeUndefined()
    expect(resolveLimits(undefined).maxMemoryBytes).toBeUndefined()
  })

  it("the message for a non-object lists every limit", () => {
    expect(() => resolveLimits(5 as never)).toThrow(/maxMemoryBytes/)
  })
})

describe("maxMemoryBytes per run", () => {
  it("unset: the 1.18 contract's behaviour, a retaining program runs", async () => {
    const r = await Effect.runPromise(CodeMode.make({}).execute(RETAIN))
    expect(r).toMatchObject({ ok: true, value: 20000 })
  })

  it("an override lowers the host's budget and never raises it", () => {
    const base = resolveLimits({ maxMemoryBytes: 1000 })
    expect(lowerLimits(base, { maxMemoryBytes: 10 }).maxMemoryBytes).toBe(10)
    expect(lowerLimits(base, { maxMemoryBytes: 10_000 }).maxMemoryBytes).toBe(1000)
    expect(lowerLimits(resolveLimits({}), { maxMemoryBytes: 10 }).maxMemoryBytes).toBe(10)
    expect(lowerLimits(base, {}).maxMemoryBytes).toBe(1000)
    expect(() => lowerLimits(base, { maxMemoryBytes: 0 })).toThrow(RangeError)
  })

  it("executeParsed applies a lowered budget to one run only", async () => {
    const runtime = CodeMode.make({ limits: { maxMemoryBytes: 64 * 1024 * 1024 } })
    const program = parseJavaScript(RETAIN)
    const lowered = await Effect.runPromise(
      executeParsed(runtime, program, RETAIN, undefined, { maxMemoryBytes: 1000 }),
    )
    expect(lowered).toMatchObject({ ok: false, error: { kind: "ExecutionFailure" } })
    const host = await Effect.runPromise(executeParsed(runtime, program, RETAIN))
    expect(host).toMatchObject({ ok: true, value: 20000 })
  })
})
