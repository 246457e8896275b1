/**
 * `Iterator` and the iterator prototypes (§27.1): %Iterator.prototype% with the helpers (map, filter, take, drop,
 * flatMap, reduce, toArray, forEach, some, every, find), `Iterator.from`, the helper objects and the built-in
 * iterators of arrays, strings, Maps and Sets, which inherit the helpers.
 *
 * The prototypes are ordinary guest objects made for each run on first use (`iteratorProtos`), so a program may
 * add, replace or delete members as in JavaScript without any other run seeing it; their methods are shared
 * built-ins. An iterator's internal state (the source a built-in iterator reads, the record a helper pulls from) is
 * kept host-side in weak maps keyed by the guest object, never as a property a program can see.
 *
 * A helper is a generator in the specification; generators are not available to programs, so each helper is a
 * small state machine here with the generator's states (not started, suspended, running, done): a reentrant
 * `next()` or `return()` while it runs is the generator's TypeError. Every pull from an underlying iterator is a
 * guest call (or a built-in iterator's step), and the eager loops tick the step counter and charge what they
 * keep (toArray), like the other bulk built-ins.
 */
import { toNum } from "../coerce.js"
import { GuestThrow, rangeError, typeError } from "../errors.js"
import { checkArray } from "../memory-caps.js"
import { BYTES, chargeArray } from "../memory-budget.js"
import { getProperty, setProperty } from "../property.js"
import { OBJECT_PROTOTYPE } from "../realm.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestObject, WELL_KNOWN, isCallable, newObject } from "../values.js"
import { hostGetter, hostSetter } from "../accessors.js"
import { fn, table, v8Describe } from "./util.js"

type Obj = Record<string | symbol, unknown>

/** The kinds of built-in iterator, each with its own prototype (%ArrayIteratorPrototype%, …). */
export type IteratorKind = "Array" | "String" | "Map" | "Set"

interface Protos {
  readonly iterator: Obj
  readonly helper: Obj
  readonly wrap: Obj
  readonly kinds: Record<IteratorKind, Obj>
}

const PROTOS = new WeakMap<Run, Protos>()
/** Every run's %Iterator.prototype% (for `instanceof Iterator`, which has no run at hand). */
const ITERATOR_PROTOTYPES = new WeakSet<object>()

const method = (value: unknown): PropertyDescriptor => ({
  value,
  writable: true,
  enumerable: false,
  configurable: true,
})
const tag = (value: string): PropertyDescriptor => ({ value, writable: false, enumerable: false, configurable: true })

const isObject = (v: unknown): v is object => v !== null && typeof v === "object"

const iterResult = (value: unknown, done: boolean): Obj => {
  const r = newObject()
  r.value = value
  r.done = done
  return r
}

// ---------------------------------------------------------------------------------------------------------------
// Iterator records (§7.4.1) and the abstract operations of §7.4 over guest iterators.

interface IterRecord {
  readonly iterator: object
  readonly next: unknown
  done: boolean
}

const DONE: unique symbol = Symbol("codemode.iterator.done")

/** §7.4.2 GetIteratorDirect: `next` is read once, here. */
const direct = (rt: Run, o: unknown, what: string): IterRecord => {
  if (!isObject(o)) throw typeError(`${what} called on non-object`)
  return { iterator: o, next: getProperty(rt, o, "next"), done: false }
}

/** §7.4.8 IteratorStep: the result object, or DONE (the record is marked done on any failure). */
const stepResult = (rt: Run, r: IterRecord): object | typeof DONE => {
  let res: unknown
  try {
    res = rt.call(r.next, r.iterator, [], undefined, "iterator.next")
    if (!isObject(res)) throw typeError(`Iterator result ${v8Describe(res)} is not an object`)
    if (getProperty(rt, res, "done")) {
      r.done = true
      return DONE
    }
  } catch (e) {
    r.done = true
    throw e
  }
  return res
}

/** §7.4.9 IteratorStepValue. */
const stepValue = (rt: Run, r: IterRecord): unknown => {
  const res = stepResult(rt, r)
  if (res === DONE) return DONE
  try {
    return getProperty(rt, res, "value")
  } catch (e) {
    r.done = true
    throw e
  }
}

/** §7.4.11 IteratorClose with a normal completion: `return()`'s failure or a non-object result is thrown. */
const closeNormal = (rt: Run, iterator: object): void => {
  const ret = getProperty(rt, iterator, "return")
  if (ret === undefined || ret === null) return
  const r = rt.call(ret, iterator, [], undefined, "iterator.return")
  if (!isObject(r)) throw typeError(`Iterator result ${v8Describe(r)} is not an object`)
}

/** §7.4.11 IteratorClose with a throw completion: `error` wins over anything `return()` does, then is thrown. */
const closeThrow = (rt: Run, iterator: object, error: unknown): never => {
  if (error instanceof GuestThrow) {
    try {
      const ret = getProperty(rt, iterator, "return")
      if (ret !== undefined && ret !== null) rt.call(ret, iterator, [], undefined, "iterator.return")
    } catch (e) {
      if (!(e instanceof GuestThrow)) throw e // a timeout or a budget stop is never swallowed
    }
  }
  throw error
}

/** Runs `f`; a guest exception closes `iterator` (IfAbruptCloseIterator) and is rethrown. */
const guarded = <T>(rt: Run, iterator: object, f: () => T): T => {
  try {
    return f()
  } catch (e) {
    return closeThrow(rt, iterator, e)
  }
}

/** §7.4.4 GetIteratorFlattenable. */
const flattenable = (rt: Run, o: unknown, strings: boolean): IterRecord => {
  if (!isObject(o) && !(strings && typeof o === "string")) throw typeError(`${v8Describe(o)} is not an object`)
  const m = getProperty(rt, o, WELL_KNOWN.iterator)
  let it: unknown = o
  if (m !== undefined && m !== null) it = rt.call(m, o, [], undefined, "Symbol.iterator")
  if (!isObject(it)) throw typeError(`${v8Describe(it)} is not an object`)
  return direct(rt, it, "Iterator")
}

// ---------------------------------------------------------------------------------------------------------------
// Helpers (§27.1.2.1): a generator-shaped state machine over a pull function.

interface Helper {
  state: "start" | "suspended" | "running" | "done"
  readonly underlying: IterRecord
  /** The next value to yield, or DONE; closes the underlying iterator itself when the spec's closure would. */
  readonly pull: () => unknown
  /** What a `return()` while suspended closes (the underlying iterator; flatMap's inner one first). */
  readonly close: () => void
}

const HELPERS = new WeakMap<object, Helper>()

const helperOf = (self: unknown, what: string): Helper => {
  const h = isObject(self) ? HELPERS.get(self) : undefined
  if (h === undefined) throw typeError(`Method Iterator Helper.prototype.${what} called on incompatible receiver`)
  return h
}

const helperNext = fn("next", (_rt, self) => {
  const h = helperOf(self, "next")
  if (h.state === "running") throw typeError("Generator is already running")
  if (h.state === "done") return iterResult(undefined, true)
  h.state = "running"
  let v: unknown
  try {
    v = h.pull()
  } catch (e) {
    h.state = "done"
    throw e
  }
  if (v === DONE) {
    h.state = "done"
    return iterResult(undefined, true)
  }
  h.state = "suspended"
  return iterResult(v, false)
})

const helperReturn = fn("return", (rt, self) => {
  const h = helperOf(self, "return")
  if (h.state === "running") throw typeError("Generator is already running")
  if (h.state === "start") {
    h.state = "done"
    closeNormal(rt, h.underlying.iterator)
  } else if (h.state === "suspended") {
    h.state = "running"
    try {
      h.close()
    } finally {
      h.state = "done"
    }
  }
  return iterResult(undefined, true)
})

const makeHelper = (
  rt: Run,
  underlying: IterRecord,
  pull: () => unknown,
  close = () => closeNormal(rt, underlying.iterator),
): Obj => {
  rt.charge(BYTES.object)
  const o = Object.create(iteratorProtos(rt).helper) as Obj
  HELPERS.set(o, { state: "start", underlying, pull, close })
  return o
}

const thisIterator = (self: unknown, name: string): object => {
  if (!isObject(self)) throw typeError(`Iterator.prototype.${name} called on non-object`)
  return self
}

/** The callable check of a helper's argument: a failure closes the receiver first (§27.1.4.x step 3). */
const callableArg = (rt: Run, o: object, f: unknown): void => {
  if (!isCallable(f)) closeThrow(rt, o, typeError(`${v8Describe(f)} is not a function`))
}

/** take/drop's limit (§27.1.4.2 steps 3–6): a number that is not NaN and not negative; failures close the receiver. */
const limitArg = (rt: Run, o: object, limit: unknown): number => {
  const n = guarded(rt, o, () => toNum(limit))
  if (Number.isNaN(n) || (Number.isFinite(n) && n > Number.MAX_SAFE_INTEGER))
    closeThrow(rt, o, rangeError(`${v8Describe(limit)} must be positive`))
  const i = Math.trunc(n)
  if (i < 0) closeThrow(rt, o, rangeError(`${v8Describe(limit)} must be positive`))
  return i
}

const helperMethods = {
  map: fn(
    "map",
    (rt, self, [mapper]) => {
      const o = thisIterator(self, "map")
      callableArg(rt, o, mapper)
      const u = direct(rt, o, "Iterator.prototype.map")
      let counter = 0
      return makeHelper(rt, u, () => {
        const v = stepValue(rt, u)
        if (v === DONE) return DONE
        return guarded(rt, o, () => rt.call(mapper, undefined, [v, counter++]))
      })
    },
    1,
  ),
  filter: fn(
    "filter",
    (rt, self, [predicate]) => {
      const o = thisIterator(self, "filter")
      callableArg(rt, o, predicate)
      const u = direct(rt, o, "Iterator.prototype.filter")
      let counter = 0
      return makeHelper(rt, u, () => {
        for (;;) {
          rt.tick()
          const v = stepValue(rt, u)
          if (v === DONE) return DONE
          if (guarded(rt, o, () => rt.call(predicate, undefined, [v, counter++]))) return v
        }
      })
    },
    1,
  ),
  take: fn(
    "take",
    (rt, self, [limit]) => {
      const o = thisIterator(self, "take")
      let remaining = limitArg(rt, o, limit)
      const u = direct(rt, o, "Iterator.prototype.take")
      return makeHelper(rt, u, () => {
        if (remaining === 0) {
          closeNormal(rt, o)
          return DONE
        }
        if (remaining !== Infinity) remaining--
        return stepValue(rt, u)
      })
    },
    1,
  ),
  drop: fn(
    "drop",
    (rt, self, [limit]) => {
      const o = thisIterator(self, "drop")
      let remaining = limitArg(rt, o, limit)
      const u = direct(rt, o, "Iterator.prototype.drop")
      return makeHelper(rt, u, () => {
        while (remaining > 0) {
          rt.tick()
          if (remaining !== Infinity) remaining--
          if (stepResult(rt, u) === DONE) return DONE
        }
        return stepValue(rt, u)
      })
    },
    1,
  ),
  flatMap: fn(
    "flatMap",
    (rt, self, [mapper]) => {
      const o = thisIterator(self, "flatMap")
      callableArg(rt, o, mapper)
      const u = direct(rt, o, "Iterator.prototype.flatMap")
      let counter = 0
      let inner: IterRecord | undefined
      return makeHelper(
        rt,
        u,
        () => {
          for (;;) {
            rt.tick()
            if (inner === undefined) {
              const v = stepValue(rt, u)
              if (v === DONE) return DONE
              inner = guarded(rt, o, () => flattenable(rt, rt.call(mapper, undefined, [v, counter++]), false))
            }
            const it = inner
            const x = guarded(rt, o, () => stepValue(rt, it))
            if (x !== DONE) return x
            inner = undefined
          }
        },
        () => {
          const it = inner
          if (it !== undefined) guarded(rt, o, () => closeNormal(rt, it.iterator))
          closeNormal(rt, o)
        },
      )
    },
    1,
  ),
  reduce: fn(
    "reduce",
    (rt, self, args) => {
      const o = thisIterator(self, "reduce")
      const reducer = args[0]
      callableArg(rt, o, reducer)
      const u = direct(rt, o, "Iterator.prototype.reduce")
      let acc: unknown
      let counter = 0
      if (args.length < 2) {
        acc = stepValue(rt, u)
        if (acc === DONE) throw typeError("Reduce of empty iterator with no initial value")
        counter = 1
      } else acc = args[1]
      for (;;) {
        rt.tick()
        const v = stepValue(rt, u)
        if (v === DONE) return acc
        const a = acc
        acc = guarded(rt, o, () => rt.call(reducer, undefined, [a, v, counter++]))
      }
    },
    1,
  ),
  toArray: fn("toArray", (rt, self) => {
    const o = thisIterator(self, "toArray")
    const u = direct(rt, o, "Iterator.prototype.toArray")
    const out: Array<unknown> = []
    chargeArray(rt, 0)
    for (;;) {
      rt.tick()
      const v = stepValue(rt, u)
      if (v === DONE) return out
      checkArray(out.length + 1, "Iterator.prototype.toArray")
      rt.charge(BYTES.grow)
      out.push(v)
    }
  }),
  forEach: fn(
    "forEach",
    (rt, self, [f]) => {
      const o = thisIterator(self, "forEach")
      callableArg(rt, o, f)
      const u = direct(rt, o, "Iterator.prototype.forEach")
      let counter = 0
      for (;;) {
        rt.tick()
        const v = stepValue(rt, u)
        if (v === DONE) return undefined
        guarded(rt, o, () => rt.call(f, undefined, [v, counter++]))
      }
    },
    1,
  ),
  some: fn("some", (rt, self, [p]) => search(rt, self, p, "some"), 1),
  every: fn("every", (rt, self, [p]) => search(rt, self, p, "every"), 1),
  find: fn("find", (rt, self, [p]) => search(rt, self, p, "find"), 1),
}

/** some / every / find (§27.1.4.12, .5, .6): stop at the first decisive value, closing the iterator. */
const search = (rt: Run, self: unknown, p: unknown, name: "some" | "every" | "find"): unknown => {
  const o = thisIterator(self, name)
  callableArg(rt, o, p)
  const u = direct(rt, o, `Iterator.prototype.${name}`)
  let counter = 0
  for (;;) {
    rt.tick()
    const v = stepValue(rt, u)
    if (v === DONE) return name === "every" ? true : name === "some" ? false : undefined
    const hit = !!guarded(rt, o, () => rt.call(p, undefined, [v, counter++]))
    if (hit !== (name === "every")) {
      closeNormal(rt, o)
      return name === "find" ? v : name === "some"
    }
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Iterator.from's wrapper (%WrapForValidIteratorPrototype%, §27.1.3.2.1.1).

const WRAPPED = new WeakMap<object, IterRecord>()

const wrappedOf = (self: unknown, what: string): IterRecord => {
  const r = isObject(self) ? WRAPPED.get(self) : undefined
  if (r === undefined) throw typeError(`Method %WrapForValidIteratorPrototype%.${what} called on incompatible receiver`)
  return r
}

const wrapNext = fn("next", (rt, self) => {
  const r = wrappedOf(self, "next")
  return rt.call(r.next, r.iterator, [], undefined, "iterator.next")
})

const wrapReturn = fn("return", (rt, self) => {
  const r = wrappedOf(self, "return")
  const ret = getProperty(rt, r.iterator, "return")
  if (ret === undefined || ret === null) return iterResult(undefined, true)
  return rt.call(ret, r.iterator, [], undefined, "iterator.return")
})

/** Whether `v` has some run's %Iterator.prototype% on its chain (OrdinaryHasInstance(%Iterator%, v)). */
const inheritsIterator = (v: unknown): boolean => {
  if (!(v instanceof GuestObject)) return false
  for (let p = Object.getPrototypeOf(v); p !== null && p !== OBJECT_PROTOTYPE; p = Object.getPrototypeOf(p))
    if (ITERATOR_PROTOTYPES.has(p)) return true
  return false
}

const from = fn(
  "from",
  (rt, _self, [o]) => {
    const r = flattenable(rt, o, true)
    if (inheritsIterator(r.iterator)) return r.iterator
    rt.charge(BYTES.object)
    const w = Object.create(iteratorProtos(rt).wrap) as Obj
    WRAPPED.set(w, r)
    return w
  },
  1,
)

// ---------------------------------------------------------------------------------------------------------------
// The constructor and %Iterator.prototype%'s two accessors (§27.1.3.1, §27.1.4.1, §27.1.4.14).

export const IteratorCtor: Builtin = new Builtin(
  "Iterator",
  () => {
    throw typeError("Constructor Iterator requires 'new'")
  },
  {
    length: 0,
    // An abstract class: only a subclass constructs (realm.ts moves the object to new.target's prototype).
    construct: (rt, _args, nt) => {
      if (nt === undefined || nt === IteratorCtor) throw typeError("Abstract class Iterator not directly constructable")
      rt.charge(BYTES.object)
      return Object.create(iteratorProtos(rt).iterator) as Obj
    },
    is: inheritsIterator,
    statics: table({ from }),
    runPrototype: (rt) => iteratorProtos(rt).iterator,
  },
)

/** §27.1.4.1.2 / .14.2 SetterThatIgnoresPrototypeProperties with home %Iterator.prototype%. */
const ignoringSetter = (key: string | symbol, name: string): Builtin =>
  fn(`set ${name}`, (rt, self, [v]) => {
    if (!isObject(self)) throw typeError(`Iterator.prototype ${name} setter called on non-object`)
    if (self === iteratorProtos(rt).iterator) throw typeError(`Cannot assign to read only property '${name}'`)
    const o = self as Obj
    if ((o instanceof GuestObject || Array.isArray(o)) && !Object.prototype.hasOwnProperty.call(o, key)) {
      if (!Object.isExtensible(o)) throw typeError(`Cannot add property ${name}, object is not extensible`)
      rt.charge(BYTES.addedProp)
      Object.defineProperty(o, key, { value: v, writable: true, enumerable: true, configurable: true })
      return undefined
    }
    setProperty(rt, o, key, v)
    return undefined
  })

const getConstructor = fn("get constructor", () => IteratorCtor)
const setConstructor = ignoringSetter("constructor", "constructor")
const getTag = fn("get [Symbol.toStringTag]", () => "Iterator")
const setTag = ignoringSetter(WELL_KNOWN.toStringTag, "[Symbol.toStringTag]")
const returnThis = fn("[Symbol.iterator]", (_rt, self) => self)

// ---------------------------------------------------------------------------------------------------------------
// Built-in iterators (§23.1.5, §22.1.5, §24.1.5, §24.2.6): `next` reads the source lazily through `step`.

interface Source {
  readonly kind: IteratorKind
  /** The next value, or undefined when exhausted (the source is dropped then). */
  step: (() => { value: unknown } | undefined) | undefined
}

const SOURCES = new WeakMap<object, Source>()

const kindNext = (kind: IteratorKind): Builtin =>
  fn("next", (_rt, self) => {
    const s = isObject(self) ? SOURCES.get(self) : undefined
    if (s === undefined || s.kind !== kind)
      throw typeError(`Method ${kind} Iterator.prototype.next called on incompatible receiver ${v8Describe(self)}`)
    const r = s.step?.()
    if (r === undefined) {
      s.step = undefined
      return iterResult(undefined, true)
    }
    return iterResult(r.value, false)
  })

const KIND_NEXT: Record<IteratorKind, Builtin> = {
  Array: kindNext("Array"),
  String: kindNext("String"),
  Map: kindNext("Map"),
  Set: kindNext("Set"),
}

/** A built-in iterator of this run: an object whose prototype is the kind's (so it inherits the helpers). */
export const builtinIterator = (
  rt: Run,
  kind: IteratorKind,
  step: () => { value: unknown } | undefined,
): Record<string, unknown> => {
  rt.charge(BYTES.object)
  const it = Object.create(iteratorProtos(rt).kinds[kind]) as Record<string, unknown>
  SOURCES.set(it, { kind, step })
  return it
}

const defineAll = (o: object, rows: Record<string, unknown>): void => {
  for (const [k, v] of Object.entries(rows)) Object.defineProperty(o, k, method(v))
}

/** This run's iterator prototypes, made on first use. */
export const iteratorProtos = (rt: Run): Protos => {
  let p = PROTOS.get(rt)
  if (p !== undefined) return p
  rt.charge(8 * BYTES.object)
  const iterator = Object.create(OBJECT_PROTOTYPE) as Obj
  defineAll(iterator, helperMethods)
  Object.defineProperty(iterator, WELL_KNOWN.iterator, method(returnThis))
  Object.defineProperty(iterator, "constructor", {
    get: hostGetter(rt, getConstructor),
    set: hostSetter(rt, setConstructor),
    enumerable: false,
    configurable: true,
  })
  Object.defineProperty(iterator, WELL_KNOWN.toStringTag, {
    get: hostGetter(rt, getTag),
    set: hostSetter(rt, setTag),
    enumerable: false,
    configurable: true,
  })
  ITERATOR_PROTOTYPES.add(iterator)
  const helper = Object.create(iterator) as Obj
  defineAll(helper, { next: helperNext, return: helperReturn })
  Object.defineProperty(helper, WELL_KNOWN.toStringTag, tag("Iterator Helper"))
  const wrap = Object.create(iterator) as Obj
  defineAll(wrap, { next: wrapNext, return: wrapReturn })
  const kind = (k: IteratorKind): Obj => {
    const o = Object.create(iterator) as Obj
    defineAll(o, { next: KIND_NEXT[k] })
    Object.defineProperty(o, WELL_KNOWN.toStringTag, tag(`${k} Iterator`))
    return o
  }
  p = {
    iterator,
    helper,
    wrap,
    kinds: { Array: kind("Array"), String: kind("String"), Map: kind("Map"), Set: kind("Set") },
  }
  PROTOS.set(rt, p)
  return p
}
