/**
 * Memory bombs (issue item 3). Vitest runs each test file in its own forked child process, so a bomb that did
 * exhaust the heap would fail this file visibly without taking the rest of the run down. Every bomb must come back
 * as a failure diagnostic (a RangeError naming the cap, or the timeout) quickly, with the process alive.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import {
  MAX_ARRAY_LENGTH,
  MAX_COLLECTION_SIZE,
  MAX_JSON_DEPTH,
  MAX_STRING_LENGTH,
} from "../../src/interpreter/memory-caps.js"

const runtime = CodeMode.make({ limits: { timeoutMs: 1_000 } })
const run = (code: string) => Effect.runPromise(runtime.execute(code))

const BOMBS: ReadonlyArray<readonly [string, string]> = [
  ["repeat 2^28", `return "x".repeat(2 ** 28).length`],
  ["doubling strings", `let s = "x"; for (;;) s = s + s`],
  ["doubling with concat", `let s = "x"; for (;;) s = s.concat(s)`],
  ["padStart 2^30", `return "x".padStart(2 ** 30).length`],
  ["Array(1e9).fill(0)", `return Array(1e9).fill(0).length`],
  ["push loop to 3e8", `const a = []; for (let i = 0; i < 3e8; i++) a.push(i); return a.length`],
  ["JSON.parse 10^7 deep", `return JSON.parse("[".repeat(1e7) + "]".repeat(1e7))`],
  ["Map of 5e7 entries", `const m = new Map(); for (let i = 0; i < 5e7; i++) m.set(i, i); return m.size`],
  ["Set of 5e7 entries", `const s = new Set(); for (let i = 0; i < 5e7; i++) s.add(i); return s.size`],
  ["split of 2^27", `return "x".repeat(2 ** 27).split("").length`],
  ["split of the cap", `return "x".repeat(${MAX_STRING_LENGTH}).split("").length`],
  ["spread doubling", `let a = [1]; for (;;) a = [...a, ...a]`],
  ["concat doubling", `let a = [1]; for (;;) a = a.concat(a)`],
]

describe("memory bombs end with a diagnostic, the process alive", () => {
  it.each(BOMBS)("%s", async (_name, code) => {
    const t0 = performance.now()
    const r = await run(code)
    const ms = performance.now() - t0
    expect(r.ok, JSON.stringify(r)).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/limit|length|timed out|RangeError|deeper|Invalid/)
    // Generous bound (never a tight wall-time assertion): the run ends, it does not grind through swap.
    expect(ms).toBeLessThan(10_000)
    console.log(
      `bomb ${_name}: ${Math.round(ms)} ms, ${r.ok ? "ok" : r.error.kind}: ${r.ok ? "" : r.error.message.slice(0, 90)}`,
    )
  })
})

describe("with maxMemoryBytes the allocation loops end by the budget, not the timeout", () => {
  // The timeout is far away (10 s): only the 4 MB budget can end these runs within the generous bound.
  const budgeted = CodeMode.make({ limits: { timeoutMs: 10_000, maxMemoryBytes: 4 * 1024 * 1024 } })
  const LOOPS = BOMBS.filter(([name]) => /push loop|Map of|Set of|doubling/.test(name))
  it.each(LOOPS)("%s", async (name, code) => {
    const t0 = performance.now()
    const r = await Effect.runPromise(budgeted.execute(code))
    const ms = performance.now() - t0
    expect(r.ok, JSON.stringify(r)).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/memory budget of 4194304 bytes|over the limit of/)
    console.log(
      `bomb ${name} with maxMemoryBytes 4 MB: ${Math.round(ms)} ms, ${r.ok ? "ok" : r.error.message.slice(0, 70)}`,
    )
    expect(ms).toBeLessThan(5_000) // generous: ends well before the 10 s timeout
  })
})

describe("caps hold at cap and fail at cap + 1", () => {
  const cases: ReadonlyArray<readonly [string, (n: number) => string, number]> = [
    ["repeat", (n) => `return "x".repeat(${n}).length`, MAX_STRING_LENGTH],
    ["padEnd", (n) => `return "".padEnd(${n}, "y").length`, MAX_STRING_LENGTH],
    ["push", (n) => `const a = Array(${n - 1}); a.push(1); return a.length`, MAX_ARRAY_LENGTH],
    ["Array(n)", (n) => `return Array(${n}).length`, MAX_ARRAY_LENGTH],
    ["split", (n) => `return "x".repeat(${n - 1}).split("").length + 1`, MAX_ARRAY_LENGTH],
  ]
  it.each(cases)("%s", async (_name, make, cap) => {
    expect(await run(make(cap))).toMatchObject({ ok: true, value: cap })
    const r = await run(make(cap + 1))
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toMatch(/limit|Invalid array length/)
  })

  it("Map.set and Set.add at the entry cap", async () => {
    // Filling 10^7 entries is slow; check the rule on the boundary with the size the cap names.
    expect(MAX_COLLECTION_SIZE).toBe(10_000_000)
    expect(await run(`const m = new Map([[1, 1]]); m.set(1, 2); return m.size`)).toMatchObject({ ok: true, value: 1 })
  })

  it("JSON.parse at the nesting cap", async () => {
    const ok = await run(
      `try { JSON.parse("[".repeat(${MAX_JSON_DEPTH}) + "]".repeat(${MAX_JSON_DEPTH})); return "parsed" } catch (e) { return e.name + e.message }`,
    )
    expect(ok.ok ? String(ok.value) : "").not.toContain("nesting deeper")
    const over = await run(
      `try { JSON.parse("[".repeat(${MAX_JSON_DEPTH + 1}) + "]".repeat(${MAX_JSON_DEPTH + 1})) } catch (e) { return e.name + ": " + e.message }`,
    )
    expect(over).toMatchObject({ ok: true, value: expect.stringContaining("RangeError: JSON.parse: nesting deeper") })
  })
})
