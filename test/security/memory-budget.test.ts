/**
 * Behaviour of the whole-run memory budget (`limits.maxMemoryBytes`, SECURITY.md "Memory"): uncatchable like the
 * timeout, rope-aware for strings (charges what V8 allocates, not the full length at every `+=`), and charged for
 * data entering the guest (tool results, JSON.parse). The calibration against V8 is memory-calibration.test.ts.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import * as Tool from "../../src/Tool.js"

const MB = 1024 * 1024
const tools = {
  data: {
    rows: Tool.make({
      description: "n rows",
      input: { type: "object" },
      run: (input: unknown) =>
        Effect.succeed(
          Array.from({ length: (input as { n: number }).n }, (_, i) => ({ id: i, name: `row number ${i}` })),
        ),
    }),
  },
}
const run = (code: string, maxMemoryBytes?: number) =>
  Effect.runPromise(CodeMode.make({ tools, limits: { timeoutMs: 20_000, maxMemoryBytes } }).execute(code))

const overBudget = (r: Awaited<ReturnType<typeof run>>) => {
  expect(r.ok, JSON.stringify(r)).toBe(false)
  if (!r.ok) {
    expect(r.error.kind).toBe("ExecutionFailure")
    expect(r.error.message).toMatch(/^Execution exceeded its memory budget of \d+ bytes \(limits\.maxMemoryBytes\)/)
  }
}

describe("the budget ends the run uncatchably", () => {
  it("guest catch and finally never see it", async () => {
    overBudget(
      await run(
        `const keep = []
         try { for (;;) keep.push({ a: 1 }) } catch (e) { return "caught " + e.message } finally { return "finally" }`,
        1 * MB,
      ),
    )
  })

  it("a catch that swallows everything and loops again still ends", async () => {
    overBudget(await run(`const keep = []; for (;;) { try { for (;;) keep.push("s" + keep.length) } catch {} }`, MB))
  })

  it("inside async functions and callbacks", async () => {
    overBudget(
      await run(
        `const grow = async (k) => { const a = []; for (let i = 0; i < 1e7; i++) a.push([i, k]); return a }
         return (await Promise.all([grow(1), grow(2)])).length`,
        2 * MB,
      ),
    )
    overBudget(await run(`return Array(1000).fill(0).map((_, i) => "x".repeat(1000 + i)).length`, 512 * 1024))
  })

  it("the same programs run without a budget (the 1.18 default) and under a large one", async () => {
    const code = `const keep = []; for (let i = 0; i < 20000; i++) keep.push({ a: i }); return keep.length`
    expect(await run(code)).toMatchObject({ ok: true, value: 20000 })
    expect(await run(code, 64 * MB)).toMatchObject({ ok: true, value: 20000 })
    overBudget(await run(code, 256 * 1024))
  })
})

describe("strings are charged rope-aware", () => {
  it("appending 10^5 characters costs about 34 bytes each, not the full length each time", async () => {
    // Charging the full length at each step would be 5 × 10^9 bytes; V8 allocates one 32-byte cons cell per step.
    for (const code of [
      `let s = ""; for (let i = 0; i < 1e5; i++) s += "x"; return s.length`,
      `let s = ""; for (let i = 0; i < 1e5; i++) s = s + "x"; return s.length`,
      "let s = ''; for (let i = 0; i < 1e5; i++) s = `${s}x`; return s.length",
      `let s = ""; for (let i = 0; i < 1e5; i++) s = "x" + s; return s.length`,
    ])
      expect(await run(code, 8 * MB)).toMatchObject({ ok: true, value: 1e5 })
  })

  it("doubling pays for the flattened length", async () => {
    // 2^22 characters once flattened: 4 MB at least, so a 2 MB budget stops it before the last doubling.
    const code = `let s = "x"; for (let i = 0; i < 22; i++) s = s + s; return s.charCodeAt(s.length - 1)`
    overBudget(await run(code, 2 * MB))
    expect(await run(code, 32 * MB)).toMatchObject({ ok: true, value: 120 })
  })

  it("reading characters allocates nothing: V8 serves one-character strings from a table", async () => {
    const code = `const s = "ab".repeat(5e5); let n = 0
      for (let i = 0; i < s.length; i++) if (s.charAt(i) === "a" && s.at(i) === "a") n++
      return n`
    expect(await run(code, 2 * MB)).toMatchObject({ ok: true, value: 5e5 })
  })

  it("built-ins that make long strings are charged", async () => {
    overBudget(await run(`const k = []; for (;;) k.push("y".repeat(4096))`, MB))
    overBudget(await run(`const k = []; for (;;) k.push(["a", "b"].join("c".repeat(4096)))`, MB))
    overBudget(await run(`const k = []; for (;;) k.push(JSON.stringify({ v: "z".repeat(4096) }))`, MB))
  })
})

describe("data entering the guest is charged", () => {
  it("tool results", async () => {
    const code = `const all = []; for (let i = 0; i < 100; i++) all.push(await tools.data.rows({ n: 1000 })); return all.length`
    overBudget(await run(code, 2 * MB))
    expect(await run(code, 256 * MB)).toMatchObject({ ok: true, value: 100 })
  })

  it("JSON.parse output", async () => {
    const code = `const text = JSON.stringify(Array(10000).fill({ a: 1, b: "some text here" }))
      const all = []; for (let i = 0; i < 50; i++) all.push(JSON.parse(text)); return all.length`
    overBudget(await run(code, 4 * MB))
    expect(await run(code, 512 * MB)).toMatchObject({ ok: true, value: 50 })
  })
})

describe("collections and closures are charged", () => {
  it("Map, Set, closures, object keys", async () => {
    overBudget(await run(`const m = new Map(); for (let i = 0; ; i++) m.set(i, i)`, MB))
    overBudget(await run(`const s = new Set(); for (let i = 0; ; i++) s.add("k" + i)`, MB))
    overBudget(await run(`const fs = []; for (let i = 0; ; i++) fs.push(() => i)`, MB))
    overBudget(await run(`const o = {}; for (let i = 0; ; i++) o["k" + i] = i`, MB))
    overBudget(await run(`const a = []; for (let i = 0; ; i++) a[i] = i`, MB))
  })
})
