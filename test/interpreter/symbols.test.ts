import { describe, expect, it } from "vitest"
import { failure, fakeHost, oracle, ours, value } from "./harness.js"

/**
 * Symbols and the iteration protocol (issue 17): each program runs here and in `node:vm`; the same JSON result, or
 * both throw.
 */
const programs: Array<[string, string]> = [
  [
    "Symbol(), description, typeof, uniqueness",
    "const a = Symbol('x'); const b = Symbol('x'); return [typeof a, a.description, a === b, a.toString(), String(a), Symbol().description === undefined]",
  ],
  ["a symbol does not convert to a string implicitly", "try { return '' + Symbol('s') } catch (e) { return e.name }"],
  ["nor to a number", "try { return +Symbol('s') } catch (e) { return e.name }"],
  ["new Symbol() is a TypeError", "try { new Symbol(); return 'no' } catch (e) { return e.name }"],
  [
    "Symbol.for / keyFor",
    "const a = Symbol.for('app'); return [a === Symbol.for('app'), Symbol.keyFor(a), Symbol.keyFor(Symbol('x')), Symbol.keyFor(Symbol.iterator)]",
  ],
  [
    "symbol-keyed properties stay out of keys and JSON",
    "const k = Symbol('k'); const o = { a: 1, [k]: 2 }; o[Symbol.for('z')] = 3; return [Object.keys(o), JSON.stringify(o), o[k], k in o, Object.getOwnPropertySymbols(o).length, Object.getOwnPropertySymbols(o)[0] === k]",
  ],
  [
    "well-known symbols are symbols with their names",
    "return [Symbol.iterator, Symbol.asyncIterator, Symbol.toPrimitive, Symbol.toStringTag, Symbol.hasInstance].map((s) => [typeof s, s.description])",
  ],
  [
    "a custom iterable in for…of, spread, destructuring, Array.from",
    "const range = { from: 1, to: 4, [Symbol.iterator]() { let i = this.from; const to = this.to; return { next: () => (i <= to ? { value: i++, done: false } : { value: undefined, done: true }) } } }; const out = []; for (const x of range) out.push(x); const [a, , c] = range; return [out, [...range], a, c, Array.from(range, (x) => x * 10), Math.max(...range)]",
  ],
  [
    "a class with [Symbol.iterator]",
    "class Bag { constructor() { this.items = [] } add(x) { this.items.push(x); return this } [Symbol.iterator]() { return this.items[Symbol.iterator]() } } const b = new Bag().add('a').add('b'); return [...b]",
  ],
  [
    "break closes the iterator",
    "const log = []; const it = { [Symbol.iterator]() { let n = 0; return { next() { n++; log.push('next'); return { value: n, done: false } }, return() { log.push('return'); return {} } } } }; for (const x of it) { if (x === 2) break } return log",
  ],
  [
    "a throw in the body closes the iterator",
    "const log = []; const it = { [Symbol.iterator]() { return { next() { return { value: 1, done: false } }, return() { log.push('closed'); return {} } } } }; try { for (const x of it) throw new Error('boom') } catch (e) { log.push(e.message) } return log",
  ],
  [
    "destructuring takes only what it needs and closes",
    "const log = []; const it = { [Symbol.iterator]() { let n = 0; return { next() { log.push('next'); return { value: ++n, done: false } }, return() { log.push('return'); return {} } } } }; const [a, b] = it; return [a, b, log]",
  ],
  [
    "an endless iterator in for…of with break",
    "const nat = { [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i++, done: false }) } } }; const out = []; for (const x of nat) { if (x > 3) break; out.push(x) } return out",
  ],
  [
    "built-in iterators: arrays, strings, Maps, Sets",
    "const ai = [1, 2][Symbol.iterator](); const si = 'a😀'[Symbol.iterator](); const mi = new Map([[1, 'x']])[Symbol.iterator](); const st = new Set([5])[Symbol.iterator](); return [ai.next(), ai.next(), ai.next().done, si.next().value, si.next().value, mi.next().value, st.next(), st.next().done]",
  ],
  [
    "Map, Set and Promise.all over custom iterables",
    "const pairs = { [Symbol.iterator]() { const a = [['a', 1], ['b', 2]]; let i = 0; return { next: () => ({ value: a[i], done: i++ >= a.length }) } } }; const m = new Map(pairs); const s = new Set({ [Symbol.iterator]: () => [3, 3, 4][Symbol.iterator]() }); return Promise.all(pairs).then((r) => [[...m.keys()], [...s], r])",
  ],
  [
    "a non-object iterator result is a TypeError",
    "try { for (const x of { [Symbol.iterator]() { return { next() { return 1 } } } }) {} } catch (e) { return e.name }",
  ],
  [
    "Symbol.toPrimitive",
    "const money = { amount: 5, [Symbol.toPrimitive](hint) { return hint === 'number' ? this.amount : hint === 'string' ? '$' + this.amount : 'default' } }; return [+money, `${money}`, money + '', money * 2]",
  ],
  [
    "Symbol.hasInstance",
    "const Even = { [Symbol.hasInstance](n) { return n % 2 === 0 } }; return [2 instanceof Even, 3 instanceof Even]",
  ],
  ["arguments is iterable", "function f() { return [...arguments] } return f(1, 2, 3)"],
]

describe("symbols and iteration: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("symbols and iteration: limits", () => {
  it("an endless iterator spread into an array is stopped by the run's deadline", async () => {
    const d = await failure(
      "const nat = { [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i++, done: false }) } } }\nreturn [...nat].length",
      fakeHost({ deadline: Date.now() + 200 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("an endless for…of with a break ends", async () => {
    expect(
      await value(
        "const nat = { [Symbol.iterator]() { let i = 0; return { next: () => ({ value: i++, done: false }) } } }\nlet s = 0\nfor (const x of nat) { if (x > 100) break; s += x }\nreturn s",
      ),
    ).toBe(5050)
  })

  it("a symbol-keyed property is not part of a returned result", async () => {
    expect(await value("return { a: 1, [Symbol('hidden')]: 2 }")).toEqual({ a: 1 })
  })
})
