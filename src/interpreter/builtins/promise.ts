/**
 * Promises (ECMA-262 §27.2): `new Promise`, `.then/.catch/.finally`, the combinators. Guest promises are native
 * promises whose rejection reasons are always `GuestThrow` (or `Fatal`); guests see `reason.value`. Passing a
 * promise to any of these marks it observed (no unhandled-rejection diagnostic).
 *
 * Thenables are adopted wherever the spec adopts them (`await`, `Promise.resolve`, the combinators, a value returned
 * from a `then` callback or an async function, `resolve(x)` of `new Promise`): `adopt` reads the guest's `then`
 * through the interpreter and calls it as a guest function in a microtask (NewPromiseResolveThenableJob). A native
 * `await` never calls a guest `then` itself: guest functions are not host callables.
 */
import { isPrimitive } from "../coerce.js"
import { Fatal, GuestThrow, makeError, normalizeThrown, typeError } from "../errors.js"
import { toList } from "../iteration.js"
import { getProperty } from "../property.js"
import type { Run } from "../run.js"
import { interruptToolCall } from "../tools.js"
import { Builtin, isCallable, newObject, ToolRef } from "../values.js"
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

type Settler = (v: unknown) => void

/**
 * A value's `then` as promise resolution reads it (§27.2.1.3.2 step 9). A tool reference (`tools`, a namespace, a
 * tool) is never a thenable: its members name tools, so `await f()` where `f` returns `tools` gives the namespace
 * back instead of calling a tool named `then`.
 */
const thenOf = (rt: Run, v: unknown): unknown => (v instanceof ToolRef ? undefined : getProperty(rt, v, "then"))

/**
 * Resolves a native promise with a guest value the way a promise resolve function does (§27.2.1.3.2): a promise
 * is adopted natively, a thenable through its guest `then` in a microtask, anything else fulfils.
 */
const resolveWith = (rt: Run, v: unknown, resolve: Settler, reject: Settler, self?: Promise<unknown>): void => {
  if (v === self && self !== undefined) return reject(typeError("Chaining cycle detected for promise #<Promise>"))
  if (v instanceof Promise) {
    rt.observe(v)
    return resolve(v)
  }
  if (isPrimitive(v)) return resolve(v)
  let then: unknown
  try {
    then = thenOf(rt, v)
  } catch (e) {
    return reject(asRejection(e))
  }
  if (!isCallable(then)) return resolve(v)
  queueMicrotask(() => {
    if (rt.stopped) return reject(rt.stopped)
    const { res, rej, fail } = resolvingFunctions(rt, resolve, reject, self)
    try {
      rt.call(then, v, [res, rej])
    } catch (e) {
      if (e instanceof Fatal) return reject(e)
      fail(e)
    }
  })
}

/**
 * The resolve/reject pair handed to an executor or a thenable's `then` (§27.2.1.3): only the first call counts.
 * `fail` settles with a failure caught from the guest call itself (a throw after resolving is ignored, as in JS).
 */
const resolvingFunctions = (rt: Run, resolve: Settler, reject: Settler, self: Promise<unknown> | undefined) => {
  let done = false
  const fail = (e: unknown): void => {
    if (done) return
    done = true
    reject(asRejection(e))
  }
  const res = new Builtin(
    "",
    (_rt, _s, [v]) => {
      if (done) return undefined
      done = true
      resolveWith(rt, v, resolve, reject, self)
      return undefined
    },
    { length: 1 },
  )
  const rej = new Builtin("", (_rt, _s, [r]) => fail(new GuestThrow(r, undefined)), { length: 1 })
  return { res, rej, fail }
}

/**
 * A guest value as something the native machinery can adopt: the value itself unless it is a thenable, else a
 * native promise that follows it. Used where the spec resolves a promise with a value.
 */
export const adopt = (rt: Run, v: unknown): unknown => {
  if (isPrimitive(v) || v instanceof Promise) return v
  let then: unknown
  try {
    then = thenOf(rt, v)
  } catch (e) {
    return guard(Promise.reject(asRejection(e)))
  }
  if (!isCallable(then)) return v
  return guard(new Promise((resolve, reject) => resolveWith(rt, v, resolve, reject)))
}

/** `new Promise(executor)` (§27.2.3.1): the executor runs now with the resolving functions. */
const construct = (rt: Run, executor: unknown): Promise<unknown> => {
  if (!isCallable(executor)) throw typeError(`Promise resolver ${describeExecutor(executor)} is not a function`)
  let resolve!: Settler
  let reject!: Settler
  const p = new Promise<unknown>((a, b) => {
    resolve = a
    reject = b
  })
  guard(p)
  rt.watch(p)
  const { res, rej, fail } = resolvingFunctions(rt, resolve, reject, p)
  try {
    rt.call(executor, undefined, [res, rej])
  } catch (e) {
    if (e instanceof Fatal) throw e
    fail(e)
  }
  return p
}

const describeExecutor = (v: unknown): string =>
  v === undefined
    ? "undefined"
    : v === null
      ? "null"
      : typeof v === "string"
        ? v
        : isPrimitive(v)
          ? String(v)
          : "#<Object>"

/** The combinators' argument as a list of adopted values; a non-iterable rejects (§27.2.4.1 step 8, IfAbruptRejectPromise). */
const items = (rt: Run, v: unknown, name: string): Array<unknown> => {
  // The message names the combinator and what it takes (e.g. "Promise.all expects an array or another iterable; …").
  const list = toList(v, undefined, `Promise.${name} expects an array or another iterable; its argument`, rt)
  for (const x of list) rt.observe(x)
  return list.map((x) => adopt(rt, x))
}

/** A combinator: its synchronous failures (a non-iterable argument) become a rejected promise, as in the spec. */
const combinator = (name: string, body: (rt: Run, list: Array<unknown>) => Promise<unknown>) =>
  fn(
    name,
    (rt, _s, [v]) => {
      let list: Array<unknown>
      try {
        list = items(rt, v, name)
      } catch (e) {
        if (e instanceof Fatal) throw e
        return guard(Promise.reject(asRejection(e)))
      }
      return body(rt, list)
    },
    1,
  )

/** Calls a guest callback from a settlement handler; failures become guest rejections. */
const invoke = (rt: Run, cb: unknown, args: ReadonlyArray<unknown>): unknown => {
  if (rt.stopped) throw rt.stopped
  try {
    return adopt(rt, rt.call(cb, undefined, args))
  } catch (e) {
    throw asRejection(e)
  }
}

const isFn = (_rt: Run, v: unknown) => isCallable(v)

const self = (v: unknown): Promise<unknown> => {
  if (!(v instanceof Promise)) throw typeError("Receiver is not a Promise")
  return v
}

/**
 * The promise a `then`/`catch`/`finally` derives is pending guest work like an async call's: the run waits for it
 * when it is left un-observed (so the reaction runs), and an un-observed rejection of it is reported.
 */
const derived = (rt: Run, p: Promise<unknown>): Promise<unknown> => {
  guard(p)
  rt.track(p, "async")
  return p
}

export const promiseMethods = methods({
  then: (rt, s, [onOk, onErr]) => {
    const p = self(s)
    rt.observe(p)
    return derived(
      rt,
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
    return derived(
      rt,
      p.catch((r) => {
        if (r instanceof Fatal || !isFn(rt, onErr)) throw r
        return invoke(rt, onErr, [reasonValue(r)])
      }),
    )
  },
  finally: (rt, s, [onFinally]) => {
    const p = self(s)
    rt.observe(p)
    if (!isFn(rt, onFinally)) return derived(rt, p.then())
    return derived(
      rt,
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

/**
 * `Promise.allSettled` and `Promise.any` settle from inside their members' own reactions, as V8 does (§27.2.4.2,
 * §27.2.4.3: the element functions resolve the aggregate directly), so a reaction attached to the aggregate runs in
 * the same turn as the members' second reactions. Chaining `.then`/`.catch` onto a native combinator instead would
 * add a turn (test262 resolved-sequence.js).
 */
const allSettled = (list: ReadonlyArray<unknown>): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const out: Array<unknown> = new Array(list.length)
    let remaining = list.length
    if (remaining === 0) return resolve(out)
    list.forEach((x, i) =>
      Promise.resolve(x).then(
        (value) => {
          out[i] = settled("fulfilled", "value", value)
          if (--remaining === 0) resolve(out)
        },
        (r) => {
          if (r instanceof Fatal) return reject(r)
          out[i] = settled("rejected", "reason", reasonValue(r))
          if (--remaining === 0) resolve(out)
        },
      ),
    )
  })

const any = (list: ReadonlyArray<unknown>): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const errors: Array<unknown> = new Array(list.length)
    let remaining = list.length
    const fail = () => {
      const agg = makeError("AggregateError", "All promises were rejected", ["AggregateError", "Error"])
      agg.errors = errors.map(reasonValue)
      reject(new GuestThrow(agg, undefined))
    }
    if (remaining === 0) return fail()
    list.forEach((x, i) =>
      Promise.resolve(x).then(resolve, (r) => {
        errors[i] = r
        if (--remaining === 0) fail()
      }),
    )
  })

/**
 * `Promise.resolve` / `Promise.reject` read their receiver (§27.2.4.7 step 2: a TypeError when it is not an object), so
 * a detached reference passed as a callback (`list.map(Promise.resolve)`) fails, as in JavaScript, with the fix.
 */
const detached = (self: unknown, name: "resolve" | "reject"): void => {
  if (self === undefined || isPrimitive(self))
    throw typeError(
      `Promise.${name} called on non-object: wrap it in an arrow function, e.g. (value) => Promise.${name}(value)`,
    )
}

export const PromiseCtor = new Builtin(
  "Promise",
  () => {
    throw typeError("Constructor Promise requires 'new'")
  },
  {
    length: 1,
    construct: (rt, [executor]) => construct(rt, executor),
    is: (v) => v instanceof Promise,
    statics: table({
      resolve: fn(
        "resolve",
        (rt, s, [v]) => {
          detached(s, "resolve")
          rt.observe(v)
          if (v instanceof Promise) return v
          const a = adopt(rt, v)
          return a instanceof Promise ? a : Promise.resolve(a)
        },
        1,
      ),
      reject: fn("reject", (_rt, s, [v]) => {
        detached(s, "reject")
        return guard(Promise.reject(new GuestThrow(v, undefined)))
      }),
      all: combinator("all", (_rt, list) => guard(Promise.all(list))),
      allSettled: combinator("allSettled", (_rt, list) => guard(allSettled(list))),
      race: combinator("race", (rt, list) => {
        // In JavaScript an empty race never settles, so a program awaiting it waits for ever (until timeoutMs, if
        // any): a deliberate deviation, as in @opencode-ai/codemode 1.18, makes it a catchable TypeError instead.
        if (list.length === 0)
          return guard(
            Promise.reject(
              new GuestThrow(
                makeError("TypeError", "Promise.race([]) never settles: pass at least one promise or value"),
                undefined,
              ),
            ),
          )
        const p = guard(Promise.race(list))
        // @opencode-ai/codemode 1.18: the race interrupts its losing in-flight tool calls once it settles (before the awaiting guest
        // resumes: this handler is registered first). Settled calls and non-call values are left alone.
        const interrupt = () => list.forEach((x) => interruptToolCall(rt, x))
        p.then(interrupt, interrupt)
        return p
      }),
      any: combinator("any", (_rt, list) => guard(any(list))),
    }),
  },
)
