import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import type { RunResult } from "../../src/runtime/run.js"

/**
 * A call through a name that shadows a runtime namespace (issue 32): `crypto.read()` when the catalog holds
 * `crypto_read` reaches the tool, and the receipt says so; two tools spelled so are an error naming both.
 */
const calls: string[] = []
const tool = (name: string, answer: unknown) =>
  Tool.make({
    description: `tool ${name}`,
    input: { type: "object" },
    run: () =>
      Effect.sync(() => {
        calls.push(name)
        return answer
      }),
  })

const runtime = CodeMode.make({
  tools: {
    crypto_read: tool("crypto_read", "secret"),
    "math-solve": tool("math-solve", 42),
    JSON_format: tool("JSON_format", "formatted"),
    console: { print: tool("console.print", "p1") },
    console_print: tool("console_print", "p2"),
  },
  limits: { timeoutMs: 10_000 },
})

const run = async (code: string): Promise<RunResult> => {
  calls.length = 0
  return Effect.runPromise(runtime.run({ code }))
}

describe("calls through a shadowed runtime namespace", () => {
  it("crypto.read() calls the tool crypto_read and warns", async () => {
    const r = await run(`const v = await crypto.read({ key: "k" }); return v`)
    expect(r.ok && r.value).toBe("secret")
    expect(calls).toEqual(["crypto_read"])
    expect(r.receipt.changes.find((c) => c.rule === "shadowed-global")?.note).toBe("crypto.read → tools.crypto_read")
    expect(r.receipt.warnings.map((w) => w.message)).toContain(
      "crypto.read is not a member of the runtime's crypto: called the tool tools.crypto_read instead",
    )
  })

  it("resolves other spellings and still awaits the call where its value is used", async () => {
    const r = await run(`return { v: Math.solve({}), max: Math.max(1, 2), j: JSON.format({}), s: JSON.stringify(1) }`)
    expect(r.ok && r.value).toEqual({ v: 42, max: 2, j: "formatted", s: "1" })
    expect(calls.sort()).toEqual(["JSON_format", "math-solve"])
  })

  it("leaves real members, locally bound names and names no tool has alone", async () => {
    const r = await run(
      `const n = crypto.randomUUID().length; const m = (() => { const crypto = { read: () => 7 }; return crypto.read() })(); return [n, m]`,
    )
    expect(r.ok && r.value).toEqual([36, 7])
    expect(r.receipt.changes.some((c) => c.rule === "shadowed-global")).toBe(false)
    const unknown = await run(`return crypto.write({})`)
    expect(unknown.ok).toBe(false)
    expect(calls).toEqual([])
  })

  it("two tools spelled the same way are an error naming both, and nothing runs", async () => {
    const r = await run(`return await console.print({})`)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe("UnknownTool")
    expect(r.error.message).toContain("tools.console.print, tools.console_print")
    expect(calls).toEqual([])
  })
})
