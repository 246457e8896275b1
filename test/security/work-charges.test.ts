/**
 * In-process limits inside single native operations (SECURITY.md "In-process limits"): the clock is read in
 * proportion to the work a step does, and allocations are charged before they exist. Both are asserted without wall
 * times: clock reads are counted (`Date.now`, which the run's deadline check reads) against the same program at a
 * size that does no bulk work, and the budget by what it stops.
 */
import { Effect } from "effect"
import { afterEach, describe, expect, it, vi } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"

const tools = {
  shop: {
    getOrder: Tool.make({ description: "An order", input: { type: "object" }, run: () => Effect.succeed(1) }),
  },
}
const runtime = CodeMode.make({ tools, limits: { timeoutMs: 60_000 } })

/** How many times the run read the clock while running `code`. */
const clockReads = async (code: string): Promise<number> => {
  const spy = vi.spyOn(Date, "now")
  const r = await Effect.runPromise(runtime.execute(code))
  const n = spy.mock.calls.length
  spy.mockRestore()
  expect(r.ok, JSON.stringify(r).slice(0, 300)).toBe(true)
  return n
}

afterEach(() => vi.restoreAllMocks())

/**
 * [name, program with the size as `N`, big size, small size, clock reads the big size must add at least]: 16 bulk
 * operations of 2^16 elements each (2^20 elements of work: 16 check intervals of 2^12 steps × 16 elements per step),
 * where the interpreter itself takes a few steps per operation.
 */
const CASES: ReadonlyArray<readonly [string, string, number, number, number]> = [
  [
    "spread into a call",
    `const a = Array(N).fill(0); for (let i = 0; i < 16; i++) Math.max(...a); return 1`,
    1 << 16,
    1,
    8,
  ],
  [
    "spread into a guest function",
    `const a = Array(N).fill(0); const f = (...xs) => xs.length; let n = 0; for (let i = 0; i < 16; i++) n += f(...a); return n`,
    1 << 16,
    1,
    8,
  ],
  // Element-by-element reads are a step each: 16 × 2^12 elements.
  ["Array.from of an array-like", `for (let i = 0; i < 16; i++) Array.from({ length: N }); return 1`, 1 << 12, 1, 8],
  [
    "an array method on a string receiver",
    `const s = "x".repeat(N); for (let i = 0; i < 16; i++) Array.prototype.indexOf.call(s, "y"); return 1`,
    1 << 12,
    1,
    8,
  ],
  [
    "an array method on an array-like receiver",
    `const o = { length: N }; for (let i = 0; i < 16; i++) Array.prototype.includes.call(o, 1); return 1`,
    1 << 12,
    1,
    8,
  ],
  // Unknown tools: 32 elements of work per character of the path (the host joins, hashes and quotes it).
  [
    "unknown tools with long computed names",
    `const name = "q".repeat(N); for (let i = 0; i < 16; i++) { try { await tools.shop[name + i]({}) } catch {} } return 1`,
    1 << 11,
    1,
    8,
  ],
]

describe("bulk work reads the clock in proportion to its size", () => {
  it.each(CASES)("%s", async (_name, code, big, small, atLeast) => {
    const few = await clockReads(code.replaceAll("N", String(small)))
    const many = await clockReads(code.replaceAll("N", String(big)))
    expect(many - few).toBeGreaterThanOrEqual(atLeast)
  })
})

/**
 * Every bulk built-in SECURITY.md "In-process limits" names, each as a loop of 16 calls on `a` or `s`: on 2^15
 * elements or characters (2^19 of work in all, 8 check intervals) the run must read the clock at least 4 more times
 * than the same loop on one. Both runs build the same data first (so the setup's own charges cancel out) and differ
 * only in which one the loop works on: a built-in that forgets its work charge reads the clock as often in both.
 */
const BULK_SETUP =
  `const big = Array(32768).fill(3), text = "ab".repeat(16384)\n` +
  `const numbers = Array(2048); for (let i = 0; i < 2048; i++) numbers[i] = (i * 7919) % 2053\n` +
  `const a = BIG ? big : [3], s = BIG ? text : "a", b = BIG ? numbers : [1]\n`
const BULK: ReadonlyArray<readonly [string, string]> = [
  ...[
    "a.indexOf(9)",
    "a.lastIndexOf(9)",
    "a.includes(9)",
    "a.copyWithin(0, 1)",
    "a.reverse()",
    "a.slice()",
    "a.splice(0, 0)",
    "a.toSpliced(0, 0)",
    "a.flat()",
    "a.with(0, 1)",
    "a.toReversed()",
    "a.toSorted((x, y) => 0)",
    "a.keys()",
    "a.values()",
    "a.entries()",
    "a.unshift()",
    "a.concat([])",
    "a.fill(1)",
    "a.join()",
    "String(a)",
    's.indexOf("c")',
    's.lastIndexOf("c")',
    's.includes("c")',
    's.startsWith("c")',
    's.endsWith("c")',
    's.split("c")',
    "s.toUpperCase()",
    "s.toLowerCase()",
    "s.toLocaleUpperCase()",
    "s.toLocaleLowerCase()",
    "s.normalize()",
    "s.trim()",
    "s.trimStart()",
    "s.trimEnd()",
    's.localeCompare("c")',
    "s.isWellFormed()",
    "s.toWellFormed()",
    's.replace("c", "d")',
    's.replaceAll("c", "d")',
    's.concat("c")',
    '"x".repeat(s.length)',
    '"x".padStart(s.length)',
    '"x".padEnd(s.length)',
    // The default comparator is a step per comparison: 2^11 numbers make about 2^15 comparisons per sort.
    "b.slice().sort()",
  ].map((op) => [op, `${BULK_SETUP}for (let i = 0; i < 16; i++) ${op}\nreturn 1`] as const),
]

describe("every bulk built-in SECURITY.md names reads the clock in proportion to its size", () => {
  it.each(BULK)("%s", async (_name, code) => {
    const few = await clockReads(code.replaceAll("BIG", "false"))
    const many = await clockReads(code.replaceAll("BIG", "true"))
    expect(many - few).toBeGreaterThanOrEqual(4)
  })
})

const MB = 1024 * 1024
const run = (code: string, maxMemoryBytes: number) =>
  Effect.runPromise(CodeMode.make({ tools, limits: { timeoutMs: 60_000, maxMemoryBytes } }).execute(code))

const outcome = (r: Awaited<ReturnType<typeof run>>) =>
  r.ok ? "ok" : /memory budget/.test(r.error.message) ? "over budget" : `${r.error.kind}: ${r.error.message}`

describe("allocations are charged before they are made", () => {
  it("an argument list built by spread", async () => {
    // 2^17 elements: about 1 MB per call; the same calls without spread stay far under the budget.
    const f = `const a = Array(131072).fill(0); const f = (...xs) => xs.length; let n = 0`
    const spread = `${f}; for (let i = 0; i < 16; i++) n += f(...a); return n`
    const plain = `${f}; for (let i = 0; i < 16; i++) n += f(a[0], a[1]); return n`
    expect(outcome(await run(spread, 4 * MB))).toBe("over budget")
    expect(outcome(await run(plain, 4 * MB))).toBe("ok")
  })

  it("Array.from of an array-like, with and without a mapper", async () => {
    expect(outcome(await run(`return Array.from({ length: 600000 }).length`, 4 * MB))).toBe("over budget")
    expect(outcome(await run(`return Array.from({ length: 300000 }, (_, i) => i).length`, 4 * MB))).toBe("over budget")
    expect(outcome(await run(`return Array.from({ length: 100000 }, (_, i) => i).length`, 4 * MB))).toBe("ok")
  })

  it("repeat and padding: one byte per character when every part is Latin-1, two otherwise", async () => {
    // 3 × 10^6 characters: 3 MB one-byte, 6 MB two-byte, against a 4 MB budget.
    expect(outcome(await run(`return "é".repeat(3e6).length`, 4 * MB))).toBe("ok")
    expect(outcome(await run(`return "ā".repeat(3e6).length`, 4 * MB))).toBe("over budget")
    expect(outcome(await run(`return "x".padEnd(3e6, "ab").length`, 4 * MB))).toBe("ok")
    expect(outcome(await run(`return "x".padEnd(3e6, "ā").length`, 4 * MB))).toBe("over budget")
    expect(outcome(await run(`return "ā".padStart(3e6).length`, 4 * MB))).toBe("over budget")
  })
})

describe("match results are charged as they are found", () => {
  // 2^16 one-character matches: a budget of 512 KB holds about a fifth of them. Charged as they are found, the run
  // stops there, having read the clock far less often than the whole match does; charged once the array is
  // complete, it would make every match first (as many clock reads) and stop only then.
  const budgeted = async (code: string) => {
    const spy = vi.spyOn(Date, "now")
    const r = await run(code, MB / 2)
    const n = spy.mock.calls.length
    spy.mockRestore()
    return { outcome: outcome(r), reads: n }
  }
  it.each([
    ["a global match", `return s.match(/a/g).length`],
    ["matchAll", `return [...s.matchAll(/a/g)].length`],
    [
      "a global match through the exec protocol",
      `const r = /a/g; r.exec = function (t) { return RegExp.prototype.exec.call(this, t) }; return s.match(r).length`,
    ],
  ])("%s", async (_name, body) => {
    const code = `const s = "a".repeat(65536); ${body}`
    const whole = await clockReads(code)
    const stopped = await budgeted(code)
    expect(stopped.outcome).toBe("over budget")
    expect(stopped.reads).toBeLessThan(whole / 2)
  })
})

describe("conversions a default sort makes", () => {
  it("charge the strings each comparison makes from non-strings, not the strings it compares as they are", async () => {
    // 10^5 numbers: about 1.7 × 10^6 comparisons, two fresh strings each (tens of MB of allocation in all), against
    // a 4 MB budget that holds the arrays themselves many times over; the same sort of strings makes none.
    const numbers = `const a = Array.from({ length: 100000 }, (_, i) => (i * 7919) % 100003)`
    expect(outcome(await run(`${numbers}; return a.sort()[0]`, 4 * MB))).toBe("over budget")
    expect(outcome(await run(`${numbers}.map(String); return a.sort()[0]`, 4 * MB))).toBe("ok")
    expect(outcome(await run(`${numbers}; return a.sort((x, y) => x - y)[0]`, 4 * MB))).toBe("ok")
  })
})
