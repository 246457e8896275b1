import type { Run } from "../run-state.js"
/**
 * Regular expressions. Matching runs on the linear-time engine re2js (linear-regexp.ts) so `timeoutMs` holds
 * (issue "Security and reliability" item 2); unsupported syntax is rejected with a SyntaxError that names it.
 */
import { type Pos, rangeError, syntaxError, typeError } from "../errors.js"
import { toNum, toStr } from "../coerce.js"
import { getProperty } from "../property.js"
import { protoViewOf } from "../realm.js"
import { Accessor, Builtin, GuestRegExp, WELL_KNOWN, isCallable, newObject } from "../values.js"
import { fn, methods, table } from "./util.js"
import { LinearRegExp, re2Source } from "./linear-regexp.js"
import { BacktrackRegExp } from "./backtrack-regexp.js"

/**
 * The engine for a pattern: re2js (linear time) when it can match what ECMAScript matches, else the backtracking
 * matcher (lookaround, backreferences, `v`, property escapes, ECMAScript-only character semantics). Both read the
 * run's clock (SECURITY.md "Regular expressions"). The `d` flag stays on re2js, which refuses it by name.
 */
export const nativeRegExp = (pattern: string, flags: string): LinearRegExp | BacktrackRegExp => {
  if (flags.includes("d") || re2Source(new RegExp(pattern, flags).source, flags) !== undefined)
    return new LinearRegExp(pattern, flags)
  return new BacktrackRegExp(pattern, flags)
}

/**
 * @opencode-ai/codemode 1.18: invalid patterns and flags fail with catchable errors "that say what was wrong and how to fix it".
 * The message starts with V8's wording and adds the fix. `origin` says where a pattern written as a string came from
 * (`String.match received the string "("`), since the program never wrote it as a pattern.
 */
export const makeRegExp = (pattern: string, flags: string, pos?: Pos, origin?: string): GuestRegExp => {
  if (!/^(?!.*(.).*\1)[dgimsuvy]*$/.test(flags))
    throw syntaxError(
      `Invalid flags supplied to RegExp constructor: invalid flags ${JSON.stringify(flags)}. Valid flags are d, g, i, m, s, u, v and y, each at most once`,
      pos,
    )
  try {
    return new GuestRegExp(nativeRegExp(pattern, flags))
  } catch (e) {
    if (e instanceof RangeError) throw rangeError(e.message, pos)
    const reason = (e as Error).message.replace(/^.*: /, "")
    const from = origin === undefined ? "" : `; ${origin}, which is read as a regular expression`
    throw syntaxError(`Invalid regular expression: /${pattern}/${flags}: ${reason}${from}${hint(reason)}`, pos)
  }
}

/** Where a string pattern came from, for the message: `String.match received the string "("`. */
export const stringPatternOrigin = (method: string, pattern: string): string =>
  `String.${method} received the string ${JSON.stringify(pattern)}`

const hint = (reason: string): string =>
  /terminated|Unmatched|missing|Nothing to repeat|Lone quantifier|Incomplete quantifier|brace|escape/i.test(reason)
    ? " (characters such as \\( \\) \\[ \\] \\{ \\} \\* \\+ \\? \\. \\\\ \\/ are pattern syntax: to match them literally, escape them with a backslash)"
    : ""

const self = (v: unknown, what = "RegExp.prototype.exec"): GuestRegExp => {
  if (!(v instanceof GuestRegExp)) throw typeError(`${what} called on an object that is not a RegExp`)
  return v
}

/** Whether a guest value is an object (§6.1.7): anything but a primitive. */
export const isObject = (v: unknown): v is object => typeof v === "object" && v !== null

/** One match: the captures as strings (`[0]` is the whole match), where it starts and ends, the named groups. */
export interface Match {
  readonly captures: Array<string | undefined>
  readonly index: number
  readonly end: number
  readonly groups: Record<string, string | undefined> | undefined
}

/** ToLength (§7.1.20) of a `lastIndex` the program may have set to anything (an object converts through its hooks). */
export const toLength = (v: unknown): number => {
  const n = Math.trunc(typeof v === "number" ? v : toNum(v))
  return n > 0 ? Math.min(n, Number.MAX_SAFE_INTEGER) : 0
}

const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff

/** The match of `re` in `s` at or after `from` (exactly at `from` when sticky), read with the run's clock. */
export const matchAt = (rt: Run, re: GuestRegExp, s: string, from: number, sticky: boolean): Match | null => {
  const n = re.native as LinearRegExp | BacktrackRegExp
  // V8 (not the spec text): a unicode regexp whose lastIndex falls inside a surrogate pair starts at the pair.
  if (n.unicode && from > 0 && isLow(s.charCodeAt(from)) && isHigh(s.charCodeAt(from - 1))) from--
  const caps = n.find(s, from, sticky, rt)
  if (caps === null) return null
  const captures: Array<string | undefined> = []
  for (let g = 0; g <= n.groupCount; g++) {
    const a = caps[2 * g] ?? -1
    captures.push(a < 0 ? undefined : s.slice(a, caps[2 * g + 1]))
  }
  let groups: Record<string, string | undefined> | undefined
  if (n.groupNames.length > 0) {
    groups = Object.create(null) as Record<string, string | undefined>
    for (const [name, g] of n.groupNames) groups[name] = captures[g]
  }
  return { captures, index: caps[0]!, end: caps[1]!, groups }
}

/**
 * RegExpBuiltinExec (§22.2.7.2): global and sticky regexps start at `lastIndex` (held by the guest wrapper) and
 * update it; others search from 0. Every call ticks the run's step counter.
 */
export const execRaw = (rt: Run, re: GuestRegExp, s: string): Match | null => {
  rt.tick()
  const { global, sticky } = re.native
  // Step 4: lastIndex is converted whatever the flags (a valueOf hook runs), then ignored unless global or sticky.
  const last = toLength(re.lastIndex)
  const from = global || sticky ? last : 0
  const m = from > s.length ? null : matchAt(rt, re, s, from, sticky)
  if (global || sticky) re.lastIndex = m ? m.end : 0
  return m
}

/** A match result as a guest array with `index`, `input` and `groups` own properties, in V8's order (§22.2.7.2 steps 20–24). */
export const matchToGuest = (m: Match, input: string): Array<unknown> => {
  const out = m.captures.slice() as Array<unknown> & { index?: number; input?: string; groups?: unknown }
  out.index = m.index
  out.input = input
  if (m.groups) {
    const g = newObject()
    for (const k of Object.keys(m.groups)) g[k] = m.groups[k]
    out.groups = g
  } else out.groups = undefined
  return out
}

/**
 * RegExpExec (§22.2.7.1): the receiver's own `exec` when it is callable (a program may replace it, on the instance or
 * on RegExp.prototype), else the built-in one. The result must be an object or null.
 */
export const regexpExec = (rt: Run, r: object, s: string): object | null => {
  const exec = getProperty(rt, r, "exec")
  if (isCallable(exec)) {
    const result = rt.call(exec, r, [s])
    if (result !== null && !isObject(result)) throw typeError("object or null expected from a RegExp exec method")
    return result as object | null
  }
  const m = execRaw(rt, self(r), s)
  return m ? matchToGuest(m, s) : null
}

/**
 * Whether `r` is a RegExp whose observable protocol is the built-in one: no own property but `lastIndex` (a number),
 * and RegExp.prototype unchanged in this run. The built-in Symbol methods then take the engine loops of
 * regexp-ops.ts (same result, no guest-visible step skipped); any other receiver runs the spec's generic algorithm.
 */
export const pristine = (rt: Run, r: unknown): r is GuestRegExp =>
  r instanceof GuestRegExp &&
  typeof r.props.lastIndex === "number" &&
  Reflect.ownKeys(r.props).length === 1 &&
  (rt.overlays === undefined || !rt.overlays.has(protoViewOf("RegExp")!))

/** The flag accessors of RegExp.prototype in the order `flags` reads them (§22.2.6.4). */
const FLAGS: ReadonlyArray<readonly [string, string]> = [
  ["hasIndices", "d"],
  ["global", "g"],
  ["ignoreCase", "i"],
  ["multiline", "m"],
  ["dotAll", "s"],
  ["unicode", "u"],
  ["unicodeSets", "v"],
  ["sticky", "y"],
]

/** A getter of RegExp.prototype: the instance's value, `onPrototype` on RegExp.prototype itself, else a TypeError. */
const regexpGetter = (name: string, read: (re: GuestRegExp) => unknown, onPrototype: unknown): Accessor =>
  new Accessor(
    fn(`get ${name}`, (_rt, s) => {
      if (s instanceof GuestRegExp) return read(s)
      if (s === protoViewOf("RegExp")) return onPrototype
      throw typeError(`RegExp.prototype.${name} getter called on ${isObject(s) ? "non-RegExp object" : "non-object"}`)
    }),
  )

export const regexpMethods = methods(
  {
    // The clock is read inside the engine and every 4096 calls (rt.tick): a loop of regexp calls cannot outlive
    // timeoutMs either.
    exec: (rt, s, a) => {
      const re = self(s)
      const input = toStr(a[0])
      const m = execRaw(rt, re, input)
      return m ? matchToGuest(m, input) : null
    },
    test: (rt, s, a) => {
      if (!isObject(s)) throw typeError("RegExp.prototype.test called on non-object")
      const input = toStr(a[0])
      if (pristine(rt, s)) return execRaw(rt, s, input) !== null
      return regexpExec(rt, s, input) !== null
    },
    // §22.2.6.17: generic over `source` and `flags`.
    toString: (rt: Run, s: unknown) => {
      if (!isObject(s)) throw typeError("RegExp.prototype.toString called on non-object")
      return `/${toStr(getProperty(rt, s, "source"))}/${toStr(getProperty(rt, s, "flags"))}`
    },
  },
  { exec: 1, test: 1 },
)
for (const [name, letter] of FLAGS)
  regexpMethods[name] = regexpGetter(name, (re) => re.native.flags.includes(letter), undefined)
regexpMethods.source = regexpGetter("source", (re) => re.native.source, "(?:)")
regexpMethods.flags = new Accessor(
  fn("get flags", (rt, s) => {
    if (!isObject(s)) throw typeError("RegExp.prototype.flags getter called on non-object")
    if (pristine(rt, s)) return s.native.flags
    let out = ""
    for (const [name, letter] of FLAGS) if (getProperty(rt, s, name)) out += letter
    return out
  }),
)

export const RegExpCtor: Builtin = new Builtin("RegExp", (rt, _s, a) => construct(rt, a, true), {
  length: 2,
  construct: (rt, a) => construct(rt, a, false),
  is: (v) => v instanceof GuestRegExp,
  statics: table({
    [WELL_KNOWN.species as unknown as string]: new Accessor(fn("get [Symbol.species]", (_rt, s) => s)),
  }),
})

/** IsRegExp (§7.2.8): an object whose Symbol.match is truthy, or (without one) a RegExp instance. */
export const isRegExp = (rt: Run, v: unknown): boolean => {
  if (!isObject(v)) return false
  const m = getProperty(rt, v, WELL_KNOWN.match)
  if (m !== undefined) return Boolean(m)
  return v instanceof GuestRegExp
}

/** §22.2.4.1 RegExp(pattern, flags): a RegExp-like pattern gives its `source` and `flags`. */
const construct = (rt: Run, a: ReadonlyArray<unknown>, called: boolean): unknown => {
  const [p, f] = a
  const like = isRegExp(rt, p)
  // Called without `new` on a RegExp-like whose constructor is RegExp: that object itself.
  if (called && like && f === undefined && getProperty(rt, p, "constructor") === RegExpCtor) return p
  let pattern: unknown = p
  let flags: unknown = f
  if (p instanceof GuestRegExp) {
    pattern = p.native.source
    if (f === undefined) flags = p.native.flags
  } else if (like) {
    pattern = getProperty(rt, p, "source")
    if (f === undefined) flags = getProperty(rt, p, "flags")
  }
  const source = pattern === undefined ? "" : toStr(pattern)
  const origin = p instanceof GuestRegExp ? undefined : `new RegExp(...) received ${JSON.stringify(source)}`
  return makeRegExp(source === "" ? "(?:)" : source, flags === undefined ? "" : toStr(flags), undefined, origin)
}
