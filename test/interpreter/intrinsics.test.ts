import { describe, expect, it } from "vitest"
import { compile } from "../../src/interpreter/index.js"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { fakeHost, oracle, ours, run } from "./harness.js"

/** Programs that change built-in objects: same result as V8 (node:vm), or both throw. */
const MUTATIONS: ReadonlyArray<string> = [
  "Array.prototype.sum = function () { return this.reduce((a, b) => a + b, 0) }; return [1, 2, 3].sum()",
  "String.prototype.shout = function () { return this.toUpperCase() + '!' }; return 'hi'.shout()",
  "Object.defineProperty(Math, 'tau', { value: 2 * Math.PI }); return [Math.tau, Object.keys(Math).length]",
  "delete String.prototype.trim; return [typeof ''.trim, 'trim' in String.prototype]",
  "globalThis.answer = 41; return [answer + 1, typeof answer, typeof notThere, globalThis.globalThis === globalThis]",
  "Object.prototype.hello = 'hi'; return [({}).hello, [].hello, 'hello' in {}]",
  "Math.max = () => 0; return Math.max(1, 2)",
  "Number.prototype.double = function () { return this * 2 }; return (21).double()",
  "return Object.getOwnPropertyDescriptor(Array.prototype.map, 'name')",
  "return Object.getOwnPropertyDescriptor(Array.prototype, 'map').enumerable",
  "return [Object.getOwnPropertyDescriptor(Math, 'PI').writable, Object.getOwnPropertyDescriptor(Array, 'prototype').configurable]",
  "Math.PI = 3",
  "delete Array.prototype",
  "Array.prototype.map.name = 'x'",
  "delete Array.prototype.map.name; return Object.prototype.hasOwnProperty.call(Array.prototype.map, 'name')",
  "Object.freeze(Math); Math.x = 1",
  "Object.freeze(JSON); return [Object.isFrozen(JSON), Object.isFrozen(Math), Object.isExtensible(Math)]",
  "Object.defineProperty(Array.prototype, 'last', { get() { return this[this.length - 1] } }); return [1, 2, 3].last",
  "let seen; Object.defineProperty(Object.prototype, 'spy', { set(v) { seen = v } }); const o = {}; o.spy = 5; return [seen, Object.keys(o)]",
  "Object.defineProperty(Object.prototype, 'fixed', { value: 1 }); const o = {}; o.fixed = 2",
  "Array.prototype[1] = 'p'; const a = [0, , 2]; return [a[1], 1 in a]",
  "JSON.extra = 1; delete JSON.extra; return Object.getOwnPropertyNames(JSON).includes('extra')",
  "Object.defineProperty(Math, 'k', { value: 1 }); Object.defineProperty(Math, 'k', { value: 2 })",
  "Promise.prototype.tap = function (f) { return this.then((v) => (f(v), v)) }; let s; const v = await Promise.resolve(3).tap((x) => (s = x)); return [v, s]",
]

/**
 * Bare writes to a global created through globalThis (strict PutValue on the global object), and the writes that must
 * still fail: an undeclared name (ReferenceError), a read-only global or property (TypeError).
 */
const GLOBAL_WRITES: ReadonlyArray<string> = [
  "globalThis.c = 1; c = 5; return [c, globalThis.c]",
  "globalThis.c = 1; c += 1; return [c, globalThis.c]",
  "globalThis.c = 1; const old = c++; ++c; return [old, c, globalThis.c]",
  "globalThis.c = 'a'; c ??= 'b'; c &&= c + '!'; return c",
  "globalThis.c = 1; [c] = [2]; return globalThis.c",
  "globalThis.c = 1; ({ c } = { c: 3 }); return globalThis.c",
  "globalThis.c = 1; for (c of [1, 7]) {} return globalThis.c",
  "globalThis.c = 1; for (c in { k: 1 }) {} return globalThis.c",
  "globalThis.c = 1; const f = () => { c = 9 }; f(); return c",
  "globalThis.c = 1; const v = await Promise.resolve(4); c = v; c += await Promise.resolve(1); return c",
  "globalThis.c = 1; delete globalThis.c; c = 2",
  "let seen; Object.defineProperty(globalThis, 'c', { set(v) { seen = v }, get() { return 0 } }); c = 6; return seen",
  "Object.defineProperty(globalThis, 'c', { value: 1 }); c = 2",
  "globalThis.other = 1; c = 5",
  "c = 5",
  "c += 1",
  "[c] = [1]",
  "undefined = 1",
  "NaN = 1",
  "Infinity = 1",
  "globalThis.c = 1; let c2 = 0; c2 = c + 1; return c2",
]

/** Primitive wrapper objects, ToObject and for…in beyond plain objects. */
const WRAPPERS: ReadonlyArray<string> = [
  "const s = new String('ab'); return [typeof s, s.length, s[1], s + 'c', s.toUpperCase(), s instanceof String, String(s)]",
  "const n = new Number(41); return [typeof n, n + 1, n.toFixed(1), n instanceof Number, n.valueOf() === 41, n === 41, n == 41]",
  "const b = new Boolean(false); return [typeof b, !!b, b.valueOf(), String(b), b instanceof Boolean]",
  "return [typeof Object(1), Object(1) instanceof Number, Object('s').length, typeof Object(true), Object('x') === 'x']",
  "const o = {}; return Object(o) === o",
  "const s = new String('ab'); s.extra = 1; return [Object.keys(s), Object.getOwnPropertyNames(s), JSON.stringify(s)]",
  "return JSON.stringify({ a: new Number(1), b: new String('x'), c: new Boolean(true) })",
  "return [Object.getPrototypeOf(new String('')) === String.prototype, Object.getOwnPropertyDescriptor(new String('ab'), '0')]",
  "new String('ab')[0] = 'x'",
  "new String('ab').length = 1",
  "return [Object.prototype.toString.call([]), Object.prototype.toString.call(new Number(1)), Object.prototype.toString.call(null), Object.prototype.toString.call('s')]",
  "return [String.prototype.toUpperCase.call(12), String.prototype.trim.call(true)]",
  "String.prototype.toString.call(1)",
  "Number.prototype.valueOf.call('1')",
  "Boolean.prototype.valueOf.call(1)",
  "return new Number(5) + new Number(6)",
  "const out = []; for (const k in new String('ab')) out.push(k); return out",
  "function F() { this.own = 1 } F.prototype.inherited = 2; const out = []; for (const k in new F()) out.push(k); return out",
  "Object.prototype.added = 1; const out = []; for (const k in { a: 1 }) out.push(k); for (const k in [5]) out.push(k); return out",
  "const out = []; for (const k in Math) out.push(k); for (const k in Array.prototype.map) out.push(k); return out",
]

/** Errors' prototype chains: instance → its type's prototype → Error.prototype → Object.prototype, as V8 has them. */
const ERROR_CHAINS: ReadonlyArray<string> = [
  "const e = new TypeError('x'); return [Object.getPrototypeOf(e) === TypeError.prototype, Object.getPrototypeOf(TypeError.prototype) === Error.prototype, Object.getPrototypeOf(Error.prototype) === Object.prototype, Object.getPrototypeOf(new Error('y')) === Error.prototype]",
  "try { null.x } catch (e) { return [Object.getPrototypeOf(e) === TypeError.prototype, e.constructor === TypeError] }",
  "try { await Promise.allSettled(1) } catch (e) { return Object.getPrototypeOf(e) === TypeError.prototype }",
  "return [Object.getPrototypeOf(TypeError) === Error, Object.getPrototypeOf(AggregateError) === Error, Object.getPrototypeOf(Error) === Function.prototype, Object.getPrototypeOf(AggregateError.prototype) === Error.prototype]",
  "const e = new RangeError(); return [RangeError.prototype.isPrototypeOf(e), Error.prototype.isPrototypeOf(e), Object.prototype.isPrototypeOf(e), TypeError.prototype.isPrototypeOf(e)]",
  "const e = new SyntaxError('m'); return [e.toString === Error.prototype.toString, e.toString(), String(e), Object.prototype.toString.call(e)]",
  "TypeError.prototype.hint = 'h'; Error.prototype.all = 'a'; const e = new TypeError('x'); return [e.hint, e.all, 'hint' in e, 'all' in new RangeError(), new RangeError().hint]",
  "class E extends TypeError {} const e = new E('m'); return [Object.getPrototypeOf(e) === E.prototype, Object.getPrototypeOf(E.prototype) === TypeError.prototype, e instanceof TypeError, TypeError.prototype.isPrototypeOf(e), e.toString()]",
  "class E extends Error { constructor() { super('m'); this.name = 'E' } } class F extends E {} return [Object.getPrototypeOf(Object.getPrototypeOf(F.prototype)) === Error.prototype, String(new F())]",
]

describe("error prototype chains", () => {
  it.each(ERROR_CHAINS.map((p, i) => [i, p] as const))("matches V8: %i %s", async (_i, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("wrapper objects and ToObject", () => {
  it.each(WRAPPERS.map((p, i) => [i, p] as const))("matches V8: %i %s", async (_i, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("built-ins writable per run", () => {
  it.each(MUTATIONS.map((p, i) => [i, p] as const))("matches V8: %i %s", async (_i, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })

  it.each(GLOBAL_WRITES.map((p, i) => [i, p] as const))(
    "a bare write to a global matches V8: %i %s",
    async (_i, code) => {
      // Caught in the program, so the error's type is compared too.
      const wrapped = `try { ${code} } catch (e) { return ['threw', e.name] }`
      expect(await ours(wrapped)).toEqual(await oracle(wrapped))
    },
  )

  it("refuses a bare write to a getter-only global as V8's own global does (node:vm's global lets it pass)", async () => {
    const code = "Object.defineProperty(globalThis, 'c', { get() { return 1 } }); c = 2"
    expect(await ours(`try { ${code} } catch (e) { return [e.name, e.message] }`)).toEqual({
      ok: true,
      json: JSON.stringify(["TypeError", "Cannot set property c of object '#<Object>' which has only a getter"]),
    })
  })

  it("never leaks a change to another run of the same program or to a fresh program", async () => {
    const code =
      "const before = [typeof [].evil, typeof Math.evil, typeof globalThis.evil, [1].map((x) => x)];" +
      "Array.prototype.evil = 1; Math.evil = 1; globalThis.evil = 1; Array.prototype.map = () => 'evil'; return before"
    const compiled = compile(parseJavaScript(code), code, {})
    if (!compiled.ok) throw new Error(compiled.diagnostic.message)
    const fresh = ["undefined", "undefined", "undefined", [1]]
    for (let i = 0; i < 3; i++) expect(await compiled.program.run(fakeHost())).toEqual({ ok: true, value: fresh })
    // A fresh program shares the compile-time global table (and its globalThis) with the first one, never its writes.
    expect(await run("return [[1].map((x) => x + 1), typeof Math.evil, typeof globalThis.evil]")).toEqual({
      ok: true,
      value: [[2], "undefined", "undefined"],
    })
  })

  it("keeps concurrent runs apart while both are suspended", async () => {
    const writer = run(
      "Array.prototype.flag = 'A'; Object.prototype.o = 'A'; await new Promise((r) => setTimeout(r, 20)); return [[].flag, ({}).o]",
    )
    const reader = run(
      "await new Promise((r) => setTimeout(r, 5)); const r = [typeof [].flag, typeof ({}).o]; Array.prototype.flag = 'B'; return r",
    )
    expect(await Promise.all([writer, reader])).toEqual([
      { ok: true, value: ["A", "A"] },
      { ok: true, value: ["undefined", "undefined"] },
    ])
  })
})
