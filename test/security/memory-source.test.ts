/**
 * The source-size limit (issue "Security and reliability" item 3, parser limits): a text over MAX_SOURCE_LENGTH is
 * refused with a ParseError naming its size and the limit before acorn runs, at `execute` and at the frontend
 * entry (`Frontend.normalize`, `runtime.run`). The nesting-depth limit is parser.test.ts.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Frontend } from "../../src/index.js"
import { MAX_SOURCE_LENGTH, parseProgram } from "../../src/syntax/parse.js"

const runtime = CodeMode.make({})
/** A valid program of exactly `n` characters: `return 1` then a line comment filling the rest. */
const program = (n: number) => {
  const head = "return 1\n//"
  return head + "x".repeat(n - head.length)
}
const timed = <T>(f: () => T): [T, number] => {
  const t0 = performance.now()
  const r = f()
  return [r, performance.now() - t0]
}
const refusal = (length: number) =>
  expect.objectContaining({
    kind: "ParseError",
    message: expect.stringContaining(`${length} characters long, over the limit of ${MAX_SOURCE_LENGTH} characters`),
  })

describe("source size limit", () => {
  it("a program of exactly the limit runs; one character more is refused", async () => {
    expect(await Effect.runPromise(runtime.execute(program(MAX_SOURCE_LENGTH)))).toMatchObject({ ok: true, value: 1 })
    const r = await Effect.runPromise(runtime.execute(program(MAX_SOURCE_LENGTH + 1)))
    expect(r).toMatchObject({ ok: false, error: refusal(MAX_SOURCE_LENGTH + 1) })
  })

  it("parseProgram refuses before parsing: a 50 MB text is answered at once", () => {
    const huge = "(".repeat(50_000_000)
    const [r, ms] = timed(() => parseProgram(huge))
    expect(r).toMatchObject({ ok: false, diagnostic: refusal(huge.length) })
    console.log(`source limit: parseProgram refused 50,000,000 characters in ${ms.toFixed(2)} ms`)
    expect(ms).toBeLessThan(1_000) // generous bound: no parse happened
  })

  it("Frontend.normalize refuses a huge string or envelope fast", () => {
    const code = "await tools.a.b({});\n".repeat(500_000) // 10.5 MB
    for (const input of [code, { code }, { input: { code } }, JSON.stringify({ code })]) {
      const [n, ms] = timed(() => Frontend.normalize(input))
      expect(n.ok).toBe(false)
      expect(n.diagnostics[0]).toMatchObject({ kind: "ParseError", message: expect.stringContaining("over the limit") })
      console.log(`source limit: normalize(${typeof input}) refused in ${ms.toFixed(1)} ms`)
      expect(ms).toBeLessThan(1_000)
    }
  })

  it("runtime.run refuses it with the same diagnostic", async () => {
    const r = await Effect.runPromise(runtime.run(program(MAX_SOURCE_LENGTH + 10)))
    expect(r).toMatchObject({ ok: false, error: refusal(MAX_SOURCE_LENGTH + 10) })
  })
})
