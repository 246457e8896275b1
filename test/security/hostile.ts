/**
 * The hostile-program table (issue 14, "A hostile-program suite"): one row per attack, grouped by class, each with
 * the limits it runs under. `scripts/hostile.ts` runs the rows in a child process for one isolation mode and reports
 * each as a line of JSON; `hostile.test.ts` judges those lines. Default sizes prove the point on a busy machine;
 * `SECURITY_FULL=1` (what `npm run fuzz` sets) uses the sizes the issue reported.
 */
import { Effect } from "effect"
import { Tool } from "../../src/index.js"
import { REALM_ROWS } from "./hostile-realm.js"

export const FULL = process.env.SECURITY_FULL === "1"
const size = (normal: number, full: number) => (FULL ? full : normal)

export type HostileClass =
  | "shared-reference"
  | "huge-native-allocation"
  | "bulk-native-work"
  | "host-helper"
  | "frontend"
  | "diagnostics"
  | "envelope"
  | "depth"
  | "prototype-walk"
  | "array-length"
  | "copy"
  | "error-format"
  | "python"

export type Mode = "none" | "worker" | "process"

export interface Hostile {
  readonly name: string
  readonly class: HostileClass
  /** `execute` runs `input` as strict JavaScript; `run` sends it through the frontend (`runtime.run`). */
  readonly via: "execute" | "run"
  readonly input: unknown
  readonly timeoutMs: number
  /** Every row has the same budget, so each mode needs one pool of sandboxes (a pool is per heap cap). */
  readonly maxMemoryBytes: number
  readonly maxOutputBytes?: number
  /**
   * Modes in which the row is known to fail today, with the reason: the suite expects it to fail there (and fails
   * when it starts passing, so the entry is removed with the fix).
   */
  readonly fails?: Partial<Record<Mode, string>>
  /** Runs only with `SECURITY_FULL=1`: another row of its class makes the same point (each row costs a sandbox). */
  readonly fullOnly?: true
}

const TIMEOUT = 300
const BUDGET = 32 * 1024 * 1024

const doubling = `let x = 1\nfor (let i = 0; i < ${size(26, 30)}; i++) x = [x, x]\n`
const rows = size(3_000, 3_000)
const sharedRows = `const row = Array(${size(1_000, 10_000)}).fill("abcdefgh")\nconst rows = Array(${rows}).fill(row)\n`

export const HOSTILE: ReadonlyArray<Hostile> = [
  // Shared references expand when copied to data, through every boundary.
  {
    name: "shared references: returned value",
    class: "shared-reference",
    via: "execute",
    input: `${doubling}return x`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "shared references: tool input",
    class: "shared-reference",
    fullOnly: true,
    via: "execute",
    input: `${doubling}return await tools.util.echo({ x })`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "shared references: JSON.stringify",
    class: "shared-reference",
    fullOnly: true,
    via: "execute",
    input: `${doubling}return JSON.stringify(x).length`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "shared references: console.log of rows sharing one array",
    class: "shared-reference",
    via: "execute",
    input: `${sharedRows}console.log(rows)\nreturn rows.length`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  // One native call allocates far beyond the budget before anything can charge it.
  {
    name: "JSON.parse of a huge array of empty objects",
    class: "huge-native-allocation",
    fullOnly: true,
    via: "execute",
    input: `return JSON.parse("[" + "{},".repeat(${size(3e6, 7e6)}) + "{}]").length`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "Object.keys of a 10^7-character string",
    class: "huge-native-allocation",
    via: "execute",
    input: `return Object.keys("x".repeat(${size(5e6, 1e7)})).length`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  // Each step of the loop is one long native call: a clock read every N steps comes far too late.
  {
    name: "indexOf on a huge array in a loop",
    class: "bulk-native-work",
    via: "execute",
    input: `const a = Array(${size(2e6, 1e7)}).fill(1)\nfor (;;) a.indexOf(2)`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "default sort of millions of numbers",
    class: "bulk-native-work",
    fullOnly: true,
    via: "execute",
    input: `const a = Array.from({ length: ${size(1e6, 5e6)} }, (_, i) => (i * 7919) % 1000003)\na.sort()\nreturn a[0]`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  // Work the host does on the program's behalf (in every mode: tools and their helpers stay in the host).
  {
    name: "unknown tool with an 8 KB name, in a loop",
    class: "host-helper",
    via: "execute",
    input: `const name = "orderz".repeat(1366)\nfor (let i = 0; ; i++) { try { await tools.shop[name + i]({}) } catch {} }`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "unknown tool with a 100 KB name (its suggestions)",
    class: "host-helper",
    fullOnly: true,
    via: "execute",
    input: `return await tools.shop["q".repeat(${size(100_000, 1_000_000)})]({})`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "$codemode.search with a megabyte query, in a loop",
    class: "host-helper",
    via: "execute",
    input: `const query = "order invoice ".repeat(${size(80_000, 160_000)})\nfor (;;) await tools.$codemode.search({ query })`,
    // Long enough that the first search has surely been sent, even by a sandbox starved of CPU on a busy machine:
    // the deadline then falls inside a search.
    timeoutMs: 3_000,
    maxMemoryBytes: BUDGET,
  },
  // Model output the frontend's text stage must get through before any program runs.
  {
    name: "options pragma followed by thousands of spaces",
    class: "frontend",
    fullOnly: true,
    via: "run",
    input: `// options: {${" ".repeat(size(4_000, 16_000))}\nreturn 1`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "fence opener followed by 64 K spaces",
    class: "frontend",
    fullOnly: true,
    via: "run",
    input: "```" + " ".repeat(size(64_000, 256_000)) + "\nreturn 1\n",
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "pragma with a 64 K key",
    class: "frontend",
    via: "run",
    input: `// @options: {"${"k".repeat(size(64_000, 256_000))}\nreturn 1`,
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  // Everything the model sees is bounded by maxOutputBytes, diagnostics included.
  {
    name: "a 100 KB error message",
    class: "diagnostics",
    via: "execute",
    input: `throw new Error("e".repeat(100_000))`,
    timeoutMs: 3_000,
    maxMemoryBytes: BUDGET,
    maxOutputBytes: 1_000,
  },
  {
    name: "an unknown tool with a 10 KB name",
    class: "diagnostics",
    via: "execute",
    input: `return await tools.shop["q".repeat(10_000)]({})`,
    timeoutMs: 3_000,
    maxMemoryBytes: BUDGET,
    maxOutputBytes: 1_000,
  },
  // Envelope keys that name Object.prototype members carry no program and leak nothing internal.
  {
    name: "envelope key constructor",
    class: "envelope",
    via: "run",
    input: { constructor: "return 1" },
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "envelope keys __proto__ and hasOwnProperty",
    class: "envelope",
    via: "run",
    input: '{"__proto__": {"code": "return 2"}, "hasOwnProperty": "return 1", "toString": "x"}',
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  ...REALM_ROWS,
  // Python programs (docs/python.md) go through the same frontend, interpreter and limits.
  {
    name: "python: shared references printed",
    class: "python",
    via: "run",
    input: { code: `x = 1\nfor i in range(${size(26, 30)}):\n    x = [x, x]\nprint(x)` },
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "python: while True",
    class: "python",
    via: "run",
    input: { code: "n = 0\nwhile True:\n    n += 1" },
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "python: a string repeated past the budget",
    class: "python",
    via: "run",
    input: { code: "s = 'ab' * 10 ** 9\nprint(len(s))" },
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "python: unbounded recursion",
    class: "python",
    via: "run",
    input: { code: "def f(n):\n    return f(n + 1)\nf(0)" },
    timeoutMs: TIMEOUT,
    maxMemoryBytes: BUDGET,
  },
  {
    name: "python: reaching host objects through attributes",
    class: "python",
    via: "run",
    input: {
      code: "c = getattr(len, 'constructor')\nprint(c('return process')())\nprint(().__class__.__bases__)",
    },
    // Long enough for an isolated sandbox to load the Python frontend and reach the AttributeError (a worker
    // at load 25 needs more than 3 s).
    timeoutMs: 10_000,
    maxMemoryBytes: BUDGET,
  },
]

/** The rows this run uses: every row with `SECURITY_FULL=1`, else one or two per class. */
export const rowsToRun = (): Array<number> => [...HOSTILE.keys()].filter((i) => FULL || HOSTILE[i]!.fullOnly !== true)

/** Text in a Result that means host internals leaked (an exception's own text, a stack, a host path). */
export const INTERNAL_TEXT = /is not a function|Cannot read propert|Internal error|    at |node:internal|\/work\//

/** The tool tree the rows run against: enough names for suggestions and search to have work to do. */
export const hostileTools = () => {
  const echo = Tool.make({
    description: "Echo the input back",
    input: { type: "object" },
    run: (input: unknown) => Effect.succeed(input),
  })
  const shop: Record<string, unknown> = {}
  for (const noun of ["order", "invoice", "customer", "product", "refund", "shipment", "coupon", "review"])
    for (const verb of ["get", "list", "create", "update", "delete"])
      shop[`${verb}${noun[0]!.toUpperCase()}${noun.slice(1)}`] = Tool.make({
        description: `${verb} a ${noun} of the shop by its id, with its lines and status`,
        input: { type: "object", properties: { id: { type: "string" } } },
        run: (input: unknown) => Effect.succeed({ verb, noun, input }),
      })
  return { util: { echo }, shop }
}
