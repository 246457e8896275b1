/**
 * Everything the model reads is bounded by `maxOutputBytes` (SECURITY.md "In-process limits"): the value and logs
 * (runtime/truncate.test.ts), and here the diagnostic's message and suggestions, a raw run's `lastOutput` and the
 * frontend's own failure. Huge names reach the host's helpers without stalling them.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"

const LIMIT = 1000
const bytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v) ?? "", "utf8")

const ns = Object.fromEntries(
  Array.from({ length: 40 }, (_, i) => [
    `lookupRecord${i}`,
    Tool.make({ description: `Looks up record ${i}`, input: { type: "object" }, run: () => Effect.succeed(i) }),
  ]),
)
const runtime = CodeMode.make({ tools: { ns }, limits: { timeoutMs: 5_000, maxOutputBytes: LIMIT } })
const execute = (code: string) => Effect.runPromise(runtime.execute(code))
const run = (input: unknown) => Effect.runPromise(runtime.run(input))

describe("diagnostics are bounded by maxOutputBytes, with a marker", () => {
  it("a 100 KB error message", async () => {
    const r = await execute(`throw new Error("e".repeat(100000))`)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.truncated).toBe(true)
    expect(r.error.message).toMatch(/^Uncaught: e+ \[truncated: 100010 bytes exceeds the 1000-byte output limit\]$/)
    expect(bytes(r.error.message)).toBeLessThan(LIMIT + 100)
  })

  it("a 100 KB unknown tool name: cut in the message itself, no suggestion search over it", async () => {
    const t0 = performance.now()
    const r = await execute(`return await tools.ns["y".repeat(100000)]({})`)
    const ms = performance.now() - t0
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.kind).toBe("UnknownTool")
    expect(r.error.message).toMatch(/^Unknown tool 'ns\.y{100,}… \(100\d{3} characters\)'\.$/)
    expect(bytes(r.error)).toBeLessThan(LIMIT + 100)
    expect(ms).toBeLessThan(2_000) // the edit distance against 40 names took seconds at this size
  })

  it("a near-miss name still gets its suggestions", async () => {
    const r = await execute(`return await tools.ns.lookupRecrd7({})`)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.suggestions?.[0]).toBe("tools.ns.lookupRecord7")
  })

  it("a message that fits is untouched and the Result not marked", async () => {
    const r = await execute(`throw new Error("short")`)
    expect(r).toMatchObject({ ok: false, error: { message: "Uncaught: short" } })
    expect(r.truncated).toBeUndefined()
  })

  it("suggestions past the limit are dropped with a count", async () => {
    const small = CodeMode.make({ tools: { ns }, limits: { maxOutputBytes: 60 } })
    const r = await Effect.runPromise(small.execute(`return await tools.ns.lookupRecord({})`))
    expect(r.ok).toBe(false)
    if (r.ok) return
    const suggestions = r.error.suggestions ?? []
    expect(suggestions.at(-1)).toMatch(/^\[\d+ more suggestions truncated\]$/)
    expect(bytes(suggestions.slice(0, -1))).toBeLessThan(60)
  })

  it("the frontend's own failure", async () => {
    const r = await run({ code: "const x = ;" + "/* pad */".repeat(20000) + " (" })
    expect(r.ok).toBe(false)
    if (!r.ok) expect(bytes(r.error.message)).toBeLessThan(LIMIT + 100)
  })
})

describe("lastOutput is bounded like the value", () => {
  it("a 100 KB last log value comes back cut, with a marker", async () => {
    const r = await run(`console.log("z".repeat(100000))`)
    expect(typeof r.lastOutput).toBe("string")
    expect(r.lastOutput as string).toMatch(
      /\[last output truncated: 100002 bytes exceeds the 1000-byte output limit\]$/,
    )
    expect(bytes(r.lastOutput)).toBeLessThan(LIMIT + 100)
  })

  it("a small one is the value itself", async () => {
    const r = await run(`console.log({ a: 1 })`)
    expect(r.lastOutput).toEqual({ a: 1 })
  })
})

describe("host helpers under huge inputs", () => {
  it("$codemode.search with a megabyte query is refused at once, naming the limit", async () => {
    const t0 = performance.now()
    const r = await execute(`return await tools.$codemode.search({ query: "lookup record ".repeat(80000) })`)
    const ms = performance.now() - t0
    expect(ms).toBeLessThan(2_000)
    expect(r).toMatchObject({
      ok: false,
      error: { kind: "InvalidToolInput", message: expect.stringContaining("over the limit of 1000") },
    })
    const ok = await execute(`return (await tools.$codemode.search({ query: "lookup record" })).items.length`)
    expect(ok).toMatchObject({ ok: true, value: 10 })
  })

  it("Pi's searchTools with a megabyte query: a catchable error naming the limit; a short query still ranks", async () => {
    const big = await run(
      `try { await searchTools("lookup record ".repeat(80000)); return "searched" } catch (e) { return e.message }`,
    )
    expect(big).toMatchObject({ ok: true, value: expect.stringContaining("over the limit of 1000") })
    expect(big.receipt).toMatchObject({ dialect: "pi" })
    const ok = await run(`const hits = await searchTools("record 7"); return hits.length > 0`)
    expect(ok).toMatchObject({ ok: true, value: true })
  })
})

describe("envelope and pragma option tables are own-key lookups", () => {
  const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]

  it("envelope fields named like Object.prototype members are ignored fields, the run ok", async () => {
    const fields = INHERITED.map((k, i) => `"${k}": ${i === 1 ? '{ "x": 1 }' : i}`).join(", ")
    const r = await run(`{ "code": "return 41 + 1", ${fields} }`)
    expect(r, JSON.stringify(r).slice(0, 400)).toMatchObject({ ok: true, value: 42 })
    const ignored = r.receipt.changes.filter((c) => c.rule === "ignored-field").map((c) => c.note)
    expect(ignored.sort()).toEqual([...INHERITED].sort())
    expect(JSON.stringify(r)).not.toMatch(/is not a function|Internal|TypeError/)
  })

  it("pragma keys named like Object.prototype members are reported as unsupported", async () => {
    const body = INHERITED.map((k, i) => `"${k}": ${i}`).join(", ")
    const r = await run(`// @options: { ${body}, "timeout_ms": 900 }\nreturn 1`)
    expect(r).toMatchObject({ ok: true, value: 1 })
    const messages = r.receipt.warnings.map((w) => w.message)
    for (const k of INHERITED) expect(messages).toContain(`pragma key "${k}" is not supported: dropped`)
    const loose = await run(`// @options: constructor=1, __proto__=2, timeout_ms=900\nreturn 2`)
    expect(loose).toMatchObject({ ok: true, value: 2 })
    const looseMessages = loose.receipt.warnings.map((w) => w.message)
    expect(looseMessages).toContain('pragma key "__proto__" is not supported: dropped')
    expect(looseMessages).toContain('pragma key "constructor" is not supported: dropped')
  })
})
