import type { Run } from "../run.js"
/**
 * Regular expressions. Matching runs on the linear-time engine re2js (linear-regexp.ts) so `timeoutMs` holds
 * (issue "Security and reliability" item 2); unsupported syntax is rejected with a SyntaxError that names it.
 */
import { type Pos, rangeError, syntaxError, typeError } from "../errors.js"
import { toStr } from "../coerce.js"
import { Builtin, GuestRegExp, newObject } from "../values.js"
import { methods } from "./util.js"
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

const self = (v: unknown): GuestRegExp => {
  if (!(v instanceof GuestRegExp)) throw typeError("Receiver is not a RegExp")
  return v
}

/** One match: the captures as strings (`[0]` is the whole match), where it starts and ends, the named groups. */
export interface Match {
  readonly captures: Array<string | undefined>
  readonly index: number
  readonly end: number
  readonly groups: Record<string, string | undefined> | undefined
}

/** ToLength (§7.1.20) of a `lastIndex` the program may have set to anything. */
export const toLength = (v: unknown): number => {
  const n = Math.trunc(Number(v))
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
  const from = global || sticky ? toLength(re.lastIndex) : 0
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

export const regexpMethods = methods({
  // The clock is read inside the engine and every 4096 calls (rt.tick): a loop of regexp calls cannot outlive
  // timeoutMs either.
  test: (rt, s, a) => execRaw(rt, self(s), toStr(a[0])) !== null,
  exec: (rt, s, a) => {
    const re = self(s)
    const input = toStr(a[0])
    const m = execRaw(rt, re, input)
    return m ? matchToGuest(m, input) : null
  },
  toString: (_rt: Run, s: unknown) => String(self(s).native),
})

export const RegExpCtor = new Builtin("RegExp", (_rt, _s, a) => construct(a), {
  length: 2,
  construct: (_rt, a) => construct(a),
  is: (v) => v instanceof GuestRegExp,
})

const construct = (a: ReadonlyArray<unknown>): GuestRegExp => {
  const p = a[0]
  if (p instanceof GuestRegExp) return makeRegExp(p.native.source, a[1] === undefined ? p.native.flags : toStr(a[1]))
  const pattern = p === undefined ? "(?:)" : toStr(p)
  return makeRegExp(
    pattern,
    a[1] === undefined ? "" : toStr(a[1]),
    undefined,
    `new RegExp(...) received ${JSON.stringify(pattern)}`,
  )
}
