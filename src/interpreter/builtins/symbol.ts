/**
 * `Symbol` (§20.4) and the built-in iterators (§27.1): guest symbols are native symbol values (typeof "symbol",
 * usable as keys of guest objects); the well-known ones are the guest's own (values.ts `WELL_KNOWN`). `Symbol.for`
 * uses the host's registry, which holds only strings → symbols. The iterators of arrays, strings, Maps, Sets and
 * `arguments` are guest objects with `next` and `[Symbol.iterator]`, reading their source lazily like V8's.
 */
import { toStr } from "../coerce.js"
import { typeError } from "../errors.js"
import type { Run } from "../run.js"
import { Builtin, WELL_KNOWN, isInternalSymbol, newObject } from "../values.js"
import { fn, methods, table } from "./util.js"

const hidden = (value: unknown) => ({ value, writable: true, enumerable: false, configurable: true })

const thisSymbol = (s: unknown, what: string): symbol => {
  if (typeof s !== "symbol") throw typeError(`${what} requires that 'this' be a Symbol`)
  return s
}

export const SymbolCtor = new Builtin("Symbol", (_rt, _s, [d]) => Symbol(d === undefined ? undefined : toStr(d)), {
  length: 0,
  is: () => false,
  statics: table({
    ...WELL_KNOWN,
    for: fn("for", (_rt, _s, [k]) => Symbol.for(toStr(k)), 1),
    keyFor: fn(
      "keyFor",
      (_rt, _s, [s]) => {
        if (typeof s !== "symbol") throw typeError(`${toStr(String(s))} is not a symbol`)
        return Symbol.keyFor(s)
      },
      1,
    ),
  }),
})

/** Symbol.prototype members (`description` is served by property.ts). */
export const symbolMethods = methods({
  toString: (_rt: Run, s: unknown) => thisSymbol(s, "Symbol.prototype.toString").toString(),
  valueOf: (_rt: Run, s: unknown) => thisSymbol(s, "Symbol.prototype.valueOf"),
})

/** The `{ value, done }` object of one iteration step. */
export const iterResult = (value: unknown, done: boolean): Record<string, unknown> => {
  const r = newObject()
  r.value = value
  r.done = done
  return r
}

const returnThis = fn("[Symbol.iterator]", (_rt, self) => self)

/** A built-in iterator: `next()` calls `step` (undefined = done; the source is dropped then). */
export const builtinIterator = (tag: string, step: () => { value: unknown } | undefined): Record<string, unknown> => {
  let done = false
  const it = newObject()
  Object.defineProperty(
    it,
    "next",
    hidden(
      fn("next", () => {
        if (done) return iterResult(undefined, true)
        const r = step()
        if (r === undefined) {
          done = true
          return iterResult(undefined, true)
        }
        return iterResult(r.value, false)
      }),
    ),
  )
  Object.defineProperty(it, WELL_KNOWN.iterator, hidden(returnThis))
  Object.defineProperty(it, WELL_KNOWN.toStringTag, { value: tag, configurable: true })
  return it
}

/** An array-like's iterator: live over `length` (§23.1.5.1 CreateArrayIterator, kind "value"). */
export const arrayIterator = (a: ArrayLike<unknown>): Record<string, unknown> => {
  let i = 0
  return builtinIterator("Array Iterator", () => (i < a.length ? { value: a[i++] } : undefined))
}

export const stringIterator = (s: string): Record<string, unknown> => {
  let i = 0
  return builtinIterator("String Iterator", () => {
    if (i >= s.length) return undefined
    const cp = s.codePointAt(i)!
    const ch = String.fromCodePoint(cp)
    i += ch.length
    return { value: ch }
  })
}

const nativeIterator = (tag: string, it: Iterator<unknown>): Record<string, unknown> =>
  builtinIterator(tag, () => {
    const r = it.next()
    return r.done ? undefined : { value: r.value }
  })

export const mapIterator = (m: Map<unknown, unknown>): Record<string, unknown> =>
  nativeIterator(
    "Map Iterator",
    (function* () {
      for (const [k, v] of m) yield [k, v]
    })(),
  )

export const setIterator = (s: Set<unknown>): Record<string, unknown> => nativeIterator("Set Iterator", s.values())

/** `[Symbol.iterator]` rows of the built-in prototypes' tables. */
export const iteratorRows = {
  array: fn("values", (_rt, self) => {
    if (self === null || self === undefined) throw typeError("Array.prototype.values called on null or undefined")
    return arrayIterator(typeof self === "string" ? self : (self as ArrayLike<unknown>))
  }),
  string: fn("[Symbol.iterator]", (_rt, self) => {
    if (self === null || self === undefined)
      throw typeError("String.prototype[Symbol.iterator] called on null or undefined")
    return stringIterator(toStr(self))
  }),
  map: fn("entries", (_rt, self) => {
    if (!(self instanceof Map)) throw typeError("Method Map.prototype.entries called on incompatible receiver")
    return mapIterator(self)
  }),
  set: fn("values", (_rt, self) => {
    if (!(self instanceof Set)) throw typeError("Method Set.prototype.values called on incompatible receiver")
    return setIterator(self)
  }),
}

/** §20.1.2.11 Object.getOwnPropertySymbols over native storage (host marker symbols are never listed). */
export const ownSymbols = (target: object | undefined): Array<symbol> =>
  target === undefined ? [] : Object.getOwnPropertySymbols(target).filter((s) => !isInternalSymbol(s))
