import { describe, expect, it } from "vitest"
import { failure, value } from "./harness.js"

describe("confinement", () => {
  it("__proto__ answers with the guest's prototypes on reads and writes, never a host one (proto-accessor.test.ts)", async () => {
    const key = "__proto__"
    expect(
      await value(
        `return [({}).${key} === Object.prototype, [].${key} === Array.prototype, 'x'.${key} === String.prototype,
          (() => 1).${key} === Function.prototype, Object.${key} === Function.prototype, [].map.${key} === Function.prototype]`,
      ),
    ).toEqual([true, true, true, true, true, true])
    // Changing a chain other than a plain object's is refused with a TypeError, never applied to a host value.
    for (const code of [
      `[].${key} = {}`,
      `(() => 1).${key} = {}`,
      `Object.${key} = {}`,
      `Object.prototype.${key} = {}`,
    ])
      expect(await value(`try { ${code}; return 'changed' } catch (e) { return e.name }`), code).toBe("TypeError")
    // Object.prototype's accessor cannot be deleted or redefined.
    expect((await failure(`delete Object.prototype.${key}`)).message).toContain(key)
  })

  it("coerces computed keys before reading __proto__", async () => {
    const hook = "const k = { toString() { return '__proto__' } }; const o = {};"
    expect(await value(`${hook} return [o[k] === Object.prototype, k in o, ['__proto__'] in o]`)).toEqual([
      true,
      true,
      true,
    ])
    expect(await value(`${hook} const p = { a: 1 }; o[k] = p; return [o.a, Object.getPrototypeOf(o) === p]`)).toEqual([
      1,
      true,
    ])
  })

  it("a computed __proto__ key in a literal is an own property, as in JavaScript, and changes no prototype", async () => {
    expect(
      await value(
        "const o = { ['__proto__']: 1 }; return [Object.keys(o), Object.getPrototypeOf(o) === Object.prototype]",
      ),
    ).toEqual([["__proto__"], true])
    expect(
      await value(
        "const p = { x: 1 }; const o = { __proto__: p }; return [o.x, Object.keys(o).length, Object.getPrototypeOf(o) === p]",
      ),
    ).toEqual([1, 0, true])
  })

  it("exposes no host globals", async () => {
    for (const name of [
      "process",
      "require",
      "globalThis.process",
      "eval2",
      "setImmediate",
      "Reflect",
      "Proxy",
      "WebAssembly",
    ]) {
      const v = await value(`try { return typeof ${name} } catch (e) { return e.name }`)
      expect(["undefined", "TypeError"], name).toContain(v)
    }
  })

  it("Symbol is a guest built-in (its well-known symbols are the guest's own, values.ts WELL_KNOWN)", async () => {
    const v = await value("return [typeof Symbol, Symbol.iterator.description, Symbol.keyFor(Symbol.iterator)]")
    expect(v).toEqual(["function", "Symbol.iterator", null])
  })

  it("never hands out host functions: methods read as built-ins are inert data to the host", async () => {
    expect(await value("const m = [].map; return [typeof m, m.name]")).toEqual(["function", "map"])
    expect(await value("const f = [].push; try { f(1) } catch (e) { return e.name }")).toBe("TypeError")
    expect(await value("return typeof ({}).toString")).toBe("function")
  })

  it("plain objects inherit the guest's Object.prototype members, and no host ones", async () => {
    expect(
      await value(
        "const o = {}; return [o.valueOf === Object.prototype.valueOf, typeof o.isPrototypeOf, o.__defineGetter__, 'toString' in o, Object.create(null).toString]",
      ),
    ).toEqual([true, "function", null, true, null])
  })

  it("does not let one run mutate shared built-ins for another", async () => {
    // Each run changes its own copy of a built-in (intrinsics.ts); the next run starts from the originals.
    for (const code of [
      "Math.max = () => 0; return Math.max(1, 2)",
      "Array.prototype.map = 1; return [].map",
      "Object.prototype.x = 1; return ({}).x",
      "Function.prototype.call = 1; return (() => 0).call",
    ])
      expect(await value(code), code).toBe(code.startsWith("Math") ? 0 : 1)
    expect(await value("return [Math.max(1, 2), [1].map((x) => x + 1), ({}).x, typeof (() => 0).call]")).toEqual([
      2,
      [2],
      null,
      "function",
    ])
  })
})

describe("escape attempts", () => {
  // Walks up `constructor`/`prototype` chains end at the guest's own built-ins; the guest's Function refuses to compile.
  const guest = [
    ["return [].map.call.constructor === Function", true],
    ["const f = [].map; return f.bind.constructor === Function", true],
    ["return Object.getPrototypeOf([]) === Array.prototype", true],
    ["const e = new Error('x'); return e.constructor === Error", true],
    ["return JSON.parse('{}', function (k, v) { return this.constructor === Object })", true],
    ["const m = new Map(); return m.constructor === Map", true],
    ["return `${[].constructor}`.includes('function Array')", true],
    ["return console.log.constructor === Function && (() => 1).constructor === Function", true],
    ["return ({}).toString.call.constructor.constructor === Function", true],
    ["function F() {} return F.prototype.constructor.constructor.prototype === Function.prototype", true],
    ["return Object.getPrototypeOf(Object.getPrototypeOf({})) === null", true],
  ] as const
  it.each(guest)("%s", async (code, expected) => {
    expect(await value(code)).toBe(expected)
  })
  const compile = [
    "return Promise.resolve().then.apply.constructor('return process')()",
    "return (async () => 1).constructor('return process')()",
    "return [].map.constructor('return this')()",
    "function f() {} return new f.constructor('return process')()",
    "const o = { get x() { return 1 } }; return Object.getOwnPropertyDescriptor(o, 'x').get.constructor('return 1')()",
  ]
  it.each(compile)("%s: the guest's Function refuses to compile (EvalError)", async (code) => {
    expect(await value(`try { ${code} } catch (e) { return e.name }`)).toBe("EvalError")
  })
  const attempts = [
    "return Reflect.ownKeys({})",
    "return tools.constructor",
    "return tools['__proto__']",
    "const k = '__pro' + 'to__'; return ({})[k]",
    "return globalThis.process.env",
    "return this.process",
    "return [].constructor",
  ]
  it.each(attempts)("%s fails without reaching a host object", async (code) => {
    const r = await failure(code)
    expect(r.kind === "ExecutionFailure" || r.kind === "UnsupportedSyntax" || r.kind === "InvalidDataValue").toBe(true)
  })
})
