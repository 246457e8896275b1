/**
 * String methods and statics. Pattern-taking methods go through regexp.ts (one module owns the regex engine).
 * Function replacers run synchronously here (async replacers: documented gap).
 */
import { checkArray, checkString } from "../memory-caps.js"
import { rangeError, typeError } from "../errors.js"
import { metered, toNum, toStr } from "../coerce.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestRegExp, WELL_KNOWN, Wrapper } from "../values.js"
import { ProtoView, protoViewOf } from "../realm.js"
import { isObject, makeRegExp, stringPatternOrigin } from "./regexp.js"
import { getMethod, invoke, isRegExp } from "./regexp-protocol.js"
import { replaceOf } from "./replace.js"
import { fn, methods, relIndex, table, toInt, type Rows } from "./util.js"
import { STRING_CHARGES, charged } from "./memory-charges.js"
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

/** §22.1.3.14 step 2.b, §22.1.3.20 step 2.b: a RegExp-like pattern must have `g` in its `flags`. */
const needGlobal = (rt: Run, p: unknown, method: string) => {
  if (!isRegExp(rt, p)) return
  const flags = getProperty(rt, p, "flags")
  if (flags === undefined || flags === null) throw typeError(`String.prototype.${method} called with flags ${flags}`)
  if (toStr(flags).includes("g")) return
  const shown = p instanceof GuestRegExp ? `/${p.native.source}/${toStr(flags)}g` : "a pattern with the g flag"
  throw typeError(
    `${method} must be called with a global RegExp: write ${shown}, or use ${FIRST_ONLY[method] ?? method} for the first match only`,
  )
}

/** RequireObjectCoercible (§7.2.1) of a String method's receiver, before the pattern is looked at. */
const coercible = (v: unknown, method: string): void => {
  if (v === null || v === undefined) throw typeError(`String.prototype.${method} called on null or undefined`)
}

/** The pattern's Symbol method (GetMethod), or undefined for primitives (ES2025: only an object is asked). */
const patternMethod = (rt: Run, p: unknown, k: symbol): unknown =>
  isObject(p) ? getMethod(rt, p, k, "pattern") : undefined

/** A RegExp whose Symbol method was removed is searched for as its string form (ToString). */
const asString = (p: unknown): unknown => (p instanceof GuestRegExp ? toStr(p) : p)

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
    coercible(s, "split")
    const m = patternMethod(rt, sep, WELL_KNOWN.split)
    if (m !== undefined) return rt.call(m, sep, [s, limit])
    // §22.1.3.23 steps 3–9: the limit applies even without a separator ("a b".split(undefined, 0) is []).
    const t = str(s)
    const lim = limit === undefined ? 2 ** 32 - 1 : toInt(limit) >>> 0
    const text = toStr(sep)
    if (lim === 0) return []
    if (sep === undefined) return [t]
    // Upper bound of the pieces, checked before splitting: one per separator occurrence plus one.
    checkArray(Math.min(Math.floor(t.length / Math.max(1, text.length)) + 1, lim), "split")
    return t.split(text, lim)
  },
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
  // §22.1.3.19–20, .13–14, .23: a pattern object's own Symbol method does the work (regexp-protocol.ts).
  replace: (rt, s, [p, r]) => {
    coercible(s, "replace")
    const m = patternMethod(rt, p, WELL_KNOWN.replace)
    if (m !== undefined) return rt.call(m, p, [s, r])
    return replaceOf(rt, str(s), asString(p), r, false)
  },
  replaceAll: (rt, s, [p, r]) => {
    coercible(s, "replaceAll")
    if (p !== undefined && p !== null) {
      needGlobal(rt, p, "replaceAll")
      const m = patternMethod(rt, p, WELL_KNOWN.replace)
      if (m !== undefined) return rt.call(m, p, [s, r])
    }
    return replaceOf(rt, str(s), asString(p), r, true)
  },
  match: (rt, s, [p]) => {
    coercible(s, "match")
    const m = patternMethod(rt, p, WELL_KNOWN.match)
    if (m !== undefined) return rt.call(m, p, [s])
    const t = str(s)
    return invoke(rt, stringPattern(p, "", "match"), WELL_KNOWN.match, [t])
  },
  matchAll: (rt, s, [p]) => {
    coercible(s, "matchAll")
    if (p !== undefined && p !== null) {
      needGlobal(rt, p, "matchAll")
      const m = patternMethod(rt, p, WELL_KNOWN.matchAll)
      if (m !== undefined) return rt.call(m, p, [s])
    }
    const t = str(s)
    return invoke(rt, stringPattern(p, "g", "matchAll"), WELL_KNOWN.matchAll, [t])
  },
  search: (rt, s, [p]) => {
    coercible(s, "search")
    const m = patternMethod(rt, p, WELL_KNOWN.search)
    if (m !== undefined) return rt.call(m, p, [s])
    const t = str(s)
    return invoke(rt, stringPattern(p, "", "search"), WELL_KNOWN.search, [t])
  },
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
