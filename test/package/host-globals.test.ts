/**
 * Loading the package and running programs leaves the host's globalThis as it was. A fresh `node` process imports
 * the built entry points and runs canonical and rewritten programs (a rewrite loads recast, whose CommonJS tslib
 * would write ~32 helpers onto the global object), then compares the global's own property names, and a host's own
 * `__extends`, with what they were before.
 */
import { execFile } from "node:child_process"
import { resolve } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"

const exec = promisify(execFile)
const root = resolve(import.meta.dirname, "../..")
const dist = (entry: string) => JSON.stringify(`${root}/dist/src/${entry}`)

interface Seen {
  readonly added: string[]
  readonly removed: string[]
  readonly extendsKept: boolean
  readonly recastLoaded: boolean
  readonly values: unknown[]
}

/** Runs `body` between two snapshots of globalThis in a fresh process; `body` may push results into `results`. */
const probe = async (body: string): Promise<Seen> => {
  const script = `
import { createRequire } from "node:module"
import { Effect } from "effect"
// Effect's first fiber records itself on globalThis: the host's own library, before any of ours runs.
await Effect.runPromise(Effect.void)
const hostExtends = () => "the host's own"
globalThis.__extends = hostExtends
const before = Object.getOwnPropertyNames(globalThis)
const results = []
${body}
const after = Object.getOwnPropertyNames(globalThis)
console.log(JSON.stringify({
  added: after.filter((k) => !before.includes(k)),
  removed: before.filter((k) => !after.includes(k)),
  extendsKept: globalThis.__extends === hostExtends,
  recastLoaded: Object.keys(createRequire(import.meta.url).cache).some((f) => /recast/.test(f)),
  values: results,
}))
`
  const { stdout } = await exec(process.execPath, ["--input-type=module", "-e", script], { cwd: root })
  return JSON.parse(stdout) as Seen
}

describe("host globals", () => {
  it("the main entry, canonical programs and a recast rewrite add and replace nothing", async () => {
    const seen = await probe(`
const { CodeMode, Frontend, Tool } = await import(${dist("index.js")})
const ping = Tool.make({ description: "ping", input: { type: "object" }, run: (input) => Effect.succeed({ pong: input }) })
const runtime = CodeMode.make({ tools: { ping } })
const value = (r) => (r.ok ? r.value : r.error.message)
results.push(value(await Effect.runPromise(runtime.execute("return 1 + 1"))))
// Cloudflare's codemode.<tool>() spelling: rewritten to tools.ping() on the AST and printed by recast.
results.push(value(await Effect.runPromise(runtime.run("async () => { return await codemode.ping({ n: 1 }) }"))))
results.push(value(await Effect.runPromise(runtime.run("\`\`\`js\\nconst x = [1, 2].map((n) => n * 2)\\nx\\n\`\`\`"))))
results.push(Frontend.normalize("async () => (await codemode.ping({})).pong").code.includes("tools.ping"))
`)
    expect(seen.values).toEqual([2, { pong: { n: 1 } }, [2, 4], true])
    expect(seen.recastLoaded).toBe(true)
    expect(seen).toMatchObject({ added: [], removed: [], extendsKept: true })
  })

  it("the MCP and AI SDK entries add only zod's two registry globals, as zod alone does", async () => {
    // The MCP SDK (a dependency) and the AI SDK (the host's peer) import zod, which shares its registry across copies
    // through globalThis by design. What zod alone adds is measured, not written here.
    const zodAlone = await probe(`
const sdk = createRequire(import.meta.url).resolve("@modelcontextprotocol/sdk/package.json")
await import(createRequire(sdk).resolve("zod"))
`)
    expect(zodAlone.added.length).toBeGreaterThan(0)
    const seen = await probe(`
await import(${dist("mcp/index.js")})
await import(${dist("ai-sdk/index.js")})
`)
    expect(seen.added.sort()).toEqual([...zodAlone.added].sort())
    expect(seen).toMatchObject({ removed: [], extendsKept: true })
  })
})
