/**
 * Promises (@opencode-ai/codemode 1.18 "First-class promises" + docs/design.md#canonical-programs: `.then/.catch/.finally`, `Promise.any`). Guest promises
 * are native promises whose rejection reasons are always `GuestThrow` (or `Fatal`); guests see `reason.value`.
 * Passing a promise to any of these marks it observed (no unhandled-rejection diagnostic).
 */
import { Fatal, GuestThrow, makeError, normalizeThrown, typeError } from "../errors.js"
import { toList } from "../iteration.js"
import type { Run } from "../run.js"
import { interruptToolCall } from "../tools.js"
import { Builtin, isCallable, newObject } from "../values.js"
import { fn, methods, table } from "./util.js"

const noop = () => {}

/** Native promises never reject unhandled in the host process: each one we create gets a no-op handler. */
export const guard = <T>(p: Promise<T>): Promise<T> => {
  p.catch(noop)
  return p
}

/** The guest-visible value of a rejection reason. */
export const reasonValue = (r: unknown): unknown =>
  r instanceof GuestThrow ? r.value : r instanceof Fatal ? makeError("Error", r.diagnostic.message) : r

const asRejection = (e: unknown): unknown => {
  const t = normalizeThrown(e, undefined)
  return t
}

const items = (rt: Run, v: unknown): Array<unknown> => {
  const list = toList(v, undefined, "Promise combinator argument")
  for (const x of list) rt.observe(x)
  return list
}

/** Calls a guest callback from a settlement handler; failures become guest rejections. */
const invoke = (rt: Run, cb: unknown, args: ReadonlyArray<unknown>): unknown => {
  if (rt.stopped) throw rt.stopped
  try {
    return rt.call(cb, undefined, args)
  } catch (e) {
    throw asRejection(e)
  }
}

const isFn = (_rt: Run, v: unknown) => isCallable(v)

const self = (v: unknown): Promise<unknown> => {
  if (!(v instanceof Promise)) throw typeError("Receiver is not a Promise")
  return v
}

export const promiseMethods = methods({
  then: (rt, s, [onOk, onErr]) => {
    const p = self(s)
    rt.observe(p)
    return guard(
      p.then(
        isFn(rt, onOk) ? (v) => invoke(rt, onOk, [v]) : undefined,
        isFn(rt, onErr)
          ? (r) => {
              if (r instanceof Fatal) throw r
              return invoke(rt, onErr, [reasonValue(r)])
            }
          : undefined,
      ),
    )
  },
  catch: (rt, s, [onErr]) => {
    const p = self(s)
    rt.observe(p)
    return guard(
      p.catch((r) => {
        if (r instanceof Fatal || !isFn(rt, onErr)) throw r
        return invoke(rt, onErr, [reasonValue(r)])
      }),
    )
  },
  finally: (rt, s, [onFinally]) => {
    const p = self(s)
    rt.observe(p)
    if (!isFn(rt, onFinally)) return guard(p.then())
    return guard(
      p.then(
        async (v) => {
          await invoke(rt, onFinally, [])
          return v
        },
        async (r) => {
          if (r instanceof Fatal) throw r
          await invoke(rt, onFinally, [])
          throw r
        },
      ),
    )
  },
})

const settled = (status: "fulfilled" | "rejected", key: "value" | "reason", v: unknown) => {
  const o = newObject()
  o.status = status
  o[key] = v
  return o
}

export const PromiseCtor = new Builtin(
  "Promise",
  () => {
    throw typeError("Promise constructor cannot be invoked without 'new'")
  },
  {
    length: 1,
    construct: () => {
      throw typeError("new Promise(...) is not supported: call async functions or tools, and use await/Promise.all")
    },
    is: (v) => v instanceof Promise,
    statics: table({
      resolve: fn("resolve", (rt, _s, [v]) => {
        rt.observe(v)
        return v instanceof Promise ? v : Promise.resolve(v)
      }),
      reject: fn("reject", (_rt, _s, [v]) => guard(Promise.reject(new GuestThrow(v, undefined)))),
      all: fn("all", (rt, _s, [v]) => guard(Promise.all(items(rt, v)))),
      allSettled: fn("allSettled", (rt, _s, [v]) =>
        guard(
          Promise.all(
            items(rt, v).map((x) =>
              Promise.resolve(x).then(
                (value) => settled("fulfilled", "value", value),
                (r) => {
                  if (r instanceof Fatal) throw r
                  return settled("rejected", "reason", reasonValue(r))
                },
              ),
            ),
          ),
        ),
      ),
      race: fn("race", (rt, _s, [v]) => {
        const list = items(rt, v)
        const p = guard(Promise.race(list))
        // @opencode-ai/codemode 1.18: the race interrupts its losing in-flight tool calls once it settles (before the awaiting guest
        // resumes: this handler is registered first). Settled calls and non-call values are left alone.
        const interrupt = () => list.forEach(interruptToolCall)
        p.then(interrupt, interrupt)
        return p
      }),
      any: fn("any", (rt, _s, [v]) =>
        guard(
          Promise.any(items(rt, v)).catch((e: unknown) => {
            const errors = e instanceof AggregateError ? e.errors.map(reasonValue) : []
            const agg = makeError("AggregateError", "All promises were rejected", ["AggregateError", "Error"])
            agg.errors = errors
            throw new GuestThrow(agg, undefined)
          }),
        ),
      ),
    }),
  },
)
