/**
 * Depth as a budget (issue 36, "The stack limit as a weapon"): the interpreter's own depth limit comes before the
 * native stack on every path a guest function can be entered by, a native overflow ends the run instead of being
 * caught, and prototype chains are bounded.
 */
import { describe, expect, it } from "vitest"
import { failure, fakeHost, oracle, ours, value } from "./harness.js"

/** A program that recurses through `call` until it fails, and reports how deep it got and what it caught. */
const deepest = (setup: string, call: string) =>
  `let d = 0\n${setup}\ntry { ${call} } catch (e) { return [d > 100, e instanceof RangeError, e.message] }`

const PATHS: ReadonlyArray<readonly [string, string, string]> = [
  ["plain calls", "function f() { d++; f() }", "f()"],
  ["getters", "const o = { get x() { d++; return o.x } }", "o.x"],
  ["toString hooks", "const o = { toString() { d++; return String(o) } }", "String(o)"],
  ["valueOf hooks", "const o = { valueOf() { d++; return +o } }", "+o"],
  ["sort comparators", "function f() { d++; [2, 1].sort(() => f()) }", "f()"],
  ["map callbacks", "function f() { d++; [1].map(() => f()) }", "f()"],
  ["reduce callbacks", "function f() { d++; return [1, 2].reduce(() => f()) }", "f()"],
  ["replace callbacks", 'function f() { d++; return "a".replace(/a/, () => f()) }', "f()"],
  ["JSON revivers", 'function f() { d++; return JSON.parse("[1]", () => f()) }', "f()"],
  ["toJSON", "const o = { toJSON() { d++; return JSON.stringify(o) } }", "JSON.stringify(o)"],
  ["constructors", "class A { constructor() { d++; new A() } }", "new A()"],
  ["derived constructors", "class B {}\nclass A extends B { constructor() { d++; super(); new A() } }", "new A()"],
  ["iterators", "const o = { [Symbol.iterator]() { d++; return [...o][Symbol.iterator]() } }", "[...o]"],
  ["async functions", "const f = async () => { d++; await f() }", "await f()"],
  ["Array.from callbacks", "function f() { d++; return Array.from({ length: 1 }, () => f()) }", "f()"],
]

describe("depth", () => {
  it.each(PATHS)(
    "recursion through %s ends in the interpreter's catchable RangeError first",
    async (_, setup, call) => {
      expect(await value(deepest(setup, call))).toEqual([true, true, "Maximum call stack size exceeded"])
    },
  )

  it("a program that catches every overflow and recurses again stops at its deadline", async () => {
    for (const code of [
      "const g = () => { try { g() } catch {} try { g() } catch {} }; g()",
      "const o = { toString() { try { return String(o) } catch { return String(o) } } }; String(o)",
      "const f = () => { try { [2, 1].sort(f) } catch {} try { [2, 1].sort(f) } catch {} return 0 }; f()",
      "const o = { get x() { try { return o.x } finally { o.x } } }; o.x",
    ]) {
      const d = await failure(code, fakeHost({ deadline: Date.now() + 100 }))
      expect(d.kind, code).toBe("TimeoutExceeded")
    }
  })

  it("a native stack overflow ends the run: no catch or finally sees it", async () => {
    // V8 refuses an argument list this long with its stack-overflow RangeError.
    const d = await failure(
      "let seen = 0\ntry { Math.max(...Array(1e6).fill(1)) } catch { seen++ } finally { seen++ }\nreturn seen",
    )
    expect(d.kind).toBe("ExecutionFailure")
    expect(d.message).toMatch(/^Maximum call stack size exceeded: the host's native stack ran out/)
  })
})

describe("prototype chains", () => {
  it.each([
    ["a literal __proto__", "o = { __proto__: o }"],
    ["Object.create", "o = Object.create(o)"],
    ["Object.setPrototypeOf", "o = Object.setPrototypeOf({}, o)"],
    ["the __proto__ setter", "{ const n = {}; n.__proto__ = o; o = n }"],
    ["class extends", "o = class extends o {}"],
    ["new with a deep prototype", "{ const F = function () {}; F.prototype = o; o = new F() }"],
  ])("a chain past 1,000 objects made by %s is a catchable RangeError", async (_, step) => {
    const start = step.includes("class") ? "let o = class {}" : "let o = {}"
    const r = await value(
      `${start}\nlet i = 0\ntry { for (; i < 5000; i++) ${step} } catch (e) { return [i < 1000, i > 990, e.name, e.message] }`,
    )
    expect(r).toEqual([
      true,
      true,
      "RangeError",
      'A prototype chain may be at most 1000 objects long (SECURITY.md "In-process limits")',
    ])
  })

  it("walks of a chain agree with V8 (isPrototypeOf, in, instanceof, reads)", async () => {
    const code = `
      function F() {}
      let o = new F()
      for (let i = 0; i < 500; i++) o = { __proto__: o, ["k" + i]: i }
      const other = {}
      return [F.prototype.isPrototypeOf(o), other.isPrototypeOf(o), Object.prototype.isPrototypeOf(o),
        o instanceof F, o instanceof Object, "k0" in o, "zz" in o, o.k3, o.zz, o.hasOwnProperty("k499"),
        Object.create(null).isPrototypeOf === undefined, (() => { try { return {}.isPrototypeOf.call(null, o) } catch (e) { return e.name } })()]`
    expect(await ours(code)).toEqual(await oracle(code))
  })
})
