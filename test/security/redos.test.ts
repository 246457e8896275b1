/**
 * Time bounds on regular expressions (issue item 2): guest patterns run on re2js (src/interpreter/builtins/
 * linear-regexp.ts), so classic catastrophic patterns stay linear and `timeoutMs` holds. The figures are printed,
 * never asserted tightly (STYLE.md); termination is asserted with a generous bound.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"

const PATTERNS = [
  "(a+)+$",
  "(a*)*$",
  "(a|a)*$",
  "(a|aa)+$",
  "(.*a){12}$",
  "(a+)+b",
  "([a-z]+)*$",
  "(\\w+\\s?)*$",
  "^(a?){25}a{25}$",
  "(x+x+)+y",
  "(.*)*b",
  "^(([a-z])+.)+[A-Z]([a-z])+$",
  "(\\d+)*\\.",
  "([^@]+)+@",
  "^(\\s*,)*$",
  "(a|b|ab)*c",
  "((ab)*)*c",
  "(.*,)*x",
  "^(\\w+)*=",
  "(\\S+\\s*)+!",
  "^([0-9]+-?)+$",
  "(a{1,10}){1,10}$",
]
const SUBJECTS = [1_000, 100_000, 1_000_000]
const runtime = CodeMode.make({ limits: { timeoutMs: 100 } })

const p = (xs: Array<number>, q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!

describe("ReDoS corpus on the linear-time engine", () => {
  it(`${PATTERNS.length} patterns × subjects up to 1 MB end within the timeout`, async () => {
    expect(PATTERNS.length).toBeGreaterThanOrEqual(20)
    const times: Array<number> = []
    const outcomes = { value: 0, timeout: 0, budget: 0 }
    for (const pattern of PATTERNS)
      for (const n of SUBJECTS) {
        const code = `const s = "a".repeat(${n}) + "!"; const re = new RegExp(${JSON.stringify(pattern)}); return [re.test(s), s.replace(new RegExp(${JSON.stringify(pattern)}, "g"), "").length]`
        const t0 = performance.now()
        const r = await Effect.runPromise(runtime.execute(code))
        const dt = performance.now() - t0
        times.push(dt)
        // A value, the uncatchable timeout, or the per-call matching budget refusing up front: never a hang.
        if (!r.ok)
          expect(r.error.kind === "TimeoutExceeded" || /matching budget/.test(r.error.message), r.error.message).toBe(
            true,
          )
        if (!r.ok) outcomes[r.error.kind === "TimeoutExceeded" ? "timeout" : "budget"]++
        else outcomes.value++
        expect(dt, `${pattern} @ ${n}`).toBeLessThan(5_000)
      }
    console.log(
      `redos: ${times.length} runs, timeoutMs 100: p50 ${p(times, 0.5).toFixed(1)} ms, p99 ${p(times, 0.99).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms; outcomes ${JSON.stringify(outcomes)}`,
    )
  })

  it("the regexp timeout cannot be caught by the program", async () => {
    const code = `for (;;) { try { /(a+)+$/.test("a".repeat(100000) + "!") } catch (e) {} finally { continue } }`
    const r = await Effect.runPromise(runtime.execute(code))
    expect(r.ok ? "ok" : r.error.kind).toBe("TimeoutExceeded")
  })

  it("rejects syntax the linear engine cannot honour, with a diagnostic naming it", async () => {
    for (const [pattern, what] of [
      ["(a)\\1", "backreferences"],
      ["(?<x>a)\\k<x>", "named backreferences"],
      ["a(?=b)", "lookahead"],
      ["a(?!b)", "lookahead"],
      ["(?<=a)b", "lookbehind"],
      ["(?<!a)b", "lookbehind"],
    ]) {
      const r = await Effect.runPromise(runtime.execute(`return new RegExp(${JSON.stringify(pattern)}).test("ab")`))
      expect(r.ok, pattern).toBe(false)
      if (!r.ok) expect(r.error.message).toContain(`${what}`)
      const lit = await Effect.runPromise(runtime.execute(`return /${pattern}/.test("ab")`))
      expect(lit.ok ? "ok" : lit.error.message, pattern).toContain("linear-time engine")
    }
    // Escaped brackets inside classes and non-capturing or named groups are ordinary and keep working.
    const ok = await Effect.runPromise(
      runtime.execute(`return [/[a\\]]/.test("]"), /(?:a)(?<n>b)/.exec("ab").groups.n]`),
    )
    expect(ok, JSON.stringify(ok)).toMatchObject({ ok: true, value: [true, "b"] })
  })
})
