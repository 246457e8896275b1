import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

/** A tool that counts its own runs: what actually happened, to compare the program's view and the Result with. */
const counted = () => {
  const ran = { count: 0 }
  const tool = Tool.make({
    description: "Counts its runs",
    input: { type: "object" },
    run: (input: unknown) => Effect.sync(() => (ran.count++, input)),
  })
  return { ran, tool }
}

/** Calls `tools.<path>(input)` `n` times, catching failures; returns how many succeeded and the first failure text. */
const loop = (path: string, n: number, input = "{ i }") => `
let ok = 0, failed = 0, first = null
for (let i = 0; i < ${n}; i++) {
  try { await tools.${path}(${input}); ok++ } catch (e) { failed++; first ??= e.message }
}
return { ok, failed, first }`

describe("limits.perTool", () => {
  for (const [quota, attempts] of [
    [0, 3],
    [1, 1],
    [5, 4],
    [5, 5],
    [5, 12],
  ] as const)
    it.effect(`a quota of ${quota} over ${attempts} calls: the tool runs min(quota, attempts) times`, () =>
      Effect.gen(function* () {
        const { ran, tool } = counted()
        const result = yield* CodeMode.execute({
          tools: { fs: { write_file: tool } },
          limits: { perTool: { "fs.write_file": quota } },
          code: loop("fs.write_file", attempts),
        })
        expect(ran.count).toBe(Math.min(quota, attempts))
        expect(result.ok).toBe(true)
        if (!result.ok) return
        const value = result.value as { ok: number; failed: number; first: string | null }
        expect(value.ok).toBe(ran.count)
        expect(value.failed).toBe(attempts - ran.count)
        expect(value.first).toBe(
          attempts > quota
            ? `Tool 'fs.write_file' reached its quota of ${quota} calls in this run (limits.perTool["fs.write_file"]).`
            : null,
        )
        // Refused calls never ran and are not listed; admitted ones are.
        expect(result.toolCalls).toHaveLength(ran.count)
      }),
    )

  it.effect('"*" is a quota for each tool not named; a named quota replaces it', () =>
    Effect.gen(function* () {
      const a = counted()
      const b = counted()
      const c = counted()
      const result = yield* CodeMode.execute({
        tools: { a: a.tool, b: b.tool, c: c.tool },
        limits: { perTool: { c: 1, "*": 3 } },
        code: `${["a", "b", "c"].map((t) => `for (let i = 0; i < 10; i++) try { await tools.${t}({ i }) } catch {}`).join("\n")}
return 1`,
      })
      expect(result.ok).toBe(true)
      expect([a.ran.count, b.ran.count, c.ran.count]).toEqual([3, 3, 1])
    }),
  )

  it.effect("uncaught, the call past the quota fails the run with ToolCallLimitExceeded", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      const result = yield* CodeMode.execute({
        tools: { t: tool },
        limits: { perTool: { t: 2 } },
        code: `for (let i = 0; i < 5; i++) await tools.t({ i })`,
      })
      expect(ran.count).toBe(2)
      expect(result).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
    }),
  )

  it.effect("calls the approve hook denies count toward the quota", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      let asked = 0
      const result = yield* CodeMode.execute({
        tools: { t: tool },
        limits: { perTool: { t: 4 } },
        approve: () => Effect.succeed(asked++ % 2 === 0 ? { allow: false, reason: "no" } : { allow: true }),
        code: loop("t", 10),
      })
      // Four calls admitted: two denied, two ran; the other six refused by the quota before approval.
      expect(asked).toBe(4)
      expect(ran.count).toBe(2)
      expect(result).toMatchObject({ ok: true, value: { ok: 2, failed: 8 } })
    }),
  )

  it.effect("per session: the runs of one session share each quota; other sessions and direct runs do not", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      const runtime = CodeMode.make({ tools: { t: tool }, limits: { perTool: { t: 5 } } })
      const session = runtime.session()
      const okCounts: Array<number> = []
      for (let i = 0; i < 3; i++) {
        const result = yield* session.execute(loop("t", 3))
        okCounts.push((result as unknown as { value: { ok: number } }).value.ok)
      }
      // 3 + 2 + 0: the session's quota of 5 is spent across its runs, and its second run is told so.
      expect(okCounts).toEqual([3, 2, 0])
      const second = yield* session.execute(loop("t", 1))
      expect(second).toMatchObject({
        ok: true,
        value: { first: `Tool 't' reached its quota of 5 calls in this session (limits.perTool["t"]).` },
      })
      const other = yield* runtime.session().execute(loop("t", 3))
      const direct = yield* runtime.execute(loop("t", 3))
      expect([other, direct]).toMatchObject([{ value: { ok: 3 } }, { value: { ok: 3 } }])
      expect(ran.count).toBe(5 + 3 + 3)
      yield* Effect.promise(() => session.close())
    }),
  )

  it("rejects a quota that is not a non-negative integer", () => {
    expect(() => CodeMode.make({ limits: { perTool: { t: -1 } } })).toThrow(RangeError)
    expect(() => CodeMode.make({ limits: { perTool: { t: 1.5 } } })).toThrow(RangeError)
    expect(() => CodeMode.make({ limits: { perTool: [] as never } })).toThrow(RangeError)
  })
})

describe("limits.maxRepeats (the repeat guard)", () => {
  it.effect("a 10,000-iteration loop of identical calls stops at the limit, even when it catches", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      const result = yield* CodeMode.execute({
        tools: { api: { status: tool } },
        limits: { maxRepeats: 25 },
        code: loop("api.status", 10_000, `{ id: "job-1" }`),
      })
      // The 25th identical call is refused and stops the run: 24 ran.
      expect(ran.count).toBe(24)
      expect(result).toMatchObject({
        ok: false,
        error: {
          kind: "ToolCallLimitExceeded",
          message:
            "Execution stopped: tool 'api.status' was called 25 times with the same input (limits.maxRepeats is 25); " +
            'input: {"id":"job-1"}',
        },
      })
      expect(result.toolCalls).toHaveLength(24)
    }),
  )

  it.effect("the default stops the 10,000-iteration loop at 1,000 identical calls", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      const result = yield* CodeMode.execute({ tools: { t: tool }, code: loop("t", 10_000, "{}") })
      expect(ran.count).toBe(999)
      expect(result).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
      if (!result.ok) expect(result.error.message).toContain("was called 1000 times with the same input")
    }),
  )

  it.effect("identical means the same tool and the same JSON: other inputs and other tools do not count", () =>
    Effect.gen(function* () {
      const a = counted()
      const b = counted()
      const result = yield* CodeMode.execute({
        tools: { a: a.tool, b: b.tool },
        limits: { maxRepeats: 3 },
        code: `for (let i = 0; i < 2; i++) { await tools.a({ x: 1, y: [i % 1] }); await tools.b({ x: 1, y: [0] }) }
for (let i = 0; i < 50; i++) await tools.a({ x: i })
await tools.a({ x: 1, y: [0] })
return "done"`,
      })
      expect(result).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
      if (!result.ok) expect(result.error.message).toContain(`tool 'a' was called 3 times`)
      expect(a.ran.count).toBe(2 + 50)
      expect(b.ran.count).toBe(2)
    }),
  )

  it.effect("exactly maxRepeats calls: varied inputs pass, identical ones stop at the last", () =>
    Effect.gen(function* () {
      const varied = counted()
      const ok = yield* CodeMode.execute({
        tools: { t: varied.tool },
        limits: { maxRepeats: 5 },
        code: `for (let i = 0; i < 4; i++) await tools.t({}); await tools.t({ other: 1 }); await tools.t({ other: 1 }); return 1`,
      })
      expect(ok).toMatchObject({ ok: true })
      expect(varied.ran.count).toBe(6)
      const same = counted()
      const stopped = yield* CodeMode.execute({
        tools: { t: same.tool },
        limits: { maxRepeats: 5 },
        code: `for (let i = 0; i < 4; i++) await tools.t({ other: 1 }); await tools.t({}); await tools.t({ other: 1 }); return 1`,
      })
      expect(stopped).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
      expect(same.ran.count).toBe(5)
    }),
  )

  it.effect("calls refused for invalid input or by a quota count, so catching them does not escape the guard", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      const result = yield* CodeMode.execute({
        tools: { t: tool },
        limits: { maxRepeats: 10, perTool: { t: 2 } },
        code: loop("t", 1000, "{}"),
      })
      expect(ran.count).toBe(2)
      expect(result).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
      if (!result.ok) expect(result.error.message).toContain("was called 10 times")
    }),
  )

  it.effect("a program that never awaits the refused call still ends with the guard's failure", () =>
    Effect.gen(function* () {
      const { tool } = counted()
      const result = yield* CodeMode.execute({
        tools: { t: tool },
        limits: { maxRepeats: 3 },
        code: `for (let i = 0; i < 5; i++) tools.t({}).catch(() => {}); return "finished"`,
      })
      expect(result).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
    }),
  )

  it.effect("maxRepeats: false turns the guard off", () =>
    Effect.gen(function* () {
      const { ran, tool } = counted()
      const result = yield* CodeMode.execute({
        tools: { t: tool },
        limits: { maxRepeats: false },
        code: loop("t", 300, "{}"),
      })
      expect(ran.count).toBe(300)
      expect(result).toMatchObject({ ok: true, value: { ok: 300 } })
    }),
  )
})

describe("quotas in a sandbox", () => {
  for (const isolation of ["worker", "process"] as const)
    it.effect(`isolation ${isolation}: the quota and the repeat guard hold (the calls are counted in the host)`, () =>
      Effect.gen(function* () {
        const a = counted()
        const b = counted()
        const result = yield* CodeMode.execute({
          tools: { a: a.tool, b: b.tool },
          isolation,
          limits: { perTool: { a: 3 }, maxRepeats: 20 },
          code: `${loop("a", 10).replace(/return .*$/, "")}
for (let i = 0; i < 1000; i++) try { await tools.b({}) } catch {}
return "unreachable"`,
        })
        expect([a.ran.count, b.ran.count]).toEqual([3, 19])
        expect(result).toMatchObject({ ok: false, error: { kind: "ToolCallLimitExceeded" } })
      }),
    )
})
