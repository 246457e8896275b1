/**
 * Hostile programs written against the guest realm's own features (issue 36): the stack limit used as a weapon,
 * prototype chains, array lengths, copies whose getters change what is copied, expansion and error values that
 * throw. Rows of the hostile table (`hostile.ts`), run per isolation mode by `hostile.test.ts`.
 */
import type { Hostile } from "./hostile.js"

const TIMEOUT = 300
const BUDGET = 32 * 1024 * 1024

const row = (name: string, cls: Hostile["class"], input: string, extra: Partial<Hostile> = {}): Hostile => ({
  name,
  class: cls,
  via: "execute",
  input,
  timeoutMs: TIMEOUT,
  maxMemoryBytes: BUDGET,
  ...extra,
})

/** A chain of `n` plain objects built by literal `__proto__` (the longest the realm allows is 1,000). */
const chain = (n: number) => `let o = {}\nfor (let i = 0; i < ${n}; i++) o = { __proto__: o }\n`

/** An array whose first element's getter makes it 10^7 long (a sparse write: no backing store to charge). */
const growing = `const a = [1, 2, 3]\nObject.defineProperty(a, 0, { get() { a[9_999_998] = 1; return 1 } })\n`

/** An error whose `message` getter throws the error itself. */
const selfThrowing = `const e = new Error("x")\nObject.defineProperty(e, "message", { get() { throw e } })\n`

export const REALM_ROWS: ReadonlyArray<Hostile> = [
  // Formatting the uncaught value runs the program's getter, which throws the value again.
  row("an uncaught error whose message getter throws it", "error-format", `${selfThrowing}throw e`),
  row("the same error as an unhandled rejection", "error-format", `${selfThrowing}Promise.reject(e)\nreturn 1`, {
    fullOnly: true,
  }),
  row("the same error thrown after an await", "error-format", `${selfThrowing}await null\nthrow e`, { fullOnly: true }),
  row("an uncaught object whose toString throws it", "error-format", `const e = { toString() { throw e } }\nthrow e`, {
    fullOnly: true,
  }),
  // Every frame catches the stack overflow and recurses again: 2^depth calls, each near the native stack's end.
  row(
    "stack overflow caught in every frame",
    "depth",
    `const g = () => { try { g() } catch {} try { g() } catch {} }\ng()`,
  ),
  row(
    "stack overflow caught in a toString hook",
    "depth",
    `const o = { toString() { try { return String(o) } catch { return String(o) } } }\nreturn String(o)`,
  ),
  row(
    "stack overflow caught in a sort comparator",
    "depth",
    `const f = () => { try { [2, 1].sort(f) } catch {} try { [2, 1].sort(f) } catch {} return 0 }\nf()`,
  ),
  row(
    "stack overflow in a getter, recursing again from finally",
    "depth",
    `const o = { get x() { try { return o.x } finally { o.x } } }\nreturn o.x`,
    { fullOnly: true },
  ),
  // Each operation walks the whole chain natively in one step of the program.
  row(
    "isPrototypeOf on a deep chain, in a loop",
    "prototype-walk",
    `${chain(12_000)}const p = {}\nfor (;;) p.isPrototypeOf(o)`,
  ),
  row(
    "reads, in and instanceof on a deep chain, in a loop",
    "prototype-walk",
    `${chain(100_000)}for (;;) { o.zz; "zz" in o; o instanceof Object; o.hasOwnProperty("zz") }`,
  ),
  // A length far past the array cap, then one native call over it.
  row(
    "Object.assign of length 2^32 - 1, then sort",
    "array-length",
    `const a = Object.assign([], { length: 2 ** 32 - 1 })\na.sort()`,
  ),
  row(
    "Object.defineProperty of length 2^32 - 1, then sort",
    "array-length",
    `const a = []\nObject.defineProperty(a, "length", { value: 2 ** 32 - 1 })\na.sort()`,
    { fullOnly: true },
  ),
  row(
    "a super write of length 2^32 - 1 with an array receiver, then sort",
    "array-length",
    `const o = { __proto__: {}, m() { super.length = 2 ** 32 - 1; return this } }\no.m.call([]).sort()`,
    { fullOnly: true },
  ),
  row(
    "new Set over an empty array of length 9,999,999, in a loop",
    "array-length",
    `const a = []\na.length = 9_999_999\nfor (;;) new Set(a)`,
  ),
  row(
    "structuredClone of a sparse array of length 10^7, in a loop",
    "array-length",
    `const a = []\na[9_999_999 - 1] = 1\nfor (;;) structuredClone(a)`,
  ),
  row(
    "unshift and shift on a sparse array of length 10^7, in a loop",
    "array-length",
    `const a = []\na[9_999_999 - 1] = 1\nfor (;;) { a.unshift(1); a.shift() }`,
    {
      fails: {
        none: "V8 walks a sparse array's length on its slow path (a lookup per index); the work is counted as a scan's",
      },
    },
  ),
  // An element's getter grows the array while the host copies it.
  row("a result whose element getter grows it to 10^7", "copy", `${growing}return a`),
  row("a tool input whose element getter grows it to 10^7", "copy", `${growing}return await tools.util.echo({ a })`),
  row("concat of an array whose element getter grows it", "copy", `${growing}return [].concat(a, a).length`, {
    fullOnly: true,
    fails: { none: "V8's concat reads the second part's length after the first part's getter grew it (spec order)" },
  }),
  row(
    "structuredClone of an array whose element getter grows it, in a loop",
    "copy",
    `${growing}for (;;) structuredClone(a)`,
    {
      fullOnly: true,
    },
  ),
  row(
    "encodeURIComponent of 2^24 three-byte characters, six kept",
    "copy",
    `const a = []\nfor (let i = 0; i < 6; i++) a.push(encodeURIComponent("\\u0800".repeat(2 ** 24)))\nreturn a.length`,
  ),
  row(
    "reads, in, instanceof and isPrototypeOf on the longest chain allowed, in a loop",
    "prototype-walk",
    `${chain(998)}const p = {}
for (;;) { o.zz; "zz" in o; o instanceof Object; p.isPrototypeOf(o) }`,
  ),
]
