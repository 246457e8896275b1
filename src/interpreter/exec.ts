/**
 * Runs a compiled program against a host (api.ts `CompiledProgram.run`): races the program with the run's stop
 * signal, drains un-awaited work, reports unhandled rejections and copies the result out (@opencode-ai/codemode 1.18).
 */
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import type { CompileOptions } from "./api.js"
import { BoundaryError, copyOut } from "./boundary.js"
import { toStr } from "./coerce.js"
import { Exit, Fatal, GuestThrow, normalizeThrown, type Pos } from "./errors.js"
import type { Host, RunOutcome } from "./host.js"
import { Run } from "./run.js"
import type { CompiledBody } from "./compile/program.js"
import { isGuestError } from "./values.js"

const messageOf = (v: unknown): string => {
  if (isGuestError(v)) {
    const m = (v as { message?: unknown }).message
    return m === undefined ? toStr(v) : toStr(m)
  }
  try {
    return typeof v === "string" ? v : toStr(v)
  } catch {
    return "a non-error value"
  }
}

/** The diagnostic for a failure that ended the run. */
export const failureDiagnostic = (e: unknown): Diagnostic => {
  const t = normalizeThrown(e, undefined)
  if (t instanceof Fatal) return t.diagnostic
  if (t instanceof GuestThrow) {
    if (t.diagnostic)
      return diagnostic(t.diagnostic.kind, t.diagnostic.message, {
        location: t.diagnostic.location ?? t.pos,
        suggestions: t.diagnostic.suggestions,
      })
    return diagnostic("ExecutionFailure", `Uncaught: ${messageOf(t.value)}`, { location: t.pos })
  }
  return diagnostic("ExecutionFailure", "Internal interpreter failure")
}

const result = (value: unknown, at?: Pos): RunOutcome => {
  try {
    return { ok: true, value: copyOut(value, "result") }
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

export const execute = async (body: CompiledBody, options: CompileOptions, host: Host): Promise<RunOutcome> => {
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
  }
}

const runBody = async (body: CompiledBody, rt: Run, stopped: Promise<Settle>): Promise<RunOutcome> => {
  const env = new Array<unknown>(body.size)
  let at: Pos | undefined
  const main = (async (): Promise<unknown> => {
    const done = await body.run(env, rt)
    let v = done.value
    at = done.pos
    if (v instanceof Promise) {
      rt.observe(v)
      v = await v
    }
    return v
  })()
  const settled = await Promise.race([
    main.then(
      (value): Settle => ({ ok: true, value }),
      (error): Settle => ({ ok: false, error }),
    ),
    stopped,
  ])
  if (!settled.ok) {
    // A failed (or exited) run ends now: background guest work stops at its next step or await, and the runtime
    // interrupts the calls still in flight.
    rt.halt()
    if (settled.error instanceof Exit) return result(settled.error.value)
    return { ok: false, diagnostic: failureDiagnostic(settled.error) }
  }
  await drain(rt, stopped)
  if (rt.stopped) return { ok: false, diagnostic: rt.stopped.diagnostic }
  rt.halt()
  for (const r of rt.rejections) {
    if (!rt.unobserved.has(r.promise)) continue
    const d = failureDiagnostic(r.reason)
    const what = r.kind === "tool" ? "Unhandled rejection from an un-awaited tool call" : "Unhandled rejection"
    const msg = r.reason instanceof GuestThrow && !r.reason.diagnostic ? messageOf(r.reason.value) : d.message
    return { ok: false, diagnostic: diagnostic(d.kind, `${what}: ${msg}`, { location: d.location }) }
  }
  return result(settled.value, at)
}

/** Waits for un-awaited tool calls and async invocations (@opencode-ai/codemode 1.18: drained before the execution ends). */
const drain = async (rt: Run, stopped: Promise<unknown>): Promise<void> => {
  while (rt.inflight.size > 0 && !rt.stopped) {
    await Promise.race([Promise.allSettled([...rt.inflight]), stopped])
  }
}

export { Fatal }
