// What a client loads and reads per gateway mode (`codemode mcp --mode`, docs/mcp.md "Passthrough"): the bytes of
// `tools/list` over a 10,000-tool catalog in each mode, against a plain proxy listing every tool with its schema,
// and the bytes of one `search` page. Sizes, not times: the same on any machine.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { jsonToolSpecs } from "./discovery.js"
import type { Row } from "./measure.js"
import type { Section } from "./section.js"

const GATEWAY = "dist/bin/codemode.js"
const NAMESPACES = 100
const PER_NAMESPACE = 100
const QUERY = "update invoice"

/** The catalog as a fixture toolset (`--tools`): discovery's bench tools (scripts/bench/discovery.ts). */
const toolset = () => ({
  name: "bench-catalog",
  description: "10,000 generated tools",
  tools: jsonToolSpecs(NAMESPACES, PER_NAMESPACE).map((spec) => ({
    path: [spec.namespace, spec.name],
    description: spec.description,
    input: spec.input,
    cases: [],
    default: { result: { ok: true } },
  })),
})

const utf8 = (s: string): number => Buffer.byteLength(s, "utf8")
const both = (n: number): string => `${n.toLocaleString("en")} B (~${Math.round(n / 4).toLocaleString("en")} tok)`

interface Measured {
  readonly list: number
  readonly search?: number
}

/** One gateway over stdio in `mode`: its tools/list, and in passthrough one search page (as the client receives it). */
const measure = async (file: string, mode: string): Promise<Measured> => {
  const client = new Client({ name: "bench-passthrough", version: "0" })
  const args = [GATEWAY, "mcp", "--tools", file, "--mode", mode, "--isolation", "none"]
  await client.connect(new StdioClientTransport({ command: process.execPath, args, stderr: "ignore" }))
  try {
    const list = utf8(JSON.stringify((await client.listTools()).tools))
    if (mode !== "passthrough") return { list }
    const page = await client.callTool({ name: "search", arguments: { query: QUERY } })
    if (page.isError || !Array.isArray((page.structuredContent as { items?: unknown })?.items))
      throw new Error(`search failed: ${JSON.stringify(page).slice(0, 300)}`)
    return { list, search: utf8(JSON.stringify({ content: page.content, structuredContent: page.structuredContent })) }
  } finally {
    await client.close()
  }
}

/** `npm run bench` rows PT1–PT2: tools/list bytes per `--mode`, and one search page, over 10,000 tools. */
export const passthroughSection: Section = {
  ids: ["PT1", "PT2"],
  what: "codemode mcp --mode over 10,000 tools: tools/list bytes per mode (PT1), one search page (PT2)",
  inputs: [
    `${NAMESPACES} namespaces x ${PER_NAMESPACE} tools, 4 described input properties each`,
    `search { query: "${QUERY}" } (default page)`,
  ],
  run: async (_rows, want) => {
    const dir = mkdtempSync(join(tmpdir(), "bench-passthrough-"))
    try {
      const file = join(dir, "catalog.json")
      const catalog = toolset()
      writeFileSync(file, JSON.stringify(catalog))
      // What a plain proxy lists: every tool with its name, description and input schema.
      const direct = utf8(
        JSON.stringify(
          catalog.tools.map((t) => ({ name: t.path.join("_"), description: t.description, inputSchema: t.input })),
        ),
      )
      const code = await measure(file, "code")
      const passthrough = await measure(file, "passthrough")
      const together = await measure(file, "both")
      const row = (id: string, label: string, note: string): Row => ({
        id,
        label,
        ours: undefined,
        quickjs: undefined,
        v8: undefined,
        note,
      })
      return [
        row(
          "PT1",
          "tools/list bytes, 10,000 tools",
          `every tool listed (a plain proxy) ${both(direct)}; code ${both(code.list)}; passthrough ${both(passthrough.list)}; both ${both(together.list)}`,
        ),
        row(
          "PT2",
          "one search page, bytes the model reads",
          `search "${QUERY}": 5 hits with their input schemas, content and structuredContent ${both(passthrough.search!)}`,
        ),
      ].filter((r) => want(r.id))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  },
}
