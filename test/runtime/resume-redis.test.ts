import { execFile } from "node:child_process"
import { join } from "node:path"
import { promisify } from "node:util"
import { Redis } from "ioredis"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { haveRedis, startRedis, type RunningRedis } from "../store/redis-server.js"

/**
 * A run deferred in one process and resumed in others, on one real redis-server (the test's own, on a free loopback
 * port): the store and the resumeKey are all the processes share. The tools count their runs in redis itself, so
 * the counters see every process.
 */
const run = promisify(execFile)
const INDEX = join(process.cwd(), "dist/src/index.js")

const SCRIPT = `
import { Effect } from "effect"
import { Redis } from "ioredis"
const { CodeMode, Store, Tool } = await import(${JSON.stringify(INDEX)})
const [url, role, token] = process.argv.slice(1)
const redis = new Redis(url)
const tool = (name) => Tool.make({ description: name, input: { type: "object" },
  run: (input) => Effect.promise(() => redis.incr("hits:" + name).then((n) => ({ n, input }))) })
const store = Store.redis(url)
const runtime = CodeMode.make({
  tools: { repo: { read: tool("read"), write: tool("write") } },
  store,
  resumeKey: "one-key-for-the-whole-deployment",
  approve: ({ name }) => Effect.succeed(name === "repo.write" ? { defer: true, reason: "review" } : { allow: true }),
})
const code = "const a = await tools.repo.read({ p: 1 }); const b = await tools.repo.read({ p: 2 });" +
  "const w = await tools.repo.write({ sum: a.n + b.n, at: Date.now() }); return { a: a.n, b: b.n, w }"
const result = await Effect.runPromise(role === "defer" ? runtime.execute(code) : runtime.resume(token, { allow: true }))
process.stdout.write(JSON.stringify(result))
await store.close()
redis.disconnect()
`

let server: RunningRedis
let counters: Redis

beforeAll(async () => {
  if (!haveRedis) return
  server = await startRedis()
  counters = new Redis(server.url)
})
afterAll(async () => {
  counters?.disconnect()
  await server?.stop()
})

const node = async (...args: string[]) => {
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", SCRIPT, ...args], {
    cwd: process.cwd(),
    timeout: 60_000,
  })
  return JSON.parse(stdout)
}

const hits = async () => ({ read: await counters.get("hits:read"), write: await counters.get("hits:write") })

describe.skipIf(!haveRedis)("resume across processes on one redis-server", () => {
  it("another process resumes without repeating a call; of two concurrent resumes exactly one runs", async () => {
    const deferred = await node(server.url, "defer")
    expect(deferred.error).toMatchObject({ kind: "ApprovalPending", pending: { name: "repo.write", index: 2 } })
    expect(await hits()).toEqual({ read: "2", write: null })

    const [one, two] = await Promise.all([
      node(server.url, "resume", deferred.error.resumeToken),
      node(server.url, "resume", deferred.error.resumeToken),
    ])
    const ran = [one, two].filter((r) => r.ok)
    expect(ran).toHaveLength(1)
    expect([one, two].filter((r) => !r.ok).map((r) => r.error.kind)).toEqual(["ResumeTokenUsed"])
    // The reads were answered from the journal (their counters are the first process's), and the clock read
    // before the pending call is the first process's too.
    expect(ran[0].value).toEqual({ a: 1, b: 2, w: { n: 1, input: deferred.error.pending.input } })
    expect(await hits()).toEqual({ read: "2", write: "1" })
  }, 120_000)
})
