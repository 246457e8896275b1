import { describe, expect, it } from "vitest"
import { failure, fakeHost, value } from "./harness.js"

/**
 * The Set composition methods over the set-like protocol (ES2025 §24.2.1.2, §24.2.4). Node 20, the differential
 * oracle, predates them, so each expectation is worked out from the specification: `size`, `has`, `keys` read once
 * in that order, and the size comparison choosing between calling `has` for each own element and iterating `keys`.
 */

/** A set-like over `items` that logs what the method reads and calls. */
const setLike = `
const log = []
const like = (items, size = items.length) => ({
  get size() { log.push('size'); return size },
  get has() { log.push('get has'); return (x) => (log.push('has ' + x), items.includes(x)) },
  get keys() {
    log.push('get keys')
    return () => { let i = 0; return { next() { log.push('next'); return i < items.length ? { value: items[i++], done: false } : { done: true } }, return() { log.push('return'); return {} } } }
  },
})
`

describe("Set methods with set-like arguments", () => {
  it("any object with size/has/keys is accepted; the protocol is read once, in order", async () => {
    expect(
      await value(`${setLike}
        const u = [...new Set([1, 2]).union(like([2, 3]))]
        return [u, log]`),
    ).toEqual([
      [1, 2, 3],
      ["size", "get has", "get keys", "next", "next", "next"],
    ])
  })

  it("intersection calls `has` when this set is not larger, and iterates `keys` otherwise", async () => {
    expect(
      await value(`${setLike}
        const a = [...new Set([1, 2]).intersection(like([2, 3, 4]))]
        const l1 = log.slice(3); log.length = 0
        const b = [...new Set([1, 2, 3, 4]).intersection(like([4, 1]))]
        return [a, l1, b, log.slice(3)]`),
    ).toEqual([[2], ["has 1", "has 2"], [4, 1], ["next", "next", "next"]])
  })

  it("isSupersetOf stops at the first missing key and closes the keys iterator", async () => {
    expect(
      await value(`${setLike}
        const r = new Set([1, 2, 3]).isSupersetOf(like([1, 9, 2]))
        return [r, log.slice(3)]`),
    ).toEqual([false, ["next", "next", "return"]])
  })

  it("isSubsetOf answers false from the sizes alone, without calling has", async () => {
    expect(
      await value(`${setLike}
        return [new Set([1, 2, 3]).isSubsetOf(like([1, 2])), log.slice(), new Set([1]).isSubsetOf(like([1, 2]))]`),
    ).toEqual([false, ["size", "get has", "get keys"], true])
  })

  it("difference, symmetricDifference and isDisjointFrom; -0 from keys becomes +0", async () => {
    expect(
      await value(`${setLike}
        const zero = like([-0, 5])
        return [
          [...new Set([0, 1, 5]).difference(like([5]))],
          [...new Set([1, 2]).symmetricDifference(like([2, 3]))],
          new Set([1, 2, 3]).isDisjointFrom(like([4, 5])),
          new Set([1, 2, 3]).isDisjointFrom(like([3])),
          Object.is([...new Set([7]).union(zero)][1], 0),
        ]`),
    ).toEqual([[0, 1], [1, 3], true, false, true])
  })

  it("a Set or a Map is set-like (a Map by its keys); arrays and bad sizes are refused with the right error", async () => {
    expect(
      await value(`
        const out = [[...new Set([1]).union(new Map([[2, 'x']]))], new Set([1, 2]).isSubsetOf(new Set([2, 1, 0]))]
        for (const bad of [[2], { size: NaN, has() {}, keys() {} }, { size: -1, has() {}, keys() {} }, { size: 1, has: 1, keys() {} }, { size: 1, has() {} }])
          try { new Set([1]).union(bad); out.push('no error') } catch (e) { out.push(e.name) }
        return out`),
    ).toEqual([[1, 2], true, "TypeError", "TypeError", "RangeError", "TypeError", "TypeError"])
  })

  it("an endless keys iterator is stopped by the run's deadline", async () => {
    const d = await failure(
      "const endless = { size: 1, has: () => true, keys: () => ({ next: () => ({ value: 1, done: false }) }) }\nreturn new Set([1]).union(endless).size",
      fakeHost({ deadline: Date.now() + 200 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })
})
