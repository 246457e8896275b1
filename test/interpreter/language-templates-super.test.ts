import { describe, expect, it } from "vitest"
import { oracle, ours, run } from "./harness.js"

/** Tagged templates (§13.3.11) and `super` in object-literal methods (§10.2.7), run here and in `node:vm`. */
const programs: Array<[string, string]> = [
  [
    "a tag gets the strings, raw strings and values",
    "const tag = (s, ...v) => [s, s.raw, v, s.length, Array.isArray(s)]; return tag`a${1}b\\n${'x'}`",
  ],
  [
    "the template object is frozen, raw is non-enumerable",
    "const t = (s) => [Object.isFrozen(s), Object.isFrozen(s.raw), Object.keys(s), Object.getOwnPropertyDescriptor(s, 'raw').enumerable]; return t`a${0}`",
  ],
  [
    "one template object per site",
    "const f = (s) => s; const out = []; for (let i = 0; i < 2; i++) out.push(f`x${i}`); return [out[0] === out[1], f`x` === f`x`]",
  ],
  ["a member tag keeps this", "const o = { n: 3, t(s, v) { return this.n + v } }; return o.t`${4}`"],
  ["a computed member tag", "const o = { n: 1, t() { return this.n } }; return o['t']``"],
  ["an invalid escape is cooked as undefined", "const t = (s) => [s[0] === undefined, s.raw[0]]; return t`\\unicode`"],
  ["a tag's result need not be a string", "return ((s, v) => ({ v }))`${[1, 2]}`"],
  [
    "substitutions are evaluated in order",
    "const log = []; const t = (s, ...v) => v; return [t`${log.push(1)}${log.push(2)}`, log]",
  ],
  ["a non-callable tag is a TypeError", "try { const x = 1; x`a` } catch (e) { return e.name }"],
  ["String.raw as a tag", "return String.raw`a\\n${1}b\\t`"],
  ["String.raw called directly", "return String.raw({ raw: ['x', 'y', 'z'] }, 1, 2, 3, 4)"],
  ["String.raw with an array-like raw", "return String.raw({ raw: { length: 2, 0: 'a', 1: 'b' } }, '-')"],
  ["a tagged template in a chain", "const o = { f() { return (s) => s.raw[0] } }; return o.f()`q\\n`"],
  [
    "super in a method",
    "const proto = { hi() { return 'proto ' + this.n } }; const o = { __proto__: proto, n: 1, hi() { return 'own/' + super.hi() } }; return o.hi()",
  ],
  [
    "super in accessors reads with this",
    "const proto = { get g() { return 'pg' + this.n } }; const o = { __proto__: proto, n: 2, get g() { return 'og/' + super.g } }; return o.g",
  ],
  [
    "super assignment defines on this",
    "const proto = {}; const o = { __proto__: proto, set s(v) { super.z = v } }; o.s = 5; return [o.hasOwnProperty('z'), proto.hasOwnProperty('z'), o.z]",
  ],
  ["super reaches Object.prototype", "const p = { toString() { return 'P:' + super.toString() } }; return String(p)"],
  [
    "super in an arrow inside a method",
    "const o = { __proto__: { x: 7 }, m() { return (() => super.x)() } }; return o.m()",
  ],
  [
    "the home object is the literal, not the receiver",
    "const a = { __proto__: { w: 'a-proto' }, m() { return super.w } }; const b = { __proto__: { w: 'b-proto' }, m: a.m }; return b.m()",
  ],
  [
    "the home follows a later prototype change",
    "const o = { f() { return super.x } }; Object.setPrototypeOf(o, { x: 42 }); return o.f()",
  ],
  [
    "super with a computed key method",
    "const k = 'm'; const q = { [k]() { return super.hasOwnProperty('m') } }; return q.m()",
  ],
  [
    "super in an async method",
    "const r = { async m() { return super.toString === Object.prototype.toString }, v: await 1 }; return await r.m()",
  ],
  [
    "super on a null prototype",
    "const o = { __proto__: null, m() { return super.x } }; try { return o.m() } catch (e) { return e.name }",
  ],
]

/** Evaluation order of read-modify-write on a computed member, and errors thrown while spreading call arguments. */
const order: Array<[string, string]> = [
  [
    "o[k] op= v on a null base throws before the key converts",
    "const log = []; const k = { toString() { log.push('key'); return 'x' } }; try { const b = null; b[k] ^= (log.push('rhs'), 1) } catch (e) { log.push(e.name) } return log",
  ],
  [
    "an iterator's own error passes through a spread call",
    "const it = { [Symbol.iterator]() { return { next() { throw new RangeError('step') } } } }; try { Math.max(...it) } catch (e) { return e.name }",
  ],
  [
    "an iterator getter's error passes through a spread call",
    "const it = { get [Symbol.iterator]() { throw new URIError('get') } }; try { Math.max(...it) } catch (e) { return e.name }",
  ],
  ["a non-iterable spread is still a TypeError", "try { Math.max(...{}) } catch (e) { return e.name }"],
]

describe("read-modify-write order and spread errors: interpreter vs node:vm", () => {
  it.each(order)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("read-modify-write keys", () => {
  // ECMAScript converts the key once (test262 S11.13.2_A7.*_T4); Node 20's V8 converts it for the read and again
  // for the write, so this one is not differential.
  it("converts the key once for the read and the write", async () => {
    const r = await run(
      "let n = 0; const k = { toString() { n++; return 'x' } }; const o = { x: 1 }; o[k] += 1; o[k]++; o[k] ??= 5; return [n, o.x]",
    )
    expect(r.ok && r.value).toEqual([3, 3])
  })
})

describe("tagged templates and super in object literals: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})
