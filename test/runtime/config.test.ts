import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"
import { echo } from "./fixtures.js"

describe("limits validation (@opencode-ai/codemode 1.18 'Execution Limits')", () => {
  const bad: Array<[string, Record<string, unknown>]> = [
    ["timeoutMs 0", { timeoutMs: 0 }],
    ["negative maxToolCalls", { maxToolCalls: -1 }],
    ["fractional maxOutputBytes", { maxOutputBytes: 1.5 }],
    ["unsafe integer", { timeoutMs: 2 ** 53 }],
    ["NaN", { maxToolCalls: NaN }],
    ["Infinity", { maxOutputBytes: Infinity }],
    ["a string", { timeoutMs: "100" }],
  ]
  for (const [label, limits] of bad) {
    it(`${label} throws RangeError at make and at execute`, () => {
      expect(() => CodeMode.make({ limits: limits as never })).toThrow(RangeError)
      expect(() => CodeMode.execute({ code: "return 1", limits: limits as never })).toThrow(RangeError)
    })
  }

  it("accepts zero where allowed, 1 for timeoutMs, and explicit undefined as unset", () => {
    expect(() => CodeMode.make({ limits: { timeoutMs: 1, maxToolCalls: 0, maxOutputBytes: 0 } })).not.toThrow()
    expect(() =>
      CodeMode.make({ limits: { timeoutMs: undefined, maxToolCalls: undefined, maxOutputBytes: undefined } }),
    ).not.toThrow()
  })

  it("discovery.catalogBudget must be a non-negative safe integer", () => {
    expect(() => CodeMode.make({ discovery: { catalogBudget: -1 } })).toThrow(RangeError)
    expect(() => CodeMode.make({ discovery: { catalogBudget: 0 } })).not.toThrow()
  })
})

describe("tool tree validation", () => {
  it("rejects a host-defined $codemode namespace", () => {
    expect(() => CodeMode.make({ tools: { $codemode: { search: echo } } })).toThrow(
      /\$codemode.*reserved for CodeMode discovery tools/,
    )
    expect(() => CodeMode.execute({ code: "1", tools: { $codemode: { x: echo } } })).toThrow(TypeError)
  })

  it("rejects non-tool leaves with the path in the message", () => {
    expect(() => CodeMode.make({ tools: { ns: { bad: 42 } } as never })).toThrow(/tools\.ns\.bad must be a Tool\.make/)
    expect(() => CodeMode.make({ tools: { ns: { bad: () => 1 } } as never })).toThrow(TypeError)
    expect(() => CodeMode.make({ tools: { ns: [echo] } as never })).toThrow(/array/)
    expect(() => CodeMode.make({ tools: { ns: null } as never })).toThrow(/null/)
  })

  it("rejects a namespace whose prototype is not plain (object literal __proto__), even a tool as prototype", () => {
    expect(() => CodeMode.make({ tools: { ns: { __proto__: { echo } } } as never })).toThrow(TypeError)
    // The literal key sets the prototype; an inherited `_tag` must not make the namespace pass for a tool.
    expect(() => CodeMode.make({ tools: { ns: { __proto__: echo, real: echo } } as never })).toThrow(
      /tools\.ns must be a Tool\.make definition or a namespace object/,
    )
  })

  it("splits dotted keys into namespaces", () => {
    const runtime = CodeMode.make({ tools: { "a.b": echo } })
    expect(runtime.describeTools().map((t) => t.segments)).toEqual([["a", "b"]])
    expect(() => CodeMode.make({ tools: { "a..b": echo } })).toThrow(/empty segment/)
  })

  it("rejects circular trees", () => {
    const ns: Record<string, unknown> = { echo }
    ns.self = ns
    expect(() => CodeMode.make({ tools: { ns } as never })).toThrow(/circular/)
  })

  it("snapshots the tree at make: later host mutation does not change the runtime", () =>
    Effect.runPromise(
      Effect.gen(function* () {
        const tools: Record<string, unknown> = { echo }
        const runtime = CodeMode.make({ tools: tools as { echo: typeof echo } })
        tools.extra = Tool.make({ description: "late", input: {}, run: () => Effect.succeed(1) })
        const result = yield* runtime.execute("return await tools.extra({})")
        expect(result).toMatchObject({ ok: false, error: { kind: "UnknownTool" } })
      }),
    ))
})
