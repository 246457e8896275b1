/**
 * The reverse-proxy configuration docs/sessions.md gives, run as written: nginx in front of two `codemode mcp --http`
 * processes on one real redis-server, driven by the MCP SDK's client. A session's state survives the process that
 * held it being killed: nginx retries the other one, which serves the session from the store.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { connect as tcpConnect } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { freePort, haveRedis, startRedis, type RunningRedis } from "../store/redis-server.js"
import { launchGateway, stop, type Launched } from "./fixtures/gateway.js"

const NGINX = "/usr/sbin/nginx"
const haveNginx = existsSync(NGINX)
if (!haveNginx || !haveRedis) console.warn(`SKIPPED: the proxy test needs ${NGINX} and redis-server.`)

const TOOLS = join(process.cwd(), "corpus/toolsets/shop.json")

/** The one nginx block of docs/sessions.md, pointed at this test's ports. */
const documentedBlock = (listen: number, first: URL, second: URL): string => {
  const doc = readFileSync("docs/sessions.md", "utf8")
  const blocks = [...doc.matchAll(/```nginx\n([\s\S]*?)```/g)].map((m) => m[1]!)
  expect(blocks).toHaveLength(1)
  const block = blocks[0]!
  for (const needle of ["127.0.0.1:8081", "127.0.0.1:8082", "listen 127.0.0.1:8080;"]) expect(block).toContain(needle)
  return block
    .replace("127.0.0.1:8081", first.host)
    .replace("127.0.0.1:8082", second.host)
    .replace("listen 127.0.0.1:8080;", `listen 127.0.0.1:${listen};`)
}

const listening = async (port: number) => {
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = tcpConnect(port, "127.0.0.1")
      socket.once("connect", () => (socket.destroy(), resolve(true)))
      socket.once("error", () => resolve(false))
    })
    if (up) return
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`nothing listens on ${port}`)
}

const codex = async (client: Client, code: string): Promise<string> => {
  const result = (await client.callTool({
    name: "execute",
    arguments: { code: `// @exec: {}\n${code}` },
  })) as CallToolResult
  if (result.isError) return `error: ${JSON.stringify(result.content)}`
  return ((result.structuredContent as { logs?: string[] }).logs ?? []).join("\n")
}

describe.skipIf(!haveNginx || !haveRedis)("the documented nginx front for two gateways on one Redis", () => {
  let redis: RunningRedis
  let gateways: Array<Launched> = []
  let nginx: ChildProcess | undefined
  let proxy: URL
  const dir = mkdtempSync(join(tmpdir(), "codemode-nginx-"))
  const clients: Array<Client> = []

  beforeAll(async () => {
    redis = await startRedis()
    gateways = await Promise.all(
      [0, 1].map(() => launchGateway(["--tools", TOOLS, "--store", redis.url, "--isolation", "none"])),
    )
    const port = await freePort()
    const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
      .map((kind) => `${kind}_temp_path ${join(dir, kind)};`)
      .join("\n")
    const conf = join(dir, "nginx.conf")
    writeFileSync(
      conf,
      `worker_processes 1;\npid ${join(dir, "nginx.pid")};\nerror_log ${join(dir, "error.log")};\nevents {}\n` +
        `http {\naccess_log off;\n${temp}\n${documentedBlock(port, gateways[0]!.url, gateways[1]!.url)}\n}\n`,
    )
    const checked = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf], { encoding: "utf8" })
    expect(checked.status, checked.stderr).toBe(0)
    nginx = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: "ignore" })
    await listening(port)
    proxy = new URL(`http://127.0.0.1:${port}/mcp`)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close().catch(() => {})))
    if (nginx !== undefined && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve))
      nginx.kill("SIGTERM")
      await exited
    }
    await Promise.all(gateways.map((g) => stop(g.child)))
    await redis?.stop()
    rmSync(dir, { recursive: true, force: true })
  })

  const client = async () => {
    const made = new Client({ name: "gateway-proxy-test", version: "0" })
    clients.push(made)
    const transport = new StreamableHTTPClientTransport(proxy)
    await made.connect(transport)
    return { client: made, transport }
  }

  /**
   * The gateway that holds the session's transport: a GET there opens the stream (200) or finds the client's open
   * already (409); the other process, which serves the session from the store, answers 405.
   */
  const owner = async (id: string): Promise<Launched> => {
    for (const gateway of gateways) {
      const controller = new AbortController()
      const response = await fetch(gateway.url, {
        headers: { accept: "text/event-stream", "mcp-session-id": id },
        signal: controller.signal,
      })
      controller.abort()
      if (response.status !== 405) return gateway
    }
    throw new Error("no gateway holds the session")
  }

  it("keeps sessions apart, and serves a session's state after the process holding it is killed", async () => {
    const a = await client()
    const b = await client()
    expect(await codex(a.client, `store("token", "SECRET-OF-A")\ntext("stored")`)).toBe("stored")
    expect(await codex(b.client, `text(String(load("token")))`)).toBe("undefined")
    expect(await codex(a.client, `text(String(load("token")))`)).toBe("SECRET-OF-A")

    // Whichever process the hash picks for this session, only the other one is left to serve it.
    const holder = await owner(a.transport.sessionId!)
    const exited = new Promise((resolve) => holder.child.once("exit", resolve))
    holder.child.kill("SIGKILL")
    await exited
    expect(await codex(a.client, `text(String(load("token")))`)).toBe("SECRET-OF-A")
    expect(await codex(a.client, `store("after", "still served")\ntext(String(load("after")))`)).toBe("still served")
    expect(await codex(b.client, `text(String(load("token")))`)).toBe("undefined")
  }, 60_000)
})
