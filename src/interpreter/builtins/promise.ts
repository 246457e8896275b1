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
import { DONE, openIterator, toList } from "../iteration.js"
import { checkPromiseElements } from "../memory-caps.js"
import { BYTES } from "../memory-budget.js"
import { getProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { interruptToolCall } from "../tools.js"
import { ARGUMENTS, Builtin, GuestFunction, GuestObject, isCallable, newObject, ToolRef } from "../values.js"
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
  if (isPrimitive(v)) return v
  // The caller's promise follows it: a rejection of it is observed there.
  if (v instanceof Promise) return (rt.observe(v), v)
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

/** A combinator's result promise and its resolving functions (§27.2.1.5 NewPromiseCapability). */
interface Capability {
  readonly promise: Promise<unknown>
  /** Resolves as a resolve function does: a thenable value is adopted. */
  readonly resolve: Settler
  /** Rejects with a host reason (`GuestThrow` or `Fatal`). */
  readonly reject: Settler
}

/**
 * What one combinator does with its elements: `element(i, x)` gives the reactions for the i-th element `x` (its
 * fulfilment value, its host rejection reason), called before that element's `then` is; `done(count)` runs once the
 * iterable is exhausted.
 */
interface Aggregate {
  readonly element: (i: number, x: unknown) => readonly [Settler, Settler]
  readonly done: (count: number) => void
}

/** The elements of a combinator's argument, taken one at a time (IteratorStepValue); `close` is IteratorClose. */
interface Elements {
  readonly next: () => unknown
  readonly close: () => void
}

const notIterableMessage = (name: string) => `Promise.${name} expects an array or another iterable; its argument`

/**
 * An array is read live, as its iterator would (a `then` may push to it); an object with a guest
 * `[Symbol.iterator]` one `next()` at a time; strings, Maps, Sets and the other built-in iterables from a snapshot,
 * as `for…of` takes them. A non-iterable is the TypeError naming the combinator.
 */
const elementsOf = (rt: Run, v: unknown, name: string): Elements => {
  if (Array.isArray(v)) {
    checkPromiseElements(v.length, `Promise.${name}`)
    let i = 0
    return { next: () => (i < v.length ? v[i++] : DONE), close: noop }
  }
  if (
    v instanceof GuestFunction ||
    (v instanceof GuestObject && (v as { [ARGUMENTS]?: boolean })[ARGUMENTS] !== true)
  ) {
    const it = openIterator(v, undefined, rt)
    if (it !== undefined) return { next: it.step, close: it.closeQuietly }
  }
  const list = toList(v, undefined, notIterableMessage(name), rt)
  let i = 0
  return { next: () => (i < list.length ? list[i++] : DONE), close: noop }
}

/** `Promise.resolve(x)` of the built-in (§27.2.4.7 PromiseResolve): a promise is itself, a thenable is adopted. */
const resolved = (rt: Run, x: unknown): Promise<unknown> => {
  if (x instanceof Promise) return x
  const a = adopt(rt, x)
  return a instanceof Promise ? a : Promise.resolve(a)
}

/** A host reaction as a guest-callable resolving function (for a program's own `then`). */
const asFunction = (f: Settler, rejection: boolean): Builtin =>
  new Builtin("", (_rt, _s, [v]) => void f(rejection ? new GuestThrow(v, undefined) : v), { length: 1 })

/**
 * `Invoke(nextPromise, "then", « onFulfilled, onRejected »)`: the built-in `then` of a promise registers the
 * reactions natively; a program's own `then` (an own property, a replaced `Promise.prototype.then`, a custom
 * `Promise.resolve`'s result) is called with guest functions.
 */
const subscribe = (rt: Run, next: unknown, onOk: Settler, onErr: Settler): void => {
  const then = getProperty(rt, next, "then")
  if (then === promiseMethods.then && next instanceof Promise) {
    rt.observe(next)
    next.then(onOk, onErr)
    return
  }
  rt.call(then, next, [asFunction(onOk, false), asFunction(onErr, true)], undefined, "nextPromise.then")
}

/**
 * A combinator (§27.2.4.1 and its siblings): each element is taken from the iterable in turn, passed to
 * `Promise.resolve` (read once, before iterating) and subscribed to with its `then` before the next one is taken,
 * so a `then` that throws stops the iteration at once and closes the iterator. Every element counts a step and is
 * charged (its reaction, its element function and its slot), and the element count is capped (MAX_PROMISE_ELEMENTS,
 * below the array cap: each pending reaction holds host heap), so an endless iterable ends at a limit. Synchronous failures reject the result, as in the spec (IfAbruptRejectPromise); a `Fatal` ends the run.
 */
const combinator = (name: string, start: (rt: Run, cap: Capability) => Aggregate) =>
  fn(
    name,
    (rt, _s, [iterable]) => {
      let settle!: Settler
      let reject!: Settler
      const promise = guard(
        new Promise<unknown>((a, b) => {
          settle = a
          reject = b
        }),
      )
      const agg = start(rt, { promise, resolve: (v) => resolveWith(rt, v, settle, reject, promise), reject })
      try {
        const promiseResolve = getProperty(rt, PromiseCtor, "resolve")
        if (!isCallable(promiseResolve)) throw typeError("Promise resolve or reject function is not callable")
        const elements = elementsOf(rt, iterable, name)
        let i = 0
        for (;;) {
          const x = elements.next()
          if (x === DONE) break
          try {
            checkPromiseElements(i + 1, `Promise.${name}`)
            rt.tick()
            rt.charge(BYTES.promise + BYTES.closure + BYTES.grow)
            rt.observe(x)
            const next = promiseResolve === resolveStatic ? resolved(rt, x) : rt.call(promiseResolve, PromiseCtor, [x])
            const [onOk, onErr] = agg.element(i, x)
            subscribe(rt, next, onOk, onErr)
          } catch (e) {
            if (!(e instanceof Fatal)) elements.close()
            throw e
          }
          i++
        }
        agg.done(i)
      } catch (e) {
        if (e instanceof Fatal) throw e
        reject(asRejection(e))
      }
      return promise
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
 * The element functions settle the result directly (§27.2.4.1.3 and siblings, as V8 does), so a reaction attached
 * to the result runs in the same turn as the elements' second reactions (test262 resolved-sequence.js).
 *
 * What all, allSettled and any share: one slot in `list` per element, each element's functions acting once (its
 * [[AlreadyCalled]]: `claim` answers true only the first time), and `finish(list)` once every slot is filled and the
 * iteration has ended (the count starts at 1 for the iteration, which `done` takes away).
 */
const countdown = (finish: (list: Array<unknown>) => void) => {
  const list: Array<unknown> = []
  let remaining = 1
  const settle = () => {
    if (--remaining === 0) finish(list)
  }
  return {
    slot: (i: number) => {
      list.push(undefined)
      remaining++
      let called = false
      return {
        claim: (): boolean => !called && (called = true),
        fill: (v: unknown) => {
          list[i] = v
          settle()
        },
      }
    },
    done: settle,
  }
}

const all = (rt: Run, cap: Capability): Aggregate => {
  const count = countdown(cap.resolve)
  return {
    element: (i) => {
      const s = count.slot(i)
      const ok = (v: unknown) => {
        if (s.claim()) s.fill(v)
      }
      return [ok, cap.reject]
    },
    done: count.done,
  }
}

const allSettled = (rt: Run, cap: Capability): Aggregate => {
  const count = countdown(cap.resolve)
  return {
    element: (i) => {
      const s = count.slot(i)
      const ok = (value: unknown) => {
        if (s.claim()) s.fill(settled("fulfilled", "value", value))
      }
      const err = (r: unknown) => {
        if (!s.claim()) return
        if (r instanceof Fatal) return cap.reject(r)
        s.fill(settled("rejected", "reason", reasonValue(r)))
      }
      return [ok, err]
    },
    done: count.done,
  }
}

const any = (rt: Run, cap: Capability): Aggregate => {
  const count = countdown((errors) => {
    const agg = makeError("AggregateError", "All promises were rejected", ["AggregateError", "Error"])
    agg.errors = errors
    cap.reject(new GuestThrow(agg, undefined))
  })
  return {
    element: (i) => {
      const s = count.slot(i)
      const err = (r: unknown) => {
        if (!s.claim()) return
        if (r instanceof Fatal) return cap.reject(r)
        s.fill(reasonValue(r))
      }
      return [cap.resolve, err]
    },
    done: count.done,
  }
}

/**
 * In JavaScript an empty race never settles, so a program awaiting it waits for ever (until timeoutMs, if any): a
 * deliberate deviation, as in @opencode-ai/codemode 1.18, makes it a catchable TypeError instead. The race also
 * interrupts its losing in-flight tool calls once it settles (1.18), before the awaiting guest resumes: this handler
 * is registered first. Settled calls and non-call values are left alone.
 */
const race = (rt: Run, cap: Capability): Aggregate => {
  const elements: Array<unknown> = []
  const interrupt = () => elements.forEach((x) => interruptToolCall(rt, x))
  cap.promise.then(interrupt, interrupt)
  return {
    element: (_i, x) => {
      elements.push(x)
      return [cap.resolve, cap.reject]
    },
    done: (count) => {
      if (count === 0)
        cap.reject(
          new GuestThrow(
            makeError("TypeError", "Promise.race([]) never settles: pass at least one promise or value"),
            undefined,
          ),
        )
    },
  }
}

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

const resolveStatic = fn(
  "resolve",
  (rt, s, [v]) => {
    detached(s, "resolve")
    rt.observe(v)
    return resolved(rt, v)
  },
  1,
)

export const PromiseCtor: Builtin = new Builtin(
  "Promise",
  () => {
    throw typeError("Constructor Promise requires 'new'")
  },
  {
    length: 1,
    construct: (rt, [executor]) => construct(rt, executor),
    is: (v) => v instanceof Promise,
    statics: table({
      resolve: resolveStatic,
      reject: fn("reject", (rt, s, [v]) => {
        detached(s, "reject")
        // Left unobserved, its rejection is reported when the run ends, as a `new Promise` rejected is.
        const p = guard(Promise.reject(new GuestThrow(v, undefined)))
        rt.watch(p)
        return p
      }),
      all: combinator("all", all),
      allSettled: combinator("allSettled", allSettled),
      race: combinator("race", race),
      any: combinator("any", any),
    }),
  },
)
