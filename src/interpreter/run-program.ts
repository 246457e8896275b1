/**
 * Runs a compiled program against a host (api.ts `CompiledProgram.run`): races the program with the run's stop
 * signal, drains un-awaited work, reports unhandled rejections and copies the result out (@opencode-ai/codemode 1.18).
 * A program whose body returned keeps its value when background work is cut short (the deadline, or a dialect that
 * ends at the body, `CompileOptions.end`): each pending call and timer is named in the outcome's notes.
 */
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import type { CompileOptions } from "./api.js"
import { BoundaryError, copyOut, type CopyMeter } from "./boundary.js"
import { toStr } from "./coerce.js"
import { Exit, Fatal, GuestThrow, Interrupted, fatal, normalizeThrown, type Pos } from "./errors.js"
import type { Host, RunOutcome } from "./host.js"
import { Run } from "./run-state.js"
import type { CompiledBody } from "./compile/program.js"
import { isGuestError } from "./values.js"
import { adopt } from "./builtins/promise.js"

/**
 * The text of an uncaught value. Reading it may run the program's own getters and hooks, which may throw (even the
 * value itself): that is the program's doing, so it is named, never an internal error.
 */
const messageOf = (v: unknown): string => {
  try {
    if (isGuestError(v)) {
      const m = (v as { message?: unknown }).message
      return m === undefined ? toStr(v) : toStr(m)
    }
    return typeof v === "string" ? v : toStr(v)
  } catch {
    return isGuestError(v)
      ? "an error whose message could not be read (reading or converting it threw)"
      : "a value that could not be converted to a string (its conversion threw)"
  }
}

/**
 * A tool's own failure and its invalid output end the run as `{ kind, message }` and nothing more: hosts written for
 * @opencode-ai/codemode 1.18 compare these diagnostics whole, and the message already carries what the tool said (an
 * invalid output names the tool). Other kinds point at the program's position.
 */
const UNLOCATED: ReadonlySet<string> = new Set(["ToolFailure", "InvalidToolOutput"])

/** The diagnostic for a failure that ended the run. */
export const failureDiagnostic = (e: unknown): Diagnostic => {
  const t = normalizeThrown(e, undefined)
  if (t instanceof Fatal) return t.diagnostic
  if (t instanceof GuestThrow) {
    if (t.diagnostic)
      return diagnostic(t.diagnostic.kind, t.diagnostic.message, {
        location: UNLOCATED.has(t.diagnostic.kind) ? undefined : (t.diagnostic.location ?? t.pos),
        suggestions: t.diagnostic.suggestions,
      })
    return diagnostic("ExecutionFailure", `Uncaught: ${messageOf(t.value)}`, { location: t.pos })
  }
  return diagnostic("ExecutionFailure", "Internal interpreter failure")
}

/**
 * The result is copied after the run halted, so it gets a meter of its own over the run's budget and deadline: a
 * result whose shared references expand past either ends the run like any other allocation or loop would.
 */
const resultMeter = (rt: Run, timed: boolean): CopyMeter => {
  let bytes = rt.bytes
  let steps = 0
  return {
    charge: (n) => {
      if ((bytes += n) > rt.maxBytes)
        throw fatal(
          "ExecutionFailure",
          `Execution exceeded its memory budget of ${rt.maxBytes} bytes (limits.maxMemoryBytes): ` +
            "the result expands to more data than that (a value shared many times is copied each time).",
        )
    },
    tick: () => {
      const deadline = rt.host.deadline
      if (timed && (++steps & 4095) === 0 && deadline !== undefined && Date.now() > deadline)
        throw fatal(
          "TimeoutExceeded",
          rt.host.timeoutMs === undefined
            ? "Execution exceeded the time limit."
            : `Execution timed out after ${rt.host.timeoutMs}ms.`,
        )
    },
  }
}

const result = (rt: Run, value: unknown, at?: Pos, json?: boolean, timed = true): RunOutcome => {
  try {
    if (json) {
      const dropped: Array<string> = []
      const copied = copyOut(value, "json", dropped, resultMeter(rt, timed))
      const notes = dropped.map((note) => note.replace(/^value/, "result"))
      return { ok: true, value: copied === undefined ? null : copied, ...(notes.length > 0 ? { notes } : {}) }
    }
    return { ok: true, value: copyOut(value, "result", undefined, resultMeter(rt, timed)) }
  } catch (e) {
    if (e instanceof BoundaryError)
      return {
        ok: false,
        diagnostic: diagnostic("InvalidDataValue", `The result ${e.message}`, { location: at }),
      }
    return { ok: false, diagnostic: failureDiagnostic(e) }
  }
}

type Settle = { ok: true; value: unknown } | { ok: false; error: unknown }

export const runCompiledProgram = async (
  body: CompiledBody,
  options: CompileOptions,
  host: Host,
): Promise<RunOutcome> => {
  const rt = new Run(host, options, (host as { store?: Map<string, unknown> }).store)
  const stopped = rt.whenStopped().then((f): Settle => ({ ok: false, error: f }))
  // Safety net: a run idle on a promise past the deadline still ends. It fires well after the deadline so the
  // runtime's own timeout (and its wording) wins whenever the event loop is free.
  const deadline = host.deadline
  const timer =
    deadline === undefined
      ? undefined
      : setTimeout(
          () => {
            try {
              rt.check()
            } catch {
              // rt.check stops the run; the race below picks it up.
            }
          },
          Math.max(0, deadline - Date.now()) + 100,
        )
  timer?.unref?.()
  try {
    return await runBody(body, rt, stopped)
  } catch (e) {
    // The contract is to settle with an outcome; anything escaping here is reported, never thrown.
    return { ok: false, diagnostic: failureDiagnostic(e) }
  } finally {
    if (timer) clearTimeout(timer)
    rt.clearTimers()
  }
}

const runBody = async (body: CompiledBody, rt: Run, stopped: Promise<Settle>): Promise<RunOutcome> => {
  const env = new Array<unknown>(body.size)
  let at: Pos | undefined
  const main = (async (): Promise<unknown> => {
    const done = await body.run(env, rt)
    let v = done.value
    at = done.pos
    // A returned promise or thenable is adopted, as an async function's return value is (§27.7.5.2).
    if (!(v instanceof Promise) && v !== null && typeof v === "object") v = adopt(rt, v)
    if (v instanceof Promise) {
      rt.observe(v)
      v = await v
    }
    return v
  })()
  const idle = whenIdle(rt, true)
  const settled = await Promise.race([
    main.then(
      (value): Settle => ({ ok: true, value }),
      (error): Settle => ({ ok: false, error }),
    ),
    stopped,
    idle.promise.then((): Settle => ({
      ok: false,
      error: fatal(
        "ExecutionFailure",
        "The program awaits a promise that nothing can settle (no tool call, timer or other work is pending): " +
          "call its resolve or reject function, or do not await it.",
        at,
      ),
    })),
  ])
  idle.stop()
  if (!settled.ok) {
    // A failed (or exited) run ends now: background guest work stops at its next step or await, and the runtime
    // interrupts the calls still in flight.
    rt.halt()
    // exit() ends the program with what it gave; pending calls and timers are cancelled, each named.
    if (settled.error instanceof Exit) return cutShort(rt, settled.error.value, undefined, "the program called exit()")
    // The program awaited a call its host interrupted: the run ends interrupted, as the host's own Effect did.
    if (settled.error instanceof Interrupted)
      return { ok: false, diagnostic: settled.error.diagnostic, interrupted: true }
    return { ok: false, diagnostic: failureDiagnostic(settled.error) }
  }
  // A result that cannot cross the boundary (an un-awaited promise in it, say) fails the execution now, like a
  // throw: nothing is gained by waiting for background work first. Checked only when there is such work.
  if (rt.inflight.size > 0) {
    const early = result(rt, settled.value, at, rt.options.result === "json")
    if (!early.ok) {
      rt.halt()
      return early
    }
  }
  // A system that ends a program with its body (Codex cells) waits for nothing it left running.
  if (rt.options.end === "body")
    return unhandled(rt) ?? cutShort(rt, settled.value, at, "the program ended when its body completed")
  // The deadline arriving while background work runs keeps the value the body returned (the host's own deadline
  // through Host.settled, else the interpreter's below).
  const late = () =>
    `the program returned, then the deadline${rt.host.timeoutMs === undefined ? "" : ` (${rt.host.timeoutMs}ms)`} passed while background work ran`
  rt.host.settled?.(() => unhandled(rt) ?? cutShort(rt, settled.value, at, late()))
  // Intervals do not keep the run alive once the program is done (builtins/timers.ts).
  const idleAfter = whenIdle(rt, false)
  await drain(rt, stopped, idleAfter.promise)
  idleAfter.stop()
  if (rt.stopped?.diagnostic.kind === "TimeoutExceeded") return unhandled(rt) ?? cutShort(rt, settled.value, at, late())
  if (rt.stopped) return { ok: false, diagnostic: rt.stopped.diagnostic }
  // Copied before the run halts: a getter of the result is the program's code and runs under its limits.
  const out = result(rt, settled.value, at, rt.options.result === "json")
  rt.halt()
  return unhandled(rt) ?? out
}

/**
 * Ends a run whose body returned `value` before its calls and timers finished: the value stands (copied without the
 * deadline check, as the body already returned in time), the pending work is cancelled and each item named.
 */
const cutShort = (rt: Run, value: unknown, at: Pos | undefined, why: string): RunOutcome => {
  const pending = rt.pendingWork()
  // Copied before the run halts: a getter of the result is the program's code and runs under its limits.
  const out = result(rt, value, at, rt.options.result === "json", false)
  rt.halt()
  rt.clearTimers()
  if (!out.ok || pending.length === 0) return out
  const notes = pending.map((work) => `${why}: ${work} was cancelled (await it to keep it)`)
  return { ...out, notes: [...(out.notes ?? []), ...notes] }
}

/** The first rejection the program never observed, as the run's failure (undefined when there is none). */
const unhandled = (rt: Run): RunOutcome | undefined => {
  for (const r of rt.rejections) {
    // A host interruption that no await reached (a reaction chained on an interrupted call) is not a rejection.
    if (!rt.unobserved.has(r.promise) || r.reason instanceof Interrupted) continue
    const d = failureDiagnostic(r.reason)
    const what = r.kind === "tool" ? "Unhandled rejection from an un-awaited tool call" : "Unhandled rejection"
    const msg = r.reason instanceof GuestThrow && !r.reason.diagnostic ? messageOf(r.reason.value) : d.message
    // The way out, as a suggestion hosts can show apart from the message (as @opencode-ai/codemode 1.18 does).
    const suggestions =
      r.kind === "tool"
        ? [
            "Await the call where its result is needed (`const result = await tools.ns.tool(...)`), inside try/catch to handle its failure.",
          ]
        : undefined
    // An un-awaited call is named by where it was made: that position is the fix.
    const location = d.location ?? (r.reason instanceof GuestThrow ? r.reason.pos : undefined)
    return { ok: false, diagnostic: diagnostic(d.kind, `${what}: ${msg}`, { location, suggestions }) }
  }
  return undefined
}

/**
 * Resolves once nothing outside the guest can settle a promise of the run: no host call pending, no timer set,
 * after the microtask queue has drained. Then a program still waiting can never resume (Node would exit with the
 * top-level await unsettled); without this, a run with no deadline would wait forever. Polled, cheaply, while
 * the program waits. `intervals`: whether a set interval counts as pending work (while the program waits on its
 * result it does; once the result is in, only one-shot timers keep the run alive).
 */
const whenIdle = (rt: Run, intervals: boolean): { promise: Promise<void>; stop: () => void } => {
  let timer: ReturnType<typeof setTimeout> | undefined
  let immediate: ReturnType<typeof setImmediate> | undefined
  let stopped = false
  const promise = new Promise<void>((resolve) => {
    const check = () => {
      if (stopped) return
      // A host that gave up on the run (a deferral, an interruption) ends it here: a waiting program takes no step
      // that would notice, and polling on would keep the process alive until the deadline, or for ever.
      if (rt.host.cancelled()) {
        try {
          rt.check()
        } catch {
          // rt.check stopped the run; runBody's race picks it up.
        }
        return
      }
      if (!rt.idle(intervals)) return void (timer = setTimeout(check, 10))
      // setImmediate runs after the microtasks queued so far: confirm the program did not move meanwhile.
      immediate = setImmediate(() => (rt.idle(intervals) ? resolve() : (timer = setTimeout(check, 10))))
    }
    immediate = setImmediate(check)
  })
  return {
    promise,
    stop: () => {
      stopped = true
      if (timer) clearTimeout(timer)
      if (immediate) clearImmediate(immediate)
    },
  }
}

/**
 * Waits for un-awaited tool calls, async invocations and `then` reactions, and for one-shot timers
 * (@opencode-ai/codemode 1.18: still-running un-awaited calls are awaited before the execution ends). A call the
 * program did observe (awaited, or handed to a combinator) is waited for only through whatever still needs it: once
 * the program is done with it (a `Promise.all` that already failed fast, the losers of `Promise.any`), it is
 * interrupted when the execution ends, as the 1.18 runtime does with observed calls.
 */
const drain = async (rt: Run, stopped: Promise<unknown>, idle: Promise<void>): Promise<void> => {
  let done = false
  const end = Promise.race([stopped, idle]).then(() => void (done = true))
  const waited = (p: Promise<unknown>) => rt.untracked.has(p) || rt.unobserved.has(p)
  for (;;) {
    const pending = [...rt.inflight].filter(waited)
    if (pending.length === 0 || rt.stopped || done) return
    await Promise.race([Promise.allSettled(pending), end])
  }
}

export { Fatal }
