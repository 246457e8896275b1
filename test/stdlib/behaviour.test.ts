/**
 * Stdlib behaviour the differential suite cannot check against V8: 1.18 choices (async replacers awaiting tool
 * calls), the per-execution Math.random source (Host.random), V8-worded messages with positions on uncaught
 * built-in failures, and fixed-locale formatting whatever the host's timezone.
 */
import { describe, expect, it } from "vitest"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { compile } from "../../src/interpreter/index.js"
import type { Host, RunOutcome } from "../../src/interpreter/host.js"
import { pureHost } from "./harness.js"

const run = async (code: string, host: Host = pureHost()): Promise<RunOutcome> => {
  const c = compile(parseJavaScript(code), code, {})
  if (!c.ok) throw new Error(c.diagnostic.message)
  return c.program.run(host)
}
const value = async (code: string, host?: Host) => {
  const r = await run(code, host)
  if (!r.ok) throw new Error(`${r.diagnostic.kind}: ${r.diagnostic.message}`)
  return r.value
}

/** A host with one tool `t.upper` that upper-cases its `s` after a tick, recording call order. */
const toolHost = () => {
  const calls: Array<string> = []
  const host: Host = {
    ...pureHost(),
    lookup: (p) => (p.join(".") === "t.upper" ? "tool" : p.length <= 1 ? "namespace" : undefined),
    keys: () => [],
    callTool: async (_p, input) => {
      const s = (input as { s: string }).s
      calls.push(s)
      await new Promise((r) => setTimeout(r, 1))
      return s.toUpperCase()
    },
  }
  return { host, calls }
}

describe("async replacers (@opencode-ai/codemode 1.18: may await tool calls, run sequentially)", () => {
  it("awaits each replacement in match order", async () => {
    const { host, calls } = toolHost()
    const v = await value(
      "return await 'a-b-c'.replace(/[a-z]/g, async (m, off) => (await tools.t.upper({ s: m })) + off)",
      host,
    )
    expect(v).toBe("A0-B2-C4")
    expect(calls).toEqual(["a", "b", "c"])
  })
  it("replaceAll with named groups passes a guest groups object", async () => {
    const v = await value(
      "return await 'k=v'.replaceAll(/(?<a>\\w)=(?<b>\\w)/g, async (...xs) => xs.at(-1).b + xs.at(-1).a)",
    )
    expect(v).toBe("vk")
  })
  it("a synchronous replacer still returns a string", async () => {
    expect(await value("return typeof 'ab'.replace(/a/, () => 'x')")).toBe("string")
  })
  it("an un-awaited async replace result is a promise at the boundary (diagnostic says to await)", async () => {
    const r = await run("return { s: 'ab'.replace(/a/, async () => 'x') }")
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.diagnostic.message).toMatch(/await/)
  })
})

describe("Math.random", () => {
  it("draws from Host.random, so a seeded host makes a run reproducible", async () => {
    const seq = [0.25, 0.5, 0.75]
    let i = 0
    const host: Host = { ...pureHost(), random: () => seq[i++ % 3]! }
    expect(await value("return [Math.random(), Math.random(), Math.random()]", host)).toEqual(seq)
    const a = await value("return Array.from({ length: 5 }, () => Math.random())")
    const b = await value("return Array.from({ length: 5 }, () => Math.random())")
    expect(a).toEqual(b)
  })
})

describe("uncaught built-in failures: V8 wording, with line and column", () => {
  const cases: Array<[string, RegExp, number, number]> = [
    ["const a = 1\nnull.x", /Cannot read properties of null \(reading 'x'\)/, 2, 5],
    ["let u\nu.p = 1", /Cannot set properties of undefined \(setting 'p'\)/, 2, 2],
    ["\n  [].reduce((a, b) => a)", /Reduce of empty array with no initial value/, 2, 2],
    ["'x'.repeat(-1)", /Invalid count value: -1/, 1, 0],
    ["JSON.parse('{x')", /JSON/, 1, 0],
    ["new URL('nope')", /Invalid URL/, 1, 0],
    ["new Set([1]).union([2])", /set-like/, 1, 0],
    ["'a'.replaceAll(/a/, 'b')", /\/a\/g/, 1, 0],
    ["const o = {}\no.f()", /is not a function/, 2, 0],
  ]
  it.each(cases)("%s", async (code, message, line, column) => {
    const r = await run(code)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.diagnostic.message).toMatch(message)
    expect(r.diagnostic.location?.line).toBe(line)
    // Columns are 0-based (acorn); the position is the failing call or member expression.
    expect(r.diagnostic.location?.column).toBe(column)
  })
})

describe("locale formatting independent of the host", () => {
  // The host's own zone is moved away from UTC for these cases: a program's dates still format in UTC and its
  // default locale is en-US, so the same program prints the same text on every machine.
  const inZone = async <T>(f: () => Promise<T>): Promise<T> => {
    const before = process.env.TZ
    process.env.TZ = "America/New_York"
    try {
      return await f()
    } finally {
      // Assigning undefined would store the string "undefined" (test files share a worker).
      if (before === undefined) delete process.env.TZ
      else process.env.TZ = before
    }
  }
  it("dates format in UTC: en-US without arguments, the given locale and options through ICU", async () => {
    expect(
      await inZone(() =>
        value(
          "const d = new Date(Date.UTC(2024, 0, 2, 15, 4, 5)); return [d.toLocaleString('de-DE'), d.toLocaleDateString(), d.toLocaleTimeString(), d.toDateString(), String(d), new Intl.DateTimeFormat('en-US', { hour: 'numeric' }).format(d), d.toLocaleTimeString('en-US', { timeZone: 'Asia/Tokyo', hourCycle: 'h23' })]",
        ),
      ),
    ).toEqual([
      "2.1.2024, 15:04:05",
      "1/2/2024",
      "3:04:05 PM",
      "Tue Jan 02 2024",
      "2024-01-02T15:04:05.000Z",
      "3 PM",
      "00:04:05",
    ])
  })
  it("numbers format as en-US by default and in the given locale otherwise", async () => {
    expect(
      await value("return [(1234567.891).toLocaleString('fr-FR'), (0.5).toLocaleString(), (1234.5).toLocaleString()]"),
    ).toEqual(["1\u202f234\u202f567,891", "0.5", "1,234.5"])
  })
})
