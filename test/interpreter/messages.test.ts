import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/** Compiler-composed error messages worded like V8's (stdlib issue item 4): ours vs node:vm, name and message text. */
const caught = (code: string) => `try { ${code} } catch (e) { return [e.name, e.message] }`

const cases = [
  // Destructuring null/undefined (§8.6.2 RequireObjectCoercible): V8 names the first plain key.
  "const { a } = undefined",
  "const { a, b } = null",
  "const { 'x y': z } = null",
  "const { 3: z } = null",
  "const {} = null",
  "const { ...r } = undefined",
  "const { ['k' + 1]: z } = null",
  "let a; ({ a } = undefined)",
  "function g({ a }) { return a } g()",
  // Nested patterns and defaulted first keys read like a property access.
  "const { a: { b } } = { a: undefined }",
  "const { a: { b } } = { a: null }",
  "const [{ a }] = [undefined]",
  "const { a = 1 } = null",
  "const { a: { ...r } } = {}",
  // Callees are printed like V8's call printer: double-quoted string literals, `.key` for string-literal keys.
  "'abc'.foo()",
  "`t`.foo()",
  "const s = 'x'; s.foo()",
  "[1, 'a'].foo()",
  "const o = {}; o['k']()",
  "const o = {}; o?.x()",
  "const o = { a: {} }; const k = 'z'; o.a[k]()",
  "const f = 1; f()",
  "new 'x'()",
  "const o = {}; new o['x']()",
  // Spread of a non-iterable: array literals name the operand, calls use V8's fixed wording.
  "[...5]",
  "[...{}]",
  "[...null]",
  "let o = {}; [...o]",
  "const o = { a: { b: 1 } }; [...o.a.b]",
  "[...'ab'.length]",
  "Math.max(...5)",
  "let o = {}; Math.max(...o)",
  "Math.max(...null)",
  "Math.max(...undefined)",
  "for (const x of 5) {}",
  "let o = {}; for (const x of o) {}",
  // Array patterns: a declaration's identifier or literal initializer is named by its source.
  "const [a] = {}",
  "const [a] = 5",
  "const [a] = null",
  "let o = {}; const [q] = o",
]

describe("compiler messages match V8's wording", () => {
  it.each(cases)("%s", async (code) => {
    const expected = await oracle(caught(code))
    expect(expected.ok).toBe(true)
    expect(await ours(caught(code))).toEqual(expected)
  })
})
