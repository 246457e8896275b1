import { describe, expect, it } from "vitest"
import { failure, value } from "./harness.js"

const blocked = ["__proto__", "constructor", "prototype"]

describe("confinement", () => {
  it("blocks prototype members on reads, writes and deletes, catchably, naming the property", async () => {
    for (const key of blocked) {
      for (const code of [
        `return ({}).${key}`,
        `return [].${key}`,
        `return 'x'.${key}`,
        `return (() => 1).${key}`,
        `return Object.${key}`,
        `const o = {}; o.${key} = 1`,
        `const o = {}; o['${key}'] = {}`,
        `const o = {}; delete o.${key}`,
        `const { ${key}: c } = {}`,
        `return [].map.${key}`,
      ]) {
        const d = await failure(code)
        expect(d.message, code).toContain(key)
      }
      expect(await value(`try { ({})['${key}'] } catch (e) { return e.name }`)).toBe("TypeError")
    }
  })

  it("coerces computed keys before checking them", async () => {
    const d = await failure("const k = ['__proto__']; return ({})[k]")
    expect(d.message).toContain("__proto__")
    // A guest toString hook runs first (ToPropertyKey); the key it produces is checked like any other.
    const hook = "const k = { toString() { return '__proto__' } }; const o = {};"
    for (const use of ["o[k] = 1", "return o[k]", "return { [k]: 1 }", "delete o[k]"])
      expect((await failure(`${hook} ${use}`)).message, use).toContain("__proto__")
    expect(await value(`${hook} return k in o`)).toBe(false)
  })

  it("blocks prototype keys in object literals and fromEntries", async () => {
    expect((await failure("return { ['__proto__']: 1 }")).message).toContain("__proto__")
    expect((await failure("return Object.fromEntries([['constructor', 1]])")).message).toContain("constructor")
  })

  it("exposes no host globals", async () => {
    for (const name of [
      "process",
      "require",
      "globalThis.process",
      "Function",
      "eval2",
      "setImmediate",
      "Reflect",
      "Proxy",
      "Symbol",
      "WebAssembly",
    ]) {
      const v = await value(`try { return typeof ${name} } catch (e) { return e.name }`)
      expect(["undefined", "TypeError"], name).toContain(v)
    }
  })

  it("never hands out host functions: methods read as built-ins are inert data to the host", async () => {
    expect(await value("const m = [].map; return [typeof m, m.name]")).toEqual(["function", "map"])
    expect(await value("const f = [].push; try { f(1) } catch (e) { return e.name }")).toBe("TypeError")
    expect(await value("return typeof ({}).toString")).toBe("function")
  })

  it("keeps missing keys undefined on plain objects (no Object.prototype lookups)", async () => {
    expect(
      await value(
        "const o = {}; return [o.valueOf === undefined, o.isPrototypeOf, o.__defineGetter__, 'toString' in o]",
      ),
    ).toEqual([false, null, null, false])
  })

  it("does not let one run mutate shared built-ins for another", async () => {
    expect((await failure("Math.max = () => 0")).kind).toBe("ExecutionFailure")
    expect(await value("return Math.max(1, 2)")).toBe(2)
  })
})

describe("escape attempts", () => {
  const attempts = [
    "return [].map.call.constructor",
    "const f = [].map; return f.bind.constructor",
    "return Promise.resolve().then.apply.constructor('return process')()",
    "return (async () => 1).constructor('return process')()",
    "return Object.getPrototypeOf([])",
    "return Reflect.ownKeys({})",
    "const e = new Error('x'); return e.constructor",
    "return JSON.parse('{}', function (k, v) { return this.constructor })",
    "return tools.constructor",
    "return tools['__proto__']",
    "const k = '__pro' + 'to__'; return ({})[k]",
    "const m = new Map(); return m.constructor",
    "return `${[].constructor}`",
    "return Math.constructor",
    "return console.log.constructor",
    "return ({}).toString.call.constructor",
    "return globalThis.process.env",
    "return this.process",
  ]
  it.each(attempts)("%s fails without reaching a host object", async (code) => {
    const r = await failure(code)
    expect(r.kind === "ExecutionFailure" || r.kind === "UnsupportedSyntax").toBe(true)
  })
})
