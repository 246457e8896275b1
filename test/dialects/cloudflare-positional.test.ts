import { Effect } from "effect"
import vm from "node:vm"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import type { RunResult } from "../../src/runtime/run.js"

/**
 * Cloudflare providers with positional arguments (issue 32): a host declares a tool or a namespace positional, and
 * `state.writeJson("/report.json", results)` reaches the tool as `{ path, value }`. A tool that takes one object keeps
 * the refusal: its second argument would be lost.
 */
const received: Array<{ tool: string; input: unknown }> = []
const recording = (tool: string, input: Tool.JsonSchema, positional?: ReadonlyArray<string>) =>
  Tool.make({
    description: `tool ${tool}`,
    input,
    ...(positional ? { positional } : {}),
    run: (value: unknown) =>
      Effect.sync(() => {
        received.push({ tool, input: value })
        return value
      }),
  })

const runtime = CodeMode.make({
  tools: {
    // The namespace declared positional as a whole: each tool's input properties, in order.
    state: Tool.positional({
      writeJson: recording("state.writeJson", {
        type: "object",
        properties: { path: { type: "string" }, value: {}, options: { type: "object" } },
      }),
      concat: recording("state.concat", { type: "object" }, ["...parts"]),
    }),
    github: { list: recording("github.list", { type: "object" }) },
  },
  limits: { timeoutMs: 10_000 },
})

const run = async (code: string): Promise<RunResult> => {
  received.length = 0
  return Effect.runPromise(runtime.run({ code }, { hint: "cloudflare" }))
}
const rules = (r: RunResult) => r.receipt.changes.map((c) => c.rule)

describe("cloudflare positional providers", () => {
  it("the tool receives both arguments of state.writeJson(path, data)", async () => {
    const r = await run(
      `async () => { const results = [1, 2]; await state.writeJson("/report.json", results); return 1 }`,
    )
    expect(r.ok).toBe(true)
    expect(received).toEqual([{ tool: "state.writeJson", input: { path: "/report.json", value: [1, 2] } }])
    const change = r.receipt.changes.find((c) => c.rule === "cloudflare-positional")
    expect(change?.note).toBe("tools.state.writeJson: 2 positional arguments packed as { path, value, options }")
  })

  it("a ...rest name takes every remaining argument (the vendor's e2e concat)", async () => {
    const r = await run(`async () => await state.concat("hello", "world", "again")`)
    expect(r.ok && r.value).toEqual({ parts: ["hello", "world", "again"] })
  })

  it("packs at run time what only the run can tell: a variable, a spread, an object of declared keys", async () => {
    const r1 = await run(`async () => { const p = "/a"; return await state.writeJson(p) }`)
    expect(r1.ok && r1.value).toEqual({ path: "/a" })
    expect(r1.receipt.changes.find((c) => c.rule === "cloudflare-positional")?.note).toMatch(/at run time$/)
    const r2 = await run(`async () => { const a = ["/b", { n: 1 }]; return await state.writeJson(...a) }`)
    expect(r2.ok && r2.value).toEqual({ path: "/b", value: { n: 1 } })
    const r3 = await run(`async () => { const o = { path: "/c", value: 3 }; return await state.writeJson(o) }`)
    expect(r3.ok && r3.value).toEqual({ path: "/c", value: 3 })
    const r4 = await run(`async () => { const o = { other: 1 }; return await state.writeJson(o) }`)
    expect(r4.ok && r4.value).toEqual({ path: { other: 1 } })
  })

  it("keeps the object form as written", async () => {
    const r = await run(`async () => await state.writeJson({ path: "/d", value: 4 })`)
    expect(r.ok && r.value).toEqual({ path: "/d", value: 4 })
    expect(r.receipt.changes.find((c) => c.rule === "cloudflare-positional")?.note).toMatch(/one input object/)
  })

  it("packs calls reached dynamically and through codemode.<flat name>", async () => {
    const r1 = await run(`async () => await globalThis.state.writeJson("/e", 5)`)
    expect(r1.ok && r1.value).toEqual({ path: "/e", value: 5 })
    const r2 = await run(`async () => await codemode.state_writeJson("/f", 6)`)
    expect(r2.ok && r2.value).toEqual({ path: "/f", value: 6 })
    expect(rules(r2)).toContain("cloudflare-positional")
  })

  it("still refuses a second argument to a tool that takes one object, and calls nothing", async () => {
    const r = await run(`async () => await github.list("a", "b")`)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe("UnsupportedSyntax")
    expect(r.error.message).toMatch(/the arguments after the first would be lost/)
    expect(received).toEqual([])
  })

  it("refuses more arguments than a positional tool declares, statically and at run time", async () => {
    const r = await run(`async () => await state.writeJson("/p", 1, {}, "extra")`)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/passes 4 positional arguments, but the tool declares 3/)
    const d = await run(`async () => { const a = ["/p", 1, {}, "x"]; return await state.writeJson(...a) }`)
    expect(d.ok).toBe(false)
    if (!d.ok) expect(d.error.message).toMatch(/4 positional arguments were passed, but the tool declares 3/)
    expect(received).toEqual([])
  })

  it("evaluates the arguments as Cloudflare does (differential against node:vm with a positional provider)", async () => {
    const programs = [
      `async () => { const log = []; const r = await state.writeJson((log.push(1), "/p"), (log.push(2), log.length)); return { r, log } }`,
      `async () => { const xs = ["a", "b"]; return await state.concat(...xs, "c") }`,
      `async () => { let i = 0; return await state.writeJson(String(++i), i++) }`,
    ]
    for (const code of programs) {
      // Cloudflare's dispatcher spreads the argument array into the provider function (`fn(...args)`); these
      // functions answer with the input the declared names make of those arguments.
      const context = vm.createContext({
        state: {
          writeJson: async (...args: unknown[]) =>
            Object.fromEntries(["path", "value", "options"].flatMap((k, i) => (i < args.length ? [[k, args[i]]] : []))),
          concat: async (...parts: unknown[]) => ({ parts }),
        },
      })
      const expected = JSON.parse(JSON.stringify(await vm.runInContext(`(${code})()`, context)))
      const r = await run(code)
      expect(r.ok && r.value, code).toEqual(expected)
    }
  })
})

describe("Tool.make positional", () => {
  const base = { description: "d", input: { type: "object" }, run: () => Effect.succeed(1) }
  it("accepts names, a last ...rest and true", () => {
    expect(Tool.make({ ...base, positional: ["a", "...rest"] }).positional).toEqual(["a", "...rest"])
    expect(Tool.make({ ...base, positional: true }).positional).toBe(true)
  })
  it("rejects a rest that is not last, duplicates and empty names", () => {
    expect(() => Tool.make({ ...base, positional: ["...a", "b"] })).toThrow(/only the last name/)
    expect(() => Tool.make({ ...base, positional: ["a", "...a"] })).toThrow(/distinct/)
    expect(() => Tool.make({ ...base, positional: [""] })).toThrow(/non-empty/)
    expect(() => Tool.make({ ...base, positional: "a" as never })).toThrow(/true or an array/)
  })
})

describe("codemode.<tool> with several arguments", () => {
  it("runs with the first argument as the input and warns that the rest are ignored", async () => {
    const r = await run(`async () => await codemode.github_list({ repo: "a" }, "extra")`)
    expect(r.ok && r.value).toEqual({ repo: "a" })
    expect(r.receipt.warnings.map((w) => w.message)).toContain(
      "codemode.github_list(…) passes 2 arguments, but tools.github.list takes one input: the arguments after the first are ignored",
    )
  })
})
