/**
 * String methods and statics. Pattern-taking methods go through regexp.ts (one module owns the regex engine).
 * Function replacers run synchronously here (async replacers: documented gap).
 */
import { checkArray, checkString } from "../memory.js"
import { rangeError, typeError } from "../errors.js"
import { metered, toNum, toStr } from "../coerce.js"
import type { Run } from "../run.js"
import { Builtin, GuestRegExp, Wrapper, isCallable, newObject } from "../values.js"
import { ProtoView, protoViewOf } from "../realm.js"
import { execRaw, makeRegExp, matchToGuest, stringPatternOrigin } from "./regexp.js"
import { matchAllOf, matchTexts, searchOf, splitOf } from "./regex-ops.js"
import { replaceOf } from "./replace.js"
import { fn, methods, relIndex, table, toInt, type Rows } from "./util.js"
import { STRING_CHARGES, charged } from "./charges.js"
import { hostLocales, localeCompare } from "./intl.js"
import { getProperty } from "../property.js"
import { concatStrings } from "../memory-budget.js"

/** A pattern a string method was given as a string (or nothing): compiled as a regular expression, as in JavaScript. */
const stringPattern = (p: unknown, flags: string, method: string) => {
  const pattern = p === undefined ? "(?:)" : toStr(p)
  return makeRegExp(pattern, flags, undefined, stringPatternOrigin(method, pattern))
}

/** The receiver of a generic String.prototype method (§22.1.3: RequireObjectCoercible, then ToString). */
const str = (v: unknown): string => {
  if (typeof v === "string") return v
  if (v instanceof Wrapper && typeof v.value === "string") return v.value
  if (v === null || v === undefined) throw typeError(`String.prototype method called on null or undefined`)
  return toStr(v)
}

/** thisStringValue (§22.1.3.35.1): toString and valueOf accept only strings and String objects. */
const thisString = (v: unknown, what: string): string => {
  if (typeof v === "string") return v
  if (v instanceof Wrapper && typeof v.value === "string") return v.value
  if (v instanceof ProtoView && v === protoViewOf("String")) return "" // String.prototype holds ""
  throw typeError(`String.prototype.${what} requires that 'this' be a String`)
}

/** The method that does the same for the first match only (what a non-global pattern usually meant). */
const FIRST_ONLY: Record<string, string> = { replaceAll: "String.replace", matchAll: "String.match" }

const needGlobal = (p: unknown, method: string) => {
  if (p instanceof GuestRegExp && !p.native.global)
    throw typeError(
      `${method} must be called with a global RegExp: write /${p.native.source}/${p.native.flags}g, or use ${FIRST_ONLY[method] ?? method} for the first match only`,
    )
}

/** V8: "First argument to String.prototype.startsWith must not be a regular expression" (§22.1.3.24 step 4). */
const notRegExp = (x: unknown, method: string): string => {
  if (x instanceof GuestRegExp)
    throw typeError(`First argument to String.prototype.${method} must not be a regular expression`)
  return toStr(x)
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const LONE_SURROGATE_G = new RegExp(LONE_SURROGATE.source, "g")

const rows: Rows = {
  charAt: (_rt, s, [i]) => str(s).charAt(toInt(i)),
  charCodeAt: (_rt, s, [i]) => str(s).charCodeAt(toInt(i)),
  codePointAt: (_rt, s, [i]) => str(s).codePointAt(toInt(i)),
  at: (_rt, s, [i]) => str(s).at(toInt(i)),
  indexOf: (_rt, s, [x, from]) => str(s).indexOf(toStr(x), toInt(from)),
  lastIndexOf: (_rt, s, [x, from]) => str(s).lastIndexOf(toStr(x), from === undefined ? Infinity : toNum(from)),
  includes: (_rt, s, [x, from]) => {
    if (x instanceof GuestRegExp)
      throw typeError("First argument to String.prototype.includes must not be a regular expression")
    return str(s).includes(toStr(x), toInt(from))
  },
  startsWith: (_rt, s, [x, from]) => str(s).startsWith(notRegExp(x, "startsWith"), toInt(from)),
  endsWith: (_rt, s, [x, end]) => str(s).endsWith(notRegExp(x, "endsWith"), end === undefined ? undefined : toInt(end)),
  slice: (_rt, s, [b, e]) => {
    const t = str(s)
    return t.slice(relIndex(b, t.length, 0), relIndex(e, t.length, t.length))
  },
  substring: (_rt, s, [b, e]) => str(s).substring(toInt(b), e === undefined ? undefined : toInt(e)),
  substr: (_rt, s, [b, n]) => str(s).substr(toInt(b), n === undefined ? undefined : toInt(n)),
  toUpperCase: (_rt, s) => str(s).toUpperCase(),
  toLowerCase: (_rt, s) => str(s).toLowerCase(),
  toLocaleUpperCase: (_rt, s, [l]) =>
    l === undefined ? str(s).toUpperCase() : str(s).toLocaleUpperCase(hostLocales(l)),
  toLocaleLowerCase: (_rt, s, [l]) =>
    l === undefined ? str(s).toLowerCase() : str(s).toLocaleLowerCase(hostLocales(l)),
  trim: (_rt, s) => str(s).trim(),
  trimStart: (_rt, s) => str(s).trimStart(),
  trimEnd: (_rt, s) => str(s).trimEnd(),
  trimLeft: (_rt, s) => str(s).trimStart(),
  trimRight: (_rt, s) => str(s).trimEnd(),
  padStart: (_rt, s, [n, f]) => (
    checkString(toInt(n), "padStart"),
    str(s).padStart(toInt(n), f === undefined ? " " : toStr(f))
  ),
  padEnd: (_rt, s, [n, f]) => (
    checkString(toInt(n), "padEnd"),
    str(s).padEnd(toInt(n), f === undefined ? " " : toStr(f))
  ),
  repeat: (_rt, s, [n]) => {
    const k = toInt(n)
    if (k < 0 || k === Infinity) throw rangeError(`Invalid count value: ${toStr(n)}`)
    checkString(str(s).length * k, "repeat")
    return str(s).repeat(k)
  },
  concat: (_rt, s, args) => {
    const parts = args.map(toStr)
    checkString(
      parts.reduce((n, p) => n + p.length, str(s).length),
      "concat",
    )
    return str(s) + parts.join("")
  },
  split: (rt, s, [sep, limit]) => {
    const t = str(s)
    // §22.1.3.23 steps 6–9: the limit applies even without a separator ("a b".split(undefined, 0) is []).
    if (sep === undefined) return limit !== undefined && toInt(limit) >>> 0 === 0 ? [] : [t]
    // §22.1.3.23 step 2: a RegExp separator splits with the engine loop (clock checked between pieces).
    if (sep instanceof GuestRegExp) return splitOf(rt, sep, t, limit === undefined ? 2 ** 32 - 1 : toInt(limit) >>> 0)
    // Upper bound of the pieces, checked before splitting: one per separator occurrence plus one.
    const text = toStr(sep)
    checkArray(Math.floor(t.length / Math.max(1, text.length)) + 1, "split")
    return t.split(text, limit === undefined ? undefined : toInt(limit))
  },
  // ECMA-402 §19.1.1: locales and options reach the host's collator (intl.ts; default locale "en-US").
  localeCompare: (_rt, s, [o, l, opts]) => {
    const a = str(s)
    const b = toStr(o)
    return localeCompare(a, b, l, opts)
  },
  normalize: (_rt, s, [form]) => {
    const f = form === undefined ? "NFC" : toStr(form)
    if (!["NFC", "NFD", "NFKC", "NFKD"].includes(f))
      throw rangeError(
        `The normalization form should be one of "NFC", "NFD", "NFKC" or "NFKD" (got ${JSON.stringify(f)}).`,
      )
    return str(s).normalize(f)
  },
  replace: (rt, s, [p, r]) => replaceOf(rt, str(s), p, r, false),
  replaceAll: (rt, s, [p, r]) => {
    needGlobal(p, "replaceAll")
    return replaceOf(rt, str(s), p, r, true)
  },
  match: (rt, s, [p]) => {
    const t = str(s)
    const re = p instanceof GuestRegExp ? p : stringPattern(p, "", "match")
    if (!re.native.global) {
      const m = execRaw(rt, re, t)
      return m ? matchToGuest(m, t) : null
    }
    return matchTexts(rt, re, t)
  },
  matchAll: (rt, s, [p]) => {
    needGlobal(p, "matchAll")
    const re = p instanceof GuestRegExp ? p : stringPattern(p, "g", "matchAll")
    const t = str(s)
    return matchAllOf(rt, re, t).map((m) => matchToGuest(m, t))
  },
  search: (rt, s, [p]) => searchOf(rt, p instanceof GuestRegExp ? p : stringPattern(p, "", "search"), str(s)),
  // §22.1.3.10/§22.1.3.31 (ES2024, typed by hand: the project's lib is ES2023). Lone surrogates → U+FFFD.
  isWellFormed: (_rt, s) => !LONE_SURROGATE.test(str(s)),
  toWellFormed: (_rt, s) => str(s).replace(LONE_SURROGATE_G, "\uFFFD"),
  toString: (_rt: Run, s: unknown) => thisString(s, "toString"),
  valueOf: (_rt: Run, s: unknown) => thisString(s, "valueOf"),
}

// §22.1.3: each method's `length`; the rest take no required argument.
export const stringMethods = methods(charged(rows, STRING_CHARGES), {
  ...Object.fromEntries(
    "at charAt charCodeAt codePointAt concat endsWith includes indexOf lastIndexOf localeCompare match matchAll padEnd padStart repeat search startsWith"
      .split(" ")
      .map((m) => [m, 1]),
  ),
  replace: 2,
  replaceAll: 2,
  slice: 2,
  split: 2,
  substr: 2,
  substring: 2,
})

/** §22.1.2.4 String.raw: the raw strings of a template object (any object with a `raw` array-like) and the subs. */
const stringRaw = (rt: Run, site: unknown, subs: ReadonlyArray<unknown>): string => {
  if (site === null || site === undefined) throw typeError("Cannot convert undefined or null to object")
  const raw = getProperty(rt, site, "raw")
  if (raw === null || raw === undefined) throw typeError("Cannot convert undefined or null to object")
  const n = Math.trunc(toNum(getProperty(rt, raw, "length")))
  const len = n > 0 ? Math.min(n, Number.MAX_SAFE_INTEGER) : 0
  let s = ""
  for (let i = 0; i < len; i++) {
    rt.tick()
    s = concatStrings(s, toStr(getProperty(rt, raw, String(i))), rt, "String.raw")
    if (i + 1 < len && i < subs.length) s = concatStrings(s, toStr(subs[i]), rt, "String.raw")
  }
  return s
}

export const StringCtor = new Builtin(
  "String",
  (rt, _s, a) => (a.length === 0 ? "" : typeof a[0] === "symbol" ? String(a[0]) : metered(rt, () => toStr(a[0]))),
  {
    length: 1,
    construct: (_rt, a) => new Wrapper(a.length === 0 ? "" : toStr(a[0])),
    is: (v) => v instanceof Wrapper && typeof v.value === "string",
    statics: table({
      fromCharCode: fn("fromCharCode", (_rt, _s, a) => String.fromCharCode(...a.map(toNum)), 1),
      fromCodePoint: fn("fromCodePoint", (_rt, _s, a) => String.fromCodePoint(...a.map(toNum)), 1),
      raw: fn("raw", (rt, _s, [site, ...subs]) => stringRaw(rt, site, subs), 1),
    }),
  },
)
