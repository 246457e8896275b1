/**
 * The String methods that take a RegExp (`match`, `matchAll`, `replace`, `replaceAll`, `split`, `search`), written
 * as the spec's RegExp.prototype[@@match]/[@@matchAll]/[@@replace]/[@@split]/[@@search] loops (ECMA-262 §22.2.6)
 * over the linear engine, so the run's step counter and clock are consulted between matches as well as inside each
 * search (issue "Security and reliability" item 2). A host `String.prototype.replace` over 10^5 matches would be one
 * uninterruptible call. Differential tests against V8: test/stdlib/regexp-ops.test.ts.
 */
import type { Run } from "../run-state.js"
import { checkArray, checkString } from "../memory-caps.js"
import { BYTES } from "../memory-budget.js"
import { GuestRegExp } from "../values.js"
import { execRaw, matchAt, toLength, type Match } from "./regexp.js"

/** AdvanceStringIndex (§22.2.7.3): past a whole surrogate pair when the regexp is unicode. */
export const advance = (s: string, i: number, unicode: boolean): number => {
  if (!unicode || i + 1 >= s.length) return i + 1
  const hi = s.charCodeAt(i)
  const lo = s.charCodeAt(i + 1)
  return hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff ? i + 2 : i + 1
}

/**
 * Every match of a global regexp from `lastIndex` 0 (§22.2.6.8 step 6, §22.2.6.11 step 11): the loop shared by
 * `match`, `replace` and `replaceAll`, handing each match to `each` as it is found (nothing is retained here, so a
 * 10^6-match replace does not build a 10^6-entry list). A non-global regexp gives its one exec result (which
 * honours sticky). Returns the number of matches.
 */
export const forEachMatch = (rt: Run, re: GuestRegExp, s: string, each: (m: Match) => void): number => {
  if (!re.native.global) {
    const m = execRaw(rt, re, s)
    if (m) each(m)
    return m ? 1 : 0
  }
  const unicode = re.native.unicode
  re.lastIndex = 0
  for (let n = 0; ; n++) {
    const m = execRaw(rt, re, s)
    if (m === null) return n
    each(m)
    if (m.end === m.index) re.lastIndex = advance(s, toLength(re.lastIndex), unicode)
  }
}

/** What one element of a global `match` costs: its slot and the matched text (a sliced string). */
export const MATCH_TEXT_BYTES = BYTES.slot + BYTES.rope
/** What one result of `matchAll` costs: its slot, the result array with index/input/groups, the matched text. */
export const MATCH_RESULT_BYTES = BYTES.slot + BYTES.array + BYTES.object + BYTES.rope

/** `String.prototype.match` with a global regexp: the matched texts, or null (§22.2.6.8 step 6). */
export const matchTexts = (rt: Run, re: GuestRegExp, s: string): Array<string> | null => {
  const out: Array<string> = []
  // Each match is charged as it is found, so a budget stops the loop rather than the finished array (memory-charges.ts).
  forEachMatch(rt, re, s, (m) => {
    rt.charge(MATCH_TEXT_BYTES)
    checkArray(out.push(m.captures[0]!), "match")
  })
  return out.length === 0 ? null : out
}

/** `String.prototype.matchAll` (§22.2.6.9): a copy of the regexp from the receiver's `lastIndex`, left unchanged. */
export const matchAllOf = (rt: Run, re: GuestRegExp, s: string): Array<Match> => {
  const copy = new GuestRegExp(re.native, toLength(re.lastIndex))
  const unicode = re.native.unicode
  const out: Array<Match> = []
  for (;;) {
    const m = execRaw(rt, copy, s)
    if (m === null) return out
    rt.charge(MATCH_RESULT_BYTES)
    checkArray(out.push(m), "matchAll")
    if (m.end === m.index) copy.lastIndex = advance(s, toLength(copy.lastIndex), unicode)
  }
}

/** `String.prototype.search` (§22.2.6.12): one exec from 0 with the receiver's `lastIndex` restored. */
export const searchOf = (rt: Run, re: GuestRegExp, s: string): number => {
  const previous = re.lastIndex
  re.lastIndex = 0
  const m = execRaw(rt, re, s)
  re.lastIndex = previous
  return m === null ? -1 : m.index
}

/**
 * `String.prototype.split` (§22.2.6.14). The spec tries a sticky copy at each position q; the leftmost match at or
 * after q is the first position where that succeeds (leftmost-first), so one search per piece replaces up to n
 * sticky attempts and the result is the same.
 */
export const splitOf = (rt: Run, re: GuestRegExp, s: string, limit: number): Array<string | undefined> => {
  const out: Array<string | undefined> = []
  if (limit === 0) return out
  const size = s.length
  if (size === 0) return matchAt(rt, re, s, 0, true) === null ? [s] : out
  const unicode = re.native.unicode
  let p = 0
  let q = 0
  while (q < size) {
    rt.tick()
    const m = matchAt(rt, re, s, q, false)
    if (m === null || m.index >= size) break
    const e = Math.min(m.end, size)
    if (e === p) {
      q = advance(s, m.index, unicode)
      continue
    }
    checkArray(out.length + m.captures.length, "split")
    out.push(s.slice(p, m.index))
    if (out.length === limit) return out
    p = e
    for (let i = 1; i < m.captures.length; i++) {
      out.push(m.captures[i])
      if (out.length === limit) return out
    }
    q = p
  }
  out.push(s.slice(p))
  return out
}

/**
 * GetSubstitution (§22.1.3.19.1): `$$`, `$&`, `` $` ``, `$'`, `$n`/`$nn` (a two-digit reference past the group
 * count reads as one digit and a literal digit), `$<name>` when the regexp has named groups.
 */
export const substitute = (
  template: string,
  m: Match,
  s: string,
  group: ((name: string) => string | undefined) | undefined = m.groups && ((name) => m.groups![name]),
): string => {
  if (!template.includes("$")) return template
  const matched = m.captures[0]!
  const groupCount = m.captures.length - 1
  let out = ""
  let i = 0
  while (i < template.length) {
    const c = template[i]!
    const n = template[i + 1]
    if (c !== "$" || n === undefined) {
      out += c
      i++
    } else if (n === "$") ((out += "$"), (i += 2))
    else if (n === "&") ((out += matched), (i += 2))
    else if (n === "`") ((out += s.slice(0, m.index)), (i += 2))
    else if (n === "'") ((out += s.slice(Math.min(m.index + matched.length, s.length))), (i += 2))
    else if (n >= "0" && n <= "9") {
      const two = template[i + 2]
      let digits = two !== undefined && two >= "0" && two <= "9" ? n + two : n
      if (digits.length === 2 && Number(digits) > groupCount) digits = n
      const index = Number(digits)
      if (index >= 1 && index <= groupCount) out += m.captures[index] ?? ""
      else out += "$" + digits
      i += 1 + digits.length
    } else if (n === "<" && group !== undefined) {
      const close = template.indexOf(">", i + 2)
      if (close < 0) ((out += "$<"), (i += 2))
      else {
        out += group(template.slice(i + 2, close)) ?? ""
        i = close + 1
      }
    } else ((out += "$"), i++)
  }
  return out
}

/** Splices text into `s` at matches in order (§22.2.6.11 steps 14–15: a match before the previous one's end is skipped). */
export class Splicer {
  #out = ""
  #next = 0

  constructor(readonly s: string) {}

  add(m: Match, replacement: string): void {
    const position = Math.max(Math.min(m.index, this.s.length), 0)
    if (position < this.#next) return
    checkString(this.#out.length + (position - this.#next) + replacement.length, "replace")
    this.#out += this.s.slice(this.#next, position) + replacement
    this.#next = position + m.captures[0]!.length
  }

  done(): string {
    return this.#next >= this.s.length ? this.#out : this.#out + this.s.slice(this.#next)
  }
}
