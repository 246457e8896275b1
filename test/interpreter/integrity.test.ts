/**
 * Object.freeze & co. (object.ts, property.ts): what the differential suite cannot compare — V8's message wording
 * for a plain object (the host sees a null-prototype object) and the guest position of the refused write.
 */
import { describe, expect, it } from "vitest"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { compile } from "../../src/interpreter/index.js"
import { failure, fakeHost, value } from "./harness.js"

describe("refused writes on frozen, sealed and non-extensible objects", () => {
  const cases: Array<[string, string]> = [
    ["o.a = 2", "Cannot assign to read only property 'a' of object '#<Object>'"],
    ["o.b = 2", "Cannot add property b, object is not extensible"],
    ["delete o.a", "Cannot delete property 'a' of #<Object>"],
    ["a[0] = 2", "Cannot assign to read only property '0' of object '[object Array]'"],
    ["a.length = 0", "Cannot assign to read only property 'length' of object '[object Array]'"],
  ]
  it.each(cases)("%s is V8's TypeError at the write's line", async (stmt, message) => {
    const d = await failure(`const o = Object.freeze({ a: 1 }); const a = Object.freeze([1])\n${stmt}`)
    expect(d.message).toContain(message)
    expect(d.location?.line).toBe(2)
  })

  it("a refused write leaves the object unchanged and is catchable", async () => {
    expect(
      await value(
        "const o = Object.seal({ a: 1 }); let n = ''; try { o.b = 1 } catch (e) { n = e.name } o.a = 5; return [n, o]",
      ),
    ).toEqual(["TypeError", { a: 5 }])
  })

  it("freezing does not leak across runs of the same compiled program", async () => {
    // Each run builds its own literals: a frozen object from one run is never seen by the next.
    const code = "const o = { n: 0 }; const wasFrozen = Object.isFrozen(o); Object.freeze(o); return wasFrozen"
    const c = compile(parseJavaScript(code), code, {})
    if (!c.ok) throw new Error(c.diagnostic.message)
    const first = await c.program.run(fakeHost())
    const second = await c.program.run(fakeHost())
    expect([first, second].map((r) => (r.ok ? r.value : r.diagnostic.message))).toEqual([false, false])
  })
})
