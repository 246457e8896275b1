/**
 * Guest coercion hooks are an attack surface (SECURITY.md): a `toString`/`valueOf` runs as a guest function, under
 * the step counter, the call-depth limit and the deadline, whichever built-in or operator triggers the conversion,
 * and a failure inside it surfaces as a guest error at the conversion site. What V8 can judge is in the
 * differential suite (test/stdlib/programs/coercion.ts); this file checks the confinement V8 cannot.
 */
import { describe, expect, it } from "vitest"
import { failure, fakeHost, value } from "./harness.js"

const spinning = "const o = { toString() { while (true) {} }, valueOf() { while (true) {} } };"

describe("coercion hooks are confined", () => {
  const sites: Array<[string, string]> = [
    ["template literal", "`${o}`"],
    ["String()", "String(o)"],
    ["+ operator", "o + 1"],
    ["relational operator", "o < 1"],
    ["loose equality", "o == 1"],
    ["computed key", "({})[o]"],
    ["Array.prototype.join", "[o].join()"],
    ["default sort", "[o, o].sort()"],
    ["String.prototype method argument", "'abc'.indexOf(o)"],
    ["Math.max", "Math.max(o)"],
    ["parseInt", "parseInt(o)"],
    ["Date constructor", "new Date(o)"],
  ]
  it.each(sites)("a hook that never returns is stopped at the deadline (%s)", async (_what, expr) => {
    const d = await failure(`${spinning}\n${expr}`, fakeHost({ deadline: Date.now() + 40 }))
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("try/catch around the conversion cannot swallow the timeout", async () => {
    const d = await failure(
      `${spinning} try { String(o) } catch (e) { } finally { }\nreturn 'survived'`,
      fakeHost({ deadline: Date.now() + 40 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("a hook that recurses forever is a catchable RangeError, not a host stack overflow", async () => {
    expect(
      await value("const o = { toString() { return String(this) } }; try { String(o) } catch (e) { return e.name }"),
    ).toBe("RangeError")
    expect(
      await value("const o = { valueOf() { return this + 1 } }; try { return o * 2 } catch (e) { return e.name }"),
    ).toBe("RangeError")
  })

  it("an uncaught hook error is reported with the conversion's position", async () => {
    const d = await failure("const o = { toString() { throw new TypeError('from hook') } }\nconst s = `${o}`")
    expect(d.kind).toBe("ExecutionFailure")
    expect(d.message).toContain("from hook")
    expect(d.location?.line).toBe(1)
  })

  it("hooks count against the step budget when called from built-ins many times", async () => {
    // Every element's hook runs a long loop: the loop's back-edges tick the run that created the hook.
    const d = await failure(
      "const o = { toString() { let s = 0; for (let i = 0; i < 1e7; i++) s += i; return 'x' } }; Array(2000).fill(o).join()",
      fakeHost({ deadline: Date.now() + 40 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("a hook runs with guest `this` and no host value reachable through it", async () => {
    expect(
      await value(
        "const o = { toString() { return [typeof this, Object.keys(this).join(), this.constructor === Object, this.constructor.constructor === Function].join('|') } }; try { return String(o) } catch (e) { return e.name + ':' + e.message }",
      ),
    ).toBe("object|toString|true|true")
    expect(await value("const o = { toString() { return Object.keys(this).join() } }; return `${o}`")).toBe("toString")
  })

  it("a built-in used directly as a hook is a TypeError saying to wrap it", async () => {
    const v = await value(
      "const o = { toString: Math.random }; try { return String(o) } catch (e) { return [e.name, e.message] }",
    )
    expect(v).toEqual(["TypeError", expect.stringMatching(/wrap it in a function/)])
  })
})
