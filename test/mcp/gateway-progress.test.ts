import { spawn, type ChildProcess } from "node:child_process"
import { existsSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  McpError,
  type CallToolResult,
  type Progress,
} from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * Progress while a program runs, as an MCP client sees it: the built `codemode mcp` over stdio and over Streamable
 * HTTP, driven by the SDK's own Client, in front of test/mcp/fixtures/meta-server.mjs. A program of ten 300 ms calls
 * (3 s) outlives the client's 1 s request timeout and still answers, because each tool call sends a progress
 * notification and the client resets its timeout on progress; without that reset the same request times out. The
 * programs run in the default sandbox process, so the events cross the isolation boundary.
 */
const BIN = "dist/bin/codemode.js"
const UPSTREAM = fileURLToPath(new URL("./fixtures/meta-server.mjs", import.meta.url))
const GATEWAY = [
  "mcp",
  "--server",
  `up=${process.execPath} ${UPSTREAM}`,
  "--timeout",
  "20000",
  "--per-tool",
  "up.meta=1",
]
const children: Array<ChildProcess> = []
const clients: Array<Client> = []

const LONG = `for (let i = 0; i < 10; i++) { await tools.up.sleep({ ms: 300 }); console.log("step " + i) }
return "done"`

const connectStdio = async () => {
  const client = new Client({ name: "progress-test", version: "0" })
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, ...GATEWAY], stderr: "ignore" }),
  )
  clients.push(client)
  return client
}

const connectHttp = async () => {
  const url = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...GATEWAY, "--http", "0"], { stdio: ["ignore", "ignore", "pipe"] })
    children.push(child)
    let seen = ""
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8")
      const match = /Streamable HTTP at (http:\/\/\S+)/.exec(seen)
      if (match) resolve(match[1]!)
    })
    child.once("exit", (code) => reject(new Error(`the gateway exited with ${code}:\n${seen}`)))
  })
  const client = new Client({ name: "progress-test", version: "0" })
  await client.connect(new StreamableHTTPClientTransport(new URL(url)))
  clients.push(client)
  return client
}

const logsOf = (client: Client) => {
  const lines: Array<unknown> = []
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => void lines.push(n.params))
  return lines
}

const run = (
  client: Client,
  code: string,
  options: { timeout?: number; reset?: boolean; progress?: Array<Progress> },
) =>
  client.callTool({ name: "execute", arguments: { code } }, undefined, {
    ...(options.progress ? { onprogress: (p: Progress) => void options.progress!.push(p) } : {}),
    ...(options.timeout ? { timeout: options.timeout, resetTimeoutOnProgress: options.reset ?? false } : {}),
  }) as Promise<CallToolResult>

beforeAll(() => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`)
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  for (const child of children) child.kill()
})

describe.each([
  ["stdio", connectStdio],
  ["Streamable HTTP", connectHttp],
] as const)("codemode mcp over %s", (_, connect) => {
  let client: Client
  let logs: Array<unknown>
  beforeAll(async () => {
    client = await connect()
    logs = logsOf(client)
    // A first run starts the upstream and warms the sandbox pool: the timed request below measures the program.
    await run(client, "return await tools.up.sleep({ ms: 1 })", {})
  })

  it("a 3 s program outlives a 1 s request timeout through one progress notification per tool call", async () => {
    const progress: Array<Progress> = []
    logs.length = 0
    const result = await run(client, LONG, { timeout: 1000, reset: true, progress })
    expect(result.isError).toBeFalsy()
    expect(result.structuredContent).toMatchObject({ ok: true, value: "done" })
    expect(progress).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ progress: i + 1, message: `tool call ${i + 1}: tools.up.sleep` })),
    )
    // Console lines arrive as log notifications while the program runs (before the result).
    expect(logs).toEqual(
      Array.from({ length: 10 }, (_, i) => ({ level: "info", logger: "codemode", data: `step ${i}` })),
    )
  })

  it("--per-tool: the second call of a tool with a quota of 1 fails, and the program can catch it", async () => {
    const result = await run(
      client,
      `await tools.up.meta({}); try { await tools.up.meta({}) } catch (e) { return e.message }`,
      {},
    )
    expect(result.structuredContent).toMatchObject({
      ok: true,
      value: `Tool 'up.meta' reached its quota of 1 calls in this run (limits.perTool["up.meta"]).`,
    })
  })
})

describe("without resetTimeoutOnProgress", () => {
  it("the same program fails the client's 1 s timeout: progress is what keeps it waiting", async () => {
    const client = await connectStdio()
    await run(client, "return await tools.up.sleep({ ms: 1 })", {})
    const progress: Array<Progress> = []
    const error = await run(client, LONG, { timeout: 1000, reset: false, progress }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(McpError)
    expect((error as McpError).code).toBe(ErrorCode.RequestTimeout)
    expect(progress.length).toBeGreaterThan(0)
  })
})
