/**
 * A fast confinement judge for fuzzing (issue 9 item 4, "confinement (canaries untouched)"). Same detectors as
 * test/security/harness.ts `judge` — the host canary function, secrets in tool closures and host errors, host
 * markers, the host-prototype snapshot, process events, Result validity — at a fraction of its ~14 ms: the
 * intrinsics are compared against one baseline taken at load (one snapshot per program, not two), and stray
 * reactions are awaited with `setImmediate` (one event-loop turn) instead of a timer.
 */
import { Effect, Schema } from "effect"
import { CodeMode } from "../../src/index.js"
import { counters, diff, HOST_MARKERS, SECRETS, snapshot, tools } from "../security/harness.js"

const isResult = Schema.is(CodeMode.Result)
// Node defines some globals (AbortController, fetch, …) as lazy accessors replaced by a value on first read: read
// them all once so the baseline is the settled state, not a transient one.
for (const k of Reflect.ownKeys(globalThis)) {
  try {
    void (globalThis as Record<PropertyKey, unknown>)[k]
  } catch {
    // A getter that throws is left as it is.
  }
}
let baseline = snapshot()
/**
 * Takes the baseline again. Test files share a worker (vitest.config.ts), and the runner keeps per-file state on
 * the host (`globalThis.__vitest_worker__`, `VITEST_WORKER_ID`): each property run starts from its own baseline.
 */
export const rebaseline = (): void => void (baseline = snapshot())

/** Hostile programs get a short budget: most end at once; a loop costs one timeout. */
export const HOSTILE_TIMEOUT_MS = 40
export const hostileRuntime = CodeMode.make({ tools, limits: { timeoutMs: HOSTILE_TIMEOUT_MS, maxToolCalls: 50 } })

/** How long any execution may take past its timeout before "termination" fails (generous: a shared 2-core box). */
export const TERMINATION_SLACK_MS = 3_000

export const runResult = async (rt: CodeMode.Runtime, code: string): Promise<{ result: unknown; ms: number }> => {
  const t0 = performance.now()
  let result: unknown
  try {
    result = await Effect.runPromise(rt.execute(code) as Effect.Effect<unknown>)
  } catch (e) {
    result = { thrown: String(e) }
  }
  return { result, ms: performance.now() - t0 }
}

/** undefined when confined, terminated in time and answered with a valid Result; otherwise what was seen. */
export const confinementFailure = async (code: string, rt = hostileRuntime, timeoutMs = HOSTILE_TIMEOUT_MS) => {
  const c0 = counters()
  const { result, ms } = await runResult(rt, code)
  await new Promise((r) => setImmediate(r))
  const c1 = counters()
  const text = JSON.stringify(result) ?? ""
  const problems: Array<string> = []
  if (!isResult(result)) problems.push(`not a Result: ${text.slice(0, 300)}`)
  if (c1.canary !== c0.canary) problems.push("host canary called")
  if (c1.badToolInput !== c0.badToolInput) problems.push("a tool received a non-data input")
  if (c1.unhandled !== c0.unhandled || c1.uncaught !== c0.uncaught)
    problems.push("unhandledRejection/uncaughtException")
  const leaks = [...SECRETS, ...HOST_MARKERS, "ESCAPED"].filter((s) => text.includes(s))
  if (leaks.length > 0) problems.push(`leaked ${leaks.join(", ")}: ${text.slice(0, 300)}`)
  const changed = diff(baseline, snapshot())
  if (changed.length > 0) problems.push(`host intrinsics changed: ${changed.join(", ")}`)
  if (ms > timeoutMs + TERMINATION_SLACK_MS) problems.push(`took ${ms.toFixed(0)} ms with timeoutMs ${timeoutMs}`)
  return problems.length === 0 ? undefined : problems.join("; ")
}
