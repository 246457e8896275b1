import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startUsersServer, usersDocument, type UsersServer } from "../openapi/users-api.js"

/**
 * `codemode mcp --openapi FILE --shape cloudflare` as a Cloudflare user's client meets it: the built executable over
 * stdio, driven by the MCP SDK's own Client, in front of a real HTTP server on 127.0.0.1 implementing the document.
 * The programs are written as Cloudflare's servers document them (docs/openapi.md#cloudflare-shape).
 */
const BIN = "dist/bin/codemode.js"
const TOKEN = "gateway-token"

let dir: string
let api: UsersServer
let client: Client
const stderr: Array<string> = []

const call = async (name: "search" | "execute", code: string) => {
  const result = (await client.callTool({ name, arguments: { code } })) as CallToolResult
  return { ...result, text: (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join("\n") }
}

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`)
  api = await startUsersServer()
  dir = mkdtempSync(join(tmpdir(), "codemode-cf-shape-"))
  const file = join(dir, "users.json")
  // The document names no usable server: --base-url points the tools at the test server.
  writeFileSync(file, JSON.stringify({ ...usersDocument("https://unused.invalid"), security: [] }))
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, "mcp", "--openapi", file, "--base-url", api.origin, "--shape", "cloudflare", "--timeout", "20000"],
    env: { ...(process.env as Record<string, string>), AUTH_UNUSED: TOKEN },
    stderr: "pipe",
  })
  transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")))
  client = new Client({ name: "cloudflare-shape-test", version: "0" })
  await client.connect(transport)
}, 60_000)

afterAll(async () => {
  await client?.close()
  await api?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("codemode mcp --shape cloudflare", () => {
  it("serves search and execute, each taking { code }", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(["search", "execute"])
    for (const tool of tools) expect(tool.inputSchema).toMatchObject({ required: ["code"] })
    expect(tools[0]!.description).toContain("Tags: users, admin, teams")
    expect(tools[1]!.description).toContain("api.request(options) is the same as codemode.request(options)")
    expect(stderr.join("")).toContain("serving search and execute (Cloudflare's OpenAPI shape) over stdio")
  })

  it("search runs Cloudflare's tag filter over the global spec, and codemode.spec()", async () => {
    const byTag = await call(
      "search",
      `async () => {
    const results = [];
    for (const [path, methods] of Object.entries(spec.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.tags?.some(t => t.toLowerCase() === 'teams')) {
          results.push({ method: method.toUpperCase(), path, summary: op.summary });
        }
      }
    }
    return results;
  }`,
    )
    expect(byTag.isError).toBeUndefined()
    // Cloudflare's text: the value as indented JSON.
    expect(byTag.text).toBe(
      JSON.stringify([{ method: "GET", path: "/teams/{team}/members", summary: "Members of a team" }], null, 2),
    )
    const keys = await call(
      "search",
      "async () => { const spec = await codemode.spec(); return Object.keys(spec.paths); }",
    )
    expect(JSON.parse(keys.text)).toEqual(["/users", "/users/me", "/users/{id}", "/teams/{team}/members"])
    const summary = await call(
      "search",
      "async () => { const spec = await codemode.spec(); return spec.paths['/users'].get.summary; }",
    )
    expect(summary.text).toBe("List users")
  })

  it("a long answer is cut as Cloudflare cuts it (their test's program and assertions)", async () => {
    // cloudflare/agents packages/codemode/src/tests/mcp.test.ts, "search should preserve sandbox truncation metadata".
    const result = await call("search", "async () => 'x'.repeat(25000)")
    expect(result.text).toContain("--- TRUNCATED ---")
    expect(result.text).toContain("Response was ~6,250 tokens")
    expect(result.text.startsWith("x".repeat(24_000) + "\n\n--- TRUNCATED ---\n")).toBe(true)
  })

  it("search can neither change the spec nor reach the API", async () => {
    const before = api.received.length
    const write = await call("search", `async () => { spec.info.title = "mine"; return spec.info.title }`)
    expect(write.isError).toBe(true)
    expect(write.text).toMatch(/^Error: .*Cannot assign to read only property .title./)
    const reach = await call("search", `async () => codemode.request({ method: "GET", path: "/users" })`)
    expect(reach.isError).toBe(true)
    expect(reach.text).toContain("the search tool only reads the spec: call the API from the execute tool")
    expect(api.received.length).toBe(before)
  })

  it("execute sends codemode.request through the operations and answers their values", async () => {
    const before = api.received.length
    const result = await call(
      "execute",
      `async () => {
    const users = await codemode.request({ method: "GET", path: "/users", query: { limit: 2, team: "core" } });
    const created = await api.request({ method: "POST", path: "/users", body: { name: "Eve" } });
    const one = await codemode.request({ method: "GET", path: \`/users/\${users[1].id}\` });
    return { names: users.map((u) => u.name), created: created.id, one };
  }`,
    )
    expect(result.isError).toBeUndefined()
    expect(JSON.parse(result.text)).toEqual({ names: ["Ada", "Lin"], created: "u3", one: { id: "u2", name: "Ada" } })
    expect(api.received.slice(before).map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      "GET /users?limit=2&team=core ",
      'POST /users {"name":"Eve"}',
      "GET /users/u2 ",
    ])
    const meta = result._meta?.["codemode-polyglot/run"] as { toolCalls: Array<{ name: string }> }
    expect(meta.toolCalls.map((c) => c.name)).toEqual(["api.users.list", "api.users.create", "api.users.get"])
  })

  it("a request the document does not describe is an Error, and nothing is sent", async () => {
    const before = api.received.length
    const result = await call("execute", `async () => codemode.request({ method: "GET", path: "/user" })`)
    expect(result.isError).toBe(true)
    expect(result.text).toContain("no operation matches GET /user; the nearest paths are /users")
    expect(result.text.startsWith("Error: ")).toBe(true)
    expect(api.received.length).toBe(before)
  })
})
