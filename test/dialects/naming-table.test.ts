import { describe, expect, it } from "vitest"
import { dialect as cloudflare } from "../../dialects/cloudflare/index.js"
import { dialect as codex } from "../../dialects/codex/index.js"
import { dialect as deepseek } from "../../dialects/deepseek/index.js"
import { dialect as tanstack } from "../../dialects/tanstack/index.js"
import { dialect as utcp } from "../../dialects/utcp/index.js"
import { dialect as vercel } from "../../dialects/vercel/index.js"
import { foreign } from "./registry.js"

/**
 * The docs/dialects.md#tool-names "raw name → program spelling" table, one row per raw name (a one-segment tool with that
 * raw name). Vercel/DeepSeek spellings are the resolver's dotted text (`tools.<raw>`), the table's `tools["raw"]`.
 */
const table: Array<[raw: string, codex: string, cloudflare: string, utcp: string, flat: string]> = [
  ["my-tool", "tools.my_tool", "codemode.my_tool", "my_tool", "tools.my-tool"],
  ["3d-render", "tools._d_render", "codemode._3d_render", "_3d_render", "tools.3d-render"],
  ["delete", "tools.delete", "codemode.delete_", "delete", "tools.delete"],
  ["a b/c", "tools.a_b_c", "codemode.a_bc", "a_b_c", "tools.a b/c"],
  [
    "mcp__dev-radius__search",
    "tools.mcp__dev_radius__search",
    "codemode.mcp__dev_radius__search",
    "mcp__dev_radius__search",
    "tools.mcp__dev-radius__search",
  ],
  [
    "github.repos.list",
    "tools.github_repos_list",
    "codemode.github_repos_list",
    "github.repos_list",
    "tools.github.repos.list",
  ],
]

describe("docs/dialects.md#tool-names naming table", () => {
  it.each(table)("%s", (raw, cx, cf, ut, flat) => {
    expect(codex.naming!.spell([raw])[0]).toBe(cx)
    expect(cloudflare.naming!.spell([raw])[0]).toBe(cf)
    expect(utcp.naming!.spell([raw])[0]).toBe(ut)
    expect(vercel.naming!.spell([raw])[0]).toBe(flat)
    expect(deepseek.naming!.spell([raw])[0]).toBe(flat)
  })

  it("TanStack prefixes external_ to the Pi identifier", () => {
    expect(table.map(([raw]) => tanstack.naming!.spell([raw])[0])).toEqual([
      "external_my_tool",
      "external__d_render",
      "external_delete",
      "external_a_b_c",
      "external_mcp__dev_radius__search",
      "external_github_repos_list",
    ])
  })
})

describe("instructions in each system's style", () => {
  const tools = [
    {
      path: ["weather", "get-current"],
      description: "Current weather for a city",
      inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
      signature: "",
    },
    {
      path: ["delete"],
      description: "Delete a record",
      inputSchema: { type: "object", properties: { id: { type: "number" } } },
      outputSchema: { type: "object", properties: { ok: { type: "boolean" } } },
      signature: "",
    },
  ]
  it.each(foreign.map((d) => [d.id, d] as const))(
    "%s names every tool as its programs spell it, with its description",
    (_id, dialect) => {
      const text = dialect.instructions!({ tools })
      for (const tool of tools) {
        expect(text).toContain(tool.description)
        const spelled = dialect.naming!.spell(tool.path)[0]!
        const shown = spelled.replace(/^(tools|codemode)\./, "")
        expect(text.includes(shown) || text.includes(JSON.stringify(shown))).toBe(true)
      }
      expect(text).toContain("city: string")
    },
  )
})
