// Tool paths that are more than a plain tree of distinct leaves: one path that is both a tool and a namespace, a path
// given twice, and segments that are prototype names in JavaScript. Checked through programs, the catalog and search.
import "./setup.js"
import { Effect } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

const says = (text: string) =>
  Tool.make({ description: `Says ${text}`, input: { type: "object" }, run: () => Effect.succeed(text) })

const run = (runtime: CodeMode.Runtime, code: string) => Effect.runPromise(runtime.execute(code))

describe("a path that is a tool and a namespace at once", () => {
  const runtime = CodeMode.make({ tools: { repo: { "pulls.merge": says("merged"), pulls: says("all pulls") } } })

  it("calls the tool at the path and the tools under it", async () => {
    const r = await run(
      runtime,
      "return [await tools.repo.pulls({}), await tools.repo.pulls.merge({}), typeof tools.repo.pulls]",
    )
    expect(r).toMatchObject({ ok: true, value: ["all pulls", "merged", "function"] })
    expect(r.toolCalls.map((c) => c.name)).toEqual(["repo.pulls", "repo.pulls.merge"])
  })

  it("lists its children, and both paths are in the catalog and in search", async () => {
    // The catalog in the tree's order; search, like the instructions, in path order.
    expect(runtime.catalog().map((t) => t.path)).toEqual(["repo.pulls.merge", "repo.pulls"])
    const r = await run(
      runtime,
      `const keys = Object.keys(tools.repo.pulls)
       const found = await tools.$codemode.search({ query: "", namespace: "repo" })
       return { keys, paths: found.items.map((i) => i.path) }`,
    )
    expect(r).toMatchObject({
      ok: true,
      value: { keys: ["merge"], paths: ["tools.repo.pulls", "tools.repo.pulls.merge"] },
    })
  })

  it("an unknown child of it is an unknown tool, worded as the reference words it", async () => {
    const r = await run(runtime, "return await tools.repo.pulls.close({})")
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe("UnknownTool")
    expect(r.error.message).toMatch(/^Unknown tool 'repo\.pulls\.close'\./)
  })

  it("a namespace with no tool of its own is not callable, and says how to list it", async () => {
    const r = await run(runtime, "return await tools.repo({})")
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe("UnknownTool")
    expect(r.error.message).toContain("Tool 'repo' is not callable")
    expect(r.error.message).toContain("Object.keys(tools.repo)")
  })
})

describe("a path given twice", () => {
  it("takes the later definition, in the earlier one's place", async () => {
    const runtime = CodeMode.make({
      tools: { "ops.deploy": says("first"), ops: { deploy: says("second"), rollback: says("back") } },
    })
    expect(runtime.catalog().map((t) => [t.path, t.description])).toEqual([
      ["ops.deploy", "Says second"],
      ["ops.rollback", "Says back"],
    ])
    const r = await run(runtime, "return [await tools.ops.deploy({}), Object.keys(tools.ops)]")
    expect(r).toMatchObject({ ok: true, value: ["second", ["deploy", "rollback"]] })
  })
})

describe("segments named like prototype members", () => {
  const runtime = CodeMode.make({
    tools: { prototype: says("p"), "meta.constructor": says("c"), raw: { ["__proto__"]: says("d") } },
  })

  it("are ordinary tool names: callable by dot and bracket, listed by Object.keys", async () => {
    const r = await run(
      runtime,
      `return [await tools.prototype({}), await tools.meta.constructor({}), await tools["meta.constructor"]({}),
        await tools.raw.__proto__({}), Object.keys(tools.meta), Object.keys(tools.raw)]`,
    )
    expect(r).toMatchObject({ ok: true, value: ["p", "c", "c", "d", ["constructor"], ["__proto__"]] })
  })

  it("do not reach data: __proto__ on a plain object is the guest's Object.prototype, not a tool path", async () => {
    const r = await run(
      runtime,
      "const o = {}; return [o.__proto__ === Object.prototype, typeof o.__proto__.hasOwnProperty]",
    )
    expect(r).toMatchObject({ ok: true, value: [true, "function"] })
  })
})

describe("deleting from the tool tree", () => {
  it("is a data error naming the path, not a generic failure", async () => {
    const r = await run(CodeMode.make({ tools: { ns: { a: says("a") } } }), "return delete tools.ns.a")
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe("InvalidDataValue")
    expect(r.error.message).toContain("Cannot delete 'a' from tools.ns")
  })
})

describe("a tool reference as the value of a promise", () => {
  const runtime = CodeMode.make({ tools: { ns: { a: says("a") } } })

  it("is not a thenable: awaiting it gives the namespace back, no tool named 'then' is looked up", async () => {
    const r = await run(
      runtime,
      `async function pick() { return tools }
       const root = await pick()
       const ns = await Promise.resolve(tools.ns)
       const viaThen = await new Promise((resolve) => resolve(tools.ns.a)).then((t) => t({}))
       return [Object.keys(root), Object.keys(ns), await ns.a({}), viaThen]`,
    )
    expect(r).toMatchObject({ ok: true, value: [["ns", "$codemode"], ["a"], "a", "a"] })
    expect(r.toolCalls.map((c) => c.name)).toEqual(["ns.a", "ns.a"])
  })
})
