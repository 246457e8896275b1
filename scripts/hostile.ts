// Runs the hostile-program table (test/security/hostile.ts) for one isolation mode and prints one JSON line per row:
// {"event":"start",...} before it runs, {"event":"result",...} after. Meant to run as its own process (a row that kills
// its host must not take the caller down): test/security/hostile.test.ts starts it, and it prints figures by hand:
//   npm run build && node --max-old-space-size=256 dist/scripts/hostile.js --mode process [--rows 0,3,4]
// SECURITY_FULL=1 uses the full sizes.
import { readFileSync, writeSync } from "node:fs"
import { Worker } from "node:worker_threads"
import { Effect, Schema } from "effect"
import { CodeMode } from "../src/index.js"
import { killedSandboxesGone } from "../src/isolation/pool.js"
import { warmUp } from "../src/isolation/supervisor.js"
import { HOSTILE, hostileTools, rowsToRun, type Hostile, type Mode } from "../test/security/hostile.js"

export interface HostileLine {
  readonly event: "start" | "result" | "ready"
  readonly row: number
  readonly name?: string
  /** From the handoff (a warm sandbox ready) to the Result, in ms. */
  readonly ms?: number
  /** How late a plain timer of `timeoutMs` armed at the handoff fired on an idle thread of this process (the load). */
  readonly loadLateMs?: number
  /**
   * Of the time between the deadline and the Result, how long this process's main thread was ready to run but
   * waiting for a core (Linux `schedstat`; absent elsewhere, or when the Result came before the deadline): the
   * machine's share of the overrun, not the program's.
   */
  readonly waitedMs?: number
  readonly valid?: boolean
  readonly thrown?: string
  readonly ok?: boolean
  readonly kind?: string
  readonly message?: string
  /** Bytes of what the model sees: value, error, logs (the receipt excluded). */
  readonly visibleBytes?: number
  readonly visible?: string
  readonly hostHeapMb?: number
  readonly hostRssMb?: number
  /** With --wait-killed: ms until the row's killed sandbox had exited (`undefined`: still running at the cap). */
  readonly killedGoneMs?: number
}

const args = process.argv.slice(2)
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`)
  return at < 0 ? undefined : args[at + 1]
}
const mode = (option("mode") ?? "process") as Mode
if (!["none", "worker", "process"].includes(mode)) throw new Error(`--mode must be none, worker or process`)
const rows =
  option("rows")
    ?.split(",")
    .map(Number)
    .filter((n) => Number.isInteger(n)) ?? rowsToRun()

const waitKilled = Number(option("wait-killed") ?? 0)
/** The suite's check of its own reporting: this host kills itself right after announcing this row. */
const dieAt = process.env.HOSTILE_DIE_AT_ROW === undefined ? undefined : Number(process.env.HOSTILE_DIE_AT_ROW)

const pause = new Int32Array(new SharedArrayBuffer(4))
/**
 * Writes all of `text` to `fd` before returning. `process.stdout` on a pipe writes asynchronously on POSIX, and what
 * is still queued is lost when the process aborts (a blow-up that reached this host, the suite's watchdog kill) or
 * exits: a line printed here is in the pipe before the next row starts. EAGAIN: the pipe is full (non-blocking once
 * something opened `process.stdout`); the reader drains it.
 */
const writeAll = (fd: number, text: string) => {
  const bytes = Buffer.from(text)
  for (let at = 0; at < bytes.length;)
    try {
      at += writeSync(fd, bytes, at)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EAGAIN") throw e
      Atomics.wait(pause, 0, 0, 1)
    }
}
const print = (line: HostileLine) => writeAll(1, `${JSON.stringify(line)}\n`)

/** The main thread's time spent waiting on a run queue so far, in ns (`/proc/<pid>/task/<pid>/schedstat`, field 2). */
const SCHEDSTAT = `/proc/${process.pid}/task/${process.pid}/schedstat`
const waitedNs = (): number | undefined => {
  try {
    return Number(readFileSync(SCHEDSTAT, "utf8").split(" ")[1])
  } catch {
    return undefined
  }
}

// A timer on a thread of its own: how late the machine's load alone makes a timer of the same length fire, and how
// long the main thread had waited for a core when it fired (the deadline, seen from a thread the program cannot block).
const probe = new Worker(
  `const { parentPort } = require("node:worker_threads")
   const { readFileSync } = require("node:fs")
   const waited = () => { try { return Number(readFileSync(${JSON.stringify(SCHEDSTAT)}, "utf8").split(" ")[1]) } catch { return undefined } }
   parentPort.on("message", (ms) => {
     const t0 = performance.now()
     setTimeout(() => parentPort.postMessage({ late: performance.now() - t0 - ms, waitedNs: waited() }), ms)
   })`,
  { eval: true },
)
const late = (ms: number): Promise<{ late: number; waitedNs: number | undefined }> =>
  new Promise((resolve) => {
    probe.once("message", resolve)
    probe.postMessage(ms)
  })

const isResult = Schema.is(CodeMode.Result)
const tools = hostileTools()

const runRow = async (row: number, hostile: Hostile): Promise<void> => {
  const runtime = CodeMode.make({
    tools,
    isolation: mode,
    limits: {
      timeoutMs: hostile.timeoutMs,
      ...(hostile.maxMemoryBytes === undefined ? {} : { maxMemoryBytes: hostile.maxMemoryBytes }),
      ...(hostile.maxOutputBytes === undefined ? {} : { maxOutputBytes: hostile.maxOutputBytes }),
    },
  })
  if (mode !== "none") await warmUp(mode, hostile.maxMemoryBytes)
  print({ event: "start", row, name: hostile.name })
  if (row === dieAt) process.kill(process.pid, "SIGKILL")
  const lateness = late(hostile.timeoutMs)
  const t0 = performance.now()
  let result: unknown
  let thrown: string | undefined
  try {
    result = await Effect.runPromise(
      (hostile.via === "run"
        ? runtime.run(hostile.input)
        : runtime.execute(hostile.input as string)) as Effect.Effect<unknown>,
    )
  } catch (e) {
    thrown = String(e).slice(0, 300)
  }
  const ms = performance.now() - t0
  const waitedAtResult = waitedNs()
  const r = (result ?? {}) as { ok?: boolean; value?: unknown; error?: { kind: string; message: string }; logs?: [] }
  const { ok, value, error, logs } = r
  const visible = JSON.stringify({ ok, value, error, logs }) ?? ""
  let killedGoneMs: number | undefined
  if (waitKilled > 0 && mode !== "none") {
    const t1 = performance.now()
    // The supervisor kills a sandbox that has not ended itself a grace period (20 ms) after the Result.
    await new Promise((resolve) => setTimeout(resolve, 50))
    if ((await killedSandboxesGone(waitKilled)) === 0) killedGoneMs = Math.round(performance.now() - t1)
  }
  const memory = process.memoryUsage()
  const probed = await lateness
  const waited =
    ms > hostile.timeoutMs && probed.waitedNs !== undefined && waitedAtResult !== undefined
      ? Math.max(0, waitedAtResult - probed.waitedNs) / 1e6
      : undefined
  print({
    killedGoneMs,
    event: "result",
    row,
    name: hostile.name,
    ms: Math.round(ms * 10) / 10,
    loadLateMs: Math.round(probed.late * 10) / 10,
    ...(waited === undefined ? {} : { waitedMs: Math.round(waited * 10) / 10 }),
    valid: isResult(result),
    ...(thrown === undefined ? {} : { thrown }),
    ok,
    kind: error?.kind,
    message: error?.message.slice(0, 300),
    visibleBytes: Buffer.byteLength(visible),
    visible: visible.slice(0, 2_000),
    hostHeapMb: Math.round(memory.heapUsed / 2 ** 20),
    hostRssMb: Math.round(memory.rss / 2 ** 20),
  })
}

const main = async () => {
  // The host's own code paths (make, the supervisor, the Result) run once before any row is timed, in a sandbox of
  // the rows' own pool (a pool is per heap cap), which the first row then gets: no sandbox started for this alone.
  const limits = { maxMemoryBytes: HOSTILE[rows[0] ?? 0]?.maxMemoryBytes }
  if (mode !== "none") await warmUp(mode, limits.maxMemoryBytes)
  await Effect.runPromise(
    CodeMode.make({ tools, isolation: mode, limits }).execute("return (await tools.util.echo({})) ?? 1"),
  )
  print({ event: "ready", row: -1 })
  for (const row of rows) await runRow(row, HOSTILE[row]!)
  await probe.terminate()
  // Sandboxes still starting or being killed must not hold the exit.
  process.exit(0)
}

main().catch((e) => {
  writeAll(2, `${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`)
  process.exit(1)
})
