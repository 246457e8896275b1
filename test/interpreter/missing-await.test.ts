/**
 * A promise used as if it were its value (a forgotten `await`): JavaScript goes on with "[object Promise]", NaN or
 * undefined; here the program gets a TypeError naming the missing await, and uncaught it is an InvalidDataValue.
 * Everything JavaScript defines on a promise keeps its meaning, checked against V8 (`node:vm`).
 */
import { describe, expect, it } from "vitest"
import { failure, fakeHost, oracle, value } from "./harness.js"

const host = () => fakeHost({ tools: { "api.get": (input) => ({ items: [1, 2], input }) } })

describe("a forgotten await is an error, not a silent value", () => {
  it.each([
    [
      "a property the promise lacks",
      "return tools.api.get({}).items",
      "has no property 'items'",
      { line: 1, column: 25 },
    ],
    ["destructuring it", "const { items } = tools.api.get({})\nreturn items", "has no property 'items'", undefined],
    ["optional chaining", "return tools.api.get({})?.items?.length", "has no property 'items'", undefined],
    ["string concatenation", "return 'got ' + tools.api.get({})", "cannot be used as a string or number", undefined],
    ["a template", "return `got ${tools.api.get({})}`", "cannot be used as a string", undefined],
    ["arithmetic", "return tools.api.get({}) * 2", "cannot be used as a number", undefined],
    ["a comparison", "return tools.api.get({}) > 0", "cannot be used as a number", undefined],
    ["String()", "return String(tools.api.get({}))", "cannot be used as a string", undefined],
  ])("%s", async (_what, code, problem, location) => {
    const d = await failure(code, host())
    expect(d.kind).toBe("InvalidDataValue")
    expect(d.message).toBe(
      `An un-awaited Promise ${problem}: await it first, e.g. \`const result = await tools.ns.tool(...)\`.`,
    )
    if (location !== undefined) expect(d.location).toEqual(location)
  })

  it("is a catchable TypeError, and the awaited value reads as usual", async () => {
    const code = `const p = tools.api.get({ n: 1 })
      let caught
      try { p.items } catch (e) { caught = [e instanceof TypeError, e.message.includes("await it first")] }
      return [caught, (await p).items]`
    expect(await value(code, host())).toEqual([
      [true, true],
      [1, 2],
    ])
  })
})

describe("what JavaScript defines on a promise is unchanged (agrees with V8)", () => {
  it.each([
    [
      "then/catch/finally",
      "const p = Promise.resolve(2); return [await p.then((x) => x + 1), await p.catch(() => 0), await p.finally(() => 9)]",
    ],
    [
      "constructor and instanceof",
      "const p = Promise.resolve(1); return [p.constructor === Promise, p instanceof Promise, p instanceof Object]",
    ],
    [
      "Object.prototype members",
      "const p = Promise.resolve(1); return [p.hasOwnProperty('then'), Object.prototype.toString.call(p), typeof p.toString, typeof p.valueOf]",
    ],
    ["own properties a program sets", "const p = Promise.resolve(1); p.label = 'a'; return [p.label, Object.keys(p)]"],
    ["the in operator", "const p = Promise.resolve(1); return ['then' in p, 'items' in p, Symbol.iterator in p]"],
    [
      "identity, truthiness and typeof",
      "const p = Promise.resolve(1); return [p === p, p == p, p !== Promise.resolve(1), !p, typeof p, p ? 1 : 2, p ?? 0] .filter((x) => typeof x !== 'object')",
    ],
    [
      "adoption by Promise.resolve, await and Promise.all",
      "const p = Promise.resolve(3); return [Promise.resolve(p) === p, await Promise.resolve(p), await Promise.all([p, 4])]",
    ],
    ["a symbol-keyed read it lacks", "return Promise.resolve(1)[Symbol.iterator] === undefined"],
  ])("%s", async (_what, code) => {
    const expected = await oracle(code, { Promise, Object, Symbol })
    expect(expected.ok).toBe(true)
    expect(JSON.stringify(await value(code))).toBe((expected as { json: string }).json)
  })
})
