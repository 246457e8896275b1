import { describe, expect, it } from "vitest"
import { failure, fakeHost, run, value } from "./harness.js"

/** Where @opencode-ai/codemode 1.18 chose differently from ECMAScript, or where the contract is not expressible as a vm oracle. */
describe("@opencode-ai/codemode 1.18 semantics", () => {
  it("uses the last top-level expression statement as the result when there is no return (docs/dialects.md#canonical-contract)", async () => {
    expect(await value("const x = 5; x")).toBe(5)
    expect(await value("const a = [1, 2]; a.map(x => x + 1)")).toEqual([2, 3])
    expect(await value("if (true) { 'inside a block' }")).toBe(null)
    expect(await value("let y = 1")).toBe(null)
  })

  it("turns undefined into null, also nested, and awaits a returned promise", async () => {
    expect(await value("return undefined")).toBe(null)
    expect(await value("return { a: undefined, b: [undefined, 1] }")).toEqual({ a: null, b: [null, 1] })
    expect(await value("async function f() { return 7 } return f()")).toBe(7)
  })

  it("returns arrays from keys/values/entries of arrays, Maps and Sets", async () => {
    expect(
      await value("return [['a', 'b'].keys(), ['a'].entries(), new Map([['x', 1]]).entries(), new Set([1]).values()]"),
    ).toEqual([[0, 1], [[0, "a"]], [["x", 1]], [1]])
  })

  it("restricts for…in to plain objects, arrays and tool namespaces", async () => {
    expect(await value("const r = []; for (const k in [7, 8]) r.push(k); return r")).toEqual(["0", "1"])
    const d = await failure("for (const c in 'abc') {}")
    expect(d.message).toContain("Use for...of for arrays/strings/Maps/Sets, or Object.keys(value)")
    expect(d.message).toContain("got a string")
    expect(d.location).toEqual({ line: 1, column: 16 })
    expect(await value("try { for (const k in new Map()) {} } catch (e) { return e.name }")).toBe("TypeError")
  })

  it("says how to fix a non-global pattern passed to replaceAll or matchAll", async () => {
    const fix = async (code: string) => (await failure(code)).message
    expect(await fix(`"aa".replaceAll(/a/i, "b")`)).toContain(
      "write /a/ig, or use String.replace for the first match only",
    )
    expect(await fix(`"aa".matchAll(/a/)`)).toContain("write /a/g, or use String.match for the first match only")
    expect(await value(`try { "aa".replaceAll(/a/, "b") } catch (e) { return e.name }`)).toBe("TypeError")
  })

  it("makes an empty Promise.race a catchable TypeError instead of a promise that never settles", async () => {
    expect(
      await value("try { await Promise.race([]) } catch (e) { return [e.name, e instanceof TypeError, e.message] }"),
    ).toEqual(["TypeError", true, "Promise.race([]) never settles: pass at least one promise or value"])
    expect(await value("return await Promise.race([Promise.resolve(2), 3])")).toBe(2)
  })

  it("makes for…in over null or undefined an error like any other non-enumerable value (JS would loop zero times)", async () => {
    for (const operand of ["null", "undefined"]) {
      const d = await failure(`let n = 0; for (const k in ${operand}) n++; return n`)
      expect(d.message).toContain(`requires a plain object, array, or tools reference; got ${operand}`)
      expect(await value(`try { for (const k in ${operand}) {} } catch (e) { return e.name }`)).toBe("TypeError")
    }
  })

  it("serializes dates as ISO strings and Map/Set/RegExp as {} at the boundary", async () => {
    expect(await value("return [new Date(0), new Map([[1, 2]]), new Set([1]), /x/g]")).toEqual([
      "1970-01-01T00:00:00.000Z",
      {},
      {},
      {},
    ])
    expect(await value("return String(new Date(0))")).toBe("1970-01-01T00:00:00.000Z")
    expect(await value("return new Date(NaN)")).toBe(null)
  })

  it("represents errors as plain { name, message } data that satisfy instanceof", async () => {
    expect(await value("try { null.x } catch (e) { return e }")).toEqual({
      name: "TypeError",
      message: "Cannot read properties of null (reading 'x')",
    })
    expect(
      await value(
        "return [new TypeError('t') instanceof Error, Error('x') instanceof TypeError, { name: 'Error', message: 'm' } instanceof Error]",
      ),
    ).toEqual([true, false, false])
  })

  it("reports uncaught throws as ExecutionFailure with the throw position", async () => {
    const d = await failure("const a = 1\n  throw new Error('boom')")
    expect(d).toEqual({ kind: "ExecutionFailure", message: "Uncaught: boom", location: { line: 2, column: 2 } })
    expect((await failure("throw 'text'")).message).toBe("Uncaught: text")
    expect((await failure("throw { code: 1 }")).message).toBe("Uncaught: [object Object]")
  })

  it("gives V8-like messages with positions for common failures", async () => {
    const cases: Array<[string, string, number]> = [
      ["let u; u.x", "Cannot read properties of undefined (reading 'x')", 9],
      ["const o = {}; o.f()", "o.f is not a function", 14],
      ["nope + 1", "nope is not defined", 0],
      ["const c = 1; c = 2", "Assignment to constant variable.", 13],
    ]
    for (const [code, message, column] of cases) {
      const d = await failure(code)
      expect(d.message).toBe(`Uncaught: ${message}`)
      expect(d.location).toEqual({ line: 1, column })
    }
  })

  it("answers instanceof for built-in constructors and rejects other right-hand sides", async () => {
    expect(
      await value(
        "return [/a/ instanceof RegExp, new Date() instanceof Date, Promise.resolve() instanceof Promise, [] instanceof Object]",
      ),
    ).toEqual([true, true, true, true])
    // An arrow has no `prototype`: V8 says "Function has non-object prototype 'undefined' in instanceof check".
    expect(await value("try { return ({}) instanceof (() => 1) } catch (e) { return e.name }")).toBe("TypeError")
    expect(await value("return 1 instanceof (() => 1)")).toBe(false)
  })

  it("keeps standard-library instances live inside the program", async () => {
    expect(
      await value("const o = { d: new Date(5) }; return Object.values(o)[0].getTime() + { ...o }.d.getTime()"),
    ).toBe(10)
  })

  it("fails on a promise in the result with an 'await it' message", async () => {
    const host = fakeHost({ tools: { "a.b": async () => 1 } })
    const d = await failure("return { p: tools.a.b({}) }", host)
    expect(d.kind).toBe("InvalidDataValue")
    expect(d.message).toContain("await")
    expect(d.location).toEqual({ line: 1, column: 0 })
    expect((await failure("const f = () => 1\n  f", host)).location).toEqual({ line: 2, column: 2 })
  })

  it("fails on functions, cycles and excessive depth in the result", async () => {
    expect((await failure("return { f: () => 1 }")).kind).toBe("InvalidDataValue")
    expect((await failure("const o = {}; o.self = o; return o")).kind).toBe("InvalidDataValue")
    expect((await failure("let o = {}; for (let i = 0; i < 40; i++) o = { o }; return o")).kind).toBe(
      "InvalidDataValue",
    )
    expect(await value("let o = 1; for (let i = 0; i < 31; i++) o = [o]; return JSON.stringify(o).length")).toBe(63)
  })

  it("JSON.stringify refuses cycles with a catchable InvalidDataValue", async () => {
    expect(
      await value("const o = {}; o.o = o; try { JSON.stringify(o) } catch (e) { return e instanceof Error }"),
    ).toBe(true)
    expect((await failure("const o = {}; o.o = o; JSON.stringify(o)")).kind).toBe("InvalidDataValue")
  })

  it("logs console output through the host", async () => {
    const host = fakeHost()
    await run("console.log('a', 1, { b: [1, 'x'] }); console.error('e')", host)
    expect(host.lines).toEqual(['a 1 {"b":[1,"x"]}', "[error] e"])
  })

  it("exposes globalThis as a view of the globals, writable by the run", async () => {
    expect(
      await value("return [globalThis.JSON.stringify([1]), typeof globalThis.process, typeof globalThis['Math'].max]"),
    ).toEqual(["[1]", "undefined", "function"])
    expect(await value("globalThis.x = 1; return x")).toBe(1)
    expect((await failure("globalThis.NaN = 1")).message).toMatch(/read only property 'NaN'/)
  })

  it("uses the host's deterministic random source", async () => {
    const a = await value("return [Math.random(), Math.random()]", fakeHost())
    const b = await value("return [Math.random(), Math.random()]", fakeHost())
    expect(a).toEqual(b)
  })
})
