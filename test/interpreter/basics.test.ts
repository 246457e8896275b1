import { describe, expect, it } from "vitest"
import { failure, fakeHost, value } from "./harness.js"

describe("interpreter basics", () => {
  it("evaluates literals, operators and returns", async () => {
    expect(await value("return 1 + 2 * 3")).toBe(7)
    expect(await value("'hello'.toUpperCase()")).toBe("HELLO")
    expect(await value("const x = 1")).toBe(null)
  })

  it("loops and closures capture per-iteration bindings", async () => {
    expect(await value("let s = 0; for (let i = 0; i < 10; i++) s += i; return s")).toBe(45)
    expect(await value("const fs = []; for (let i = 0; i < 3; i++) fs.push(() => i); return fs.map(f => f())")).toEqual(
      [0, 1, 2],
    )
  })

  it("calls tools eagerly and awaits them", async () => {
    const host = fakeHost({ tools: { "a.b": async (i) => i } })
    expect(await value("const r = await tools.a.b({ x: 1 }); return r.x", host)).toBe(1)
    expect(host.calls).toEqual([{ path: "a.b", input: { x: 1 } }])
  })

  it("reports unknown tools with the call position", async () => {
    const d = await failure("\n  return tools.nope.x()", fakeHost({ tools: { "a.b": (i) => i } }))
    expect(d.kind).toBe("UnknownTool")
    expect(d.location).toEqual({ line: 2, column: 9 })
  })

  it("reads __proto__ as the guest's own prototype", async () => {
    expect(await value("return [({}).__proto__ === Object.prototype, ({}).__proto__.__proto__]")).toEqual([true, null])
  })
})
