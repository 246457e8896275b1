import { spawn } from "node:child_process"
import { createRequire } from "node:module"
import { fileURLToPath } from "node:url"
import { DEFAULT_REQUEST_TIMEOUT_MSEC } from "@modelcontextprotocol/sdk/shared/protocol.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { DEFAULT_TIMEOUT_MS } from "../../src/cli/commands/mcp.js"
import { EXECUTE_WAIT_MS } from "../../src/mcp/gateway/gateway.js"
import { launchGateway, stop, type Launched } from "./fixtures/gateway.js"

/**
 * The MCP Inspector's CLI mode (`@modelcontextprotocol/inspector-cli`, the official one) against `codemode mcp
 * --http` with a token: what a developer trying the gateway sees, refusals included.
 */
const require = createRequire(import.meta.url)
const INSPECTOR = require.resolve("@modelcontextprotocol/inspector-cli/build/index.js")
// inspector-cli 1.0.3 finds its own package.json through a path it checks relative to the working directory: from a
// directory whose parent holds a package.json, it imports its own.
const CWD = fileURLToPath(new URL("..", import.meta.url))
const TOKEN = "inspector-test-token"

let gateway: Launched

beforeAll(async () => {
  gateway = await launchGateway(["--tools", "corpus/toolsets/dev.json", "--timeout", "1500"], {
    CODEMODE_AUTH_TOKEN: TOKEN,
  })
}, 60_000)

afterAll(async () => {
  if (gateway) await stop(gateway.child)
})

/** Runs the inspector's CLI once; resolves with its exit status and everything it printed. */
const inspect = (args: ReadonlyArray<string>) =>
  new Promise<{ status: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, [INSPECTOR, gateway.url.href, ...args], { cwd: CWD })
    let out = ""
    child.stdout.on("data", (c: Buffer) => (out += c.toString("utf8")))
    child.stderr.on("data", (c: Buffer) => (out += c.toString("utf8")))
    child.on("close", (status) => resolve({ status, out }))
  })

const call = (code: string, ...headers: Array<string>) =>
  inspect([
    ...["--method", "tools/call", "--tool-name", "execute", "--tool-arg", `code=${code}`],
    ...headers.flatMap((h) => ["--header", h]),
  ])

describe("the MCP Inspector CLI against codemode mcp --http", () => {
  it("runs a program with the token, and is refused without it or from a foreign origin", async () => {
    const ok = await call("return 6 * 7", `Authorization: Bearer ${TOKEN}`)
    expect(ok.status, ok.out).toBe(0)
    expect(JSON.parse(ok.out.slice(ok.out.indexOf("{")))).toMatchObject({ structuredContent: { value: 42 } })
    const none = await call("return 6 * 7")
    expect(none.status).not.toBe(0)
    expect(none.out).toMatch(/invalid_token/)
    const foreign = await call("return 6 * 7", `Authorization: Bearer ${TOKEN}`, "Origin: http://attacker.example")
    expect(foreign.status).not.toBe(0)
    expect(foreign.out).toMatch(/Origin http:\/\/attacker\.example is not allowed/)
  }, 60_000)

  it("shows the gateway's TimeoutExceeded for a runaway program, not a client timeout", async () => {
    const runaway = await call("let n = 0\nwhile (true) { n++ }", `Authorization: Bearer ${TOKEN}`)
    expect(runaway.status, runaway.out).toBe(0)
    const result = JSON.parse(runaway.out.slice(runaway.out.indexOf("{")))
    expect(result).toMatchObject({ isError: true, structuredContent: { error: { kind: "TimeoutExceeded" } } })
  }, 60_000)

  it("leaves the default deadline room under the SDK clients' default request timeout", () => {
    expect(DEFAULT_TIMEOUT_MS + EXECUTE_WAIT_MS).toBeLessThan(DEFAULT_REQUEST_TIMEOUT_MSEC)
  })
})
