import { request } from "node:http"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { main } from "../../src/cli/cli.js"
import { connectClient, DYNAMIC, execute, launchGateway, stop, type Launched } from "./fixtures/gateway.js"

/**
 * `codemode mcp --http` as a network service, attacked from outside: the built gateway in its own process, reached by
 * plain `fetch` requests shaped like a browser's and by the SDK's own client. Each rule is tried with a request that
 * should pass and one that should not; every request must get an answer.
 */
const TOKEN = "s3cret-token-for-the-test"
const AUTH = { authorization: `Bearer ${TOKEN}` }
const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "browser-like", version: "0" } },
}
const ACCEPT = { "content-type": "application/json", accept: "application/json, text/event-stream" }

let gateway: Launched
let small: Launched
const clients: Array<Client> = []

beforeAll(async () => {
  ;[gateway, small] = await Promise.all([
    launchGateway(
      [
        ...["--server", `dyn=${process.execPath} ${DYNAMIC}`, "--isolation", "none", "--timeout", "2000"],
        ...["--allow-origin", "http://app.example:8080", "--max-body", "65536", "--max-in-flight", "2"],
      ],
      { CODEMODE_AUTH_TOKEN: TOKEN },
    ),
    launchGateway(
      ["--tools", "corpus/toolsets/dev.json", "--isolation", "none"].concat([
        "--max-sessions",
        "2",
        "--session-idle",
        "600",
      ]),
    ),
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  await Promise.all([gateway, small].filter(Boolean).map((g) => stop(g.child)))
})

const post = (url: URL, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: "POST", headers: { ...ACCEPT, ...headers }, body: JSON.stringify(body) })

/** A JSON-RPC error body (the gateway's refusals are all JSON-RPC errors). */
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: number; message: string } }).error

/** A request with a chosen Host header (fetch sets Host itself). */
const withHost = (url: URL, host: string, headers: Record<string, string>) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { ...ACCEPT, ...headers, host } }, (res) => {
      let body = ""
      res.on("data", (c: Buffer) => (body += c.toString("utf8")))
      res.on("end", () => resolve({ status: res.statusCode!, body }))
    })
    req.on("error", reject)
    req.end(JSON.stringify(INIT))
  })

const sdkClient = (url: URL, headers: Record<string, string>) => connectClient(url, clients, headers)

describe("codemode mcp --http: who may reach it", () => {
  it("refuses a page from a foreign Origin with 403, token or not", async () => {
    for (const headers of [{ origin: "http://attacker.example", ...AUTH }, { origin: "http://attacker.example" }]) {
      const res = await post(gateway.url, INIT, headers)
      expect(res.status).toBe(403)
      expect(res.headers.get("mcp-session-id")).toBeNull()
      expect(res.headers.get("access-control-allow-origin")).toBeNull()
      expect(await errorOf(res)).toMatchObject({ code: -32000, message: expect.stringMatching(/Origin/) })
    }
    // The allowed origin differs only in its port: still foreign.
    expect((await post(gateway.url, INIT, { origin: "http://app.example:8081", ...AUTH })).status).toBe(403)
  })

  it("refuses a foreign Host (DNS rebinding) with 403, and serves the loopback names", async () => {
    const port = gateway.url.port
    const foreign = await withHost(gateway.url, `attacker.example:${port}`, AUTH)
    expect(foreign.status).toBe(403)
    expect(JSON.parse(foreign.body)).toMatchObject({ jsonrpc: "2.0", error: { message: /Host/ } })
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`])
      expect((await withHost(gateway.url, host, AUTH)).status).toBe(200)
  })

  it("serves an allowed Origin with CORS headers, preflight included", async () => {
    const origin = "http://app.example:8080"
    const preflight = await fetch(gateway.url, {
      method: "OPTIONS",
      headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization" },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get("access-control-allow-origin")).toBe(origin)
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/Authorization/)
    const res = await post(gateway.url, INIT, { origin, ...AUTH })
    expect(res.status).toBe(200)
    expect(res.headers.get("access-control-allow-origin")).toBe(origin)
    expect(res.headers.get("access-control-expose-headers")).toMatch(/Mcp-Session-Id/)
    expect(res.headers.get("mcp-session-id")).toMatch(/^[0-9a-f-]{36}$/)
  })

  it("enforces the bearer token: missing or wrong is 401 with WWW-Authenticate, for fetch and the SDK client", async () => {
    const tries: Array<Record<string, string>> = [
      {},
      { authorization: `Bearer ${TOKEN}x` },
      { authorization: TOKEN },
      { authorization: "Bearer " },
    ]
    for (const headers of tries) {
      const res = await post(gateway.url, INIT, headers)
      expect(res.status).toBe(401)
      expect(res.headers.get("www-authenticate")).toMatch(/^Bearer error="invalid_token"/)
      expect(res.headers.get("mcp-session-id")).toBeNull()
    }
    await expect(sdkClient(gateway.url, { authorization: `Bearer wrong` })).rejects.toMatchObject({
      code: 401,
      message: expect.stringMatching(/invalid_token/),
    })
    const client = await sdkClient(gateway.url, AUTH)
    const result = await execute(client, "return 6 * 7")
    expect(result.structuredContent).toMatchObject({ value: 42 })
  })

  it("answers bad input over the transport with JSON-RPC errors and keeps serving", async () => {
    const big = await post(gateway.url, { ...INIT, pad: "x".repeat(70_000) }, AUTH)
    expect(big.status).toBe(413)
    expect(await errorOf(big)).toMatchObject({ message: expect.stringMatching(/over 65536 bytes/) })
    const malformed = await fetch(gateway.url, {
      method: "POST",
      headers: { ...ACCEPT, ...AUTH },
      body: '{"jsonrpc": "2.0", "id": 1,',
    })
    expect(malformed.status).toBe(400)
    expect(await errorOf(malformed)).toMatchObject({ code: -32700 })
    const unknown = await post(
      gateway.url,
      { jsonrpc: "2.0", id: 7, method: "tools/list" },
      {
        ...AUTH,
        "mcp-session-id": "00000000-0000-4000-8000-000000000000",
      },
    )
    expect(unknown.status).toBe(404)
    expect(await unknown.json()).toMatchObject({ id: 7, error: { code: -32001 } })
    const noSession = await post(gateway.url, { jsonrpc: "2.0", id: 8, method: "tools/list" }, AUTH)
    expect(noSession.status).toBe(400)
    // Inside a session: valid JSON that is not JSON-RPC, answered by the SDK transport.
    const opened = await post(gateway.url, INIT, AUTH)
    const sid = opened.headers.get("mcp-session-id")!
    const notRpc = await post(gateway.url, { hello: "world" }, { ...AUTH, "mcp-session-id": sid })
    expect(notRpc.status).toBe(400)
    expect((await post(gateway.url, {}, { ...AUTH, "mcp-session-id": sid })).status).toBe(400)
    const client = await sdkClient(gateway.url, AUTH)
    expect((await execute(client, "return 'still serving'")).structuredContent).toMatchObject({
      value: "still serving",
    })
  })

  it("caps the requests in flight of one session with 429; the admitted ones are answered", async () => {
    const client = await sdkClient(gateway.url, AUTH)
    const settled = await Promise.allSettled([1, 2, 3].map(() => execute(client, "await tools.dyn.hang({})")))
    const refused = settled.filter((s) => s.status === "rejected")
    expect(refused).toHaveLength(1)
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 429,
      message: expect.stringMatching(/Too many requests in flight/),
    })
    for (const s of settled.filter((s) => s.status === "fulfilled"))
      expect((s as PromiseFulfilledResult<{ text: string }>).value.text).toMatch(/^TimeoutExceeded/)
    expect((await execute(client, "return 1")).structuredContent).toMatchObject({ value: 1 })
  }, 20_000)
  it("never counts a notification or a response against the in-flight cap", async () => {
    const client = await sdkClient(gateway.url, AUTH)
    const sid = (client.transport as { sessionId?: string }).sessionId!
    const headers = { ...AUTH, "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" }
    const hung = [1, 2].map(() => execute(client, "await tools.dyn.hang({})"))
    // Both hangs are in flight once a request of this session is refused.
    let status = 0
    for (let i = 0; i < 100 && status !== 429; i++) {
      status = (await post(gateway.url, { jsonrpc: "2.0", id: 100 + i, method: "ping" }, headers)).status
      if (status !== 429) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(status).toBe(429)
    const note = await post(gateway.url, { jsonrpc: "2.0", method: "notifications/roots/list_changed" }, headers)
    expect(note.status).toBe(202)
    const answer = await post(gateway.url, { jsonrpc: "2.0", id: "server-asked-1", result: {} }, headers)
    expect(answer.status).toBe(202)
    for (const result of await Promise.all(hung)) expect(result.text).toMatch(/^TimeoutExceeded/)
  }, 20_000)
})

describe("codemode mcp --http: session caps", () => {
  it("caps open sessions with 429 until one ends with DELETE", async () => {
    const open = async () => post(small.url, INIT)
    const first = await open()
    const second = await open()
    expect([first.status, second.status]).toEqual([200, 200])
    const third = await open()
    expect(third.status).toBe(429)
    expect(await errorOf(third)).toMatchObject({ message: expect.stringMatching(/Too many sessions \(2 open/) })
    const sid = first.headers.get("mcp-session-id")!
    const ended = await fetch(small.url, { method: "DELETE", headers: { "mcp-session-id": sid } })
    expect(ended.status).toBe(200)
    expect((await open()).status).toBe(200)
  })

  it("expires an idle session: its id is then unknown (404)", async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const opened = await post(small.url, INIT)
    expect(opened.status).toBe(200)
    const sid = opened.headers.get("mcp-session-id")!
    const list = { jsonrpc: "2.0", id: 2, method: "tools/list" }
    const headers = { "mcp-session-id": sid, "mcp-protocol-version": "2025-06-18" }
    await post(small.url, { jsonrpc: "2.0", method: "notifications/initialized" }, headers)
    expect((await post(small.url, list, headers)).status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 1_200))
    expect((await post(small.url, list, headers)).status).toBe(404)
    expect(small.stderr()).toMatch(/expired after 600 ms without a request/)
  })
})

describe("codemode mcp --http: binding beyond loopback", () => {
  const run = async (args: Array<string>) => {
    const err: Array<string> = []
    const io = { out: () => {}, err: (t: string) => void err.push(t), readStdin: async () => "" }
    return { status: await main(["mcp", "--tools", "corpus/toolsets/dev.json", ...args], io), err: err.join("") }
  }

  it.each([["0.0.0.0"], ["::"], ["192.0.2.10"]])(
    "refuses --host %s without a token, naming the insecure flag",
    async (host) => {
      const saved = process.env.CODEMODE_AUTH_TOKEN
      delete process.env.CODEMODE_AUTH_TOKEN
      try {
        const { status, err } = await run(["--http", "0", "--host", host])
        expect(status).toBe(2)
        expect(err).toMatch(/accepts connections from other machines[\s\S]*--auth-token[\s\S]*--insecure-no-auth/)
      } finally {
        if (saved !== undefined) process.env.CODEMODE_AUTH_TOKEN = saved
      }
    },
  )

  it("refuses the HTTP flags without --http, and a malformed origin", async () => {
    expect(await run(["--auth-token", "x"])).toMatchObject({
      status: 2,
      err: expect.stringMatching(/--auth-token needs --http/),
    })
    expect(await run(["--http", "0", "--allow-origin", "app.example"])).toMatchObject({
      status: 2,
      err: expect.stringMatching(/--allow-origin app.example: not an origin/),
    })
  })
})
