import { describe, expect, it } from "vitest"
import { runE2E, runRuntime } from "./e2e-host.js"

/**
 * Programs mixing two dialects' constructs (docs/dialects.md#priority: rules apply per construct whatever the detected
 * dialect, so a mixed program translates fully). Each is normalized with the full registry and run end to end.
 */
const cases = [
  {
    name: "cloudflare codemode.* + tanstack external_*",
    input: {
      code: `async () => {\n  const w = await codemode.weather_get_current({ city: "Paris" });\n  const s = await external_calc_stats({ values: [w.temp, 2] });\n  return s.mean;\n}`,
    },
    dialect: "tanstack",
    code: `const w = await tools.weather.get_current({ city: "Paris" });\nconst s = await tools.calc.stats({ values: [w.temp, 2] });\nreturn s.mean;`,
    value: 10,
  },
  {
    name: "vercel raw bracket name + codex mcp__ identifier",
    input: {
      code: `const a = await tools["web-search"]({ q: "a" });\nconst b = await tools.mcp__dev_radius__search({ q: "b" });\nreturn [a.hits[0], b[0].name];`,
    },
    dialect: undefined,
    code: `const a = await tools["web-search"]({ q: "a" });\nconst b = await tools["dev-radius"].search({ q: "b" });\nreturn [a.hits[0], b[0].name];`,
    value: ["a 1", "r-b"],
  },
  {
    name: "vercel tool_search + tanstack external_*",
    input: {
      js: `const f = await tools.tool_search({ query: "forecast" });\nconst w = await external_weather_forecast({ city: "Paris", days: 1 });\nreturn [f.tools[0].name, w.days];`,
    },
    dialect: "tanstack",
    code: `const f = await $vercel.tool_search({ query: "forecast" });\nconst w = await tools.weather.forecast({ city: "Paris", days: 1 });\nreturn [f.tools[0].name, w.days];`,
    value: ["weather.forecast", [18]],
  },
  {
    name: "utcp synchronous manual calls + deepseek ToolCallError",
    input: {
      code: `const d = weather.get_current({ city: "Oslo" });\ntry {\n  await orders.lookup({ id: 500 });\n} catch (e) {\n  if (e instanceof ToolCallError) return d.temp + ":" + e.toolName;\n}\nreturn "no";`,
    },
    dialect: "deepseek",
    code: `const d = await tools.weather.get_current({ city: "Oslo" });\ntry {\n  await tools.orders.lookup({ id: 500 });\n} catch (e) {\n  if (e instanceof ToolCallError) return d.temp + ":" + e.toolName;\n}\nreturn "no";`,
    value: "5:orders.lookup",
  },
  {
    name: "cloudflare codemode.search + codex text()",
    input: `const m = await codemode.search("render");\ntext(m.results.map((r) => r.path).join(","));\nconst r = await codemode._3d_render({ scene: "s" });\ntext(r.png);`,
    dialect: "cloudflare",
    code: `const m = await codemode.search("render");\ntext(m.results.map((r) => r.path).join(","));\nconst r = await tools["3d-render"]({ scene: "s" });\ntext(r.png);`,
    logs: ["codemode._3d_render", "render:s"],
  },
]

for (const [via, run] of [
  ["runtime.run", runRuntime],
  ["frontend + interpreter", runE2E],
] as const) {
  describe(`mixed-dialect programs (${via})`, () => {
    for (const c of cases) {
      it(c.name, async () => {
        const r = await run(c.input)
        expect(r.code).toBe(c.code)
        expect(r.error).toBeUndefined()
        expect(r.dialect ?? undefined).toBe(c.dialect)
        if ("value" in c) expect(r.value).toEqual(c.value)
        if ("logs" in c) expect(r.logs).toEqual(c.logs)
      })
    }
  })
}
