/**
 * RegExp.prototype[Symbol.match/matchAll/replace/search/split] (ECMA-262 §22.2.6) and the String methods' side of
 * the protocol (§22.1.3: a pattern object's own Symbol method is called, whatever the object). A pristine RegExp
 * (regexp.ts `pristine`: built-in `exec`, `flags` and a numeric `lastIndex`) takes the engine loops of
 * regexp-ops.ts and replace.ts, which consult the run's clock between matches; any other receiver runs the spec's
 * generic algorithm through `exec`, `flags` and `lastIndex` as the program defined them.
 */
import { toStr } from "../coerce.js"
import { typeError } from "../errors.js"
import { checkArray, checkString } from "../memory-caps.js"
import { getProperty, setProperty } from "../property.js"
import { construct } from "../realm.js"
import type { Run } from "../run-state.js"
import { WELL_KNOWN, isCallable } from "../values.js"
import {
  isObject,
  isRegExp,
  matchToGuest,
  pristine,
  regexpExec,
  regexpMethods,
  RegExpCtor,
  toLength,
  execRaw,
} from "./regexp.js"
import {
  advance,
  MATCH_RESULT_BYTES,
  MATCH_TEXT_BYTES,
  matchAllOf,
  matchTexts,
  searchOf,
  splitOf,
  substitute,
} from "./regexp-ops.js"
import { replaceOf } from "./replace.js"
import { fn, toInt, v8Describe } from "./util.js"

const key = (s: symbol): string => s as unknown as string

/** GetMethod (§7.3.11): undefined for undefined/null, else a callable or a TypeError. */
export { isRegExp }

export const getMethod = (rt: Run, v: unknown, k: symbol, what: string): unknown => {
  const f = getProperty(rt, v, k)
  if (f === undefined || f === null) return undefined
  if (!isCallable(f)) throw typeError(`${what}[${String(k.description)}] is not a function`)
  return f
}

const receiver = (s: unknown, what: string): object => {
  if (!isObject(s)) throw typeError(`RegExp.prototype[${what}] called on ${v8Describe(s)}, which is not an object`)
  return s
}

const flagsOf = (rt: Run, rx: object): string => toStr(getProperty(rt, rx, "flags"))

/** ToString(Get(result, "0")) after the spec's exec, with the empty-match advance of @@match/@@replace. */
const advanceOnEmpty = (rt: Run, rx: object, result: object, s: string, unicode: boolean): void => {
  if (toStr(getProperty(rt, result, "0")) !== "") return
  const thisIndex = toLength(getProperty(rt, rx, "lastIndex"))
  setProperty(rt, rx, "lastIndex", advance(s, thisIndex, unicode))
}

/** §22.2.6.8 RegExp.prototype[@@match]. */
const symbolMatch = (rt: Run, self: unknown, [arg]: ReadonlyArray<unknown>): unknown => {
  const rx = receiver(self, "Symbol.match")
  const s = toStr(arg)
  if (pristine(rt, rx)) {
    if (rx.native.global) return matchTexts(rt, rx, s)
    const m = execRaw(rt, rx, s)
    return m ? matchToGuest(m, s) : null
  }
  const flags = flagsOf(rt, rx)
  if (!flags.includes("g")) return regexpExec(rt, rx, s)
  const unicode = flags.includes("u") || flags.includes("v")
  setProperty(rt, rx, "lastIndex", 0)
  const out: Array<string> = []
  for (;;) {
    const result = regexpExec(rt, rx, s)
    if (result === null) return out.length === 0 ? null : out
    rt.charge(MATCH_TEXT_BYTES)
    checkArray(out.push(toStr(getProperty(rt, result, "0"))), "match")
    advanceOnEmpty(rt, rx, result, s, unicode)
  }
}

/** §22.2.6.12 RegExp.prototype[@@search]. */
const symbolSearch = (rt: Run, self: unknown, [arg]: ReadonlyArray<unknown>): unknown => {
  const rx = receiver(self, "Symbol.search")
  const s = toStr(arg)
  if (pristine(rt, rx)) return searchOf(rt, rx, s)
  const previous = getProperty(rt, rx, "lastIndex")
  if (!Object.is(previous, 0)) setProperty(rt, rx, "lastIndex", 0)
  const result = regexpExec(rt, rx, s)
  const current = getProperty(rt, rx, "lastIndex")
  if (!Object.is(current, previous)) setProperty(rt, rx, "lastIndex", previous)
  return result === null ? -1 : getProperty(rt, result, "index")
}

/** SpeciesConstructor (§7.3.22) of a regexp: its `constructor`'s Symbol.species, RegExp by default. */
const speciesOf = (rt: Run, rx: object): unknown => {
  const c = getProperty(rt, rx, "constructor")
  if (c === undefined) return RegExpCtor
  if (!isObject(c)) throw typeError("object.constructor is not an object")
  const s = getProperty(rt, c, WELL_KNOWN.species)
  if (s === undefined || s === null) return RegExpCtor
  return s
}

const newSplitter = (rt: Run, c: unknown, rx: object, flags: string): object => {
  const made = construct(rt, c, [rx, flags], c, "object.constructor[Symbol.species]")
  if (!isObject(made)) throw typeError("object.constructor[Symbol.species] did not make an object")
  return made
}

/** §22.2.6.14 RegExp.prototype[@@split]. */
const symbolSplit = (rt: Run, self: unknown, [arg, limit]: ReadonlyArray<unknown>): unknown => {
  const rx = receiver(self, "Symbol.split")
  const s = toStr(arg)
  const c = speciesOf(rt, rx)
  const flags = flagsOf(rt, rx)
  const unicode = flags.includes("u") || flags.includes("v")
  const newFlags = flags.includes("y") ? flags : flags + "y"
  if (c === RegExpCtor && pristine(rt, rx)) {
    const lim = limit === undefined ? 2 ** 32 - 1 : toInt(limit) >>> 0
    return splitOf(rt, rx, s, lim)
  }
  const splitter = newSplitter(rt, c, rx, newFlags)
  const out: Array<unknown> = []
  const lim = limit === undefined ? 2 ** 32 - 1 : toInt(limit) >>> 0
  if (lim === 0) return out
  const size = s.length
  if (size === 0) return regexpExec(rt, splitter, s) !== null ? out : [s]
  let p = 0
  let q = 0
  while (q < size) {
    rt.tick()
    setProperty(rt, splitter, "lastIndex", q)
    const z = regexpExec(rt, splitter, s)
    if (z === null) {
      q = advance(s, q, unicode)
      continue
    }
    const e = Math.min(toLength(getProperty(rt, splitter, "lastIndex")), size)
    if (e === p) {
      q = advance(s, q, unicode)
      continue
    }
    checkArray(out.push(s.slice(p, q)), "split")
    if (out.length === lim) return out
    p = e
    const captures = Math.max(toLength(getProperty(rt, z, "length")) - 1, 0)
    for (let i = 1; i <= captures; i++) {
      checkArray(out.push(getProperty(rt, z, String(i))), "split")
      if (out.length === lim) return out
    }
    q = p
  }
  out.push(s.slice(p))
  return out
}

/** §22.2.6.11 RegExp.prototype[@@replace]. */
const symbolReplace = (rt: Run, self: unknown, [arg, replaceValue]: ReadonlyArray<unknown>): unknown => {
  const rx = receiver(self, "Symbol.replace")
  const s = toStr(arg)
  if (pristine(rt, rx)) return replaceOf(rt, s, rx, replaceValue, false)
  const functional = isCallable(replaceValue)
  const template = functional ? "" : toStr(replaceValue)
  const flags = flagsOf(rt, rx)
  const global = flags.includes("g")
  const unicode = flags.includes("u") || flags.includes("v")
  if (global) setProperty(rt, rx, "lastIndex", 0)
  const results: Array<object> = []
  for (;;) {
    const result = regexpExec(rt, rx, s)
    if (result === null) break
    checkArray(results.push(result), "replace")
    if (!global) break
    advanceOnEmpty(rt, rx, result, s, unicode)
  }
  let out = ""
  let next = 0
  for (const result of results) {
    rt.tick()
    const n = Math.max(toLength(getProperty(rt, result, "length")) - 1, 0)
    const matched = toStr(getProperty(rt, result, "0"))
    const position = Math.max(Math.min(toInt(getProperty(rt, result, "index")), s.length), 0)
    const captures: Array<string | undefined> = []
    for (let i = 1; i <= n; i++) {
      const cap = getProperty(rt, result, String(i))
      captures.push(cap === undefined ? undefined : toStr(cap))
    }
    const named = getProperty(rt, result, "groups")
    let replacement: string
    if (functional) {
      const args: Array<unknown> = [matched, ...captures, position, s]
      if (named !== undefined) args.push(named)
      replacement = toStr(rt.call(replaceValue, undefined, args))
    } else {
      if (named === null) throw typeError("Cannot convert undefined or null to object")
      const group =
        named === undefined
          ? undefined
          : (name: string) => {
              const v = getProperty(rt, named, name)
              return v === undefined ? undefined : toStr(v)
            }
      const m = { captures: [matched, ...captures], index: position, end: position + matched.length, groups: undefined }
      replacement = substitute(template, m, s, group)
    }
    if (position >= next) {
      checkString(out.length + (position - next) + replacement.length, "replace")
      out += s.slice(next, position) + replacement
      next = position + matched.length
    }
  }
  return next >= s.length ? out : out + s.slice(next)
}

/** §22.2.6.9 RegExp.prototype[@@matchAll], as an array of match results (iteration methods return arrays here). */
const symbolMatchAll = (rt: Run, self: unknown, [arg]: ReadonlyArray<unknown>): unknown => {
  const rx = receiver(self, "Symbol.matchAll")
  const s = toStr(arg)
  const c = speciesOf(rt, rx)
  const flags = flagsOf(rt, rx)
  if (c === RegExpCtor && pristine(rt, rx)) return matchAllOf(rt, rx, s).map((m) => matchToGuest(m, s))
  const matcher = newSplitter(rt, c, rx, flags)
  setProperty(rt, matcher, "lastIndex", toLength(getProperty(rt, rx, "lastIndex")))
  const global = flags.includes("g")
  const unicode = flags.includes("u") || flags.includes("v")
  const out: Array<object> = []
  for (;;) {
    const result = regexpExec(rt, matcher, s)
    if (result === null) return out
    rt.charge(MATCH_RESULT_BYTES)
    checkArray(out.push(result), "matchAll")
    if (!global) return out
    advanceOnEmpty(rt, matcher, result, s, unicode)
  }
}

const row = (name: string, impl: (rt: Run, self: unknown, args: ReadonlyArray<unknown>) => unknown, length: number) =>
  fn(`[Symbol.${name}]`, impl, length)

regexpMethods[key(WELL_KNOWN.match)] = row("match", symbolMatch, 1)
regexpMethods[key(WELL_KNOWN.matchAll)] = row("matchAll", symbolMatchAll, 1)
regexpMethods[key(WELL_KNOWN.replace)] = row("replace", symbolReplace, 2)
regexpMethods[key(WELL_KNOWN.search)] = row("search", symbolSearch, 1)
regexpMethods[key(WELL_KNOWN.split)] = row("split", symbolSplit, 2)

/** Invoke(rx, @@name, args) on a RegExp the String method made from a string pattern. */
export const invoke = (rt: Run, rx: object, k: symbol, args: ReadonlyArray<unknown>): unknown => {
  const f = getProperty(rt, rx, k)
  if (!isCallable(f)) throw typeError(`${String(k.description)} is not a function`)
  return rt.call(f, rx, args)
}
