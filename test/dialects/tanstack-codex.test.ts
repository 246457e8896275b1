import { describe, expect, it } from "vitest"
import { dialect as codex } from "../../dialects/codex/index.js"
import { dialect as tanstack } from "../../dialects/tanstack/index.js"
import { stripTypeScript } from "../../src/syntax/parse.js"
import { parse, rewrite } from "./harness.js"
import { fakeNative } from "./native.js"

const tools = [
  ["fetchWeather"],
  ["my-tool"],
  ["stocks", "quote"],
  ["dev-radius", "search"],
  ["github", "repos", "list"],
]

describe("tanstack", () => {
  it("spells external_<pi identifier of the joined path>", () => {
    expect(tanstack.naming!.spell(["my-tool"])).toEqual(["external_my_tool"])
    expect(tanstack.naming!.spell(["stocks", "quote"])).toEqual(["external_stocks_quote", "external_stocks__quote"])
  })

  it("rewrites external_ calls and references; no argument becomes {}", () => {
    const out = rewrite(
      `const r = await Promise.all(["Tokyo", "Paris"].map((c) => external_fetchWeather({ location: c })));\nconst q = await external_stocks_quote();\nconst f = external_my_tool;\nreturn [r, q, await f({})];`,
      [tanstack],
      { tools },
    )
    expect(out.code).toBe(
      `const r = await Promise.all(["Tokyo", "Paris"].map((c) => tools.fetchWeather({ location: c })));\nconst q = await tools.stocks.quote({});\nconst f = tools["my-tool"];\nreturn [r, q, await f({})];`,
    )
    expect(out.changes.map((c) => c.line)).toEqual([1, 2, 3])
  })

  it("strips the prefix of an unresolved name and leaves bound names and members", () => {
    const code = `const external_local = async () => 1; await external_local(); obj.external_x(); await external_unknownTool({});`
    expect(rewrite(code, [tanstack], { tools }).code).toBe(
      `const external_local = async () => 1; await external_local(); obj.external_x(); await tools.unknownTool({});`,
    )
  })

  it("warns on skills", () => {
    expect(rewrite(`await skill_summarize({})`, [tanstack]).warnings[0]!.message).toMatch(/skill/)
  })

  it("detects external_ strong; TypeScript alone is no TanStack evidence", () => {
    const source = `const s: number = await external_calc({});`
    expect(tanstack.detect(parse(stripTypeScript(source)).program, source).map((e) => [e.signal, e.strength])).toEqual([
      ["external_<name>", "strong"],
    ])
    const typed = `const s: number = await tools.calc({});`
    expect(
      tanstack.detect(parse(stripTypeScript(typed)).program, typed, {
        typescript: true,
        envelopeFields: [],
        tools: [],
      }),
    ).toEqual([])
    // An object key is not a reference; a namespace of the live tree is a manual or provider.
    expect(tanstack.detect(parse(`return { external_id: 1 }`).program, "")).toEqual([])
    const ns = { typescript: false, envelopeFields: [], tools: [["external_api", "get"]] }
    expect(tanstack.detect(parse(`await external_api.get({})`).program, "", ns)).toEqual([])
    expect(tanstack.detect(parse(`a.external_x()`).program, `a.external_x()`)).toEqual([])
  })

  it("renders declare function stubs", () => {
    const text = tanstack.instructions!({
      tools: [
        {
          path: ["fetchWeather"],
          description: "Weather for a city",
          inputSchema: { type: "object", properties: { location: { type: "string" } }, required: ["location"] },
          outputSchema: { type: "object", properties: { temp: { type: "number" } } },
          signature: "",
        },
      ],
    })
    expect(text).toContain(
      `/** Weather for a city */\ndeclare function external_fetchWeather(input: { location: string }): Promise<{ temp?: number }>;`,
    )
  })
})

describe("codex", () => {
  it.each([
    [["my-tool"], "tools.my_tool"],
    [["3d-render"], "tools._d_render"],
    [["delete"], "tools.delete"],
    [["a b/c"], "tools.a_b_c"],
    [["mcp__dev-radius__search"], "tools.mcp__dev_radius__search"],
    [["github.repos.list"], "tools.github_repos_list"],
  ])("spells %j as %s (docs/dialects.md#tool-names)", (path, spelled) =>
    expect(codex.naming!.spell(path)[0]).toBe(spelled),
  )

  it("maps mcp__server__tool and flat joins to nested paths when the catalog confirms", () => {
    const out = rewrite(
      `const s = await tools.mcp__dev_radius__search({ q: "x" });\nconst l = await tools.github_repos_list({});\nconst w = await tools.fetchWeather({});\ntext(JSON.stringify([s, l, w]));`,
      [codex],
      { tools, detected: "codex" },
    )
    expect(out.code).toBe(
      `const s = await tools["dev-radius"].search({ q: "x" });\nconst l = await tools.github.repos.list({});\nconst w = await tools.fetchWeather({});\ntext(JSON.stringify([s, l, w]));`,
    )
  })

  it("leaves unknown ids, namespaces and a bound tools alone", () => {
    for (const code of [
      `await tools.nothing({})`,
      `await tools.stocks.quote({})`,
      `const tools = {}; tools.github_repos_list()`,
    ])
      expect(rewrite(code, [codex], { tools, detected: "codex" }).code).toBe(code)
    // Outside Codex programs the resolve stage reads Codex spellings through `naming` instead.
    expect(rewrite(`await tools.github_repos_list({})`, [codex], { tools, detected: "pi" }).code).toBe(
      `await tools.github_repos_list({})`,
    )
  })

  it("prelude: ALL_TOOLS, text, store/load, exit, string failures", async () => {
    const native = fakeNative([])
    const g = codex.prelude!.globals([["my-tool"], ["dev-radius", "search"]])
    expect(g.ALL_TOOLS).toEqual({
      kind: "value",
      value: [
        { name: "mcp__dev_radius__search", description: "" },
        { name: "my_tool", description: "" },
      ],
    })
    const call = (name: string, args: unknown[]) => {
      const f = g[name]!
      if (f.kind !== "function") throw new Error("shape")
      return f.call(args, native.ctx)
    }
    call("text", ["hi"])
    call("text", [{ a: 1 }])
    call("store", ["k", [1, 2]])
    expect(call("load", ["k"])).toEqual([1, 2])
    expect(() => call("store", [1, 2])).toThrow("store key must be a string")
    expect(() => call("exit", [])).toThrow("exit")
    expect(native.lines).toEqual(["hi", `{"a":1}`])
    expect(codex.prelude!.toolFailure).toEqual({ kind: "string" })
  })

  it("detects @exec and Codex-only helpers strong; leaves Pi-shared helpers to Pi (docs/dialects.md#ambiguous-programs)", () => {
    const source = `// @exec: {"yield_time_ms": 100}\nnotify("x"); text(ALL_TOOLS.length); const { exit } = o;`
    const ev = codex.detect(parse(source).program, source)
    expect(ev.map((e) => [e.signal, e.strength])).toEqual([
      ["// @exec:", "strong"],
      ["notify", "strong"],
    ])
  })

  it("renders headings with raw names when they differ", () => {
    const text = codex.instructions!({
      tools: [
        {
          path: ["dev-radius", "search"],
          description: "Search",
          inputSchema: { type: "object", properties: {} },
          signature: "",
        },
      ],
    })
    expect(text).toContain("### `dev_radius_search` (`dev-radius.search`)")
    expect(text).toContain("  dev_radius_search(args: {}): Promise<unknown>;")
  })
})
