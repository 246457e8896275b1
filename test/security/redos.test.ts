/**
 * Time bounds on regular expressions (issue "Security and reliability" item 2): guest patterns run on re2js, a
 * linear-time engine that reads its subject through a timed input (src/interpreter/builtins/regexp-input.ts), and
 * every String method iterates matches itself with the clock between matches (regexp-ops.ts). So a catastrophic
 * pattern on a 1 MB subject either finishes or is interrupted by `timeoutMs`; nothing is refused up front.
 *
 * The corpus: classic and real-world ReDoS patterns, each with its attack subject pumped to 10^3, 10^5 and 10^6
 * characters, through every regex-consuming operation, with `timeoutMs: 100`. The figures are printed, never
 * asserted (docs/style.md; the box is shared): termination is asserted with a generous bound, and every outcome must be
 * a value, the uncatchable timeout or a documented refusal (a memory cap).
 *
 * `npm test` runs every pattern through every operation, each pair at one of the three sizes (rotating, so every
 * pattern meets every size and every operation every size, with ten patterns each): 210 runs, a third of the full
 * product, whose timeouts (100 ms each) were most of the suite's single slowest test. `SECURITY_FULL=1` (or
 * `npm run test:security:full`) runs all 630.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { RE2JS } from "re2js"
import { CodeMode } from "../../src/index.js"
import { estimateProgramSize, MAX_PROGRAM_SIZE } from "../../src/interpreter/builtins/regexp-size.js"

/** [pattern, flags, prefix, pump, suffix]: the subject is prefix + pump repeated to the size + suffix. */
type Attack = readonly [string, string, string, string, string]

const CORPUS: ReadonlyArray<Attack> = [
  // Nested quantifiers.
  ["(a+)+$", "", "", "a", "!"],
  ["(a*)*$", "", "", "a", "!"],
  ["(a+)+b", "", "", "a", "!"],
  ["(x+x+)+y", "", "", "x", "!"],
  ["(.*)*b", "", "", "a", "!"],
  ["(\\d+)*\\.", "", "", "1", "!"],
  ["([^@]+)+@", "", "", "x", "!"],
  ["(a{1,10}){1,10}$", "", "", "a", "!"],
  // Overlapping alternation.
  ["(a|a)*$", "", "", "a", "!"],
  ["(a|aa)+$", "", "", "a", "!"],
  ["(a|b|ab)*c", "", "", "ab", "!"],
  ["((ab)*)*c", "", "", "ab", "!"],
  ["(\\w|\\d)+$", "", "", "1", "!"],
  // (.*a){n} and counted repetition (program size in the thousands: the DFA cache thrashes, the NFA runs).
  ["(.*a){12}$", "", "", "a", "!"],
  ["(.*,)*x", "", "", ",", "!"],
  ["(.*a){1000}", "", "", "a", "!"],
  ["[\\s\\S]{1000}x", "", "", "y", ""],
  ["^(a?){25}a{25}$", "", "", "a", "!"],
  // Trims and separators.
  ["\\s+$", "", "x", " ", "x"],
  ["^(\\s*,)*$", "", "", " ,", "x"],
  ["(\\S+\\s*)+!", "", "", "a ", "?"],
  ["^([0-9]+-?)+$", "", "", "1-", "!"],
  ["^(\\w+)*=", "", "", "w", "!"],
  ["(\\w+\\s?)*$", "", "", "a ", "!"],
  // Real-world: an email validator, a URL validator, a quoted-string lexer.
  ["^([a-zA-Z0-9_.+-])+@(([a-zA-Z0-9-])+\\.)+([a-zA-Z0-9]{2,4})+$", "", "a@", "a.", "!"],
  ["^(https?:\\/\\/)?([\\da-z.-]+)\\.([a-z.]{2,6})([\\/\\w .-]*)*\\/?$", "", "http://a.com", "/a", "!"],
  ['"(\\\\.|[^"\\\\])*"', "", '"', "\\\\a", ""],
  // Case-insensitive and Unicode classes.
  ["^(([a-z])+.)+[A-Z]([a-z])+$", "i", "", "ab", "!"],
  ["^([\\p{L}\\p{N}]+\\s?)*$", "iu", "", "é1 ", "!"],
  ["(?:[a-zà-ÿ]+)+ß$", "i", "", "Àé", "!"],
]

const SIZES = [1_000, 100_000, 1_000_000]
const FULL = process.env.SECURITY_FULL === "1"

/** The operations: each program builds the subject `s` and the regexp from `P`/`F` (global added where needed). */
const OPERATIONS: ReadonlyArray<readonly [string, string]> = [
  ["test", "return new RegExp(P, F).test(s)"],
  ["exec", "const m = new RegExp(P, F).exec(s); return m && [m.index, m[0].length]"],
  ["match g", "const m = s.match(new RegExp(P, F + 'g')); return m && m.length"],
  ["replace g str", "return s.replace(new RegExp(P, F + 'g'), '<$&>').length"],
  ["replace g fn", "return s.replace(new RegExp(P, F + 'g'), (m) => m.length).length"],
  ["split", "return s.split(new RegExp(P, F)).length"],
  ["matchAll", "return [...s.matchAll(new RegExp(P, F + 'g'))].length"],
]

const subjectCode = ([, , prefix, pump, suffix]: Attack, size: number) =>
  `const s = ${JSON.stringify(prefix)} + ${JSON.stringify(pump)}.repeat(${Math.ceil(size / pump.length)}) + ${JSON.stringify(suffix)}`

const runtime = CodeMode.make({ limits: { timeoutMs: 100 } })

const quantile = (xs: ReadonlyArray<number>, q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!

/** A refusal is a documented cap (a catchable RangeError naming SECURITY.md); anything else is a finding. */
const isRefusal = (message: string) => /over the limit of .*SECURITY\.md/.test(message)

/** Every (pattern, size, operation) with `SECURITY_FULL=1`; else every (pattern, operation) pair at one size, rotating. */
const CASES = CORPUS.flatMap((attack, p) =>
  SIZES.flatMap((size, s) =>
    OPERATIONS.filter((_, o) => FULL || (p + o) % SIZES.length === s).map(
      (operation) => [attack, size, operation] as const,
    ),
  ),
)

describe("ReDoS corpus on the linear-time engine and the backtracking matcher", () => {
  it("the default run still covers every pattern, operation and size, and every pattern × operation pair", () => {
    const seen = (key: (c: (typeof CASES)[number]) => string) => new Set(CASES.map(key)).size
    expect(seen(([a, , [op]]) => `${a[0]}/${a[1]} ${op}`)).toBe(CORPUS.length * OPERATIONS.length)
    expect(seen(([a, size]) => `${a[0]}/${a[1]} ${size}`)).toBe(CORPUS.length * SIZES.length)
    expect(seen(([, size, [op]]) => `${size} ${op}`)).toBe(SIZES.length * OPERATIONS.length)
    expect(CASES.length).toBe(CORPUS.length * OPERATIONS.length * (FULL ? SIZES.length : 1))
  })

  it(`${CORPUS.length} patterns × ${SIZES.length} subject sizes × ${OPERATIONS.length} operations (${FULL ? "all" : "each pattern × operation at one size"}) end by the timeout`, async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(20)
    const runs: Array<{ name: string; ms: number }> = []
    const outcomes = { value: 0, timeout: 0, refused: 0 }
    for (const [attack, size, [op, body]] of CASES) {
      const name = `/${attack[0]}/${attack[1]} @ ${size} ${op}`
      const code = `${subjectCode(attack, size)}\nconst P = ${JSON.stringify(attack[0])}, F = ${JSON.stringify(attack[1])}\n${body}`
      const t0 = performance.now()
      const r = await Effect.runPromise(runtime.execute(code))
      const ms = performance.now() - t0
      runs.push({ name, ms })
      if (r.ok) outcomes.value++
      else if (r.error.kind === "TimeoutExceeded") outcomes.timeout++
      else {
        expect(isRefusal(r.error.message), `${name}: ${r.error.kind} ${r.error.message}`).toBe(true)
        outcomes.refused++
      }
      // Termination, with a bound far above the target (150 ms at p99) so a loaded machine cannot fail it.
      expect(ms, name).toBeLessThan(2_000)
    }
    const ms = runs.map((r) => r.ms)
    const slowest = [...runs].sort((a, b) => b.ms - a.ms).slice(0, 3)
    console.log(
      `redos: ${runs.length} runs, timeoutMs 100: p50 ${quantile(ms, 0.5).toFixed(0)} ms, p99 ${quantile(ms, 0.99).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms; ` +
        `${outcomes.value} values, ${outcomes.timeout} timeouts, ${outcomes.refused} refused; slowest: ` +
        slowest.map((r) => `${r.name} ${r.ms.toFixed(0)} ms`).join(", "),
    )
  }, 600_000)

  it.each([
    ["test in a loop", `for (;;) { try { /(a+)+$/.test(s) } catch (e) {} finally { continue } }`],
    [
      "one replace with a callback",
      `try { s.replace(/a/g, () => { try { return "b" } catch { return "c" } }) } catch (e) { return "caught" }`,
    ],
    ["one split", `for (;;) { try { s.split(/(?:)/) } catch (e) {} }`],
    [
      "one matchAll",
      `try { return s.matchAll(/(a)/g).length } catch (e) { return "caught" } finally { return "finally" }`,
    ],
  ])("the timeout cannot be caught by the program: %s", async (_name, body) => {
    const r = await Effect.runPromise(runtime.execute(`const s = "a".repeat(1000000) + "!"\n${body}`))
    expect(r.ok ? `value ${JSON.stringify(r.value)}` : r.error.kind).toBe("TimeoutExceeded")
  })

  it("refuses a pattern whose compiled program would exceed the size cap, catchably, before compiling it", async () => {
    // Compiling cannot read the clock, so its size is bounded instead (regexp-size.ts): 5,000 instructions compile,
    // 15,000 are refused with a RangeError naming the limit.
    const code = (p: string) =>
      `try { return new RegExp(${JSON.stringify(p)}).test("a".repeat(50)) } catch (e) { return [e.name, e.message] }`
    // A generous timeout: what is tested is the refusal, not how fast a 5,000-instruction program compiles.
    const patient = CodeMode.make({ limits: { timeoutMs: 10_000 } })
    const fits = await Effect.runPromise(patient.execute(code("(.*a){1000}")))
    expect(fits).toMatchObject({ ok: true, value: false })
    const over = await Effect.runPromise(patient.execute(code("(.*a){1000}".repeat(3))))
    expect(over).toMatchObject({
      ok: true,
      value: ["RangeError", expect.stringContaining(`over the limit of ${MAX_PROGRAM_SIZE}`)],
    })
  })

  it("the size estimate stays within a small factor of re2js's compiled program size", () => {
    for (const [pattern] of CORPUS) {
      const actual = RE2JS.compile(RE2JS.translateRegExp(pattern)).programSize()
      const estimate = estimateProgramSize(pattern)
      expect(actual, pattern).toBeLessThanOrEqual(2 * estimate + 4)
      expect(estimate, pattern).toBeLessThanOrEqual(2 * actual + 4)
    }
  })

  it("runs what the linear engine cannot on the backtracking matcher, with V8's answers; refuses only the d flag", async () => {
    for (const [pattern, subject] of [
      ["(a)\\1", "xaa"],
      ["(?<x>a)\\k<x>", "aa"],
      ["a(?=b)", "ab"],
      ["a(?!b)", "ac"],
      ["(?<=a)b", "ab"],
      ["(?<!a)b", "cb"],
      ["\\p{Lu}+", "abCDe"],
    ] as const) {
      const code = `const m = new RegExp(${JSON.stringify(pattern)}, "u").exec(${JSON.stringify(subject)}); return m && [m.index, ...m]`
      const expected = new RegExp(pattern, "u").exec(subject)
      const r = await Effect.runPromise(runtime.execute(code))
      expect(r, pattern).toMatchObject({ ok: true, value: expected && [expected.index, ...expected] })
    }
    const v = await Effect.runPromise(runtime.execute(`return /[\\p{L}--[a-z]]+/v.exec("abCDé")[0]`))
    expect(v).toMatchObject({ ok: true, value: "CDé" })
    const r = await Effect.runPromise(
      runtime.execute(`try { new RegExp("a", "d") } catch (e) { return [e.name, e.message] }`),
    )
    expect(r).toMatchObject({ ok: true, value: ["SyntaxError", expect.stringContaining("the d (")] })
    // Escaped brackets inside classes and non-capturing or named groups are ordinary and keep working.
    const ok = await Effect.runPromise(
      runtime.execute(`return [/[a\\]]/.test("]"), /(?:a)(?<n>b)/.exec("ab").groups.n]`),
    )
    expect(ok, JSON.stringify(ok)).toMatchObject({ ok: true, value: [true, "b"] })
  })
})
