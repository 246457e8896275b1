/**
 * Guest regular expressions run on re2js, a linear-time engine (issue "Security and reliability" item 2): a host
 * RegExp call cannot be interrupted, so a catastrophic pattern would outlive `timeoutMs`. Linear is not enough on a
 * 1 MB subject (one search can take tens of ms, and a global replace makes thousands of searches), so the engine
 * reads its subject through `TimedInput`, which consults the run's clock every few thousand positions: the
 * timeout interrupts a search in the middle instead of waiting for it, and no work is refused up front.
 *
 * Syntax RE2 cannot honour is rejected with a message, never rewritten into a different pattern (re2js would read
 * `\k<x>` as the literal "k<x>").
 */
import { RE2JS } from "re2js"
import { withInput, type Clock } from "./regexp-input.js"
import { estimateProgramSize, MAX_PROGRAM_SIZE } from "./regexp-size.js"

export type { Clock } from "./regexp-input.js"

/** Why the linear-time engine cannot run this pattern, or undefined when it can. */
export const unsupportedSyntax = (pattern: string, flags: string): string | undefined => {
  if (flags.includes("d")) return "the d (indices) flag"
  if (flags.includes("v")) return "the v (unicode sets) flag"
  let inClass = false
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    if (c === "\\") {
      const n = pattern[i + 1] ?? ""
      if (!inClass && n >= "1" && n <= "9") return `backreferences (\\${n})`
      if (n === "k" && pattern[i + 2] === "<") return "named backreferences (\\k<name>)"
      i++
    } else if (inClass) inClass = c !== "]"
    else if (c === "[") inClass = true
    else if (c === "(" && pattern[i + 1] === "?") {
      const a = pattern[i + 2]
      const b = pattern[i + 3]
      if (a === "=" || a === "!") return `lookahead ((?${a}…))`
      if (a === "<" && (b === "=" || b === "!")) return `lookbehind ((?<${b}…))`
    }
  }
  return undefined
}

/** ECMAScript's WhiteSpace and LineTerminator (§22.2.2.9 `\s`), as class members re2js reads. */
const WS = "\\t\\n\\x0B\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"

/**
 * The pattern as re2js must read it to match what ECMAScript matches, or undefined when re2js cannot (then the
 * backtracking matcher runs it, backtrack-regexp.ts): `\s` and `.` are spelled out as ECMAScript defines them
 * (RE2's `\s` lacks \v and the Unicode spaces, its `.` matches \r, U+2028 and U+2029); `^`/`$` with `m`
 * (RE2 knows only \n as a line end), case folding without `u` (RE2 folds k with U+212A, s with U+017F), `\S`
 * inside a class, property escapes, lookaround, backreferences and `v` go to the backtracking matcher.
 */
export const re2Source = (source: string, flags: string): string | undefined => {
  if (flags.includes("v")) return undefined
  const foldsLikeRe2 = !flags.includes("i") || flags.includes("u")
  const multiline = flags.includes("m")
  const dotAll = flags.includes("s")
  let out = ""
  let inClass = false
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!
    if (c === "\\") {
      const n = source[i + 1] ?? ""
      i++
      if (n === "p" || n === "P") return undefined
      if (!inClass && n >= "1" && n <= "9") return undefined
      if (n === "k" && source[i + 1] === "<") return undefined
      if (!foldsLikeRe2 && /[wWbBuxc]/.test(n)) return undefined
      if (n === "s") out += inClass ? WS : `[${WS}]`
      else if (n === "S") {
        if (inClass) return undefined
        out += `[^${WS}]`
      } else out += c + n
      continue
    }
    if (!foldsLikeRe2 && (/[kKsS]/.test(c) || c.charCodeAt(0) > 127 || (inClass && c === "-"))) return undefined
    if (inClass) {
      if (c === "]") inClass = false
    } else if (c === "[") {
      inClass = true
      out += "["
      if (source[i + 1] === "^") ((out += "^"), i++)
      // `[]` matches nothing and `[^]` anything in JavaScript; RE2 would read the "]" as a member.
      if (source[i + 1] === "]") return undefined
      continue
    } else if (c === "(" && source[i + 1] === "?" && /^(?:[=!]|<[=!])/.test(source.slice(i + 2, i + 4)))
      return undefined
    else if (multiline && (c === "^" || c === "$")) return undefined
    else if (c === "." && !dotAll) {
      out += "[^\\n\\r\\u2028\\u2029]"
      continue
    }
    out += c
  }
  return out
}

const compileLinear = (source: string, flags: string, wrap = (translated: string) => translated): RE2JS => {
  const why = unsupportedSyntax(source, flags)
  if (why !== undefined)
    throw new SyntaxError(
      `${why} not supported (patterns run on a linear-time engine), rewrite without it (e.g. match more and check in code)`,
    )
  const size = estimateProgramSize(source)
  if (size > MAX_PROGRAM_SIZE)
    throw new RangeError(
      `Regular expression /${source.length > 40 ? source.slice(0, 40) + "…" : source}/ would compile to about ${size} instructions, over the limit of ${MAX_PROGRAM_SIZE} (SECURITY.md "Regular expressions"); use smaller repetition counts`,
    )
  let f = 0
  if (flags.includes("i")) f |= RE2JS.CASE_INSENSITIVE
  if (flags.includes("m")) f |= RE2JS.MULTILINE
  if (flags.includes("s")) f |= RE2JS.DOTALL
  try {
    const spelled = re2Source(source, flags)
    if (spelled === undefined) throw new Error("the pattern needs the backtracking matcher")
    return RE2JS.compile(wrap(RE2JS.translateRegExp(spelled)), f)
  } catch (e) {
    throw new SyntaxError(`not supported by the linear-time engine (${(e as Error).message.replace(/: /g, " ")})`)
  }
}

// re2js's anchor argument of RE2.executeEngine (RE2Flags.UNANCHORED / ANCHOR_START).
const UNANCHORED = 0
const ANCHOR_START = 1

/**
 * Compiled programs by flags and source, shared by every evaluation of a literal and across runs (as V8 caches a
 * literal's compilation): compiling costs 20–50 µs for a small pattern, which a literal in a loop would pay per
 * iteration. Searches never leave a program half-updated (regexp-input.ts), so sharing changes no result. Bounded by
 * total program size; emptied when full.
 */
const cache = new Map<string, RE2JS>()
let cachedSize = 0
const CACHE_PROGRAM_SIZE = 200_000

const compileCached = (source: string, flags: string): RE2JS => {
  const key = `${flags}/${source}`
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const compiled = compileLinear(source, flags)
  if (cachedSize + compiled.programSize() > CACHE_PROGRAM_SIZE) {
    cache.clear()
    cachedSize = 0
  }
  cache.set(key, compiled)
  cachedSize += compiled.programSize()
  return compiled
}

/**
 * A host RegExp subclass so `source`, `flags`, `toString` and the JS syntax check stay V8's; matching goes through
 * `find`, which the guest built-ins (regexp.ts, regexp-ops.ts) call with the run as the clock.
 */
export class LinearRegExp extends RegExp {
  readonly #re2: ReturnType<RE2JS["re2"]>
  /** Compiled program size: the engine's work per input position is at most one step per instruction. */
  readonly #cost: number
  /** The text every match is, when the pattern is a plain literal without groups (re2js's "complete prefix"). */
  readonly #literal: string | undefined
  /** Whether the pattern has an assertion about the character before a position (`^`, `\b`, `\B`). */
  readonly #looksBehind: boolean
  /** For sticky matches of such a pattern after position 0: `(?s:.)(?:pattern)`, compiled when first needed. */
  #behind: { re2: ReturnType<RE2JS["re2"]>; cost: number } | undefined
  /** Number of capturing groups. */
  readonly groupCount: number
  /** Named groups in pattern order, with their group numbers; empty when the pattern has none. */
  readonly groupNames: ReadonlyArray<readonly [string, number]>

  constructor(pattern: string | RegExp, flags?: string) {
    super(pattern, flags)
    const compiled = compileCached(this.source, this.flags)
    this.#re2 = compiled.re2()
    this.#cost = compiled.programSize()
    // Over-approximate: any `^` outside a negated class's opening, any escaped b or B.
    this.#looksBehind = /\^|\\[bB]/.test(this.source.replace(/(^|[^\\])\[\^/g, "$1["))
    this.groupCount = this.#re2.numberOfCapturingGroups()
    this.groupNames = Object.entries(this.#re2.namedGroups).sort((a, b) => a[1] - b[1])
    const literal = this.#re2.prefixComplete && this.groupCount === 0 ? (this.#re2.prefix as unknown) : undefined
    this.#literal = typeof literal === "string" ? literal : undefined
  }

  /**
   * Capture positions `[start0, end0, start1, end1, …]` (-1 for a group that did not participate) of the leftmost
   * match starting at or after `from` — exactly at `from` when `sticky` — or null. With `captures` false only the
   * whole match's bounds are computed. The clock is checked while the engine reads the subject (a timeout throws
   * out of the engine; re2js keeps no half-updated shared state at those points: machines are pooled on return).
   */
  find(s: string, from: number, sticky: boolean, clock?: Clock, captures = true): ReadonlyArray<number> | null {
    if (this.#literal !== undefined) {
      // A pure literal: re2js would answer with the same indexOf, plus two typed-array allocations per match.
      const i = sticky ? (s.startsWith(this.#literal, from) ? from : -1) : s.indexOf(this.#literal, from)
      return i < 0 ? null : [i, i + this.#literal.length]
    }
    const ncap = 2 * (captures ? 1 + this.groupCount : 1)
    if (!sticky || from === 0) return this.#search(this.#re2, this.#cost, s, from, 0, sticky, ncap, clock)
    // A sticky match is an anchored search at `from`, and re2js anchors only at the start of its input: the input
    // starts at `from`, which re2js then takes for the beginning of the text. That is right unless the pattern asks
    // what precedes (`^`, `\b`, `\B`): then the input starts one character earlier and `(?s:.)(?:pattern)` steps
    // over it, so the assertions see the real text. (Leftmost-first: the one way to match `.` adds no choice.)
    if (!this.#looksBehind) return this.#search(this.#re2, this.#cost, s, from, from, true, ncap, clock)
    const c = s.charCodeAt(from - 1)
    const d = s.charCodeAt(from)
    if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
      // `.` would take the whole pair: search unanchored instead and keep a match only if it starts at `from`.
      const caps = this.#search(this.#re2, this.#cost, s, from, 0, false, ncap, clock)
      return caps !== null && caps[0] === from ? caps : null
    }
    this.#behind ??= this.#compileBehind()
    const caps = this.#search(this.#behind.re2, this.#behind.cost, s, from - 1, from - 1, true, ncap, clock)
    return caps === null ? null : [from, ...caps.slice(1)]
  }

  #compileBehind() {
    const compiled = compileLinear(this.source, this.flags, (p) => `(?s:.)(?:${p})`)
    return { re2: compiled.re2(), cost: compiled.programSize() }
  }

  /**
   * One engine search over `s` as seen from `start` (re2js's position 0), from `from`, anchored or not, with
   * absolute capture positions. Whether there is a match at all is asked of the DFA first (no positions: many times
   * faster than the NFA that tracks them, and a catastrophic pattern usually does not match); only a match pays
   * for the NFA.
   */
  #search(
    re2: ReturnType<RE2JS["re2"]>,
    cost: number,
    s: string,
    from: number,
    start: number,
    anchored: boolean,
    ncap: number,
    clock: Clock | undefined,
  ): ReadonlyArray<number> | null {
    const anchor = anchored ? ANCHOR_START : UNANCHORED
    const run = (n: number) =>
      withInput(
        s,
        start,
        clock,
        cost,
        (input) => re2.executeEngine(input, from - start, anchor, n, null) as Array<number> | null,
      )
    if (run(0) === null) return null
    const caps = run(ncap)
    if (caps === null || start === 0) return caps
    return caps.map((p) => (p < 0 ? p : p + start))
  }

  /** Host-side `exec` (no clock): kept so any host algorithm handed this object still runs on the linear engine. */
  override exec(input: string): RegExpExecArray | null {
    return hostExec(this, input)
  }
}

/** What `hostExec` needs of a matcher: its own `find` (capture offsets, -1 for an unmatched group) and group table. */
export interface HostMatcher {
  readonly global: boolean
  readonly sticky: boolean
  lastIndex: number
  readonly groupCount: number
  readonly groupNames: ReadonlyArray<readonly [string, number]>
  find(s: string, from: number, sticky: boolean): ReadonlyArray<number> | null
}

/**
 * RegExp.prototype.exec's result shape built from a matcher's capture offsets, honouring `lastIndex` for global and
 * sticky patterns: the host-side `exec` of both engines (no clock; only host algorithms handed the object call it).
 */
export const hostExec = (re: HostMatcher, input: string): RegExpExecArray | null => {
  const s = String(input)
  const stateful = re.global || re.sticky
  const from = stateful ? Math.max(0, Math.trunc(Number(re.lastIndex)) || 0) : 0
  const caps = from > s.length ? null : re.find(s, from, re.sticky)
  if (caps === null) {
    if (stateful) re.lastIndex = 0
    return null
  }
  const out: Array<string | undefined> = []
  for (let g = 0; g <= re.groupCount; g++)
    out.push(caps[2 * g]! < 0 ? undefined : s.slice(caps[2 * g], caps[2 * g + 1]))
  const result = out as unknown as RegExpExecArray
  result.index = caps[0]!
  result.input = s
  if (re.groupNames.length > 0) {
    const groups: Record<string, string | undefined> = Object.create(null)
    for (const [name, g] of re.groupNames) groups[name] = out[g]
    result.groups = groups as Record<string, string>
  } else result.groups = undefined
  if (stateful) re.lastIndex = caps[1]!
  return result
}
