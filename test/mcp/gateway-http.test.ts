import { spawn, type ChildProcess } from "node:child_process"
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import {
  ElicitRequestSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

/**
 * `codemode mcp --http` as a user runs it: the built executable on a loopback port, driven by the SDK's own Client
 * over Streamable HTTP, in front of server-everything over Streamable HTTP and a small SDK server over stdio
 * (test/mcp/fixtures/dynamic-server.mjs). One gateway for the file; its deadline is 1.5 s.
 *
 * Programs run in the gateway's own process (`--isolation none`): what this file checks is the HTTP transport, the
 * upstreams, the catalog and approval, all in the gateway whatever the isolation. The default sandbox process, at low
 * priority, waited so long for a core on a loaded machine that ordinary programs here met the 1.5 s deadline; the
 * gateway's default isolation and its runaway handling are gateway-isolation.test.ts's.
 */
const require = createRequire(import.meta.url)
const BIN = "dist/bin/codemode.js"
const EVERYTHING = require.resolve("@modelcontextprotocol/server-everything/dist/index.js")
const DYNAMIC = fileURLToPath(new URL("./fixtures/dynamic-server.mjs", import.meta.url))

const children: Array<ChildProcess> = []
let url: URL
const clients: Array<Client> = []

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const port = (probe.address() as { port: number }).port
      probe.close(() => resolve(port))
    })
  })

/** Spawns a process and resolves with the first stderr match of `ready`. */
const launch = (args: Array<string>, env: NodeJS.ProcessEnv, ready: RegExp) =>
  new Promise<RegExpExecArray>((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    })
    children.push(child)
    let seen = ""
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString("utf8")
      const match = ready.exec(seen)
      if (match) resolve(match)
    })
    child.once("exit", (code) => reject(new Error(`${args.join(" ")} exited with ${code}:\n${seen}`)))
  })

const connect = async (answer?: (message: string) => { action: "accept" | "decline"; allow?: boolean }) => {
  const client = new Client(
    { name: "gateway-http-test", version: "0" },
    answer ? { capabilities: { elicitation: { form: {} } } } : {},
  )
  if (answer)
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      const reply = answer(request.params.message)
      return reply.action === "accept" ? { action: "accept", content: { allow: reply.allow ?? false } } : reply
    })
  await client.connect(new StreamableHTTPClientTransport(url))
  clients.push(client)
  return client
}

let client: Client
const execute = async (code: string, on = client) => {
  const result = (await on.callTool({ name: "execute", arguments: { code } })) as CallToolResult
  return { ...result, text: result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n") }
}
const valueOf = (result: { structuredContent?: unknown }) => (result.structuredContent as { value: unknown }).value

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`)
  const port = await freePort()
  await launch([EVERYTHING, "streamableHttp"], { PORT: String(port) }, /listening on port/)
  const served = await launch(
    [
      BIN,
      "mcp",
      "--http",
      "0",
      "--server",
      `ev=http://127.0.0.1:${port}/mcp`,
      "--server",
      `dyn=${process.execPath} ${DYNAMIC}`,
      "--timeout",
      "1500",
      "--isolation",
      "none",
      "--approve",
      "dyn.write",
    ],
    {},
    /Streamable HTTP at (http:\/\/\S+)/,
  )
  url = new URL(served[1]!)
  client = await connect()
  // One call through each upstream first, its outcome unread: the gateway's first call of a kind (the HTTP session
  // with the upstream, the code paths compiled) took over the 1.5 s deadline on a loaded machine, failing the first
  // test with a timeout; what the tests check is the transport and the gateway, warm, as a user's session is.
  await execute(`await tools.ev.echo({ message: "warm" }); return await tools.dyn.written({})`).catch(() => {})
}, 60_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  for (const child of children) child.kill("SIGTERM")
})

describe("codemode mcp over Streamable HTTP", () => {
  it("listens on loopback and calls an upstream that is itself served over HTTP", async () => {
    expect(url.hostname).toBe("127.0.0.1")
    const result = await execute(`return await tools.ev.echo({ message: "over http" })`)
    expect(result.isError).toBeFalsy()
    expect(valueOf(result)).toBe("Echo: over http")
  })

  it("ends a runaway program at the deadline and keeps serving", async () => {
    const runaway = await execute("let n = 0\nwhile (true) { n++ }")
    expect(runaway.isError).toBe(true)
    expect(runaway.text).toMatch(/^TimeoutExceeded: Execution timed out after 1500ms/)
    const next = await execute("return 6 * 7")
    expect(valueOf(next)).toBe(42)
  })

  it("bounds a hanging upstream call by the deadline; the upstream still answers afterwards", async () => {
    const hung = await execute("await tools.dyn.hang({})\nreturn 'never'")
    expect(hung.isError).toBe(true)
    expect(hung.text).toMatch(/^TimeoutExceeded/)
    expect(valueOf(await execute("return await tools.dyn.written({})"))).toEqual({ values: [] })
  })

  it("validates inputs against the upstream's JSON Schema before sending anything", async () => {
    const result = await execute(`return await tools.ev["get-sum"]({ a: "one", b: 2 })`)
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({ error: { kind: "InvalidToolInput" } })
    expect(result.text).toMatch(/\/a: must be number/)
  })

  it("refreshes the catalog when an upstream's tool list changes", async () => {
    const changed = new Promise<void>((resolve) =>
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve()),
    )
    const before = (await client.listTools()).tools[0]!.description!
    expect(before).not.toContain("extra_1")
    expect(valueOf(await execute("return await tools.dyn.grow({})"))).toBe("extra_1")
    await changed
    const after = (await client.listTools()).tools[0]!.description!
    expect(after).toContain("tools.dyn.extra_1")
    expect(valueOf(await execute("return await tools.dyn.extra_1({})"))).toBe("extra_1 works")
  })

  it("asks for approval through elicitation; denial is catchable; no elicitation means denied with the reason", async () => {
    const questions: Array<string> = []
    const yes = await connect((message) => (questions.push(message), { action: "accept", allow: true }))
    expect(valueOf(await execute(`return await tools.dyn.write({ value: "approved" })`, yes))).toBe("ok")
    expect(questions).toEqual(['Allow tools.dyn.write({"value":"approved"})?'])
    const no = await connect(() => ({ action: "decline" }))
    const declined = await execute(
      `try { await tools.dyn.write({ value: "declined" }) } catch (e) { return e.message }`,
      no,
    )
    expect(valueOf(declined)).toMatch(/denied: the user declined/)
    const cannot = await execute(`return await tools.dyn.write({ value: "unasked" })`)
    expect(cannot.isError).toBe(true)
    expect(cannot.text).toMatch(/does not support elicitation/)
    // Only the approved call reached the upstream.
    expect(valueOf(await execute("return await tools.dyn.written({})"))).toEqual({ values: ["approved"] })
  })
})
