import { describe, expect, it } from "vitest"
import { dialect as deepseek } from "../../dialects/deepseek/index.js"
import { dialect as vercel } from "../../dialects/vercel/index.js"
import { stripTypeScript } from "../../src/syntax/parse.js"
import { parse, rewrite } from "./harness.js"
import { fakeNative } from "./native.js"

const tools = [["web-search"], ["getWeather"], ["github", "list_issues"], ["context7", "resolve-library-id"]]

describe.each([vercel, deepseek])("$id raw names (docs/dialects.md#tool-names: quoted raw names)", (dialect) => {
  it("spells raw names as the resolver's dotted text (tools.<raw>)", () => {
    expect(dialect.naming!.spell(["my-tool"])).toEqual([`tools.my-tool`])
    expect(dialect.naming!.spell(["delete"])).toEqual([`tools.delete`])
    expect(dialect.naming!.spell(["github", "repos"])).toEqual([
      `tools.github.repos`,
      `tools.github__repos`,
      `tools.github_repos`,
    ])
  })

  it('maps tools["raw"] of a flat join to the nested path; exact keys stay', () => {
    const out = rewrite(
      `const a = await tools["web-search"]({ q: "x" });\nconst b = await tools["github.list_issues"]({});\nconst c = await tools["context7__resolve-library-id"]({});`,
      [dialect],
      { tools, detected: dialect.id },
    )
    expect(out.code).toBe(
      `const a = await tools["web-search"]({ q: "x" });\nconst b = await tools.github.list_issues({});\nconst c = await tools.context7["resolve-library-id"]({});`,
    )
    expect(out.changes.map((c) => [c.rule, c.line])).toEqual([
      [`${dialect.id}-raw-name`, 2],
      [`${dialect.id}-raw-name`, 3],
    ])
  })

  it("keeps optional chaining, leaves dynamic keys and bound tools alone", () => {
    expect(rewrite(`tools?.["github.list_issues"]({})`, [dialect], { tools, detected: dialect.id }).code).toBe(
      `tools?.github.list_issues({})`,
    )
    const code = `const k = "a"; tools[k]({});`
    expect(rewrite(code, [dialect], { tools, detected: dialect.id }).code).toBe(code)
    const shadow = `const tools = { "github.list_issues": () => 1 }; tools["github.list_issues"]();`
    expect(rewrite(shadow, [dialect], { tools, detected: dialect.id }).code).toBe(shadow)
  })

  it("reports an ambiguous raw name instead of guessing", () => {
    const out = rewrite(`tools["a_b_c"]({})`, [dialect], {
      tools: [
        ["a", "b_c"],
        ["a_b", "c"],
      ],
      detected: dialect.id,
    })
    expect(out.code).toBe(`tools["a_b_c"]({})`)
    expect(out.warnings[0]!.message).toMatch(/several tools/)
  })
})

describe("vercel", () => {
  it("routes tools.tool_search to the prelude unless it is a real tool", () => {
    const code = `const r = await tools.tool_search({ query: "weather" });`
    expect(rewrite(code, [vercel], { tools }).code).toBe(`const r = await $vercel.tool_search({ query: "weather" });`)
    expect(rewrite(code, [vercel], { tools: [["tool_search"]] }).code).toBe(code)
  })

  it("prelude tool_search returns { tools: [{ name, description }] } with raw names", async () => {
    const native = fakeNative([
      { path: ["weather", "forecast"], description: "Weather forecast", signature: "" },
      { path: ["read"], description: "Read a file", signature: "" },
    ])
    const ns = vercel.prelude!.globals(native.paths).$vercel!
    if (ns.kind !== "namespace" || ns.members.tool_search!.kind !== "function") throw new Error("shape")
    expect(await ns.members.tool_search!.call([{ query: "weather" }], native.ctx)).toEqual({
      tools: [{ name: "weather.forecast", description: "Weather forecast" }],
    })
  })

  it("detects TypeScript + tools. as strong, tool_search and $vercel too", () => {
    const source = `const c: string = "x"; return tools.tool_search({ query: c });`
    const ev = vercel.detect(parse(stripTypeScript(source)).program, source)
    expect(ev.map((e) => [e.signal, e.strength])).toEqual([
      ["TypeScript + tools.", "strong"],
      ["tools.tool_search(", "weak"],
    ])
    expect(vercel.detect(parse(`return tools.x({})`).program, `return tools.x({})`)).toEqual([])
  })

  it("renders declare const tools with raw keys", () => {
    const text = vercel.instructions!({
      tools: [
        {
          path: ["web-search"],
          description: "Search the web",
          inputSchema: { type: "object", properties: { q: { type: "string" } } },
          signature: "",
        },
      ],
    })
    expect(text).toContain(
      `declare const tools: {\n  /** Search the web */\n  "web-search": (input: { q?: string }) => Promise<unknown>;\n};`,
    )
    expect(text).toContain(`await tools["web-search"]`)
  })
})

describe("deepseek", () => {
  it("maps Object.keys(tools) to flat raw names only when detected as deepseek", () => {
    const code = `const names = Object.keys(tools);`
    expect(rewrite(code, [deepseek], { detected: "deepseek" }).code).toBe(`const names = $deepseek.toolNames();`)
    expect(rewrite(code, [deepseek], { detected: "opencode" }).code).toBe(code)
  })

  it("warns on import() and leaves it", () => {
    const out = rewrite(`const fs = await import("node:fs");`, [deepseek])
    expect(out.code).toBe(`const fs = await import("node:fs");`)
    expect(out.warnings.map((w) => w.replacement)).toEqual(["call a tool instead"])
  })

  it("prelude: ToolCallError class, toolFailure shape and flat names", () => {
    const g = deepseek.prelude!.globals([["read"], ["github", "list_issues"]])
    expect(g.ToolCallError).toEqual({ kind: "errorClass", name: "ToolCallError" })
    expect(deepseek.prelude!.toolFailure).toEqual({
      kind: "errorClass",
      name: "ToolCallError",
      toolNameField: "toolName",
    })
    const ns = g.$deepseek!
    if (ns.kind !== "namespace" || ns.members.toolNames!.kind !== "function") throw new Error("shape")
    expect(ns.members.toolNames!.call([], fakeNative([]).ctx)).toEqual(["read", "github.list_issues"])
  })

  it("reports description as a label, never code", () => {
    expect(deepseek.envelope!.optionFields!.description!("Print ONE")).toEqual({
      warning: `description "Print ONE" is a label, not code; reported only`,
    })
  })

  it("detects ToolCallError, import() and TS raw brackets", () => {
    const source = `try { await tools["web-search"]({ q: 1 as number }) } catch (e) { if (e instanceof ToolCallError) await import("x") }`
    const ev = deepseek.detect(parse(stripTypeScript(source)).program, source)
    expect(ev.map((e) => e.signal)).toEqual(['TypeScript + tools["raw"]', "ToolCallError", "import("])
  })

  it("renders the TS SDK", () => {
    const text = deepseek.instructions!({
      tools: [
        {
          path: ["bash"],
          description: "Run a command",
          inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] },
          signature: "",
        },
      ],
    })
    expect(text).toContain(`type ToolArgsMap = {\n  /** Run a command */\n  "bash": { command: string };\n};`)
    expect(text).toContain("declare class ToolCallError extends Error")
    expect(text).toContain("declare const tools:")
  })
})
