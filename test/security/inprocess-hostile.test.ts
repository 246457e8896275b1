/**
 * Hostile programs against the in-process mode (`isolation: "none"`, SECURITY.md "In-process limits"): each runs in
 * a child process of its own (the built package under `dist/`), so a V8 abort is a visible failure and the peak
 * resident size is the program's own. Each must end with a Result (never a thrown host error or a dead process),
 * within twice `timeoutMs`, and grow the resident size by at most twice `maxMemoryBytes`.
 */
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("../../", import.meta.url))
const DIST = new URL("../../dist/src/index.js", import.meta.url).href

const TIMEOUT_MS = 1000
const BUDGET = 48 * 1024 * 1024

/** The child: a runtime with an echo tool and a namespace of 50 tools, a warm-up run, then the hostile one. */
const CHILD = `
import { Effect } from "effect"
const { CodeMode, Tool } = await import(${JSON.stringify(DIST)})
const spec = JSON.parse(process.env.HOSTILE)
const echo = Tool.make({ description: "Echo", input: { type: "object" }, run: () => Effect.succeed({ ok: true }) })
const ns = {}
for (let i = 0; i < 50; i++)
  ns["tool" + i] = Tool.make({ description: "Tool number " + i, input: { type: "object" }, run: () => Effect.succeed(i) })
const rt = CodeMode.make({ tools: { echo, ns }, limits: spec.limits })
await Effect.runPromise(rt.execute("return [1, 2, 3].map((x) => x * 2).join()"))
const base = process.resourceUsage().maxRSS
const t0 = performance.now()
let result
try {
  result = await Effect.runPromise(spec.raw ? rt.run(spec.code) : rt.execute(spec.code))
} catch (e) {
  result = { thrown: String(e) }
}
const ms = performance.now() - t0
const grownBytes = (process.resourceUsage().maxRSS - base) * 1024
process.stdout.write(JSON.stringify({ ms, grownBytes, result }))
`

interface Outcome {
  readonly ms: number
  readonly grownBytes: number
  readonly result: { ok: boolean; error?: { kind: string; message: string; suggestions?: Array<string> } } & Record<
    string,
    unknown
  >
}

/** Runs one program in a fresh child; fails the test (not the runner) if the child dies. */
const runChild = (code: string, limits: Record<string, number>, raw = false): Outcome => {
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", CHILD], {
    cwd: ROOT,
    env: { ...process.env, HOSTILE: JSON.stringify({ code, limits, raw }) },
    encoding: "utf8",
    timeout: 60_000,
    maxBuffer: 64 * 1024 * 1024,
  })
  expect({ status: child.status, signal: child.signal }, `the child died: ${child.stderr.slice(-400)}`).toEqual({
    status: 0,
    signal: null,
  })
  return JSON.parse(child.stdout) as Outcome
}

const SHARED = `let x = [1]; for (let i = 0; i < 30; i++) x = [x, x];`

/** [class, program]: every one of them would run for seconds or allocate gigabytes without the in-process limits. */
const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ["shared references returned", `${SHARED} return x`],
  ["shared references as tool input", `${SHARED} await tools.echo({ x }); return 1`],
  ["shared references to JSON.stringify", `${SHARED} return JSON.stringify(x).length`],
  ["shared references joined by String()", `${SHARED} return String(x).length`],
  [
    "console.log of 3,000 rows sharing one array",
    `const row = Array.from({ length: 3000 }, (_, i) => i); console.log(Array(3000).fill(row)); return 1`,
  ],
  ["JSON.parse of a 6 MB array of empty objects", `return JSON.parse("[" + "{},".repeat(2e6) + "{}]").length`],
  ["Object.keys of a 10^7-character string", `return Object.keys("x".repeat(1e7)).length`],
  ["Object.entries of a 5 x 10^6-character string", `return Object.entries("x".repeat(5e6)).length`],
  ["indexOf on 10^6 elements in a loop", `const a = Array(1e6).fill(0); let n = 0; for (;;) n += a.indexOf(1)`],
  ["includes on 10^6 elements in a loop", `const a = Array(1e6).fill(0); for (;;) a.includes(1)`],
  ["lastIndexOf on a 10^6-character string in a loop", `const s = "ab".repeat(5e5); for (;;) s.lastIndexOf("c")`],
  ["default sort of 10^6 numbers in a loop", `const a = [...Array(1e6).keys()]; for (;;) a.reverse().sort()`],
  ["join of 10^6 elements in a loop", `const a = Array(1e6).fill("ab"); for (;;) a.join(",")`],
  ["fill of 10^6 elements in a loop", `const a = Array(1e6); for (let i = 0; ; i++) a.fill(i)`],
  ["repeat of 10^6 in a loop", `for (;;) "ab".repeat(1e6)`],
  ["array spread doubling", `let a = [1]; for (;;) a = [...a, ...a]`],
]

describe("in-process: hostile programs end within 2 x timeoutMs and 2 x maxMemoryBytes, the host alive", () => {
  it.each(HOSTILE)("%s", (_name, code) => {
    const out = runChild(code, { timeoutMs: TIMEOUT_MS, maxMemoryBytes: BUDGET })
    expect(out.result.ok, JSON.stringify(out.result).slice(0, 300)).toBe(false)
    expect(out.result.error?.kind).toMatch(/TimeoutExceeded|ExecutionFailure/)
    if (out.result.error?.kind === "ExecutionFailure")
      expect(out.result.error.message).toMatch(/memory budget|over the limit of/)
    console.log(
      `in-process ${_name}: ${Math.round(out.ms)} ms (limit ${TIMEOUT_MS}), resident +${(out.grownBytes / 2 ** 20).toFixed(1)} MB (budget ${BUDGET / 2 ** 20} MB), ${out.result.error?.kind}`,
    )
    expect(out.ms).toBeLessThan(2 * TIMEOUT_MS)
    expect(out.grownBytes).toBeLessThan(2 * BUDGET)
  })
})
