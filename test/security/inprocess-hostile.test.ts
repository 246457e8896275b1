/**
 * Hostile programs against the in-process mode (`isolation: "none"`, SECURITY.md "In-process limits"): they run in
 * child processes (the built package under `dist/`), so a V8 abort is a visible failure, not a dead test runner.
 * Each must end with a Result (never a thrown host error or a dead process), within twice `timeoutMs`, and grow the
 * resident size by at most twice `maxMemoryBytes`.
 *
 * A child runs several rows one after another (starting a child and loading the package costs more than most rows):
 * before each row it collects garbage and resets the kernel's peak-resident mark (`/proc/self/clear_refs`), and a
 * row's growth is its peak over the child's resident size *before its first row*, so whatever an earlier row left
 * resident counts against the next one (a row is never measured more leniently than alone in a fresh child). A row
 * that takes its child down is a failed row; the rows after it run in a new child.
 */
import { spawn } from "node:child_process"
import { fileURLToPath } from "node:url"
import { beforeAll, describe, expect, it } from "vitest"

const ROOT = fileURLToPath(new URL("../../", import.meta.url))
const DIST = new URL("../../dist/src/index.js", import.meta.url).href

const TIMEOUT_MS = 1000
const BUDGET = 48 * 1024 * 1024

/** The child: a runtime with an echo tool and a namespace of 50 tools, a warm-up run, then each hostile row. */
const CHILD = `
import { readFileSync, writeFileSync, writeSync } from "node:fs"
import { Effect } from "effect"
const { CodeMode, Tool } = await import(${JSON.stringify(DIST)})
const rows = JSON.parse(process.env.HOSTILE)
const echo = Tool.make({ description: "Echo", input: { type: "object" }, run: () => Effect.succeed({ ok: true }) })
const ns = {}
for (let i = 0; i < 50; i++)
  ns["tool" + i] = Tool.make({ description: "Tool number " + i, input: { type: "object" }, run: () => Effect.succeed(i) })
const kb = (field) => Number(readFileSync("/proc/self/status", "utf8").split(field + ":")[1].trim().split(/\\s+/)[0])
const warm = CodeMode.make({ tools: { echo, ns }, limits: { timeoutMs: 5000 } })
await Effect.runPromise(warm.execute("return [1, 2, 3].map((x) => x * 2).join()"))
globalThis.gc()
const base = kb("VmRSS")
for (const { index, code, limits, raw } of rows) {
  const rt = CodeMode.make({ tools: { echo, ns }, limits })
  globalThis.gc()
  const startKb = kb("VmRSS")
  writeFileSync("/proc/self/clear_refs", "5")
  writeSync(1, JSON.stringify({ event: "start", index }) + "\\n")
  const t0 = performance.now()
  let result
  try {
    result = await Effect.runPromise(raw ? rt.run(code) : rt.execute(code))
  } catch (e) {
    result = { thrown: String(e) }
  }
  const ms = performance.now() - t0
  const peak = kb("VmHWM")
  const out = { event: "result", index, ms, grownBytes: (peak - base) * 1024, leftBytes: (startKb - base) * 1024, result }
  // Written synchronously: a child that aborts in the next row has delivered this one.
  writeSync(1, JSON.stringify(out) + "\\n")
}
`

interface Outcome {
  readonly ms: number
  /** Peak resident size during the row over the child's size before its first row. */
  readonly grownBytes: number
  /** What earlier rows left resident at the row's start (included in `grownBytes`). */
  readonly leftBytes: number
  readonly result: { ok: boolean; error?: { kind: string; message: string; suggestions?: Array<string> } } & Record<
    string,
    unknown
  >
  /** Why the row has no Result: its child died or was stopped. */
  readonly dead?: string
}

interface Row {
  readonly index: number
  readonly code: string
  readonly limits: Record<string, number>
  readonly raw: boolean
}

/** Runs rows one after another in one child; a row that takes it down is recorded as dead, the rest go to a new one. */
const runRows = async (rows: ReadonlyArray<Row>, outcomes: Map<number, Outcome>): Promise<void> => {
  let left = [...rows]
  while (left.length > 0) {
    const dead = await runChild(left, outcomes)
    if (dead === undefined) return
    outcomes.set(dead.index, { dead: dead.why } as Outcome)
    left = left.slice(left.findIndex((r) => r.index === dead.index) + 1)
  }
}

const runChild = (rows: ReadonlyArray<Row>, outcomes: Map<number, Outcome>) =>
  new Promise<{ index: number; why: string } | undefined>((resolve) => {
    const child = spawn(process.execPath, ["--expose-gc", "--input-type=module", "-e", CHILD], {
      cwd: ROOT,
      env: { ...process.env, HOSTILE: JSON.stringify(rows) },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let running: number | undefined
    let stderr = ""
    let buffer = ""
    let stopped: string | undefined
    let watchdog: ReturnType<typeof setTimeout> | undefined
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2_000)))
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk
      let at: number
      while ((at = buffer.indexOf("\n")) >= 0) {
        const line = JSON.parse(buffer.slice(0, at)) as { event: string; index: number } & Outcome
        buffer = buffer.slice(at + 1)
        clearTimeout(watchdog)
        if (line.event === "start") {
          running = line.index
          // Far past the bound asserted: a row without a Result by then is stopped (a loaded machine stretches it).
          watchdog = setTimeout(() => {
            stopped = `no Result 60 s after the row started: the child was stopped`
            child.kill("SIGKILL")
          }, 60_000)
        } else {
          running = undefined
          outcomes.set(line.index, line)
        }
      }
    })
    // "close", not "exit": the lines the child wrote before it died are read first.
    child.on("close", (code, signal) => {
      clearTimeout(watchdog)
      if (running === undefined && code === 0) return resolve(undefined)
      const why = stopped ?? `the child died (${signal ?? `exit code ${code}`}): ${stderr.slice(-600)}`
      // Died between rows (after a Result): blame the next row, or the last one if it died after them all.
      resolve({ index: running ?? rows.find((r) => !outcomes.has(r.index))?.index ?? rows.at(-1)!.index, why })
    })
  })

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

const outcomes = new Map<number, Outcome>()
beforeAll(async () => {
  const rows = HOSTILE.map(([, code], index): Row => ({
    index,
    code,
    limits: { timeoutMs: TIMEOUT_MS, maxMemoryBytes: BUDGET },
    raw: false,
  }))
  // One child at a time, as when each row had its own: a second one beside it would stretch the rows' deadlines.
  await runRows(rows, outcomes)
}, 600_000)

describe("in-process: hostile programs end within 2 x timeoutMs and 2 x maxMemoryBytes, the host alive", () => {
  it.each(HOSTILE.map(([name], index) => [name, index] as const))("%s", (name, index) => {
    const out = outcomes.get(index)
    expect(out, "the row ran").toBeDefined()
    expect(out!.dead, "the child stayed alive").toBeUndefined()
    expect(out!.result.ok, JSON.stringify(out!.result).slice(0, 300)).toBe(false)
    expect(out!.result.error?.kind).toMatch(/TimeoutExceeded|ExecutionFailure/)
    if (out!.result.error?.kind === "ExecutionFailure")
      expect(out!.result.error.message).toMatch(/memory budget|over the limit of/)
    console.log(
      `in-process ${name}: ${Math.round(out!.ms)} ms (limit ${TIMEOUT_MS}), resident +${(out!.grownBytes / 2 ** 20).toFixed(1)} MB (of which left by earlier rows ${(out!.leftBytes / 2 ** 20).toFixed(1)} MB; budget ${BUDGET / 2 ** 20} MB), ${out!.result.error?.kind}`,
    )
    expect(out!.ms).toBeLessThan(2 * TIMEOUT_MS)
    expect(out!.grownBytes).toBeLessThan(2 * BUDGET)
  })
})
