/**
 * Timers and the microtask queue on the run's clock (HTML "Timers", as Node and the V8-isolate platforms expose
 * them): `setTimeout`, `setInterval`, `clearTimeout`, `clearInterval`, `queueMicrotask`, `performance.now()`.
 *
 * A timer belongs to its run: callbacks are guest calls under the run's step counter and deadline, a stopped run
 * fires nothing, and every timer still pending when the run ends is cleared (run-program.ts). Like Node's event loop,
 * the run waits for pending `setTimeout` callbacks before it ends (their effects — tool calls, writes — happen);
 * an interval does not keep the run alive (an interval nobody clears would hold it until the deadline, or forever
 * without one): an interval still set when everything else is done is cleared. An exception thrown by a timer or
 * microtask callback ends the run as an uncaught error, as it ends a Node process.
 */
import { diagnostic } from "../../diagnostic.js"
import { toNum, toStr } from "../coerce.js"
import { Fatal, GuestThrow, normalizeThrown, rangeError, typeError } from "../errors.js"
import { BYTES } from "../memory-budget.js"
import type { Run } from "../run-state.js"
import { Namespace, isCallable, isGuestError } from "../values.js"
import { fn, hostInput } from "./util.js"

/** Pending timers per run: each holds a host timer, so the count is bounded like any other allocation. */
export const MAX_TIMERS = 10_000

/** Node's clamp (lib/internal/timers.js): a delay that is not a number in [1, 2^31 − 1] becomes 1 ms. */
const delayOf = (v: unknown): number => {
  const d = v === undefined ? 1 : toNum(v)
  return d >= 1 && d <= 2 ** 31 - 1 ? d : 1
}

const messageOf = (v: unknown): string => {
  try {
    return isGuestError(v) ? toStr((v as { message?: unknown }).message) : toStr(v)
  } catch {
    return "a non-error value"
  }
}

const stop = (rt: Run, f: Fatal): void => {
  try {
    rt.stop(f)
  } catch {
    // rt.stop throws to unwind guest code; here there is none above us.
  }
}

/** A callback's failure ends the run, uncatchably, as an uncaught exception ends a Node process. */
const uncaught = (rt: Run, e: unknown, where: string): void => {
  const t = normalizeThrown(e, undefined)
  if (t instanceof Fatal) return void stop(rt, t)
  if (!(t instanceof GuestThrow)) return
  const message = t.diagnostic?.message ?? messageOf(t.value)
  stop(
    rt,
    new Fatal(
      diagnostic(t.diagnostic?.kind ?? "ExecutionFailure", `Uncaught in a ${where} callback: ${message}`, {
        location: t.diagnostic?.location ?? t.pos,
      }),
    ),
  )
}

const checkCallback = (cb: unknown, what: string): void => {
  if (!isCallable(cb)) throw typeError(`The "callback" argument of ${what} must be a function`)
}

const schedule = (rt: Run, args: ReadonlyArray<unknown>, repeat: boolean): number => {
  const what = repeat ? "setInterval" : "setTimeout"
  const [cb, delay, ...rest] = args
  checkCallback(cb, what)
  if (rt.stopped) throw rt.stopped
  if (rt.timers.size >= MAX_TIMERS)
    throw rangeError(`${what}: over ${MAX_TIMERS} pending timers; clear the ones you no longer need`)
  rt.charge(BYTES.promise)
  const id = rt.nextTimer++
  let settle!: () => void
  const settled = new Promise<void>((r) => (settle = r))
  const clear = () => {
    if (!rt.timers.delete(id)) return
    if (repeat) clearInterval(handle)
    else clearTimeout(handle)
    settle()
  }
  const fire = () => {
    if (rt.stopped) return clear()
    if (!repeat) clear()
    try {
      rt.call(cb, undefined, rest)
    } catch (e) {
      uncaught(rt, e, what)
    }
  }
  const ms = delayOf(delay)
  const handle = repeat ? setInterval(fire, ms) : setTimeout(fire, ms)
  rt.timers.set(id, { repeat, clear })
  // A pending one-shot timer keeps the run alive (run-program.ts drains `inflight`); an interval does not.
  if (!repeat) {
    rt.inflight.add(settled)
    rt.untracked.add(settled)
    rt.workNames.set(settled, { describe: () => `a setTimeout callback due after ${ms} ms` })
    void settled.then(() => rt.inflight.delete(settled))
  }
  return id
}

const cancel = (rt: Run, id: unknown): undefined => {
  // As in browsers and Node, the two clear functions share one id space; an unknown id is ignored.
  const t = typeof id === "number" ? rt.timers.get(id) : undefined
  if (t) t.clear()
  return undefined
}

export const timerGlobals: Record<string, unknown> = {
  setTimeout: fn("setTimeout", (rt, _s, args) => schedule(rt, args, false), 1),
  setInterval: fn("setInterval", (rt, _s, args) => schedule(rt, args, true), 1),
  clearTimeout: fn("clearTimeout", (rt, _s, [id]) => cancel(rt, id), 1),
  clearInterval: fn("clearInterval", (rt, _s, [id]) => cancel(rt, id), 1),
  queueMicrotask: fn(
    "queueMicrotask",
    (rt, _s, [cb]) => {
      checkCallback(cb, "queueMicrotask")
      if (rt.stopped) throw rt.stopped
      rt.charge(BYTES.promise)
      queueMicrotask(() => {
        if (rt.stopped) return
        try {
          rt.call(cb, undefined, [])
        } catch (e) {
          uncaught(rt, e, "queueMicrotask")
        }
      })
      return undefined
    },
    1,
  ),
  // Milliseconds since the run started, on the host's monotonic clock (no host process uptime is revealed).
  performance: new Namespace("performance", {
    now: fn("now", (rt) => hostInput(rt, "performance.now", () => performance.now() - rt.startedAt)),
  }),
}
