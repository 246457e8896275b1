import { describe, expect, it } from "vitest"
import { fakeHost, failure, oracle, ours, value } from "./harness.js"

/**
 * Messages that tell a model how to fix its program: each error is the one JavaScript raises (same name as V8,
 * checked against node:vm), and its text says where the bad value came from and what to write instead.
 */
const caught = (code: string) => `try { ${code}; return "no error" } catch (e) { return [e.name, e.message] }`

describe("a pattern given as a string", () => {
  it("an invalid one names the method, the string it received, and the escape", async () => {
    for (const [code, origin] of [
      [`"abc".match("(")`, `String.match received the string "("`],
      [`"abc".search("a[")`, `String.search received the string "a["`],
      [`"abc".matchAll("+")`, `String.matchAll received the string "+"`],
      [`new RegExp("(")`, `new RegExp(...) received "("`],
    ] as const) {
      const [name, message] = (await value(caught(code))) as [string, string]
      const v8 = await oracle(`try { ${code} } catch (e) { return e.name }`)
      expect(v8).toEqual({ ok: true, json: JSON.stringify(name) })
      expect(message).toContain(origin)
      expect(message).toContain("escape them with a backslash")
    }
  })

  it("bad flags say which and list the valid ones", async () => {
    const [name, message] = (await value(caught(`new RegExp("a", "xz")`))) as [string, string]
    expect(name).toBe("SyntaxError")
    expect(message).toContain('invalid flags "xz"')
    expect(message).toContain("Valid flags are d, g, i, m, s, u, v and y")
  })

  it("a valid string pattern still matches as JavaScript does", async () => {
    const code = String.raw`return ["a.c".match(".")[0], "a+b".search("\\+"), [..."aXbX".matchAll("X")].length]`
    expect(await ours(code)).toEqual(await oracle(code))
    expect(await value(code)).toEqual(["a", 1, 2])
  })
})

describe("promises where data is expected", () => {
  it("a promise in a tool's input is an un-awaited-promise data error, not a schema refusal", async () => {
    const host = fakeHost({ tools: { "api.get": async () => 1 } })
    const d = await failure("return await tools.api.get({ id: tools.api.get({ id: 1 }) })", host)
    expect(d.kind).toBe("InvalidDataValue")
    expect(d.message).toContain("un-awaited Promise")
    expect(d.message).toContain("await tools.ns.tool(...)")
  })

  it("a promise in the result or in JSON.stringify says the same", async () => {
    const host = fakeHost({ tools: { "api.get": async () => 1 } })
    for (const code of ["return { r: tools.api.get({}) }", "return JSON.stringify(Promise.resolve(1))"]) {
      const d = await failure(code, host)
      expect(d.kind).toBe("InvalidDataValue")
      expect(d.message).toContain("un-awaited Promise: await it")
    }
  })

  it("a combinator given a non-iterable rejects catchably, naming itself and what it takes", async () => {
    for (const name of ["all", "allSettled", "race", "any"]) {
      const code = caught(`await Promise.${name}(42)`)
      const [errorName, message] = (await value(code)) as [string, string]
      expect(await oracle(`try { await Promise.${name}(42) } catch (e) { return e.name }`)).toEqual({
        ok: true,
        json: JSON.stringify(errorName),
      })
      expect(message).toContain(`Promise.${name} expects an array or another iterable`)
    }
  })
})
