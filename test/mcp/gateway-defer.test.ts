import { execFile } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { promisify } from "node:util"
import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js"
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { haveRedis, startRedis, type RunningRedis } from "../store/redis-server.js"

/**
 * `codemode mcp --approve ledger.pay --defer` end to end: the SDK's own client over stdio, the built CLI for
 * `codemode approvals` in its own process, and an upstream that counts its side effects.
 */
const BIN = "dist/bin/codemode.js"
const LEDGER = "test/mcp/fixtures/ledger-server.mjs"
const run = promisify(execFile)

let dir: string
let client: Client
const env = () => ({ ...(process.env as Record<string, string>), CODEMODE_RESUME_DIR: join(dir, "resume") })

const call = async (name: string, args: Record<string, unknown>, on: Client = client) => {
  const result = (await on.callTool({ name, arguments: args })) as CallToolResult
  const text = (result.content as Array<{ type: string; text: string }>).map((c) => c.text).join("\n")
  return { ...result, text, out: result.structuredContent as { ok: boolean; value?: any; error?: any } }
}

/** `codemode mcp --approve ledger.pay --defer` over stdio, with the SDK's client; `extra` flags after those. */
const gateway = async (ledgerArgs: string, extra: Array<string> = []) => {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [
      BIN,
      "mcp",
      "--server",
      `ledger=${process.execPath} ${LEDGER}${ledgerArgs}`,
      "--approve",
      "ledger.pay",
      "--defer",
      ...extra,
    ],
    env: env(),
    stderr: "pipe",
  })
  const connected = new Client({ name: "gateway-defer-test", version: "0" })
  await connected.connect(transport)
  return connected
}

const approvals = (...args: Array<string>) =>
  run(process.execPath, [BIN, "approvals", ...args], { env: env() }).then(
    (r) => ({ code: 0, ...r }),
    (e: { code: number; stdout: string; stderr: string }) => e,
  )

const PROGRAM = `
  const first = await tools.ledger.add({})
  let paid
  try { paid = await tools.ledger.pay({ amount: first.count * 10 }) } catch (e) { paid = String(e.message) }
  const second = await tools.ledger.add({})
  return { first: first.count, paid, second: second.count }`

beforeAll(async () => {
  if (!existsSync(BIN)) throw new Error(`${BIN} is missing: run "npm run build" first`)
  dir = mkdtempSync(join(tmpdir(), "codemode-defer-"))
  client = await gateway("")
}, 60_000)

afterAll(async () => {
  await client?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("codemode mcp --defer", () => {
  it("lists resume beside execute, taking only a token", async () => {
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(["execute", "resume"])
    expect(tools[1]!.inputSchema).toMatchObject({ properties: { token: { type: "string" } }, required: ["token"] })
    expect(Object.keys(tools[1]!.inputSchema.properties ?? {})).toEqual(["token"])
  })

  it("holds an invoke (--mode passthrough) for a person's decision, and resume makes the call once", async () => {
    const passthrough = await gateway("", ["--mode", "passthrough"])
    try {
      const { tools } = await passthrough.listTools()
      expect(tools.map((t) => t.name)).toEqual(["search", "invoke", "resume"])
      const held = await call("invoke", { tool: "ledger.pay", input: { amount: 7 } }, passthrough)
      expect(held.out.error.kind).toBe("ApprovalPending")
      const token = held.out.error.resumeToken as string
      expect((await approvals("allow", token)).code).toBe(0)
      const done = await call("resume", { token }, passthrough)
      expect(done.out).toMatchObject({ ok: true, value: { paid: 7 } })
      expect((await call("invoke", { tool: "ledger.calls" }, passthrough)).out.value).toEqual({ adds: 0, paid: [7] })
    } finally {
      await passthrough.close()
    }
  })

  it("defers, stays pending until a person allows, then finishes without repeating a call", async () => {
    const held = await call("execute", { code: PROGRAM })
    expect(held.isError).toBe(true)
    expect(held.out.error.kind).toBe("ApprovalPending")
    const token = held.out.error.resumeToken as string
    expect(token).toMatch(/^cmr1\./)
    expect(held.text).toContain(`resume token: ${token}`)
    expect(held.text).toContain("tools.ledger.pay")

    // The model asks before anyone decided: still pending, and the token still works afterwards.
    const early = await call("resume", { token })
    expect(early.out.error.kind).toBe("ApprovalPending")
    expect(early.out.error.message).toMatch(/No one has decided/)

    // The person finds the waiting call, and the very token the model holds, without being handed it.
    const listed = await approvals("list", "--json")
    const waiting = JSON.parse(listed.stdout) as Array<{
      token: string
      tool: string
      input: unknown
      decision: string
    }>
    expect(waiting.find((w) => w.token === token)).toMatchObject({
      tool: "ledger.pay",
      input: { amount: 10 },
      decision: "pending",
    })
    expect((await approvals("list")).stdout).toMatch(/ledger\.pay \{"amount":10\}\n {2}pending, expires /)

    const allowed = await approvals("allow", token)
    expect(allowed.code).toBe(0)
    expect((await approvals("allow", token)).stderr).toMatch(/already recorded/)
    const decided = JSON.parse((await approvals("list", "--json")).stdout) as Array<{ token: string; decision: string }>
    expect(decided.find((w) => w.token === token)?.decision).toBe("allowed")

    const done = await call("resume", { token })
    expect(done.out).toMatchObject({ ok: true, value: { first: 1, paid: { paid: 10 }, second: 2 } })
    // add ran once before the deferral and once after: the journaled add was answered, not called again.
    const calls = await call("execute", { code: "return await tools.ledger.calls({})" })
    expect(calls.out.value).toEqual({ adds: 2, paid: [10] })

    const again = await call("resume", { token })
    expect(again.out.error.kind).toBe("ResumeTokenUsed")
    const after = JSON.parse((await approvals("list", "--json")).stdout) as Array<{ token: string }>
    expect(after.map((w) => w.token)).not.toContain(token)
    expect((await approvals("deny", token, "--reason", "late")).code).toBe(1)
  })

  it("denies: the program catches the reason, and the payment never happens", async () => {
    const held = await call("execute", { code: PROGRAM })
    const token = held.out.error.resumeToken as string
    const denied = await approvals("deny", token, "--reason", "over budget")
    expect(denied.code).toBe(0)
    const done = await call("resume", { token })
    expect(done.out.ok).toBe(true)
    expect(done.out.value.paid).toMatch(/denied: over budget/)
    const calls = await call("execute", { code: "return await tools.ledger.calls({})" })
    expect(calls.out.value).toEqual({ adds: 4, paid: [10] })
  })

  it("refuses a forged token, in approvals and in resume", async () => {
    const held = await call("execute", { code: PROGRAM })
    const token = held.out.error.resumeToken as string
    const forged = `${token.slice(0, -4)}AAAA`
    expect((await approvals("allow", forged)).stderr).toMatch(/not valid/)
    expect((await call("resume", { token: forged })).out.error.kind).toBe("ResumeTokenInvalid")
    expect((await call("resume", { token })).out.error.kind).toBe("ApprovalPending")
  })
})

describe.skipIf(!haveRedis)("codemode mcp --defer on one redis-server", () => {
  let redis: RunningRedis
  const clients: Array<Client> = []
  beforeAll(async () => {
    redis = await startRedis()
  }, 30_000)
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()))
    await redis?.stop()
  })

  it("a run deferred in one gateway process is decided and resumed in another, no call made twice", async () => {
    const record = join(dir, "ledger.log")
    const [one, two] = await Promise.all([
      gateway(` ${record}`, ["--store", redis.url]),
      gateway(` ${record}`, ["--store", redis.url, "--isolation", "worker"]),
    ])
    clients.push(one, two)
    const held = await call("execute", { code: PROGRAM }, one)
    const token = held.out.error.resumeToken as string
    expect((await approvals("allow", token, "--store", redis.url)).code).toBe(0)
    const done = await call("resume", { token }, two)
    expect(done.out).toMatchObject({ ok: true, value: { first: 1, paid: { paid: 10 }, second: 1 } })
    // One add in the first process, the payment and the second add in the other: the journaled add not again.
    expect(readFileSync(record, "utf8")).toBe("add\npay 10\nadd\n")
    expect((await call("resume", { token }, one)).out.error.kind).toBe("ResumeTokenUsed")
  }, 60_000)
})
