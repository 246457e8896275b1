import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/**
 * Errors a model reads, worded as @opencode-ai/codemode words them (the method that refused, the forms it takes),
 * while staying the error JavaScript throws: each program catches the error and returns its name, compared with
 * `node:vm`, and the message must carry the reference's phrase.
 */
const cases: Array<[string, string, string | RegExp]> = [
  ["a non-callable map callback", "[1, 2].map(42)", "Array.map expects a function callback"],
  ["a non-callable filter callback", "[1].filter('x')", "Array.filter expects a function callback"],
  ["a non-callable reduce callback", "[1].reduce(null, 0)", "Array.reduce expects a function callback"],
  ["a non-callable sort comparator", "[2, 1].sort(42)", "Array.sort expects a function callback"],
  ["a non-callable toSorted comparator", "[2, 1].toSorted({})", "Array.toSorted expects a function callback"],
  ["a non-callable Array.from mapper", "Array.from([1], 42)", "Array.from expects a function callback"],
  ["instanceof a number", "1 instanceof 5", "right-hand side of 'instanceof'"],
  ["an unknown normalize form", "'x'.normalize('nope')", /"NFC", "NFD", "NFKC" or "NFKD" \(got "nope"\)/],
  ["Promise called without new", "Promise(() => 1)", "Constructor Promise requires 'new'"],
  ["a detached Promise.resolve as a callback", "[1].map(Promise.resolve)", "wrap it in an arrow function"],
  ["a detached Promise.reject", "const r = Promise.reject; r(1)", "wrap it in an arrow function"],
]

describe("errors in the reference's words, of JavaScript's type", () => {
  it.each(cases)("%s", async (_name, statement, phrase) => {
    const code = `try { ${statement}; return "no error" } catch (e) { return [e.name, e.message] }`
    const expected = await oracle(code)
    const actual = await ours(code)
    expect(actual.ok && expected.ok).toBe(true)
    if (!actual.ok || !expected.ok) return
    const [name, message] = JSON.parse(actual.json) as [string, string]
    expect(name).toBe((JSON.parse(expected.json) as [string, string])[0])
    if (typeof phrase === "string") expect(message).toContain(phrase)
    else expect(message).toMatch(phrase)
  })

  it("a bound Promise.resolve and one called through call() still work", async () => {
    const code = "const r = Promise.resolve.bind(Promise); return [await r(1), await Promise.resolve.call(Promise, 2)]"
    expect(await ours(code)).toEqual(await oracle(code))
  })
})
