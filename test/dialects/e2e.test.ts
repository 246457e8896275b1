import { describe, expect, it } from "vitest"
import { runE2E, runRuntime } from "./e2e-host.js"

/**
 * Complete programs in each system's own style, run end to end (frontend with the full registry → interpreter)
 * against the fixture tool tree of e2e-host.ts, with the answer each program computes: once through the real
 * `runtime.run` (frontend + runtime + interpreter, the default registry) and once through the frontend with this
 * area's registry and the interpreter over a small Host (which isolates the dialects from the runtime).
 */
interface Case {
  readonly name: string
  readonly input: unknown
  readonly dialect: string
  readonly value?: unknown
  readonly logs?: string[]
}

const cases: Record<string, Case[]> = {
  cloudflare: [
    {
      name: "bare arrow + codemode call",
      dialect: "cloudflare",
      value: 18,
      input: {
        code: `async () => {\n  const w = await codemode.weather_get_current({ city: "Paris" });\n  return w.temp;\n}`,
      },
    },
    {
      name: "provider global + Promise.all over codemode",
      dialect: "cloudflare",
      value: [
        { id: 1, status: "shipped", total: 10 },
        { id: 3, status: "shipped", total: 30 },
      ],
      input: {
        code: `async () => {\n  const issues = await github.list_issues({ repo: "a/b" });\n  const open = issues.filter((i) => i.state === "open");\n  return Promise.all(open.map((i) => codemode.orders_lookup({ id: i.id })));\n}`,
      },
    },
    {
      name: "search, describe, then call",
      dialect: "cloudflare",
      value: { path: "github.list_pull_requests", kind: "method", n: 1 },
      input: {
        code: `async () => {\n  const m = await codemode.search("pull request");\n  const d = await codemode.describe(m.results[0].path);\n  const prs = await github.list_pull_requests({ owner: "o", repo: "r" });\n  return { path: m.results[0].path, kind: d.kind, n: prs.length };\n}`,
      },
    },
    {
      name: "sanitized names",
      dialect: "cloudflare",
      value: ["render:cube", 4],
      input: {
        code: `async () => {\n  const r = await codemode._3d_render({ scene: "cube" });\n  const d = await codemode.delete_({ id: 4 });\n  return [r.png, d.deleted];\n}`,
      },
    },
    {
      name: "positional provider arguments",
      dialect: "cloudflare",
      value: 20,
      input: { code: `async () => {\n  const text = await state.readFile("/notes.md");\n  return text.length;\n}` },
    },
    {
      name: "plain Error on failure",
      dialect: "cloudflare",
      value: "Error: order not found",
      input: {
        code: `async () => {\n  try {\n    await codemode.orders_lookup({ id: 999 });\n    return "no";\n  } catch (e) {\n    return e.name + ": " + e.message;\n  }\n}`,
      },
    },
  ],
  cloudflare_dynamic: [
    {
      name: "dynamic connector call after search (globalThis[connector][method])",
      dialect: "cloudflare",
      value: { city: "Oslo", temp: 5 },
      input: {
        code: `async () => {\n  const found = await codemode.search("current weather");\n  const hit = found.results[0];\n  const target = hit.connector === "codemode" ? codemode : globalThis[hit.connector];\n  return await target[hit.method]({ city: "Oslo" });\n}`,
      },
    },
    {
      name: "providers as values",
      dialect: "cloudflare",
      value: ["render:x", 2],
      input: {
        code: `async () => {\n  const connectors = { codemode, github };\n  const r = await connectors.codemode._3d_render({ scene: "x" });\n  const prs = await connectors.github.list_pull_requests({});\n  return [r.png, prs.length + 1];\n}`,
      },
    },
  ],
  vercel: [
    {
      name: "Promise.all over raw names",
      dialect: "vercel",
      value: { now: 5, days: 2 },
      input: {
        js: `const [p, f] = await Promise.all([tools["weather.get_current"]({ city: "Oslo" }), tools["weather.forecast"]({ city: "Oslo", days: 2 })]);\nreturn { now: p.temp, days: f.days.length };`,
      },
    },
    {
      name: "TypeScript",
      dialect: "vercel",
      value: [1, 3],
      input: {
        js: `interface Issue { id: number; state: string }\nconst issues = (await tools["github.list_issues"]({ repo: "a/b" })) as Issue[];\nreturn issues.filter((i: Issue) => i.state === "open").map((i) => i.id);`,
      },
    },
    {
      name: "tool_search",
      dialect: "vercel",
      value: ["weather.forecast"],
      input: {
        js: `const found = await tools.tool_search({ query: "forecast" });\nreturn found.tools.map((t) => t.name);`,
      },
    },
    {
      name: "kebab raw name",
      dialect: "vercel",
      value: 2,
      input: { js: `const r = await tools["web-search"]({ q: "vitest" });\nreturn r.hits.length;` },
    },
    {
      name: "sequence with a reserved-word tool",
      dialect: "vercel",
      value: { deleted: 30 },
      input: {
        js: `const o: { total: number } = await tools["orders.lookup"]({ id: 3 });\nconst d = await tools.delete({ id: o.total });\nreturn d;`,
      },
    },
  ],
  tanstack: [
    {
      name: "Promise.all map",
      dialect: "tanstack",
      value: [
        { city: "Tokyo", temp: 25 },
        { city: "Paris", temp: 18 },
      ],
      input: {
        typescriptCode: `return Promise.all(["Tokyo", "Paris"].map((c) => external_weather_get_current({ city: c })));`,
      },
    },
    {
      name: "stats",
      dialect: "tanstack",
      value: { mean: 3 },
      input: {
        typescriptCode: `const s = await external_calc_stats({ values: [1, 2, 3, 6] });\nreturn { mean: s.mean };`,
      },
    },
    {
      name: "typed reduce",
      dialect: "tanstack",
      value: 30,
      input: {
        typescriptCode: `type Order = { id: number; total: number };\nconst ids: number[] = [1, 2];\nconst orders: Order[] = await Promise.all(ids.map((id) => external_orders_lookup({ id })));\nreturn orders.reduce((a, o) => a + o.total, 0);`,
      },
    },
    {
      name: "kebab tool",
      dialect: "tanstack",
      value: ["x 1", "x 2"],
      input: { typescriptCode: `const r = await external_web_search({ q: "x" });\nreturn r.hits;` },
    },
    {
      name: "failure message",
      dialect: "tanstack",
      value: "order not found",
      input: {
        typescriptCode: `try {\n  await external_orders_lookup({ id: 500 });\n  return "no";\n} catch (e) {\n  return (e as Error).message;\n}`,
      },
    },
  ],
  deepseek: [
    {
      name: "raw kebab name",
      dialect: "deepseek",
      value: "deepseek 1",
      input: {
        code: `const a = await tools["web-search"]({ q: "deepseek" });\nreturn a.hits[0];`,
        description: "Search the web once",
      },
    },
    {
      name: "ToolCallError",
      dialect: "deepseek",
      value: "orders.lookup: order not found",
      input: {
        code: `try {\n  return await tools["orders.lookup"]({ id: 404 });\n} catch (e) {\n  if (e instanceof ToolCallError) return e.toolName + ": " + e.message;\n  throw e;\n}`,
        description: "Look up a missing order",
      },
    },
    {
      name: "Object.keys(tools) flat names",
      dialect: "deepseek",
      value: ["github.list_issues", "github.list_pull_requests"],
      input: {
        code: `const names: string[] = Object.keys(tools);\nreturn names.filter((n) => n.startsWith("github"));`,
        description: "List the github tools",
      },
    },
    {
      name: "typed Promise.all (the { code, description } envelope is a strong signal, docs/dialects.md#signals)",
      dialect: "deepseek",
      value: [18, 5],
      logs: ["done"],
      input: {
        code: `type W = { temp: number };\nconst cities = ["Paris", "Oslo"];\nconst ws: W[] = await Promise.all(cities.map((c) => tools["weather.get_current"]({ city: c })));\nconsole.log("done");\nreturn ws.map((w) => w.temp);`,
        description: "Temperatures of two cities",
      },
    },
    {
      name: "digit-leading and reserved names",
      dialect: "deepseek",
      value: { png: "render:ball", deleted: 1 },
      input: {
        code: `const r = await tools["3d-render"]({ scene: "ball" });\nconst d = await tools.delete({ id: 1 });\nreturn { png: r.png, deleted: d.deleted };`,
        description: "Render then delete",
      },
    },
  ],
  codex: [
    {
      name: "text output",
      dialect: "pi",
      logs: ["18"],
      input: `const r = await tools.weather_get_current({ city: "Paris" });\ntext(r.temp);`,
    },
    {
      name: "mcp name under @exec",
      dialect: "codex",
      logs: ['[{"name":"r-x"}]'],
      input: `// @exec: {"max_output_tokens": 100}\nconst hits = await tools.mcp__dev_radius__search({ q: "x" });\ntext(JSON.stringify(hits));`,
    },
    {
      name: "ALL_TOOLS filter",
      dialect: "codex",
      // Codex names nested (MCP) tools `mcp__<server>__<tool>` in ALL_TOOLS.
      logs: ["mcp__github__list_issues,mcp__github__list_pull_requests"],
      input: `// @exec: {"max_output_tokens": 1000}\nconst names = ALL_TOOLS.filter((t) => /github/.test(t.name)).map((t) => t.name);\ntext(names.join(","));`,
    },
    {
      name: "store and load",
      dialect: "codex",
      logs: ["42"],
      input: `// @exec: {"max_output_tokens": 1000}\nstore("k", { n: 2 });\nconst v = load("k");\ntext(v.n * 21);`,
    },
    {
      name: "string rejection",
      dialect: "codex",
      logs: ["string: order not found"],
      input: `// @exec: {"max_output_tokens": 1000}\ntry {\n  await tools.orders_lookup({ id: 1000 });\n} catch (e) {\n  text(typeof e === "string" ? "string: " + e : "object");\n}`,
    },
    {
      name: "exit",
      dialect: "codex",
      logs: ["shipped"],
      input: `// @exec: {"max_output_tokens": 1000}\nconst o = await tools.orders_lookup({ id: 2 });\nif (o.status === "shipped") {\n  text("shipped");\n  exit();\n}\ntext("not reached");`,
    },
  ],
  utcp: [
    {
      name: "synchronous call",
      dialect: "utcp",
      value: { city: "London", temp: 12 },
      input: {
        code: `const d = weather.get_current({ city: "London" });\nconsole.log("Weather:", d.temp);\nreturn d;`,
        timeout: 30000,
        max_output_size: 200000,
      },
    },
    {
      name: "filter + map callback",
      dialect: "utcp",
      value: [10, 30],
      input: {
        code: `const issues = github.list_issues({ repo: "a/b" });\nreturn issues.filter(i => i.state === "open").map(i => orders.lookup({ id: i.id }).total);`,
        timeout: 30000,
      },
    },
    {
      name: "map then reduce",
      dialect: "utcp",
      value: 60,
      input: {
        code: `const totals = [1, 2, 3].map(id => orders.lookup({ id }).total);\nreturn totals.reduce((a, b) => a + b, 0);`,
        timeout: 30000,
      },
    },
    {
      name: "global function for a kebab tool",
      dialect: "utcp",
      value: ["utcp 1", "utcp 2"],
      input: { code: `const r = web_search({ q: "utcp" });\nreturn r.hits;`, timeout: 30000, max_output_size: 1000 },
    },
    {
      name: "__getToolInterface",
      dialect: "utcp",
      value: true,
      input: {
        code: `const i = __getToolInterface("weather.get_current");\nreturn i.includes("Access as: weather.get_current(args)");`,
      },
    },
    {
      name: "nested maps",
      dialect: "utcp",
      value: [[18, 5], [12]],
      input: {
        code: `const groups = [["Paris", "Oslo"], ["London"]];\nreturn groups.map(g => g.map(c => weather.get_current({ city: c }).temp));`,
        timeout: 30000,
      },
    },
  ],
}

for (const [dialect, list] of Object.entries(cases)) {
  for (const [via, run] of [
    ["runtime.run", runRuntime],
    ["frontend + interpreter", runE2E],
  ] as const) {
    describe(`${dialect} end to end (${via})`, () => {
      for (const c of list) {
        it(c.name, async () => {
          const r = await run(c.input)
          expect(r.error, r.code).toBeUndefined()
          expect(r.dialect).toBe(c.dialect)
          if ("value" in c) expect(r.value).toEqual(c.value)
          if (c.logs) expect(r.logs.filter((l) => !l.startsWith("Weather"))).toEqual(c.logs)
        })
      }
    })
  }
}
