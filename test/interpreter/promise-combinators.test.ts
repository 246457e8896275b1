/**
 * Promise.all / allSettled / any / race take their iterable one element at a time, as V8 does (§27.2.4.1): each
 * element goes through `Promise.resolve` and its `then` before the next is read, a failing step closes the iterator,
 * and the reactions run in V8's order. Each program is compared with V8 (node:vm, strict, as the body of an async
 * function); the few facts V8 cannot judge (limits) are asserted directly.
 */
import { describe, expect, it } from "vitest"
import { fakeHost, oracle, ours, run } from "./harness.js"

/** Waits for every pending reaction (a timer fires after the microtask queue is empty), then returns `out`. */
const FLUSH = "await new Promise((r) => setTimeout(r, 0)); await new Promise((r) => setTimeout(r, 0));"

const same = async (code: string) => {
  const expected = await oracle(code, { setTimeout })
  expect(expected.ok, JSON.stringify(expected)).toBe(true)
  expect(await ours(code)).toEqual(expected)
}

/** An iterator over `value` (a program expression) that counts its steps and closes; endless unless `limit`. */
const counting = (value: string, limit = "Infinity") => `
  const seen = { next: 0, closed: 0 }
  const iterable = { [Symbol.iterator]() { return {
    next() { seen.next++; return seen.next > ${limit} ? { done: true } : { done: false, value: ${value} } },
    return() { seen.closed++; return {} },
  } } }`

const COMBINATORS = ["all", "allSettled", "any", "race"] as const

describe("Promise combinators take their iterable lazily, as V8 does", () => {
  it.each(COMBINATORS)("%s: an element whose then throws stops an endless iterable at once and closes it", (c) =>
    same(`
      const p = new Promise(() => {})
      p.then = () => { throw new RangeError("then " + seen.next) }
      ${counting("p")}
      let message
      try { await Promise.${c}(iterable) } catch (e) { message = e.name + ": " + e.message }
      return { message, seen }`),
  )

  it.each(COMBINATORS)("%s: a then getter that throws closes the iterator after that element", (c) =>
    same(`
      ${counting("seen.next === 2 ? bad : Promise.resolve(seen.next)")}
      const bad = Promise.resolve(0)
      Object.defineProperty(bad, "then", { get() { throw new TypeError("no then") } })
      let message
      try { await Promise.${c}(iterable) } catch (e) { message = e.message }
      return { message, seen }`),
  )

  it.each(COMBINATORS)("%s: a failing next() rejects without closing the iterator", (c) =>
    same(`
      let steps = 0, closed = 0
      const iterable = { [Symbol.iterator]() { return {
        next() { if (++steps === 3) throw new Error("step " + steps); return { done: false, value: steps } },
        return() { closed++; return {} },
      } } }
      let message
      try { await Promise.${c}(iterable) } catch (e) { message = e.message }
      return { message, steps, closed }`),
  )

  it.each(COMBINATORS)("%s: Promise.resolve replaced by the program is read once and called per element", (c) =>
    same(`
      const calls = []
      const original = Promise.resolve
      let reads = 0
      Object.defineProperty(Promise, "resolve", {
        configurable: true,
        get() { reads++; return function (x) { calls.push([this === Promise, x]); return original.call(this, x) } },
      })
      ${counting("seen.next * 10", "3")}
      const value = await Promise.${c}(iterable)
      return { value, calls, reads, seen }`),
  )

  it.each(COMBINATORS)("%s: a Promise.resolve that throws rejects before the iterable is opened", (c) =>
    same(`
      let opened = 0
      Promise.resolve = () => { throw new Error("resolve") }
      const iterable = { [Symbol.iterator]() { opened++; return [1][Symbol.iterator]() } }
      let message
      try { await Promise.${c}(iterable) } catch (e) { message = e.message }
      return { message, opened }`),
  )

  it.each(COMBINATORS)("%s: an own then of an element is called with resolving functions", (c) =>
    same(`
      const p = Promise.resolve(1)
      const seenArgs = []
      p.then = function (ok, err) {
        seenArgs.push([this === p, typeof ok, typeof err, ok.length, err.length])
        return ok(5)
      }
      return { value: await Promise.${c}([p, 2]), seenArgs }`),
  )

  it("a thenable that calls back twice is counted once (the element's [[AlreadyCalled]])", () =>
    same(`
      const twice = { then(ok, err) { ok("a"); ok("b"); err("c") } }
      return [await Promise.all([twice, 1]), await Promise.allSettled([twice]), await Promise.any([twice])]`))

  it("an array is read live: an element added while it is iterated is taken", () =>
    same(`
      const list = [1, 2]
      const original = Promise.resolve
      Promise.resolve = function (x) { if (x === 1) list.push(3); return original.call(this, x) }
      return await Promise.all(list)`))

  it("the result after a failure is the first rejection; later elements still run their reactions", () =>
    same(`
      const order = []
      const slow = new Promise((r) => setTimeout(() => { order.push("slow"); r(1) }, 0))
      let message
      try { await Promise.all([Promise.reject(new Error("first")), slow, Promise.reject(new Error("second"))]) }
      catch (e) { message = e.message }
      ${FLUSH}
      return { message, order }`))

  it("reactions of combinators and plain then chains interleave in V8's order", () =>
    same(`
      const order = []
      const a = Promise.resolve("a"), b = Promise.resolve("b")
      const thenable = { then(ok) { order.push("thenable called"); ok("t") } }
      Promise.all([a, thenable, 3]).then((v) => order.push("all " + v))
      Promise.allSettled([Promise.reject(1), b]).then((v) => order.push("allSettled " + v.length))
      Promise.race([thenable, b]).then((v) => order.push("race " + v))
      Promise.any([Promise.reject(1), thenable, a]).then((v) => order.push("any " + v))
      Promise.all([]).then(() => order.push("all empty"))
      Promise.allSettled([]).then(() => order.push("allSettled empty"))
      Promise.any([]).catch((e) => order.push("any empty " + e.name))
      a.then(() => order.push("a1")).then(() => order.push("a2")).then(() => order.push("a3")).then(() => order.push("a4"))
      ${FLUSH}
      return order`))

  it("strings, Maps and Sets are iterated as for…of takes them", () =>
    same(`
      return [
        await Promise.all("ab"),
        await Promise.all(new Set([1, Promise.resolve(2)])),
        (await Promise.all(new Map([["k", 1]])))[0],
        await Promise.race("xy"),
      ]`))

  it.each(COMBINATORS)("%s: a non-iterable argument rejects with a TypeError", (c) =>
    same(`try { await Promise.${c}(5); return "resolved" } catch (e) { return e.name }`),
  )
})

describe("Promise combinators: limits (not V8's: V8 would run out of memory)", () => {
  it("an endless iterable with no error ends at the memory budget, each element charged", async () => {
    const host = { ...fakeHost(), maxMemoryBytes: 20_000_000 }
    const r = await run(`${counting("seen.next")}; await Promise.race(iterable); return seen`, host)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.diagnostic.message).toContain("memory budget of 20000000 bytes")
  })

  it("an endless iterable with no error ends at the step limit when time runs out", async () => {
    const host = fakeHost({ deadline: Date.now() + 300 })
    const r = await run(`${counting("seen.next")}; await Promise.allSettled(iterable); return seen`, host)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.diagnostic.kind).toBe("TimeoutExceeded")
  })

  it("a replaced Promise.resolve is this run's own: the next run on the same host sees the built-in", async () => {
    const host = fakeHost()
    const first = await run(
      `Promise.resolve = () => { throw new Error("mine") }; try { await Promise.all([1]) } catch (e) { return e.message }`,
      host,
    )
    expect(first).toMatchObject({ ok: true, value: "mine" })
    expect(await run(`return await Promise.all([1, Promise.resolve(2)])`, host)).toMatchObject({
      ok: true,
      value: [1, 2],
    })
  })
})
