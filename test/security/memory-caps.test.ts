/**
 * Per-operation caps of the audit in SECURITY.md "Memory" (issue "Security and reliability" item 3): every
 * built-in that grows a string or an array is checked at its cap (succeeds) and at cap + 1 (a RangeError naming
 * the operation). The caps of repeat, padEnd, push, Array(n) and split are in bombs.test.ts.
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { MAX_ARRAY_LENGTH, MAX_PROMISE_ELEMENTS, MAX_STRING_LENGTH } from "../../src/interpreter/memory-caps.js"

const runtime = CodeMode.make({ limits: { timeoutMs: 30_000 } })
const run = (code: string) => Effect.runPromise(runtime.execute(code))

/** A holey array of length n without n element writes (cheap; the caps read the length). */
const holey = (n: number) => `const a = []; a.length = ${n};`
/**
 * An array longer than the cap cannot be made at all (setting `length` or writing an index past it is refused), so
 * an operation whose input would be such an array is refused there; its own check stays as defence in depth.
 */
const INPUT_REFUSED = "setting length"

const STRING_CASES: ReadonlyArray<readonly [string, (n: number) => string]> = [
  ["+", (n) => `const a = "x".repeat(${n - 1}); return (a + "y").length`],
  ["+=", (n) => `let a = "x".repeat(${n - 1}); a += "y"; return a.length`],
  ["template literal", (n) => "const a = 'x'.repeat(" + (n - 1) + "); return `${a}y`.length"],
  ["String.raw", (n) => "const a = 'x'.repeat(" + (n - 1) + "); return String.raw`${a}y`.length"],
  ["join", (n) => `return ["x".repeat(${n - 1}), ""].join("y").length`],
  [
    "join",
    (n) =>
      `const a = Array(${2 ** 22}).fill("xxxxxxxx"); a[0] = "x".repeat(${n - 2 ** 25 + 8}); return a.join("").length`,
  ],
  ["JSON.stringify", (n) => `return JSON.stringify("x".repeat(${n - 2})).length`],
  ["toUpperCase", (n) => `return ("ß".repeat(${Math.floor(n / 2)}) + "a".repeat(${n % 2})).toUpperCase().length`],
  ["replace", (n) => `return "x".repeat(${n - 1}).replace("x", "yy").length`],
  ["replaceAll", (n) => `return ("a" + "x".repeat(${n - 2})).replaceAll("a", "bb").length`],
  ["concat", (n) => `return "x".repeat(${n - 1}).concat("y").length`],
]

const ARRAY_CASES: ReadonlyArray<readonly [string, (n: number) => string]> = [
  ["unshift", (n) => `${holey(n - 1)} a.unshift(1); return a.length`],
  ["splice", (n) => `${holey(n - 1)} a.splice(0, 0, 1); return a.length`],
  ["toSpliced", (n) => `${holey(n - 1)} return a.toSpliced(0, 0, 1).length`],
  ["flat", (n) => `return [Array(${n - 1}).fill(0), [1]].flat().length`],
  ["fill", (n) => `${holey(n)} return a.fill(0).length`],
  ["toReversed", (n) => `${holey(n)} return a.toReversed().length`],
  ["with", (n) => `${holey(n)} return a.with(0, 1).length`],
  ["keys", (n) => `${holey(n)} return a.keys().length`],
  ["values", (n) => `${holey(n)} return a.values().length`],
  ["iterating a", (n) => `${holey(n)} return [...a].length`],
  ["iterating Array.from argument", (n) => `return Array.from("x".repeat(${n})).length`],
]

/**
 * Cap + 1 only: at the cap these would run 10^7 guest callbacks, make 10^7 pairs or 10^7 index strings (~35 s), or
 * pass 10^7 arguments, which V8 itself refuses ("Maximum call stack size exceeded", a catchable RangeError).
 */
const OVER_ONLY: ReadonlyArray<readonly [string, string]> = [
  ["iterating a spread argument", `${holey(MAX_ARRAY_LENGTH + 1)} const f = (...xs) => xs.length; return f(...a)`],
  [
    "spread in call arguments",
    `${holey(MAX_ARRAY_LENGTH / 2)} const b = [...a, 1]; const f = (...xs) => xs.length; return f(...a, ...b)`,
  ],
  ["Object.keys", `return Object.keys("x".repeat(${MAX_ARRAY_LENGTH + 1})).length`],
  ["map", `${holey(MAX_ARRAY_LENGTH + 1)} return a.map((x) => x).length`],
  ["filter", `${holey(MAX_ARRAY_LENGTH + 1)} return a.filter((x) => true).length`],
  ["flatMap", `${holey(MAX_ARRAY_LENGTH + 1)} return a.flatMap((x) => x).length`],
  ["entries", `${holey(MAX_ARRAY_LENGTH + 1)} return a.entries().length`],
  ["toSorted", `${holey(MAX_ARRAY_LENGTH + 1)} return a.toSorted().length`],
  ["Object.entries", `return Object.entries("x".repeat(${MAX_ARRAY_LENGTH + 1})).length`],
]

const refused = (r: Awaited<ReturnType<typeof run>>, op: string, n: number, cap: number) => {
  expect(r.ok, JSON.stringify(r)).toBe(false)
  if (!r.ok) expect(r.error.message).toContain(`: ${op} would create ${n} `)
  if (!r.ok) expect(r.error.message).toContain(`over the limit of ${cap}`)
}

describe("string caps: at the cap, and cap + 1", () => {
  it.each(STRING_CASES)(
    "%s",
    async (op, make) => {
      expect(await run(make(MAX_STRING_LENGTH))).toMatchObject({ ok: true, value: MAX_STRING_LENGTH })
      const over = make(MAX_STRING_LENGTH + 1)
      refused(await run(over), op === "+=" ? "+" : op, MAX_STRING_LENGTH + 1, MAX_STRING_LENGTH)
      // The refusal is a guest RangeError: a program can catch it.
      const caught = await run(
        `try { ${over.replace(/^const|return/g, (w) => (w === "return" ? "const r =" : w))} } catch (e) { return e.name }`,
      )
      expect(caught).toMatchObject({ ok: true, value: "RangeError" })
    },
    60_000,
  )
})

describe("array caps: at the cap, and cap + 1", () => {
  it.each(ARRAY_CASES)(
    "%s",
    async (op, make) => {
      expect(await run(make(MAX_ARRAY_LENGTH))).toMatchObject({ ok: true, value: MAX_ARRAY_LENGTH })
      const over = make(MAX_ARRAY_LENGTH + 1)
      const at = over.startsWith(holey(MAX_ARRAY_LENGTH + 1)) ? INPUT_REFUSED : op
      refused(await run(over), at, MAX_ARRAY_LENGTH + 1, MAX_ARRAY_LENGTH)
    },
    60_000,
  )

  it.each(OVER_ONLY)("%s refuses cap + 1 before copying", async (op, code) => {
    const at = code.startsWith(holey(MAX_ARRAY_LENGTH + 1)) ? INPUT_REFUSED : op
    refused(await run(code), at, MAX_ARRAY_LENGTH + 1, MAX_ARRAY_LENGTH)
  })

  it.each([
    ["setting length", `const a = [1]; a.length = 4e9; let n = 0; a.forEach(() => n++); return n`, 4e9],
    ["an index assignment", `const a = []; a[4e9] = 1; return a.indexOf(1)`, 4e9 + 1],
    ["an index assignment", `const a = []; a[${MAX_ARRAY_LENGTH}] = 1; return a.length`, MAX_ARRAY_LENGTH + 1],
  ] as const)("no array longer than the cap can be made: %s", async (op, code, n) => {
    // Without this, a sparse array of length 4e9 made built-ins loop natively, outside the step counter and the
    // deadline (found in review: the forEach above never returned).
    refused(await run(code), op, n, MAX_ARRAY_LENGTH)
  })

  it("an index at the cap - 1, a shrinking length and a non-index key above 2^32 - 2 still work as in V8", async () => {
    const code = `const a = []; a[${MAX_ARRAY_LENGTH - 1}] = 1; const n = a.length; a.length = 2; const b = []; b[4294967295] = 1; return [n, a.length, b.length, b[4294967295]]`
    expect(await run(code)).toMatchObject({ ok: true, value: [MAX_ARRAY_LENGTH, 2, 0, 1] })
  })
})

describe("Promise combinators: cap + 1 elements", () => {
  // Each element is subscribed to as it is taken (a pending reaction holds host heap), so the cap is below the
  // array cap; an array longer than it is refused before the first element, an iterable at its cap + 1st element
  // (test/interpreter/promise-combinators.test.ts ends an endless one at the memory budget and the deadline).
  it.each(["all", "allSettled", "any", "race"])("Promise.%s", async (c) => {
    const code = `${holey(MAX_PROMISE_ELEMENTS + 1)} try { await Promise.${c}(a) } catch (e) { return e.name + ": " + e.message }`
    const r = await run(code)
    expect(r).toMatchObject({ ok: true })
    if (r.ok)
      expect(r.value).toMatch(
        new RegExp(
          `^RangeError: Promise\\.${c} would create ${MAX_PROMISE_ELEMENTS + 1} elements, over the limit of ${MAX_PROMISE_ELEMENTS}`,
        ),
      )
  })
})
