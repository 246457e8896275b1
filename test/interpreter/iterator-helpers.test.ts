import { describe, expect, it } from "vitest"
import { failure, fakeHost, value } from "./harness.js"

/**
 * `Iterator` and its helpers (ES2025 §27.1). Node 20, the differential oracle, predates them, so each expectation
 * here is worked out from the specification's steps (the call order of `next`/`return`, what is closed when).
 */

/** A counting iterator class whose `next`/`return` calls are logged. */
const counter = `
const log = []
class Count extends Iterator {
  constructor(n) { super(); this.i = 0; this.n = n }
  next() { log.push('next'); return this.i < this.n ? { value: this.i++, done: false } : { value: undefined, done: true } }
  return() { log.push('return'); return {} }
}
`

describe("Iterator", () => {
  it("is an abstract class: only a subclass constructs, and calling it is a TypeError", async () => {
    expect(
      await value(`
        const out = []
        try { new Iterator() } catch (e) { out.push(e instanceof TypeError) }
        try { Iterator() } catch (e) { out.push(e instanceof TypeError) }
        class A extends Iterator {}
        const a = new A()
        out.push(a instanceof Iterator, Object.getPrototypeOf(A.prototype) === Iterator.prototype)
        out.push(Object.getPrototypeOf(Iterator.prototype) === Object.prototype, typeof Iterator.from)
        return out`),
    ).toEqual([true, true, true, true, true, "function"])
  })

  it("helpers are lazy: nothing is pulled until next(), then one pull per result", async () => {
    expect(
      await value(`${counter}
        const it = new Count(3).map((x) => x * 10)
        const before = log.length
        const first = it.next()
        return [before, first, log]`),
    ).toEqual([0, { value: 0, done: false }, ["next"]])
  })

  it("map / filter / take / drop / flatMap chain over a subclass", async () => {
    expect(
      await value(`${counter}
        return [
          new Count(6).filter((x) => x % 2 === 0).map((x, i) => [x, i]).toArray(),
          new Count(10).drop(2).take(3).toArray(),
          new Count(3).flatMap((x) => [x, 'ab'.slice(x, x + 1)]).toArray(),
        ]`),
    ).toEqual([
      [
        [0, 0],
        [2, 1],
        [4, 2],
      ],
      [2, 3, 4],
      [0, "a", 1, "b", 2, ""],
    ])
  })

  it("take closes the underlying iterator when its limit is reached, and not after exhaustion", async () => {
    expect(
      await value(`${counter}
        const t = new Count(10).take(1)
        const r = [t.next(), t.next(), t.next()]
        const l1 = log.slice()
        log.length = 0
        new Count(1).take(5).toArray()
        return [r.map((x) => x.done), l1, log]`),
    ).toEqual([
      [false, true, true],
      ["next", "return"],
      ["next", "next"],
    ])
  })

  it("a throwing callback closes the underlying iterator and its error wins", async () => {
    expect(
      await value(`${counter}
        let caught
        try { new Count(5).map(() => { throw new RangeError('boom') }).next() } catch (e) { caught = e }
        return [caught.name, caught.message, log]`),
    ).toEqual(["RangeError", "boom", ["next", "return"]])
  })

  it("a non-callable argument closes the receiver before `next` is read", async () => {
    expect(
      await value(`
        const log = []
        const it = { get next() { log.push('get next') }, return() { log.push('return'); return {} } }
        let name
        try { Iterator.prototype.filter.call(it, 42) } catch (e) { name = e.name }
        return [name, log]`),
    ).toEqual(["TypeError", ["return"]])
  })

  it("return() on a helper: before start closes the source; after exhaustion does nothing", async () => {
    expect(
      await value(`${counter}
        const a = new Count(3).map((x) => x)
        const r1 = a.return()
        const l1 = log.slice(); log.length = 0
        const b = new Count(1).map((x) => x)
        b.next(); b.next()
        const r2 = b.return()
        return [r1.done, 'value' in r1 && r1.value === undefined, l1, r2.done, log]`),
    ).toEqual([true, true, ["return"], true, ["next", "next"]])
  })

  it("flatMap's return() closes the inner iterator, then the outer", async () => {
    expect(
      await value(`${counter}
        const inner = { i: 0, next() { return { value: this.i++, done: false } }, return() { log.push('inner return'); return {} }, [Symbol.iterator]() { return this } }
        const f = new Count(5).flatMap(() => inner)
        f.next(); f.next()
        f.return()
        return log`),
    ).toEqual(["next", "inner return", "return"])
  })

  it("a helper re-entered from its own callback is a TypeError (a running generator)", async () => {
    expect(
      await value(`${counter}
        let it
        it = new Count(3).map(() => { try { it.next() } catch (e) { return e.name } })
        return it.next().value`),
    ).toBe("TypeError")
  })

  it("reduce, some, every, find, forEach; the short-circuiting ones close", async () => {
    expect(
      await value(`${counter}
        const seen = []
        new Count(3).forEach((x, i) => seen.push([x, i]))
        log.length = 0
        const found = new Count(9).find((x) => x === 2)
        const closed = log.filter((x) => x === 'return').length
        let empty
        try { new Count(0).reduce((a, b) => a + b) } catch (e) { empty = e.name }
        return [new Count(5).reduce((a, b) => a + b), new Count(5).reduce((a, b) => a + b, 100), empty, seen,
          found, closed, new Count(4).some((x) => x > 2), new Count(4).every((x) => x < 2)]`),
    ).toEqual([
      10,
      110,
      "TypeError",
      [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
      2,
      1,
      true,
      false,
    ])
  })

  it("take/drop validate their limit (NaN and negatives are RangeErrors, after closing)", async () => {
    expect(
      await value(`${counter}
        const out = []
        for (const l of [NaN, -1]) { try { new Count(3).take(l) } catch (e) { out.push(e.name) } }
        try { new Count(3).drop('x') } catch (e) { out.push(e.name) }
        return [out, log.slice(), new Count(3).take(Infinity).toArray(), new Count(3).drop(Infinity).toArray()]`),
    ).toEqual([["RangeError", "RangeError", "RangeError"], ["return", "return", "return"], [0, 1, 2], []])
  })

  it("Iterator.from passes an Iterator through and wraps a plain iterator", async () => {
    expect(
      await value(`${counter}
        const c = new Count(2)
        const plain = { i: 0, next() { return { value: this.i++, done: this.i > 3 } } }
        const w = Iterator.from(plain)
        return [Iterator.from(c) === c, w === plain, w instanceof Iterator, w.map((x) => x + 1).toArray(),
          Iterator.from('ab').toArray(), Iterator.from([1, 2]).take(1).toArray(), w.return().done]`),
    ).toEqual([true, false, true, [1, 2, 3], ["a", "b"], [1], true])
  })

  it("the iterators of strings, Maps, Sets and arrays inherit the helpers", async () => {
    expect(
      await value(`
        const m = new Map([['a', 1], ['b', 2]])
        const mi = m[Symbol.iterator]()
        return [
          mi.map(([k, v]) => k + v).toArray(),
          new Set([1, 2, 3])[Symbol.iterator]().filter((x) => x > 1).toArray(),
          'xyz'[Symbol.iterator]().drop(1).toArray(),
          [5, 6][Symbol.iterator]().map((x) => x * 2).toArray(),
          Object.getPrototypeOf(Object.getPrototypeOf(mi)) === Iterator.prototype,
          mi[Symbol.toStringTag], Iterator.prototype[Symbol.toStringTag], Iterator.prototype.constructor === Iterator,
        ]`),
    ).toEqual([["a1", "b2"], [2, 3], ["y", "z"], [10, 12], true, "Map Iterator", "Iterator", true])
  })

  it("Iterator.prototype is the run's own: a change made by one run is not seen by the next", async () => {
    expect(
      await value(`Iterator.prototype.map = () => 'patched'; Iterator.prototype.extra = 1
        return ['ab'[Symbol.iterator]().map((x) => x), Iterator.prototype.extra]`),
    ).toEqual(["patched", 1])
    expect(
      await value(`return ['ab'[Symbol.iterator]().map((x) => x).toArray(), 'extra' in Iterator.prototype]`),
    ).toEqual([["a", "b"], false])
  })
})

describe("Iterator: limits", () => {
  it("toArray over an endless iterator is stopped by the run's deadline", async () => {
    const d = await failure(
      "class N extends Iterator { next() { return { value: 1, done: false } } }\nreturn new N().toArray().length",
      fakeHost({ deadline: Date.now() + 200 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("toArray is charged per element against the memory budget", async () => {
    const d = await failure(
      "let i = 0\nconst it = Iterator.from({ next: () => ({ value: i++, done: false }) })\nreturn it.toArray().length",
      { ...fakeHost(), maxMemoryBytes: 1_000_000 },
    )
    expect(d.message).toMatch(/memory budget/)
  })
})
