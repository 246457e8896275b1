import "./setup.js"
import { Effect } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode } from "../../src/index.js"
import { boundOutput, truncateUtf8 } from "../../src/runtime/truncate.js"
import { toData } from "../../src/runtime/data.js"

const bytes = (s: string) => Buffer.byteLength(s, "utf8")

describe("maxOutputBytes (@opencode-ai/codemode 1.18 'Execution Limits')", () => {
  it.effect("an oversized value becomes its truncated serialized text plus a marker; truncated: true", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        limits: { maxOutputBytes: 10 },
        code: `return "abcdefghijklmnopqrstuvwxyz"`,
      })
      expect(result).toEqual({
        ok: true,
        value: `"abcdefghi [result truncated: 28 bytes exceeds the 10-byte output limit; return a smaller value]`,
        truncated: true,
        toolCalls: [],
      })
    }),
  )

  it.effect("logs are kept from the start until the budget is spent, then one marker line", () =>
    Effect.gen(function* () {
      const result = yield* CodeMode.execute({
        limits: { maxOutputBytes: 12 },
        code: `console.log("aaa"); console.log("bbb"); console.log("ccc"); console.log("ddd"); return 1`,
      })
      // value "1" costs 1 byte; each line costs its bytes + 1: "aaa","bbb" fit in 11, "ccc" does not.
      expect(result).toEqual({
        ok: true,
        value: 1,
        logs: ["aaa", "bbb", "[logs truncated: showing 2 of 4 lines]"],
        truncated: true,
        toolCalls: [],
      })
    }),
  )

  it.effect("a failure's logs are bounded too and it stays a failure; within budget nothing changes", () =>
    Effect.gen(function* () {
      const failed = yield* CodeMode.execute({
        limits: { maxOutputBytes: 0 },
        code: `console.log("x"); throw new Error("no")`,
      })
      expect(failed).toMatchObject({ ok: false, logs: ["[logs truncated: showing 0 of 1 lines]"], truncated: true })
      const fine = yield* CodeMode.execute({ limits: { maxOutputBytes: 100 }, code: `console.log("x"); return [1]` })
      expect(fine).toEqual({ ok: true, value: [1], logs: ["x"], toolCalls: [] })
    }),
  )

  it("never splits a code point and never exceeds the byte budget", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.nat(64), (text, max) => {
        const cut = truncateUtf8(text, max)
        expect(text.startsWith(cut)).toBe(true)
        expect(bytes(cut)).toBeLessThanOrEqual(max)
        // Maximal: adding the next code point would overflow.
        const next = String.fromCodePoint(text.codePointAt(cut.length) ?? 0)
        if (cut.length < text.length) expect(bytes(cut + next)).toBeGreaterThan(max)
      }),
    )
  })

  it("bounded results: the value part never exceeds the budget and logs stay a prefix", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.array(fc.string()), fc.nat(200), (value, logs, max) => {
        const result = boundOutput({ ok: true, value: value as never, logs, toolCalls: [] }, max)
        if (!result.ok) throw new Error("a success stays a success")
        const kept = result.logs ?? []
        const marker = kept.length > 0 && kept[kept.length - 1]!.startsWith("[logs truncated")
        const prefix = marker ? kept.slice(0, -1) : kept
        expect(logs.slice(0, prefix.length)).toEqual(prefix)
        if (result.truncated !== true) expect(result.value).toEqual(value)
      }),
    )
  })
})

describe("result values are JSON data", () => {
  it("toData in result mode equals a JSON round trip where undefined would become null", () => {
    fc.assert(
      fc.property(
        fc.anything({ withNullPrototype: false, withObjectString: false, withBoxedValues: false }),
        (value) => {
          let expected: unknown
          try {
            expected = JSON.parse(JSON.stringify(value, (_k, v) => (v === undefined ? null : v)) ?? "null")
          } catch {
            return // bigint or other non-JSON values: toData rejects them, covered elsewhere
          }
          let actual: unknown
          try {
            actual = toData(value, true)
          } catch {
            return // class instances, symbols, functions: rejected, not data
          }
          expect(actual).toEqual(expected)
        },
      ),
    )
  })
})
