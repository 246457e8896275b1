import { Effect } from "effect"
import vm from "node:vm"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"

/**
 * A missing `await` on a tool call nested in another call's arguments (issue 32): `return summarize(tools.x.get({
 * id }))`, `JSON.stringify(tools.a.b({}))`. Differential: node:vm runs the same program with synchronous tools,
 * which is what the model meant; the repaired run must give that answer, and `Promise.all([...])` stays concurrent.
 */
const answer = (name: string) => (input: unknown) => ({ tool: name, input })
const SPEC: Record<string, (input: unknown) => unknown> = { "x.get": answer("x.get"), "a.b": answer("a.b") }

const runtime = CodeMode.make({
  tools: {
    x: {
      get: Tool.make({ description: "get", input: { type: "object" }, run: (i) => Effect.succeed(SPEC["x.get"]!(i)) }),
    },
    a: { b: Tool.make({ description: "b", input: { type: "object" }, run: (i) => Effect.succeed(SPEC["a.b"]!(i)) }) },
  },
  limits: { timeoutMs: 10_000 },
})

const PROGRAMS = [
  `const summarize = (r) => r.tool; const id = 1; return summarize(tools.x.get({ id }))`,
  `return JSON.stringify(tools.a.b({}))`,
  `const f = (a, b) => [a.tool, b]; return f(tools.x.get({ id: 2 }), String(tools.a.b({}).tool))`,
  `return Object.keys(Object.assign({}, tools.a.b({ k: 1 }))).join(",")`,
  `const wrap = (v) => ({ v }); return wrap(wrap(tools.x.get({ id: 3 })))`,
  `const r = await Promise.all([tools.x.get({ id: 4 }), tools.a.b({})]); return r.map((x) => x.tool)`,
  `const run = async () => JSON.stringify(tools.x.get({ id: 5 })); return await run()`,
]

describe("missing await inside another call's arguments", () => {
  for (const code of PROGRAMS)
    it(code, async () => {
      const tools = { x: { get: SPEC["x.get"] }, a: { b: SPEC["a.b"] } }
      const expected = JSON.parse(
        JSON.stringify(await vm.runInContext(`(async () => { ${code} })()`, vm.createContext({ tools }))),
      )
      const r = await Effect.runPromise(runtime.run({ code }))
      expect(r.ok && r.value).toEqual(expected)
    })

  it("inserts the await at the nested call and leaves Promise.all's elements alone", async () => {
    const nested = await Effect.runPromise(runtime.run({ code: PROGRAMS[1]! }))
    expect(nested.receipt.changes.filter((c) => c.rule === "insert-await").map((c) => c.note)).toEqual(["tools.a.b"])
    const all = await Effect.runPromise(runtime.run({ code: PROGRAMS[5]! }))
    expect(all.receipt.changes.some((c) => c.rule === "insert-await")).toBe(false)
  })
})

describe("a tool call inside a synchronous function", () => {
  it("is not awaited there, and the receipt says its value is a promise", async () => {
    const r = await Effect.runPromise(
      runtime.run({ code: `const f = () => JSON.stringify(tools.a.b({})); return f()` }),
    )
    expect(r.receipt.changes.some((c) => c.rule === "insert-await")).toBe(false)
    expect(r.receipt.warnings.map((w) => w.message)).toContain(
      "tools.a.b(…) is not awaited inside a synchronous function, so its value there is a promise; make the function async and await the call",
    )
  })

  it("says nothing of a call whose value is not used", async () => {
    const r = await Effect.runPromise(runtime.run({ code: `const f = () => { tools.a.b({}) }; f(); return 1` }))
    expect(r.receipt.warnings).toEqual([])
  })
})
