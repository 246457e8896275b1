import { describe, expect, it } from "vitest"
import { failure, fakeHost, value } from "./harness.js"

describe("budget and recursion", () => {
  it("stops a synchronous infinite loop inside a helper at the deadline", async () => {
    const d = await failure("function spin() { while (true) {} } spin()", fakeHost({ deadline: Date.now() + 50 }))
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("stops an async loop that awaits forever", async () => {
    const d = await failure(
      "async function f() { while (true) await 0 } await f()",
      fakeHost({ deadline: Date.now() + 50 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("stops when the host cancels, and try/catch/finally cannot swallow it", async () => {
    let n = 0
    const host = fakeHost({ cancelled: () => ++n > 2 })
    const d = await failure("let i = 0; for (;;) { try { i++ } catch (e) { } finally { continue } }", host)
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("stops recursion that never ends through for loops and recursion alike", async () => {
    const d = await failure(
      "const f = () => { for (let i = 0; i < 1e9; i++) {} }; f()",
      fakeHost({ deadline: Date.now() + 30 }),
    )
    expect(d.kind).toBe("TimeoutExceeded")
  })

  it("turns deep recursion into a catchable RangeError, never a host stack overflow", async () => {
    expect(
      await value(
        "function f(n) { return f(n + 1) } try { f(0) } catch (e) { return [e.name, e instanceof RangeError] }",
      ),
    ).toEqual(["RangeError", true])
    const d = await failure("function f(n) { return 1 + f(n + 1) }\nf(0)")
    expect(d.kind).toBe("ExecutionFailure")
    expect(d.message).toContain("Maximum call stack size exceeded")
    expect(d.location?.line).toBe(1)
  })

  it("survives deep recursion through built-in callbacks", async () => {
    const d = await failure("const f = (n) => [n].map(x => f(x + 1)); f(0)")
    expect(d.message).toContain("Maximum call stack size exceeded")
  })

  it("allows reasonably deep recursion", async () => {
    expect(await value("function depth(n) { return n === 0 ? 0 : 1 + depth(n - 1) } return depth(500)")).toBe(500)
  })

  it("counts async recursion by its synchronous part only (many concurrent callbacks are fine)", async () => {
    expect(
      await value(
        "const r = await Promise.all(Array.from({ length: 5000 }, async (_, i) => { await null; return i })); return r.length",
      ),
    ).toBe(5000)
  })
})
