/**
 * Parser limits (issue item 3): nesting that would exhaust the parser's stack is a ParseError diagnostic with a
 * position, not a crash; the process stays alive. (A source-size limit is not implemented yet: SECURITY.md.)
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"

const runtime = CodeMode.make({ limits: { timeoutMs: 1_000 } })
const N = 100_000

describe("deeply nested sources end with a ParseError", () => {
  it.each([
    ["parentheses", "return " + "(".repeat(N) + "1" + ")".repeat(N)],
    ["array literals", "return " + "[".repeat(N) + "]".repeat(N)],
    ["unary operators", "return " + "-".repeat(N) + "1"],
    ["arrow functions", "return " + "a => ".repeat(N / 5) + "1"],
    ["object literals", "return " + "{ a: ".repeat(N / 2) + "1" + " }".repeat(N / 2)],
  ])("%s", async (_name, code) => {
    const r = await Effect.runPromise(runtime.execute(code))
    expect(r.ok).toBe(false)
    if (!r.ok) {
      expect(r.error.kind).toBe("ParseError")
      expect(r.error.location?.line).toBe(1)
    }
  })

  it("moderate nesting still runs", async () => {
    const r = await Effect.runPromise(runtime.execute("return " + "[".repeat(200) + "1" + "]".repeat(200) + ".length"))
    expect(r).toMatchObject({ ok: true, value: 1 })
  })
})
