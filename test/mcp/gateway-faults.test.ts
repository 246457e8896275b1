import { Client } from "@modelcontextprotocol/sdk/client/index.js"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { connectClient, DYNAMIC, EVERYTHING, execute, launchGateway, stop, type Launched } from "./fixtures/gateway.js"

/**
 * Load and faults through `codemode mcp --http` with its default isolation (a sandbox process per run): concurrent
 * MCP sessions whose every answer is checked against what that session asked, an upstream killed while a program
 * waits on it, and an upstream that never starts. Bounded counts, loopback only; nothing here measures time.
 */
let gateway: Launched
const clients: Array<Client> = []

beforeAll(async () => {
  gateway = await launchGateway([
    ...["--server", `ev=${process.execPath} ${EVERYTHING}`, "--server", `dyn=${process.execPath} ${DYNAMIC}`],
    ...["--server", "broken=/nonexistent/codemode-test-no-such-server", "--timeout", "20000"],
  ])
}, 60_000)

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  if (gateway) await stop(gateway.child)
})

type PidValue = { value?: { pid: number } }

const connect = () => connectClient(gateway.url, clients)

describe("codemode mcp --http under load and faults", () => {
  it("answers every program of 8 concurrent sessions with that session's own answer", async () => {
    const sessions = await Promise.all(Array.from({ length: 8 }, () => connect()))
    const programs = sessions.flatMap((client, s) =>
      Array.from({ length: 4 }, async (_, p) => {
        const tag = `s${s}-p${p}`
        const result = await execute(
          client,
          `const a = await tools.ev.echo({ message: "${tag}" })\n` +
            `const b = await tools.ev["get-sum"]({ a: ${s}, b: ${p * 100} })\nreturn [a, b]`,
        )
        return { tag, sum: s + p * 100, result }
      }),
    )
    const answered = await Promise.all(programs)
    expect(answered).toHaveLength(32)
    for (const { tag, sum, result } of answered) {
      expect(result.isError, result.text).toBeFalsy()
      const [echo, total] = (result.structuredContent as { value: [string, string] }).value
      expect(echo).toBe(`Echo: ${tag}`)
      expect(total).toMatch(new RegExp(`\\b${sum}\\b`))
    }
  }, 60_000)

  it("fails a program waiting on an upstream that is killed, naming it; the upstream comes back", async () => {
    const [waiting, other] = await Promise.all([connect(), connect()])
    const { pid } = ((await execute(other, "return await tools.dyn.pid({})")).structuredContent as PidValue).value!
    const hung = execute(waiting, "try { await tools.dyn.hang({}) } catch (e) { return 'caught: ' + e.message }")
    // Killed once the call is in the upstream: it says so on stderr, which the gateway logs.
    while (!gateway.stderr().includes(`[dyn] hang called (${pid})`)) await new Promise((r) => setTimeout(r, 20))
    process.kill(pid, "SIGKILL")
    const result = await hung
    expect(result.isError, result.text).toBeFalsy()
    expect((result.structuredContent as { value: string }).value).toMatch(
      /^caught: upstream dyn went away during the call to hang .*; it is being restarted/,
    )
    let after: PidValue = {}
    for (let i = 0; i < 50 && after.value === undefined; i++) {
      after = (await execute(other, "return await tools.dyn.pid({})")).structuredContent as typeof after
      if (after.value === undefined) await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(after.value?.pid).toBeGreaterThan(0)
    expect(after.value?.pid).not.toBe(pid)
  }, 60_000)

  it("names an upstream that cannot start, and why, instead of an unknown tool", async () => {
    const client = await connect()
    const result = await execute(client, "return await tools.broken.read({ path: '/etc/hostname' })")
    expect(result.isError).toBe(true)
    expect(result.structuredContent).toMatchObject({
      error: {
        kind: "ToolFailure",
        message: expect.stringMatching(
          /^tools\.broken\.read: the upstream broken is not available \(spawn \S+ ENOENT\); it is being restarted/,
        ),
      },
    })
    const description = (await client.listTools()).tools[0]!.description!
    expect(description).toMatch(/Not available yet.*tools\.broken \(.*ENOENT/)
  }, 30_000)
})
