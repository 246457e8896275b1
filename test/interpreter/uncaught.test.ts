/**
 * How a run ends on the program's own values (issue 36, "No Internal error. for a program's own doing"): an uncaught
 * value whose message or conversion throws is a diagnostic naming that, the result's getters run as the program's
 * code, a returned thenable is adopted as JavaScript adopts it, and an unobserved `Promise.reject` is reported.
 */
import { describe, expect, it } from "vitest"
import { failure, oracle, ours, value } from "./harness.js"

const SELF_THROWING = `const e = new Error("x")\nObject.defineProperty(e, "message", { get() { throw e } })\n`

describe("uncaught values that throw when read", () => {
  it.each([
    ["thrown", `${SELF_THROWING}throw e`, /^Uncaught: an error whose message could not be read/],
    [
      "thrown from a getter",
      `${SELF_THROWING}const o = { get x() { throw e } }\nreturn o.x`,
      /^Uncaught: an error whose message/,
    ],
    [
      "thrown after an await",
      `${SELF_THROWING}await null\nthrow e`,
      /^Uncaught: an error whose message could not be read/,
    ],
    [
      "an unhandled rejection",
      `${SELF_THROWING}Promise.reject(e)\nreturn 1`,
      /^Unhandled rejection: an error whose message/,
    ],
    [
      "a plain object whose toString throws",
      "const e = { toString() { throw e } }\nthrow e",
      /^Uncaught: a value that could not be converted/,
    ],
  ])("%s: a diagnostic about the program, never an internal error", async (_, code, message) => {
    const d = await failure(code)
    expect(d.kind).toBe("ExecutionFailure")
    expect(d.message).toMatch(message)
    expect(d.message).not.toMatch(/Internal/)
  })
})

describe("the end of a run agrees with JavaScript", () => {
  it.each([
    ["a returned thenable that resolves", "return { then(r) { r(42) } }"],
    ["a returned thenable that resolves later", "return { then(r) { Promise.resolve().then(() => r([1, 2])) } }"],
    ["a returned thenable resolving to a thenable", "return { then(r) { r({ then(s) { s('deep') } }) } }"],
    ["a returned thenable that rejects", "return { then(_, j) { j(new TypeError('no')) } }"],
    ["a returned object with a then that is not a function", "return { then: 1, x: 2 }"],
    [
      "a getter on the result past many steps",
      "return { get x() { let s = 0; for (let i = 0; i < 50000; i++) s += i; return s } }",
    ],
  ])("%s", async (_, code) => {
    const theirs = await oracle(code)
    const mine = await ours(code)
    // A rejection is an uncaught error on our side ("thrown"), the error's name on V8's.
    expect(mine).toEqual(theirs.ok ? theirs : { ok: false, name: "thrown" })
  })

  it("an unobserved Promise.reject is an unhandled rejection; an observed one is not", async () => {
    const d = await failure('Promise.reject(new Error("boom"))\nreturn 1')
    expect(d.message).toBe("Unhandled rejection: boom")
    expect(await value("const p = Promise.reject(1)\ntry { await p } catch { return 2 }")).toBe(2)
    expect(await value("const p = Promise.reject(1)\np.catch(() => 0)\nreturn 3")).toBe(3)
    expect(await value("await Promise.allSettled([Promise.reject(1)])\nreturn 4")).toBe(4)
    // Returned from a handler, it is adopted by the derived promise, which the program observes.
    const code = `const seen = async (p) => { try { return await p } catch (e) { return "rejected " + e } }
      return [await seen(Promise.resolve(1).then(() => Promise.reject("bad"))),
        await seen(Promise.resolve(2).finally(() => Promise.reject(3)))]`
    expect(await value(code)).toEqual(["rejected bad", "rejected 3"])
  })
})
