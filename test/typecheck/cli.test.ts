// `--typecheck` on the built executable: `codemode run` and the `codemode mcp` gateway (over stdio, driven by the
// MCP SDK's own Client, in front of the real reference memory server).
import { spawnSync } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const require = createRequire(import.meta.url)
const BIN = "dist/bin/codemode.js"

describe("codemode run --typecheck", () => {
  const dir = mkdtempSync(join(tmpdir(), "codemode-typecheck-"))
  const program = join(dir, "program.js")
  // An update that would change the order, with the argument name misspelled on line 2.
  const line2 = `await tools.orders["update-status"]({ id, statuss: "shipped" })`
  const column = line2.indexOf("statuss")
  writeFileSync(program, `const id = "o1"\n${line2}\nreturn 1\n`)
  const run = (...flags: string[]) =>
    spawnSync(
      process.execPath,
      [BIN, "run", program, "--tools", "corpus/toolsets/shop.json", "--isolation", "none", "--json", ...flags],
      { encoding: "utf8", timeout: 60_000 },
    )

  it("refuse: TypeCheck at the model's line and column, no call", () => {
    const out = JSON.parse(run("--typecheck", "refuse").stdout)
    expect(out.ok).toBe(false)
    expect(out.error).toMatchObject({ kind: "TypeCheck", location: { line: 2, column } })
    expect(out.error.message).toContain("Did you mean 'status'")
    expect(out.toolCalls).toEqual([])
  })

  it("warn: the same finding in the receipt, and the call runs", () => {
    const out = JSON.parse(run("--typecheck", "warn").stdout)
    expect(out.toolCalls).toHaveLength(1)
    expect(out.receipt.warnings).toContainEqual(
      expect.objectContaining({ stage: "typecheck", loc: expect.objectContaining({ line: 2, column }) }),
    )
  })

  it("a bad mode is a usage error", () => {
    const bad = run("--typecheck", "strict")
    expect(bad.status).toBe(2)
    expect(bad.stderr).toContain("--typecheck must be off, warn or refuse")
  })
})

describe("codemode mcp --typecheck refuse", () => {
  let client: Client
  const execute = async (code: string) => {
    const result = (await client.callTool({ name: "execute", arguments: { code } })) as CallToolResult
    return { ...result, text: (result.content as Array<{ text: string }>).map((c) => c.text).join("\n") }
  }

  beforeAll(async () => {
    const memory = require.resolve("@modelcontextprotocol/server-memory/dist/index.js")
    const dir = mkdtempSync(join(tmpdir(), "codemode-typecheck-mcp-"))
    client = new Client({ name: "typecheck-test", version: "0" })
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [BIN, "mcp", "--server", `memory=${process.execPath} ${memory}`, "--typecheck", "refuse"],
        env: { ...(process.env as Record<string, string>), MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
        stderr: "ignore",
      }),
    )
  }, 60_000)

  afterAll(async () => {
    await client?.close()
  })

  it("refuses a misspelled argument of an upstream tool before calling it", async () => {
    const refused = await execute(
      `await tools.memory.create_entities({ entitys: [{ name: "a", entityType: "t", observations: [] }] })`,
    )
    expect(refused.isError).toBe(true)
    expect(refused.text).toContain("TypeCheck")
    expect(refused.text).toContain("entitys")
    expect(refused.text).toContain("1:37")
    // Nothing was created upstream: the call never left the gateway.
    const graph = await execute(`return (await tools.memory.read_graph({})).entities.length`)
    expect(graph.isError).toBeFalsy()
    expect(graph.text).toMatch(/^0\b/)
  }, 60_000)
})
