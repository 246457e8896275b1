import { describe, expect, it } from "vitest"
import { rewrite } from "./harness.js"
import { foreign } from "./registry.js"

/**
 * The six dialects' rules claim only their own constructs: canonical programs (docs/dialects.md#opencode shapes) come out
 * byte-identical with no change recorded, whatever dialect is detected (docs/style.md: untouched code prints identical).
 */
const tools = [["orders", "lookup"], ["github", "list_issues"], ["read"], ["util", "kebab-name"], ["search"]]
const programs = [
  `const o = await tools.orders.lookup({ id: 1 }); return o.status;`,
  `return await Promise.all(ids.map(id => tools.orders.lookup({ id })));`,
  `const p = await tools.$codemode.search({ query: "order status" }); return p.items;`,
  `const r = await tools.util["kebab-name"]({}); console.log(r); return Object.keys(tools);`,
  `const f = await tools.read({ path: "package.json" });\nreturn JSON.parse(f).name;`,
  `const xs = [1, 2, 3];\nconst ys = xs.map((x) => Math.max(x, 2)).filter(Boolean);\nreturn { ys, n: new Map([[1, 2]]).size, d: JSON.stringify({ a: 1 }) };`,
  `const issues = await tools.github.list_issues({ repo: "a/b" });\nfor (const i of issues) console.log(i.title.toUpperCase());\nreturn issues.length;`,
  `const tools2 = { a: () => 1 };\nconst external_x = 2;\nconst codemode = { x: 1 };\nreturn [tools2.a(), external_x, codemode.x];`,
]

describe("canonical programs pass through the foreign dialects' rules unchanged", () => {
  for (const detected of [undefined, "opencode", "cloudflare", "vercel", "tanstack", "deepseek", "codex", "utcp"]) {
    // Under deepseek, `Object.keys(tools)` deliberately means the flat raw names (docs/dialects.md#priority), so that program is skipped.
    // Codex's `tools` lists Codex names (`mcp__<server>__<tool>`), so there too.
    const list =
      detected === "deepseek" || detected === "codex"
        ? programs.filter((p) => !p.includes("Object.keys(tools)"))
        : programs
    it.each(list)(`detected ${detected}: %s`, (code) => {
      const out = rewrite(code, foreign, { tools, ...(detected ? { detected } : {}) })
      expect(out.code).toBe(code)
      expect(out.changes).toEqual([])
    })
  }
})
