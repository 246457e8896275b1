import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/**
 * Programs where this interpreter gave a different answer from V8 (issue 17's bug list), each run here and in
 * `node:vm`: the same JSON result, or both fail.
 */
const programs: Array<[string, string]> = [
  ["await adopts a thenable", "return await { then(r) { r(42) } }"],
  ["Promise.resolve adopts a thenable", "return await Promise.resolve({ then(r) { r(42) } })"],
  ["Promise.all adopts thenables", "return await Promise.all([{ then(r) { r(42) } }, 1])"],
  ["a thenable that rejects", "try { await { then(_, j) { j('no') } } } catch (e) { return e }"],
  [
    "a thenable whose then throws",
    "try { await { then() { throw new RangeError('t') } } } catch (e) { return e.name }",
  ],
  ["a then that is not callable is a value", "const o = { then: 1 }; return (await o) === o"],
  [
    "Promise.all(null) rejects instead of throwing",
    "let sync = false; let p; try { p = Promise.all(null) } catch { sync = true } try { await p } catch (e) { return [sync, e instanceof TypeError] }",
  ],
  ["Promise.race(1) rejects", "try { await Promise.race(1) } catch (e) { return e.name }"],
  ["default parameter TDZ", "try { (function (x = y, y) {})(); return 'no' } catch (e) { return e.name }"],
  ["default parameter reads itself", "try { ((x = x) => x)(); return 'no' } catch (e) { return e.name }"],
  ["earlier parameters are visible", "return ((a, b = a + 1, { c } = { c: b * 2 }) => [a, b, c])(1)"],
  ["for-of head TDZ", "try { let x = 1; for (let x of [x]) {} return 'no' } catch (e) { return e.name }"],
  ["for-in head TDZ", "try { let x = 1; for (const x in { x }) {} return 'no' } catch (e) { return e.name }"],
  ["for-of head without the name", "let x = [1, 2]; const out = []; for (let y of x) out.push(y); return out"],
  ["switch discriminant reads the outer binding", "let x = 1; switch (x) { case 1: { let x = 2 } } return 'ok'"],
  [
    "switch discriminant outside the case scope",
    "let x = 1; const fs = []; switch (x) { case 1: let x = 5; fs.push(() => x) } return fs[0]()",
  ],
  [
    "case tests see the case scope TDZ",
    "try { switch (1) { case y: let y = 2 } return 'no' } catch (e) { return e.name }",
  ],
  ["object rest of a string", 'const { ...r } = "ab"; return r'],
  ["object rest of a string after a key", 'const { 0: a, ...r } = "abc"; return [a, r]'],
  [
    "split without separator and limit 0",
    'return ["a b".split(undefined, 0), "a b".split(undefined), "a b".split(undefined, 1)]',
  ],
  ["(a?.b)() keeps this", "const a = { b() { return this === a } }; return (a?.b)()"],
  ["(a?.b.c)() keeps this", "const a = { b: { c() { return this === a.b } } }; return (a?.b.c)()"],
  ["(a?.b)() on nullish a", "const a = null; try { (a?.b)() } catch (e) { return e.name }"],
  ["delete f() calls f", "let n = 0; const f = () => { n++; return 1 }; return [delete f(), n]"],
  [
    "assigning a named function expression's name throws",
    "try { const g = function h() { h = 1 }; g(); return 'no' } catch (e) { return e.name }",
  ],
  ["a var of the same name shadows it", "const g = function h() { var h = 2; h = 3; return h }; return g()"],
  [
    "array-like length is coerced before the callback check",
    "const log = []; const o = { length: { valueOf() { log.push('len'); return 2 } }, 0: 1, 1: 2 }; try { [].map.call(o, 5) } catch (e) { log.push(e.name) } return log",
  ],
  [
    "array methods on array-likes",
    "const o = { length: 3, 0: 'a', 2: 'c' }; return [[].map.call(o, (x) => x + '!'), [].join.call(o, '-'), [].indexOf.call(o, 'c'), [].filter.call('abc', (c) => c !== 'b')]",
  ],
  [
    "the callback sees the receiver",
    "const o = { length: 1, 0: 1 }; let same; [].forEach.call(o, (x, i, a) => { same = a === o }); return same",
  ],
  [
    "Infinity.toExponential(1000)",
    "return [Infinity.toExponential(1000), (-Infinity).toPrecision(1000), NaN.toExponential(-5)]",
  ],
  ["toExponential range is still checked", "try { (1).toExponential(1000) } catch (e) { return e.name }"],
]

describe("issue 17 bug list: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

/**
 * The visiting Array.prototype methods on array-likes (objects that are not arrays): `length` first, then the
 * callback check, then each index tested and read when the loop reaches it, so getters run in order, a callback
 * that deletes or adds elements is seen, a prototype's indices count, and a search that stops early on a huge
 * `length` visits only what it needs. Each against V8 (`node:vm`).
 */
const arrayLikes: Array<[string, string]> = [
  [
    "the callback is checked before any element is read",
    "const log = []; const o = { get length() { log.push('len'); return 2 }, get 0() { log.push('0'); return 1 } }; for (const m of ['forEach', 'map', 'filter', 'some', 'every', 'find', 'findLast', 'reduce']) { try { [][m].call(o) } catch (e) { log.push(m + ':' + e.name) } } return log",
  ],
  [
    "elements are read when reached (deletions and additions seen)",
    "const o = { 0: 'a', 1: 'b', 2: 'c', length: 3 }; const seen = []; [].forEach.call(o, (x, i) => { seen.push(x); if (i === 0) { delete o[1]; o[2] = 'C' } }); return seen",
  ],
  [
    "getters run in index order, reduceRight from the end",
    "const log = []; const o = { length: 3 }; for (let i = 0; i < 3; i++) Object.defineProperty(o, i, { get() { log.push(i); return i } }); const r = [].reduceRight.call(o, (a, b) => a + b); const s = [].map.call(o, (x) => x * 2); return [r, s, log]",
  ],
  [
    "indices inherited from a prototype count, holes stay holes",
    "const o = Object.create({ 1: 'p' }); o.length = 4; o[0] = 'a'; return [[].map.call(o, (x) => x + '!'), [].indexOf.call(o, 'p'), [].lastIndexOf.call(o, 'a'), [].includes.call(o, undefined), [].filter.call(o, () => true), Object.keys([].map.call(o, (x) => x))]",
  ],
  [
    "a search that stops early on a huge length",
    "const o = { length: 2 ** 53 - 1, 0: 'x', [2 ** 53 - 2]: 'y' }; return [[].some.call(o, (x) => x === 'x'), [].every.call(o, (x) => x !== 'x'), [].indexOf.call(o, 'x'), [].find.call(o, (x) => x === 'x'), [].findIndex.call(o, () => true), [].lastIndexOf.call(o, 'y'), [].findLastIndex.call(o, (x) => x === 'y'), [].includes.call(o, 'x')]",
  ],
  [
    "find and findLast read every index, present or not",
    "const o = { length: 3, 0: 1 }; const seen = []; [].findLast.call(o, (x, i) => { seen.push([x, i]) }); return [seen, [].find.call(o, (x) => x === undefined), [].findIndex.call(o, (x) => x === undefined)]",
  ],
  [
    "indexOf, lastIndexOf and includes with from-indices",
    "const o = { length: 5, 0: NaN, 1: 2, 3: 2 }; return [[].indexOf.call(o, 2, -3), [].indexOf.call(o, 2, Infinity), [].lastIndexOf.call(o, 2, -3), [].lastIndexOf.call(o, 2, -Infinity), [].includes.call(o, NaN), [].indexOf.call(o, NaN), [].includes.call(o, 2, -Infinity), [].includes.call(o, undefined, 4)]",
  ],
  [
    "reduce without an initial value skips to the first present element",
    "const o = { length: 4, 2: 'c', 3: 'd' }; let empty; try { [].reduce.call({ length: 2 }, (a, b) => a + b) } catch (e) { empty = e.name } return [[].reduce.call(o, (a, b, i) => a + b + i), empty]",
  ],
  [
    "arguments and wrapper objects are array-likes",
    "function f() { return [[].filter.call(arguments, (x) => x > 1), [].map.call(arguments, (x, i, a) => a === arguments)] } return [f(1, 2, 3), [].every.call(new String('aaa'), (c) => c === 'a'), [].forEach.call(5, () => {})]",
  ],
  [
    "map past 2^32 - 1 elements is a RangeError",
    "try { [].map.call({ length: 2 ** 32 }, (x) => x) } catch (e) { return e.name }",
  ],
]

describe("array-likes are visited live: interpreter vs node:vm", () => {
  it.each(arrayLikes)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})
