import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

/** A tool that sleeps `ms` then echoes; counts interruptions its Effect observes. */
const sleeper = (ms: number, seen: { interrupted: number }) =>
  Tool.make({
    description: "Sleeps then echoes",
    input: { type: "object" },
    run: (input: unknown) =>
      Effect.sleep(ms).pipe(
        Effect.as(input),
        Effect.onInterrupt(() => Effect.sync(() => seen.interrupted++)),
      ),
  })

describe("Promise.race (@opencode-ai/codemode 1.18: interrupts its losing in-flight calls)", () => {
  it.effect("the slow loser is interrupted, emits no end event, and the fast value wins", () =>
    Effect.gen(function* () {
      const fastSeen = { interrupted: 0 }
      const slowSeen = { interrupted: 0 }
      const ended: Array<string> = []
      const result = yield* CodeMode.execute({
        tools: { fast: sleeper(1, fastSeen), slow: sleeper(2_000, slowSeen) },
        code: `const r = await Promise.race([tools.slow({ v: "slow" }), tools.fast({ v: "fast" })]); return r.v`,
        onToolCallEnd: (call) => Effect.sync(() => ended.push(call.name)),
      })
      expect(result).toEqual({ ok: true, value: "fast", toolCalls: [{ name: "slow" }, { name: "fast" }] })
      expect(slowSeen.interrupted).toBe(1)
      expect(fastSeen.interrupted).toBe(0)
      expect(ended).toEqual(["fast"])
    }),
  )

  it.effect("awaiting an interrupted loser later throws a catchable error instead of hanging", () =>
    Effect.gen(function* () {
      const seen = { interrupted: 0 }
      const result = yield* CodeMode.execute({
        tools: { fast: sleeper(1, { interrupted: 0 }), slow: sleeper(2_000, seen) },
        code: `const s = tools.slow({}); await Promise.race([s, tools.fast({})]);
          try { await s; return "settled" } catch (e) { return e.message }`,
      })
      expect(result).toMatchObject({
        ok: true,
        value: "This tool call was interrupted because another value settled a Promise.race first.",
      })
      expect(seen.interrupted).toBe(1)
    }),
  )

  it.effect("plain values and settled calls in a race are left alone", () =>
    Effect.gen(function* () {
      const seen = { interrupted: 0 }
      const result = yield* CodeMode.execute({
        tools: { fast: sleeper(1, seen) },
        code: `const a = tools.fast({ v: 1 }); await a; const r = await Promise.race([a, 2]); return [r.v, (await a).v]`,
      })
      expect(result).toMatchObject({ ok: true, value: [1, 1] })
      expect(seen.interrupted).toBe(0)
    }),
  )
})
