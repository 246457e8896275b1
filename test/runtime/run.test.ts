import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode } from "../../src/index.js"
import { lowerLimits, resolveLimits } from "../../src/runtime/limits.js"
import { lookupOrder } from "./fixtures.js"

describe("runtime.run(input): raw model input through the frontend", () => {
  const runtime = CodeMode.make({ tools: { orders: { lookup: lookupOrder } } })

  it.effect("an envelope object runs like execute and carries a receipt", () =>
    Effect.gen(function* () {
      const code = `return (await tools.orders.lookup({ id: "a" })).status`
      const ran = yield* runtime.run({ code })
      const executed = yield* runtime.execute(code)
      const { receipt, ...result } = ran
      expect(result).toEqual(executed)
      expect(receipt.version).toBe(1)
    }),
  )

  it.effect("a fenced program in prose is unwrapped, then run", () =>
    Effect.gen(function* () {
      const ran = yield* runtime.run('Here you go:\n```js\nreturn await tools.orders.lookup({ id: "b" })\n```\n')
      expect(ran).toMatchObject({
        ok: true,
        value: { id: "b", status: "open" },
        toolCalls: [{ name: "orders.lookup" }],
      })
      expect(ran.receipt.stages.length).toBeGreaterThan(0)
    }),
  )

  it.effect("a dynamic path spelled the Pi way resolves at run time, like a static one (corpus pi-*-discovery)", () =>
    Effect.gen(function* () {
      // searchTools/ALL_TOOLS hand out flat identifiers; the program indexes `tools` with one computed at run time.
      const ran = yield* runtime.run({
        code: `const name = ["orders", "lookup"].join("_")\nreturn (await tools[name]({ id: "d" })).status`,
      })
      expect(ran).toMatchObject({ ok: true, value: "open", toolCalls: [{ name: "orders.lookup" }] })
      // Strict execute keeps the 1.18 exact paths: the same program is an unknown tool there.
      const strict = yield* runtime.execute(`return (await tools[["orders", "lookup"].join("_")]({ id: "d" })).status`)
      expect(strict).toMatchObject({ ok: false, error: { kind: "UnknownTool" } })
      // A name that resolves to nothing is still an unknown tool.
      const unknown = yield* runtime.run({ code: `const n = "nope_tool"\nreturn await tools[n]({})` })
      expect(unknown).toMatchObject({ ok: false, error: { kind: "UnknownTool" } })
    }),
  )

  it.effect("lastOutput is the value of the last one-argument output call (docs/corpus-format.md#the-answer)", () =>
    Effect.gen(function* () {
      const logged = yield* runtime.run({ code: `console.log("first"); console.log({ ids: [1, 2] })` })
      expect(logged).toMatchObject({ ok: true, value: null, lastOutput: { ids: [1, 2] } })
      // Pi's text() is an output call too; its value is kept as data, not as its printed form.
      const texted = yield* runtime.run({ code: `text([3, 4])` })
      expect(texted).toMatchObject({ ok: true, lastOutput: [3, 4] })
      // A last output call with two arguments has no single answer value.
      const two = yield* runtime.run({ code: `console.log(1); console.log("a", "b")` })
      expect(two).not.toHaveProperty("lastOutput")
      const none = yield* runtime.run({ code: `return 1` })
      expect(none).not.toHaveProperty("lastOutput")
    }),
  )

  it.effect("input without a program is a Failure with a receipt, never a crash", () =>
    Effect.gen(function* () {
      for (const input of [42, null, {}, "", { code: "return (" }]) {
        const ran = yield* runtime.run(input)
        expect(ran.ok).toBe(false)
        expect(ran.receipt).toBeDefined()
      }
    }),
  )
})

describe("limit overrides from the frontend only lower the host's limits", () => {
  const host = resolveLimits({ timeoutMs: 1000, maxToolCalls: 3 })
  it("lower, never raise, never remove", () => {
    expect(lowerLimits(host, { timeoutMs: 50 })).toEqual({
      timeoutMs: 50,
      maxToolCalls: 3,
      maxOutputBytes: undefined,
      maxRepeats: 1000,
    })
    expect(lowerLimits(host, { timeoutMs: 5000, maxOutputBytes: 10 })).toEqual({
      timeoutMs: 1000,
      maxToolCalls: 3,
      maxOutputBytes: 10,
      maxRepeats: 1000,
    })
    expect(lowerLimits(host, {})).toEqual(host)
    expect(() => lowerLimits(host, { timeoutMs: 0 })).toThrow(RangeError)
  })
})

describe("runtime.instructions({ dialect })", () => {
  const runtime = CodeMode.make({ tools: { orders: { lookup: lookupOrder } } })
  it("without a dialect, or for one without its own rendering, is the canonical guide", () => {
    expect(runtime.instructions({})).toBe(runtime.instructions())
    expect(runtime.instructions({ dialect: "no-such-dialect" })).toBe(runtime.instructions())
  })
  it("a dialect with a renderer gets its own text naming the tools", () => {
    const text = runtime.instructions({ dialect: "codex" })
    expect(text).not.toBe(runtime.instructions())
    expect(text).toContain("lookup")
  })
})
