import { describe, expect, it } from "vitest"
import { fakeHost, oracle, ours, value } from "./harness.js"

/** `__proto__` as Object.prototype's accessor: each program gives the same JSON result here as in V8 (node:vm). */
const programs: ReadonlyArray<string> = [
  // reads on every kind of value
  `return [({}).__proto__ === Object.prototype, [].__proto__ === Array.prototype, 'x'.__proto__ === String.prototype,
    (1).__proto__ === Number.prototype, true.__proto__ === Boolean.prototype, (1n).__proto__ === BigInt.prototype,
    (() => 1).__proto__ === Function.prototype, Object.prototype.__proto__, new Map().__proto__ === Map.prototype,
    /x/.__proto__ === RegExp.prototype, new Date(0).__proto__ === Date.prototype]`,
  `const o = {}; const k = '__pro' + 'to__'; return [o[k] === Object.prototype, o['__proto__'] === Object.prototype]`,
  `class A {} class B extends A {} const b = new B()
   return [b.__proto__ === B.prototype, b.__proto__.__proto__ === A.prototype, B.__proto__ === A,
     A.prototype.__proto__ === Object.prototype, A.__proto__ === Function.prototype]`,
  `const e = new TypeError('x')
   return [e.__proto__ === TypeError.prototype, e.__proto__.__proto__ === Error.prototype,
     Error.prototype.__proto__ === Object.prototype]`,
  `const { __proto__: p } = []; return p === Array.prototype`,
  // writes
  `const p = { a: 1 }; const o = {}; o.__proto__ = p; return [o.a, Object.getPrototypeOf(o) === p, o.__proto__ === p, Object.keys(o)]`,
  `const o = { b: 2 }; o.__proto__ = 5; o.__proto__ = 'x'; o.__proto__ = undefined; return [Object.getPrototypeOf(o) === Object.prototype, Object.keys(o)]`,
  `const o = {}; o.__proto__ = null; return [Object.getPrototypeOf(o), typeof o.__proto__, '__proto__' in o]`,
  `const o = {}; o['__proto__'] = { c: 3 }; return [o.c, Object.keys(o)]`,
  `const s = 'x'; s.__proto__ = {}; const n = 1; n.__proto__ = null; return [s.__proto__ === String.prototype, n.__proto__ === Number.prototype]`,
  `const r = []
   for (const v of [null, undefined]) {
     try { v.__proto__; r.push('read') } catch (e) { r.push(e.name) }
     try { v.__proto__ = {}; r.push('write') } catch (e) { r.push(e.name) }
   }
   return r`,
  `const o = Object.preventExtensions({}); o.__proto__ = Object.prototype
   try { o.__proto__ = {}; return 'changed' } catch (e) { return [e.name, Object.getPrototypeOf(o) === Object.prototype] }`,
  `const a = {}, b = {}; a.__proto__ = b; try { b.__proto__ = a; return 'cycle' } catch (e) { return [e.name, b.__proto__ === Object.prototype] }`,
  `const a = {}; try { a.__proto__ = a; return 'cycle' } catch (e) { return e.name }`,
  `try { Object.prototype.__proto__ = {}; return 'changed' } catch (e) { return [e.name, Object.getPrototypeOf(Object.prototype)] }`,
  `Object.prototype.__proto__ = null; return Object.getPrototypeOf(Object.prototype)`,
  // in, hasOwnProperty, delete, descriptor
  `return ['__proto__' in {}, '__proto__' in [], '__proto__' in Object.create(null), ({}).hasOwnProperty('__proto__'),
    Object.prototype.hasOwnProperty('__proto__'), Object.hasOwn(JSON.parse('{"__proto__":0}'), '__proto__')]`,
  `const o = {}; return [delete o.__proto__, Object.getPrototypeOf(o) === Object.prototype, o.__proto__ === Object.prototype]`,
  `const d = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__')
   const o = {}, p = { q: 1 }; d.set.call(o, p)
   return [typeof d.get, typeof d.set, d.enumerable, d.configurable, 'value' in d, d.get.call([]) === Array.prototype,
     o.q, o.__proto__ === p, d.get === Object.getOwnPropertyDescriptor(Object.prototype, '__proto__').get]`,
  // null-prototype objects: an ordinary key
  `const o = Object.create(null); o.__proto__ = 1; o.__proto__ += 1
   return [Object.keys(o), o.__proto__, Object.getPrototypeOf(o), '__proto__' in o, delete o.__proto__, Object.keys(o)]`,
  `const o = Object.create(null); o.__proto__ = { a: 1 }; return [o.a, Object.keys(o), Object.getPrototypeOf(o)]`,
  // literal forms and JSON.parse make own properties; only \`__proto__: v\` sets the prototype
  `const p = { x: 1 }; const o = { __proto__: p }; return [o.x, o.__proto__ === p, Object.keys(o)]`,
  `const __proto__ = 3; const o = { __proto__ }; const q = { ['__proto__']: 4 }
   return [Object.keys(o), o.__proto__, Object.keys(q), q.__proto__, Object.getPrototypeOf(o) === Object.prototype]`,
  `const o = JSON.parse('{"__proto__":{"a":1}}')
   return [Object.keys(o), o.__proto__, o.a, Object.getPrototypeOf(o) === Object.prototype, JSON.stringify(o)]`,
  `const o = JSON.parse('{"__proto__":1}'); o.__proto__ = 2; return [o.__proto__, Object.keys(o), Object.getPrototypeOf(o) === Object.prototype]`,
  `const c = { ...JSON.parse('{"__proto__":{"a":1}}') }; return [Object.keys(c), c.a, Object.getPrototypeOf(c) === Object.prototype]`,
  `const o = Object.fromEntries([['__proto__', 1]]); return [Object.keys(o), o.__proto__, Object.getPrototypeOf(o) === Object.prototype]`,
  // JSON.parse keeps \`constructor\` and \`prototype\` keys too (they were dropped on the way in, silently)
  `const o = JSON.parse('{"constructor":1,"prototype":{"x":2},"a":3}')
   return [Object.keys(o), o.constructor, o.prototype.x, JSON.stringify(o), ({}).constructor === Object]`,
  `const o = JSON.parse('[{"constructor":{"name":"n"}}]', (k, v) => (k === 'name' ? v + '!' : v))
   return [o[0].constructor.name, Object.keys(o[0])]`,
]

describe("__proto__: differential against node:vm", () => {
  it.each(programs.map((p, i) => [i, p] as const))("program %i", async (_i, code) => {
    const expected = await oracle(code)
    expect(expected.ok).toBe(true)
    expect(await ours(code)).toEqual(expected)
  })
})

/** Names each step of `v.__proto__.__proto__…` by the guest's own prototypes; a step it cannot name is 'other'. */
const WALK = `
  const named = [[Object.prototype, 'Object'], [Function.prototype, 'Function'], [Array.prototype, 'Array'],
    [String.prototype, 'String'], [Number.prototype, 'Number'], [Boolean.prototype, 'Boolean'],
    [BigInt.prototype, 'BigInt'], [Error.prototype, 'Error'], [TypeError.prototype, 'TypeError'],
    [RangeError.prototype, 'RangeError'], [Promise.prototype, 'Promise'], [RegExp.prototype, 'RegExp'],
    [Map.prototype, 'Map'], [Set.prototype, 'Set'], [Date.prototype, 'Date']]
  const walk = (v) => {
    const out = []
    for (let p = v.__proto__; p !== null; p = p.__proto__) {
      if (out.length > 8) return [...out, 'too long']
      const hit = named.find(([q]) => q === p)
      out.push(hit ? hit[1] : 'other')
      if (p !== Object.getPrototypeOf(v) && out.length === 1) out.push('differs from getPrototypeOf')
      v = p
    }
    return out
  }`

describe("__proto__: confinement (every walk ends at null through the guest's prototypes)", () => {
  it("walks from every kind of value as V8 does", async () => {
    const code = `${WALK}
      const values = [1, 'x', true, 2n, () => 1, function f() {}, Math.max, Object, Function,
        new Error('e'), new TypeError('t'), new RangeError('r'), Promise.resolve(1), [1], /x/g, new Map(), new Set(),
        new Date(0), {}, class {}, JSON, Math, Object.prototype, Array.prototype,
        Function.prototype, Error.prototype, Promise.prototype, Map.prototype]
      return values.map(walk)`
    const expected = await oracle(code)
    expect(expected.ok).toBe(true)
    expect(await ours(code)).toEqual(expected)
    // Every step is one of the guest's named prototypes (V8 agrees, above).
    expect((expected as { json: string }).json).not.toContain("other")
  })

  it("walks from a tool result to the guest's prototypes, and host prototypes stay untouched", async () => {
    const host = fakeHost({ tools: { "ns.get": () => ({ list: [1, { a: new Date(0) }], n: 1 }) } })
    const code = `${WALK}
      const r = await tools.ns.get({})
      const res = [walk(r), walk(r.list), walk(r.list[1]), walk(r.list[1].a)]
      // Writes through the accessor change only guest chains; a write to Object.prototype's members stays in this run.
      r.__proto__ = { injected: 1 }
      r.list.__proto__ = Array.prototype
      ;({}).__proto__.polluted = 1
      try { [].__proto__.__proto__.__proto__ = {}; res.push('changed') } catch (e) { res.push(e.name) }
      try { ({}).__proto__.constructor.constructor('return 1'); res.push('Function ran') } catch (e) { res.push(e.name) }
      return [res, r.injected, Object.keys(r)]`
    const out = (await value(code, host)) as [Array<unknown>, number, Array<string>]
    const objectWalk = ["Object"]
    expect(out[0].slice(0, 4)).toEqual([objectWalk, ["Array", "Object"], objectWalk, ["Date", "Object"]])
    expect(out[0][4]).toBe("TypeError")
    expect(out[0][5]).not.toBe("Function ran")
    expect(out[1]).toBe(1)
    expect(out[2]).toEqual(["list", "n"])
    // The host's own prototypes did not move or gain a member.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getPrototypeOf(Object.prototype)).toBeNull()
    expect(Object.getPrototypeOf([])).toBe(Array.prototype)
    expect(await value("return typeof ({}).polluted")).toBe("undefined")
  })

  it("copies a '__proto__' key onto an array as an own key, never through the host's accessor", async () => {
    const code = `const a = [1]; Object.assign(a, JSON.parse('{"__proto__":{"x":1}}'), { ['__proto__']: { y: 2 } })
      return [a.x ?? null, a.y ?? null, Object.getPrototypeOf(a) === Array.prototype, Object.keys(a), typeof a.map]`
    expect(await value(code)).toEqual([null, null, true, ["0", "__proto__"], "function"])
  })

  it("refuses, with a TypeError naming the reason, a prototype change JavaScript would allow but the guest cannot make", async () => {
    for (const code of [
      "[].__proto__ = {}",
      "(() => 1).__proto__ = {}",
      "new Map().__proto__ = null",
      "({}).__proto__ = () => 1",
    ]) {
      const got = await ours(`try { ${code}; return 'changed' } catch (e) { return [e.name, e.message] }`)
      expect(got.ok, code).toBe(true)
      const [name, message] = JSON.parse((got as { json: string }).json) as [string, string]
      expect(name, code).toBe("TypeError")
      expect(message, code).toMatch(/only plain objects/)
    }
  })

  it("keeps tool paths: tools.ns.__proto__ names a tool, and cannot be assigned", async () => {
    const host = fakeHost({ tools: { "ns.__proto__": (x) => ({ got: x }) } })
    expect(await value("return await tools.ns.__proto__({ a: 1 })", host)).toEqual({ got: { a: 1 } })
    expect(await ours("try { tools.ns.__proto__ = {}; return 1 } catch (e) { return e.name }")).toEqual({
      ok: true,
      json: '"TypeError"',
    })
  })
})
