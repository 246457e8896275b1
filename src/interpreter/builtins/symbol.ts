/**
 * `Symbol` (§20.4) and the sources of the built-in iterators: guest symbols are native symbol values (typeof
 * "symbol", usable as keys of guest objects); the well-known ones are the guest's own (values.ts `WELL_KNOWN`).
 * `Symbol.for` uses the host's registry, which holds only strings → symbols. The iterators of arrays, strings, Maps,
 * Sets and `arguments` read their source lazily like V8's; their objects and prototypes are iterator.ts's.
 */
import { toStr } from "../coerce.js"
import { typeError } from "../errors.js"
import type { Run } from "../run-state.js"
import { Builtin, WELL_KNOWN, isInternalSymbol } from "../values.js"
import { type IteratorKind, builtinIterator } from "./iterator.js"
import { fn, methods, table } from "./util.js"

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

/** An array-like's iterator: live over `length` (§23.1.5.1 CreateArrayIterator, kind "value"). */
export const arrayIterator = (rt: Run, a: ArrayLike<unknown>): Record<string, unknown> => {
  let i = 0
  return builtinIterator(rt, "Array", () => (i < a.length ? { value: a[i++] } : undefined))
}

export const stringIterator = (rt: Run, s: string): Record<string, unknown> => {
  let i = 0
  return builtinIterator(rt, "String", () => {
    if (i >= s.length) return undefined
    const cp = s.codePointAt(i)!
    const ch = String.fromCodePoint(cp)
    i += ch.length
    return { value: ch }
  })
}

const nativeIterator = (rt: Run, kind: IteratorKind, it: Iterator<unknown>): Record<string, unknown> =>
  builtinIterator(rt, kind, () => {
    const r = it.next()
    return r.done ? undefined : { value: r.value }
  })

export const mapIterator = (rt: Run, m: Map<unknown, unknown>): Record<string, unknown> =>
  nativeIterator(
    rt,
    "Map",
    (function* () {
      for (const [k, v] of m) yield [k, v]
    })(),
  )

export const setIterator = (rt: Run, s: Set<unknown>): Record<string, unknown> => nativeIterator(rt, "Set", s.values())

/** `[Symbol.iterator]` rows of the built-in prototypes' tables. */
export const iteratorRows = {
  array: fn("values", (rt, self) => {
    if (self === null || self === undefined) throw typeError("Array.prototype.values called on null or undefined")
    return arrayIterator(rt, typeof self === "string" ? self : (self as ArrayLike<unknown>))
  }),
  string: fn("[Symbol.iterator]", (rt, self) => {
    if (self === null || self === undefined)
      throw typeError("String.prototype[Symbol.iterator] called on null or undefined")
    return stringIterator(rt, toStr(self))
  }),
  map: fn("entries", (rt, self) => {
    if (!(self instanceof Map)) throw typeError("Method Map.prototype.entries called on incompatible receiver")
    return mapIterator(rt, self)
  }),
  set: fn("values", (rt, self) => {
    if (!(self instanceof Set)) throw typeError("Method Set.prototype.values called on incompatible receiver")
    return setIterator(rt, self)
  }),
}

/** §20.1.2.11 Object.getOwnPropertySymbols over native storage (host marker symbols are never listed). */
export const ownSymbols = (target: object | undefined): Array<symbol> =>
  target === undefined ? [] : Object.getOwnPropertySymbols(target).filter((s) => !isInternalSymbol(s))
