import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * `codemode mcp` as a user runs it: the built executable over stdio, launched by the MCP SDK's own Client, in front
 * of the real reference servers (filesystem and memory from a --config file, everything from --server).
 */
const require = createRequire(import.meta.url)
const BIN = "dist/bin/codemode.js"
const server = (name: string) => require.resolve(`@modelcontextprotocol/server-${name}/dist/index.js`)

let dir: string
let client: Client
let transport: StdioClientTransport
const stderr: Array<string> = []

const execute = async (code: string) => {
  const result = (await client.callTool({ name: "execute", arguments: { code } })) as CallToolResult
  const text = (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join("\n")
  return { ...result, text }
}

/** The gateway's child processes whose command line mentions `needle` (Linux `ps`). */
const childrenMatching = (needle: string): Array<number> =>
  execFileSync("ps", ["-o", "pid=,args=", "--ppid", String(transport.pid)], { encoding: "utf8" })
    .split("\n")
    .filter((line) => line.includes(needle))
    .map((line) => Number(line.trim().split(/\s+/)[0]))

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`)
  dir = mkdtempSync(join(tmpdir(), "codemode-mcp-"))
  writeFileSync(join(dir, "team.txt"), "Ada Lovelace\nAlan Turing\nGrace Hopper\n")
  const config = {
    mcpServers: {
      fs: { command: process.execPath, args: [server("filesystem"), dir] },
      memory: {
        command: process.execPath,
        args: [server("memory")],
        env: { MEMORY_FILE_PATH: join(dir, "memory.jsonl") },
      },
    },
  }
  writeFileSync(join(dir, "mcp.json"), JSON.stringify(config, null, 2))
  transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      BIN,
      "mcp",
      "--config",
      join(dir, "mcp.json"),
      "--server",
      // quoted as a user would quote a path with a space in a shell
      `everything=${process.execPath} '${server("everything")}'`,
      "--timeout",
      "15000",
    ],
    stderr: "pipe",
  })
  transport.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")))
  client = new Client({ name: "gateway-stdio-test", version: "0" })
  await client.connect(transport)
}, 60_000)

afterAll(async () => {
  await client?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("codemode mcp over stdio", () => {
  it("lists execute, described with every upstream's tools under tools.NAME", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(["execute"])
    const description = tools[0]!.description!
    // The catalog is budgeted: every namespace is listed, tools beyond the budget are found with search.
    for (const name of ["fs", "memory", "everything"]) expect(description).toMatch(new RegExp(`^- ${name} \\(`, "m"))
    expect(description).toContain(`tools.everything.echo(`)
    const found = await execute(`return await tools.$codemode.search({ query: "read text file", namespace: "fs" })`)
    expect((found.structuredContent as any).value.items.map((i: { path: string }) => i.path)).toContain(
      "tools.fs.read_text_file",
    )
  })

  it("runs a program that reads from one server and writes to another", async () => {
    const result = await execute(`
      const file = await tools.fs.read_text_file({ path: ${JSON.stringify(join(dir, "team.txt"))} })
      const names = file.content.split("\\n").filter((line) => line !== "")
      await tools.memory.create_entities({
        entities: names.map((name) => ({ name, entityType: "person", observations: ["from team.txt"] })),
      })
      const graph = await tools.memory.read_graph({})
      console.log("stored " + graph.entities.length)
      return graph.entities.map((e) => e.name)
    `)
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toEqual({
      ok: true,
      value: ["Ada Lovelace", "Alan Turing", "Grace Hopper"],
      logs: ["stored 3"],
    })
    // The host's record of the run rides in _meta, out of the model's context.
    expect((result._meta as any)["codemode-polyglot/run"].toolCalls).toEqual([
      { name: "fs.read_text_file" },
      { name: "memory.create_entities" },
      { name: "memory.read_graph" },
    ])
    // The memory server itself persisted what the program sent.
    const stored = readFileSync(join(dir, "memory.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => JSON.parse(l).name)
    expect(stored).toEqual(["Ada Lovelace", "Alan Turing", "Grace Hopper"])
  })

  it("accepts foreign dialects: a Cloudflare arrow over codemode.*, a Codex program over flat mcp__ names", async () => {
    const cloudflare = await execute(
      "async () => {\n  const r = await codemode.everything_get_sum({ a: 19, b: 23 })\n  return r\n}",
    )
    expect(cloudflare.isError).toBeFalsy()
    expect((cloudflare.structuredContent as { value: string }).value).toMatch(/\b42\b/)
    expect((cloudflare._meta as any)["codemode-polyglot/run"].receipt.dialect).toBe("cloudflare")
    const codex = await execute(
      'const g = await tools.mcp__memory__search_nodes({ query: "Grace" });\ntext(g.entities.map((e) => e.name).join(","));\n',
    )
    expect(codex.isError).toBeFalsy()
    expect((codex.structuredContent as { logs: Array<string> }).logs).toEqual(["Grace Hopper"])
  })

  it("reports an unknown tool with its position and a suggestion", async () => {
    const result = await execute("const x = 1\nawait tools.memory.create_entity({ entities: [] })")
    expect(result.isError).toBe(true)
    expect(result.text).toMatch(/^UnknownTool at 2:\d+: /)
    expect(result.text).toMatch(/\nfix: .*create_entities/)
  })

  it("turns an upstream killed mid-call into a tool failure, keeps serving and restarts it", async () => {
    const [before] = childrenMatching("server-everything")
    expect(before).toBeGreaterThan(0)
    const running = execute(`
      try {
        await tools.everything["trigger-long-running-operation"]({ duration: 30, steps: 30 })
        return "finished"
      } catch (e) {
        return "caught: " + e.message
      }
    `)
    await new Promise((resolve) => setTimeout(resolve, 1000))
    process.kill(before!, "SIGKILL")
    const result = await running
    expect(result.isError).toBeFalsy()
    expect((result.structuredContent as { value: string }).value).toMatch(/^caught: upstream everything went away/)
    // The next program waits for the restart and reaches the new process.
    const after = await execute(`return await tools.everything.echo({ message: "back" })`)
    expect((after.structuredContent as { value: unknown }).value).toBe("Echo: back")
    expect(childrenMatching("server-everything")).not.toContain(before)
    expect(stderr.join("")).toMatch(/upstream everything: .*restarting/)
  })
})
