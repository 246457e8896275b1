import { describe, expect, it } from "vitest"
import { failure, fakeHost, oracle, ours, value } from "./harness.js"

/**
 * Classes, `super` and `new.target` (issue 17, "a guest realm"): each program runs here and in `node:vm`; the same
 * JSON result, or both throw.
 */
const programs: Array<[string, string]> = [
  [
    "constructor, methods, accessors",
    "class P { constructor(x, y) { this.x = x; this.y = y } get len() { return Math.hypot(this.x, this.y) } set len(v) { this.x = v; this.y = 0 } scale(k) { return new P(this.x * k, this.y * k) } } const p = new P(3, 4); const q = p.scale(2); p.len = 7; return [q.x, q.y, q.len, p.x, p.y, Object.keys(p), q instanceof P]",
  ],
  [
    "methods are non-enumerable prototype members",
    "class A { m() {} static s() {} get g() { return 1 } } const d = Object.getOwnPropertyDescriptor(A.prototype, 'm'); return [d.enumerable, d.writable, d.configurable, Object.keys(A.prototype), Object.keys(A), typeof A.s, A.prototype.constructor === A]",
  ],
  [
    "prototype of a class is not writable",
    "class A {} const d = Object.getOwnPropertyDescriptor(A, 'prototype'); return [d.writable, d.enumerable, d.configurable]",
  ],
  [
    "calling a class without new throws a TypeError",
    "class A {} try { A(); return 'no' } catch (e) { return [e instanceof TypeError, e.name] }",
  ],
  [
    "instance and static fields with initializers",
    "let n = 0; class C { a = ++n; b = this.a * 10; static count = 5; static twice = C.count * 2; ['x' + 1] = 'computed' } const c1 = new C(); const c2 = new C(); return [c1, c2, C.count, C.twice, Object.keys(C)]",
  ],
  [
    "fields run before the base constructor body, after super in a derived one",
    "const log = []; class A { a = log.push('field A'); constructor() { log.push('ctor A') } } class B extends A { b = log.push('field B'); constructor() { log.push('before super'); super(); log.push('after super') } } new B(); return log",
  ],
  [
    "extends, super(), super.method(), static inheritance",
    "class Animal { constructor(name) { this.name = name } speak() { return this.name + ' makes a sound' } static create(n) { return new this(n) } } class Dog extends Animal { speak() { return super.speak() + ' (woof)' } } const d = Dog.create('Rex'); return [d.speak(), d instanceof Dog, d instanceof Animal, Object.getPrototypeOf(Dog) === Animal, Object.getPrototypeOf(Dog.prototype) === Animal.prototype, d.constructor.name]",
  ],
  [
    "the default derived constructor forwards its arguments",
    "class A { constructor(...a) { this.args = a } } class B extends A {} return new B(1, 2, 3).args",
  ],
  [
    "this before super() is a ReferenceError",
    "class A {} class B extends A { constructor() { this.x = 1; super() } } try { new B(); return 'no' } catch (e) { return e.name }",
  ],
  [
    "super() twice is a ReferenceError",
    "class A {} class B extends A { constructor() { super(); super() } } try { new B(); return 'no' } catch (e) { return e.name }",
  ],
  [
    "a derived constructor that never calls super",
    "class A {} class B extends A { constructor() {} } try { new B(); return 'no' } catch (e) { return e.name }",
  ],
  [
    "super() inside an arrow binds this",
    "class A { constructor(v) { this.v = v } } class B extends A { constructor() { const f = () => super(9); f(); this.w = this.v + 1 } } const b = new B(); return [b.v, b.w]",
  ],
  [
    "a constructor returning an object",
    "class A { constructor() { return { other: true } } } class B extends A { constructor() { super(); this.mine = 1 } } return [new A(), new B()]",
  ],
  [
    "super property reads and getters see this",
    "class A { get who() { return 'A:' + this.tag } } class B extends A { constructor() { super(); this.tag = 't' } get who() { return 'B>' + super.who } } return new B().who",
  ],
  [
    "static super and static blocks",
    "class A { static id() { return 'A' } } class B extends A { static id() { return 'B<' + super.id() } static log = []; static { B.log.push(this.id()) } } return [B.id(), B.log]",
  ],
  [
    "static accessors see the class as this",
    "class A { static k = 2; static get dbl() { return this.k * 2 } static set dbl(v) { this.k = v } } A.dbl = 5; return [A.k, A.dbl]",
  ],
  [
    "extending Error: instanceof, name, message",
    "class HttpError extends Error { constructor(status, msg) { super(msg); this.name = 'HttpError'; this.status = status } } try { throw new HttpError(404, 'not found') } catch (e) { return [e instanceof HttpError, e instanceof Error, e.name, e.message, e.status, String(e)] }",
  ],
  [
    "extending Error without a constructor",
    "class E extends Error {} const e = new E('m'); return [e instanceof E, e instanceof Error, e.message, e.name]",
  ],
  [
    "extending TypeError with a prototype name",
    "class V extends TypeError { get name() { return 'V' } } const e = new V('bad'); return [e.name, e instanceof TypeError, e instanceof V, e.message]",
  ],
  [
    "class expressions, names and the inner binding",
    "const K = class Inner { who() { return Inner.name } }; const L = class {}; return [K.name, new K().who(), L.name, typeof Inner]",
  ],
  [
    "the inner class binding is immutable",
    "class A { static m() { A = 1 } } try { A.m(); return 'no' } catch (e) { return e.name }",
  ],
  [
    "class declarations are in their TDZ before the declaration",
    "try { new A(); return 'no' } catch (e) { return e.name } class A {}",
  ],
  ["extends a non-constructor", "try { class A extends 5 {} return 'no' } catch (e) { return e.name }"],
  [
    "extends null",
    "class N extends null { constructor() { return Object.create(N.prototype) } } const n = new N(); return [Object.getPrototypeOf(N.prototype), n instanceof N]",
  ],
  [
    "new.target in functions and classes",
    "function F() { return new.target === F } class A { constructor() { this.nt = new.target.name } } class B extends A {} return [F(), new F() instanceof F, new A().nt, new B().nt]",
  ],
  [
    "async methods and computed method names",
    "const k = 'run'; class T { async [k](x) { await null; return x * 2 } } return await new T().run(21)",
  ],
  [
    "a method is not a constructor",
    "class A { m() {} } try { new (new A().m)(); return 'no' } catch (e) { return e.name }",
  ],
  [
    "super.x = v defines on the instance",
    "class A {} class B extends A { set(v) { super.x = v; return Object.keys(this) } } return new B().set(3)",
  ],
]

describe("classes: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("classes: programs models write", () => {
  it("a client class with async methods over tools", async () => {
    const host = fakeHost({ tools: { "gh.issues": (input) => [{ id: 1, q: (input as { q: string }).q }] } })
    expect(
      await value(
        `class Client {
          constructor(ns) { this.ns = ns; this.calls = 0 }
          async search(q) { this.calls++; return await tools[this.ns].issues({ q }) }
        }
        const c = new Client("gh")
        const found = await c.search("bug")
        return { found, calls: c.calls }`,
        host,
      ),
    ).toEqual({ found: [{ id: 1, q: "bug" }], calls: 1 })
  })

  it("a private member is refused by the subset check", async () => {
    const d = await failure("class Repo { #token = 1 }")
    expect(d.kind).toBe("UnsupportedSyntax")
    expect(d.message).toContain("Private")
  })

  it("a cache class with a Map field and a static factory", async () => {
    expect(
      await value(`
        class Cache {
          store = new Map()
          hits = 0
          static withEntries(entries) { const c = new Cache(); for (const [k, v] of entries) c.set(k, v); return c }
          get(k) { if (this.store.has(k)) { this.hits++; return this.store.get(k) } return undefined }
          set(k, v) { this.store.set(k, v); return this }
          get size() { return this.store.size }
        }
        const c = Cache.withEntries([["a", 1], ["b", 2]])
        return [c.get("a"), c.get("z"), c.hits, c.size]`),
    ).toEqual([1, null, 1, 2])
  })

  it("a class instance crosses the result boundary as its own enumerable data", async () => {
    expect(await value("class P { constructor() { this.x = 1 } m() {} } return new P()")).toEqual({ x: 1 })
  })

  it("extending Array is refused with a clear diagnostic, not run wrongly", async () => {
    const d = await failure("class Stack extends Array {}\nreturn new Stack()")
    expect(d.kind).toBe("UnsupportedSyntax")
    expect(d.message).toContain("Array")
  })

  it("a walk up a class's chain ends at the guest Function, which refuses to compile", async () => {
    for (const code of [
      "class A { m() {} }\nreturn new A().constructor.constructor('return 1')()",
      "class A {}\nclass B extends A {}\nreturn Object.getPrototypeOf(B).constructor.constructor('return 1')()",
      "class A {}\nreturn Object.getPrototypeOf(Object.getPrototypeOf(new A())).constructor.constructor('return 1')()",
    ]) {
      const d = await failure(code)
      expect(d.kind).toBe("ExecutionFailure")
      expect(d.message).toContain("Code generation from strings")
    }
  })
})
