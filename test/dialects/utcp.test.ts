import { describe, expect, it } from "vitest"
import { dialect as cloudflare } from "../../dialects/cloudflare/index.js"
import { dialect as utcp } from "../../dialects/utcp/index.js"
import { parse, rewrite } from "./harness.js"
import { fakeNative } from "./native.js"

const tools = [
  ["weather", "get_current"],
  ["procurement", "search_parts"],
  ["procurement", "get_pricing"],
  ["my-tool"],
  ["myapi", "some-tool"],
]

describe("utcp naming (docs/dialects.md#tool-names)", () => {
  it.each([
    [["my-tool"], "my_tool"],
    [["3d-render"], "_3d_render"],
    [["a b/c"], "a_b_c"],
    [["github", "repos", "list"], "github.repos_list"],
    [["github.repos.list"], "github.repos_list"],
    [["my$api", "x"], "my_api.x"],
    [["m", "9lives"], "m._9lives"],
  ])("%j → %s", (path, spelled) => expect(utcp.naming!.spell(path)).toEqual([spelled]))
})

describe("utcp rewrites", () => {
  it("awaits synchronous top-level calls", () => {
    const out = rewrite(
      `const d = weather.get_current({ city: "London" });\nconsole.log("Weather:", d);\nreturn d;`,
      [utcp],
      { tools },
    )
    expect(out.code).toBe(
      `const d = await tools.weather.get_current({ city: "London" });\nconsole.log("Weather:", d);\nreturn d;`,
    )
  })

  it("lifts a map callback into await Promise.all with an async callback", () => {
    const out = rewrite(
      `const parts = procurement.search_parts({ mpn: "LM358" });\nreturn parts.map(p => procurement.get_pricing({ part_id: p.id }));`,
      [utcp],
      { tools },
    )
    expect(out.code).toBe(
      `const parts = await tools.procurement.search_parts({ mpn: "LM358" });\nreturn await Promise.all(\n  parts.map(async p => await tools.procurement.get_pricing({ part_id: p.id }))\n);`,
    )
    expect(out.changes.map((c) => c.rule)).toEqual(["utcp-call", "utcp-call", "utcp-async-callback"])
  })

  it("handles nested maps, forEach and flatMap", () => {
    const out = rewrite(`groups.forEach(g => { g.ids.flatMap(id => [weather.get_current({ city: id })]) });`, [utcp], {
      tools,
    })
    expect(out.code).toBe(
      `await Promise.all(groups.map(\n  async g => { (await Promise.all(g.ids.map(async id => [await tools.weather.get_current({ city: id })]))).flat() }\n));`,
    )
  })

  it("warns when a lifted callback updates an outer variable (concurrent read-modify-write)", () => {
    const out = rewrite(
      `let total = 0;\n[1, 2].forEach(id => { total += procurement.get_pricing({ part_id: id }).price; });`,
      [utcp],
      { tools },
    )
    expect(out.warnings.map((w) => w.message)).toEqual([
      'callbacks lifted into Promise.all run concurrently: the update of "total" may lose writes',
    ])
    expect(
      rewrite(`return [1].map(id => { let n = 0; n += weather.get_current({}).temp; return n; });`, [utcp], { tools })
        .warnings,
    ).toEqual([])
  })

  it("does not wrap a map that already feeds Promise.all; repairs canonical calls in sync mappers of UTCP programs", () => {
    expect(
      rewrite(`return Promise.all(ids.map(id => weather.get_current({ city: id })));`, [utcp], { tools }).code,
    ).toBe(`return Promise.all(ids.map(async id => await tools.weather.get_current({ city: id })));`)
    const canonical = `return ids.map(id => tools.weather.get_current({ city: id }));`
    expect(rewrite(canonical, [utcp], { tools, detected: "utcp" }).code).toBe(
      `return await Promise.all(ids.map(async id => await tools.weather.get_current({ city: id })));`,
    )
    expect(rewrite(canonical, [utcp], { tools, detected: "pi" }).code).toBe(canonical)
  })

  it("parenthesizes a member read of the call and keeps already-awaited calls", () => {
    const out = rewrite(`const t = weather.get_current({}).temp;\nconst u = await weather.get_current({});`, [utcp], {
      tools,
    })
    expect(out.code).toBe(
      `const t = (await tools.weather.get_current({})).temp;\nconst u = await tools.weather.get_current({});`,
    )
  })

  it("resolves undotted global functions and sanitized names", () => {
    const out = rewrite(`return [my_tool({}), myapi.some_tool({ param: "value" })];`, [utcp], {
      tools,
      detected: "utcp",
    })
    expect(out.code).toBe(`return [await tools["my-tool"]({}), await tools.myapi["some-tool"]({ param: "value" })];`)
  })

  it("warns instead of awaiting inside a named synchronous helper", () => {
    const out = rewrite(
      `function price(id) { return procurement.get_pricing({ part_id: id }); }\nreturn price(1);`,
      [utcp],
      { tools },
    )
    expect(out.code).toBe(
      `function price(id) { return tools.procurement.get_pricing({ part_id: id }); }\nreturn price(1);`,
    )
    expect(out.warnings).toHaveLength(1)
  })

  it("leaves bound roots, unknown names and globals alone; warns on unknown manuals only under utcp", () => {
    const code = `const weather = { get_current: () => 1 };\nweather.get_current();\nfoo.bar({});\nMath.max(1, 2);\nparseInt("1");`
    expect(rewrite(code, [utcp], { tools }).code).toBe(code)
    expect(rewrite(code, [utcp], { tools }).warnings).toEqual([])
    expect(rewrite(code, [utcp], { tools, detected: "utcp" }).warnings.map((w) => w.message)).toEqual([
      "foo.bar(…) is not a tool in this catalog",
    ])
  })

  it("awaits calls another dialect already made canonical when the program is UTCP", () => {
    const out = rewrite(`return ids.map(id => weather.get_current({ city: id }));`, [cloudflare, utcp], {
      tools,
      detected: "utcp",
    })
    expect(out.code).toBe(
      `return await Promise.all(ids.map(async id => await tools.weather.get_current({ city: id })));`,
    )
  })
})

describe("utcp envelope, prelude, detection", () => {
  it("maps timeout (ms) and max_output_size, rejecting bad values", () => {
    const f = utcp.envelope!.optionFields!
    expect(f.timeout!(30000)).toEqual({ options: { timeoutMs: 30000 } })
    expect(f.timeout!("500")).toEqual({ options: { timeoutMs: 500 } })
    expect(f.timeout!(-1).warning).toMatch(/positive integer/)
    expect(f.max_output_size!(200000)).toEqual({ options: { maxOutputBytes: 200000 } })
    expect(f.max_output_size!(1.5).options).toBeUndefined()
  })

  it("__interfaces and __getToolInterface", async () => {
    const native = fakeNative([
      {
        path: ["weather", "get_current"],
        description: "Current weather",
        signature: "get_current(args: { city: string }): unknown",
      },
    ])
    const g = utcp.prelude!.globals(native.paths)
    expect(g.__interfaces).toEqual({
      kind: "value",
      value:
        "namespace weather {\n  /**\n   * Tool: weather.get_current\n   * Access as: weather.get_current(args)\n   */\n}\n",
    })
    const get = g.__getToolInterface!
    if (get.kind !== "function") throw new Error("shape")
    expect(await get.call(["weather.get_current"], native.ctx)).toBe(
      "namespace weather {\n  /**\n   * Tool: weather.get_current\n   * Current weather\n   * Access as: weather.get_current(args)\n   */\n  get_current(args: { city: string }): unknown\n}\n",
    )
    expect(await get.call(["nope.x"], native.ctx)).toBeNull()
  })

  it("detects __interfaces strong and un-awaited dotted calls weak; cloudflare only awaited ones", () => {
    const code = `const i = __interfaces; const d = weather.get_current({}); const e = await github.list({});`
    expect(utcp.detect(parse(code).program, code).map((e) => [e.signal, e.strength])).toEqual([
      ["__interfaces", "strong"],
      ["un-awaited manual.tool(…)", "weak"],
    ])
    expect(cloudflare.detect(parse(code).program, code).map((e) => e.signal)).toEqual(["provider github.…"])
  })

  it("instructions group each manual's interfaces in a namespace block, each ending with Access as", () => {
    const text = utcp.instructions!({
      tools: [
        {
          path: ["weather", "get_current"],
          description: "Current weather",
          inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
          signature: "",
        },
      ],
    })
    expect(text).toContain("namespace weather {\n  /**\n   * Tool: weather.get_current\n")
    expect(text).toContain(
      "   * Access as: weather.get_current(args)\n   */\n  weather.get_current(args: { city: string }): unknown\n}",
    )
  })
})
