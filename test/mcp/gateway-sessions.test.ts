/**
 * One runtime session per MCP session (docs/sessions.md), through the built `codemode mcp` and the MCP SDK's own
 * client: state a client stores is its own (issue 27 "state crosses clients"), over stdio and over HTTP; a DELETE
 * ends it; and two gateway processes on one real redis-server serve one session's state, one of them killed while
 * a program runs.
 */
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { haveRedis, skipNotice, startRedis, type RunningRedis } from "../store/redis-server.js"
import { BIN, launchGateway, stop, type Launched } from "./fixtures/gateway.js"

skipNotice()

const TOOLS = join(process.cwd(), "corpus/toolsets/shop.json")
const clients: Array<Client> = []

const text = (result: CallToolResult) => result.content.map((c) => (c.type === "text" ? c.text : "")).join("\n")

/** Runs Codex code (store/load are Codex's) and returns what the program printed, or the error text. */
const codex = async (client: Client, code: string): Promise<string> => {
  const result = (await client.callTool({
    name: "execute",
    arguments: { code: `// @exec: {}\n${code}` },
  })) as CallToolResult
  const logs = (result.structuredContent as { logs?: string[] } | undefined)?.logs
  return result.isError ? `error: ${text(result)}` : (logs ?? []).join("\n")
}

const httpClient = async (url: URL, sessionId?: string) => {
  const client = new Client({ name: "gateway-sessions-test", version: "0" })
  clients.push(client)
  const transport = new StreamableHTTPClientTransport(url, sessionId === undefined ? undefined : { sessionId })
  await client.connect(transport)
  return { client, transport }
}

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
})

describe("gateway sessions over stdio", () => {
  const stdioClient = async () => {
    const client = new Client({ name: "gateway-sessions-test", version: "0" })
    clients.push(client)
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, "mcp", "--tools", TOOLS, "--isolation", "worker"],
      stderr: "ignore",
    })
    await client.connect(transport)
    return client
  }

  it("one connection is one session: its state stays between programs and is nobody else's", async () => {
    const [a, b] = await Promise.all([stdioClient(), stdioClient()])
    expect(await codex(a, `store("token", "SECRET-OF-A")\ntext("stored")`)).toBe("stored")
    expect(await codex(a, `text(String(load("token")))`)).toBe("SECRET-OF-A")
    expect(await codex(b, `text(String(load("token")))`)).toBe("undefined")
  }, 60_000)
})

describe("gateway sessions over HTTP", () => {
  let gateway: Launched
  beforeAll(async () => {
    gateway = await launchGateway(["--tools", TOOLS])
  }, 60_000)
  afterAll(async () => {
    if (gateway) await stop(gateway.child)
  })

  it("client B in its own MCP session cannot read what client A stored", async () => {
    const [{ client: a }, { client: b }] = await Promise.all([httpClient(gateway.url), httpClient(gateway.url)])
    expect(await codex(a, `store("token", "SECRET-OF-A")\ntext("stored")`)).toBe("stored")
    expect(await codex(b, `text(String(load("token")))`)).toBe("undefined")
    expect(await codex(a, `text(String(load("token")))`)).toBe("SECRET-OF-A")
    // Concurrent programs of both sessions keep to their own state.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        codex(
          i % 2 === 0 ? a : b,
          `store("n", ${i})\nawait new Promise((r) => setTimeout(r, 10))\ntext(String(load("token")))`,
        ),
      ),
    )
    expect(answers).toEqual(["SECRET-OF-A", "undefined", "SECRET-OF-A", "undefined", "SECRET-OF-A", "undefined"])
  }, 60_000)

  it("a DELETE ends the session: its id is unknown afterwards", async () => {
    const { client, transport } = await httpClient(gateway.url)
    expect(await codex(client, `store("k", "v")\ntext("ok")`)).toBe("ok")
    const id = transport.sessionId!
    await transport.terminateSession()
    const response = await fetch(gateway.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": id,
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    })
    expect(response.status).toBe(404)
  }, 60_000)
})

describe.skipIf(!haveRedis)("two gateway processes on one redis-server", () => {
  let redis: RunningRedis
  let one: Launched
  let two: Launched
  beforeAll(async () => {
    redis = await startRedis()
    ;[one, two] = await Promise.all([
      launchGateway(["--tools", TOOLS, "--store", redis.url]),
      launchGateway(["--tools", TOOLS, "--store", redis.url, "--isolation", "worker"]),
    ])
  }, 60_000)
  afterAll(async () => {
    await Promise.all([one, two].filter(Boolean).map((g) => stop(g.child)))
    await redis?.stop()
  })

  it("state written through one is read through the other; the other goes on when one is killed mid-run", async () => {
    const { client: onOne, transport } = await httpClient(one.url)
    const id = transport.sessionId!
    expect(await codex(onOne, `store("token", "SECRET-OF-A")\ntext("stored")`)).toBe("stored")
    // The same MCP session, routed to the other process (as a proxy does when the first one is gone).
    const { client: onTwo } = await httpClient(two.url, id)
    expect(await codex(onTwo, `text(String(load("token")))`)).toBe("SECRET-OF-A")
    expect(await codex(onTwo, `store("second", "via two")\ntext("ok")`)).toBe("ok")
    expect(await codex(onOne, `text(String(load("second")))`)).toBe("via two")
    // Another session on the same store sees none of it.
    const { client: other } = await httpClient(two.url)
    expect(await codex(other, `text(String(load("token")))`)).toBe("undefined")

    const running = codex(
      onOne,
      `store("late", "never saved")\nawait new Promise((r) => setTimeout(r, 5000))\ntext("done")`,
    )
    await new Promise((r) => setTimeout(r, 300))
    // Killed mid-run: the SDK client may keep retrying that request's stream, so its answer is not awaited.
    running.catch(() => {})
    const exited = new Promise((resolve) => one.child.once("exit", resolve))
    one.child.kill("SIGKILL")
    await exited
    expect(await codex(onTwo, `text(JSON.stringify([load("token"), load("second"), load("late") ?? null]))`)).toBe(
      '["SECRET-OF-A","via two",null]',
    )
  }, 60_000)

  it("a session neither process knows is refused with 404", async () => {
    const response = await fetch(two.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        "mcp-session-id": "never-started",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    })
    expect(response.status).toBe(404)
  })
})
