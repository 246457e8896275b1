import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { matches } from "../../src/corpus/fixture.js"
import { jsonEqual } from "../../src/corpus/json.js"

/** Reorders every object's keys (a different JSON text of the same value). */
const shuffleKeys = (value: unknown, seed: number): unknown => {
  if (Array.isArray(value)) return value.map((v) => shuffleKeys(v, seed))
  if (value !== null && typeof value === "object") {
    const keys = Object.keys(value)
    const rotated = keys.map((_, i) => keys[(i + seed) % keys.length]!)
    return Object.fromEntries(
      rotated.reverse().map((k) => [k, shuffleKeys((value as Record<string, unknown>)[k], seed)]),
    )
  }
  return value
}

/** The oracle: JSON texts with keys sorted recursively. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_k, v) =>
    v !== null && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  )

const json = fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.parse(JSON.stringify(v)) as unknown)

describe("JSON equality, by property", () => {
  it("ignores key order", () => {
    fc.assert(fc.property(json, fc.nat(5), (v, seed) => jsonEqual(v, shuffleKeys(v, seed))))
  })

  it("agrees with comparing key-sorted JSON texts", () => {
    fc.assert(fc.property(json, json, (a, b) => jsonEqual(a, b) === (canonical(a) === canonical(b))))
  })

  it("a `when` made of some of the input's own entries always matches it", () => {
    const input = fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 5 })
    fc.assert(
      fc.property(input, fc.nat(5), (obj, seed) => {
        const when = Object.fromEntries(Object.entries(obj).filter((_, i) => (i + seed) % 2 === 0))
        expect(matches(shuffleKeys(when, seed) as Record<string, unknown>, obj)).toBe(true)
      }),
    )
  })
})
