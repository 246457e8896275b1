import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/**
 * Function and class names (§10.2.9 SetFunctionName, §8.4.5 NamedEvaluation) and the `name`/`length` own
 * properties, run here and in `node:vm`: the same JSON result, or both fail.
 */
const desc = (expr: string) =>
  `const d = Object.getOwnPropertyDescriptor(${expr}); return d && [d.value, d.writable, d.enumerable, d.configurable]`

const programs: Array<[string, string]> = [
  ["name descriptor", desc("function f() {}, 'name'")],
  ["length descriptor", desc("function (a, b = 1, c) {}, 'length'")],
  ["a class's name descriptor", desc("class K { constructor(a) {} }, 'name'")],
  ["a class's length descriptor", desc("class K { constructor(a, b) {} }, 'length'")],
  [
    "name and length can be deleted",
    "const f = function g(a) {}; return [delete f.name, delete f.length, f.hasOwnProperty('name'), f.hasOwnProperty('length'), f.length, f.name]",
  ],
  ["name is redefinable", "const f = () => 1; Object.defineProperty(f, 'name', { value: 'x' }); return f.name"],
  ["assigning name throws", "const f = () => 1; try { f.name = 'x'; return 'no' } catch (e) { return e.name }"],
  ["own property names in order", "return Object.getOwnPropertyNames(function f(a) {})"],
  ["an anonymous function's own name", "return [(function () {}).hasOwnProperty('name'), (() => 1).name]"],
  ["a derived class has its own name", "class A {} class B extends A {} return [A.name, B.name, B.length]"],
  ["class in a destructuring default", "const [c = class {}, d = class X {}] = []; return [c.name, d.name]"],
  ["class in an object pattern default", "const { c = class {} } = {}; return c.name"],
  ["class in an assignment pattern default", "let c; [c = class {}] = []; return c.name"],
  ["arrow in a parameter default", "return ((f = () => 1) => f.name)()"],
  ["logical assignment names", "let a; a ??= function () {}; let b = 0; b ||= () => 1; return [a.name, b.name]"],
  ["compound assignment does not name", "let a = ''; a += function () {}; return typeof a"],
  ["a comma expression does not name", "const f = (0, function () {}); return f.name"],
  ["computed key names a function", "const k = 'a' + 'b'; return { [k]: function () {} }[k].name"],
  [
    "computed key names an arrow and a class",
    "const o = { ['x']: () => 1, ['y']: class {} }; return [o.x.name, o.y.name]",
  ],
  [
    "symbol key names",
    "const s = Symbol('desc'); const t = Symbol(); const o = { [s]: () => 1, [t]() {} }; return [o[s].name, o[t].name]",
  ],
  [
    "computed accessor names",
    "const o = { get ['a' + 1]() { return 1 }, set ['b' + 2](v) {} }; const g = Object.getOwnPropertyDescriptor(o, 'a1').get; const s = Object.getOwnPropertyDescriptor(o, 'b2').set; return [g.name, s.name]",
  ],
  ["computed method name", "const o = { ['m' + 1]() {} }; return o.m1.name"],
  ["a named function keeps its name", "const o = { ['k']: function g() {} }; return o.k.name"],
  ["a class's static name wins", "const o = { k: class { static name() {} } }; return typeof o.k.name"],
  [
    "class computed methods and accessors",
    "const s = Symbol('s'); class C { ['a' + 1]() {} static [s]() {} get ['g']() { return 1 } } return [C.prototype.a1.name, C[s].name, Object.getOwnPropertyDescriptor(C.prototype, 'g').get.name]",
  ],
  [
    "class fields name their anonymous values",
    "const k = 'kk'; class C { f = function () {}; [k] = () => 1; static s = class {}; g = function h() {} } const c = new C(); return [c.f.name, c.kk.name, C.s.name, c.g.name]",
  ],
]

describe("function names and name/length properties: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})
