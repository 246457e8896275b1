/**
 * The backtracking matcher for what the linear-time engine cannot run (SECURITY.md "Regular expressions"):
 * lookahead, lookbehind, backreferences, the `v` flag, Unicode property escapes and the ECMAScript character
 * semantics re2js does not share (`\s`, `.`, `^`/`$` with `m`, case folding without `u`). The pattern is parsed by
 * regexpp (`@eslint-community/regexpp`, the ECMAScript-conformant parser ESLint uses) and compiled to closures in
 * continuation-passing style following ECMA-262 §22.2.2 (Pattern Semantics): each node is a matcher
 * `(position, continuation) => boolean`, quantifiers backtrack by trying the continuation at each count.
 *
 * Backtracking can be exponential, so the matcher counts its steps and reads the run's clock every 2^10 of them:
 * a catastrophic pattern is stopped by the uncatchable timeout, as on the linear engine. Single characters, classes
 * and property escapes are tested by a host sticky RegExp made of that one atom (V8's own case folding, class set
 * operations and Unicode property tables; a one-atom match is constant time), so the only host regex calls are
 * bounded. A pattern nested deeper than the native stack allows on a long subject ends with a RangeError.
 */
import { RegExpParser, type AST } from "@eslint-community/regexpp"
import type { Clock } from "./regexp-input.js"
import { hostExec } from "./linear-regexp.js"

/** `(i, k)`: match at `i`, then call `k` with the position reached; true when the whole match succeeded. */
type Cont = (i: number) => boolean
type M = (i: number, k: Cont) => boolean

interface State {
  s: string
  caps: Array<number>
  steps: number
  clock: Clock | undefined
}

const CHECK_MASK = 1023

const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029

const parser = new RegExpParser({ ecmaVersion: 2024 })

interface Flags {
  readonly i: boolean
  readonly m: boolean
  readonly s: boolean
  readonly u: boolean
  readonly v: boolean
}

/** Compiles a regexpp AST into matchers over a shared `State`. */
class Compiler {
  readonly groups: Array<AST.CapturingGroup> = []
  constructor(
    readonly st: State,
    readonly f: Flags,
  ) {}

  tick(): void {
    const st = this.st
    if ((++st.steps & CHECK_MASK) === 0) st.clock?.check()
  }

  index(g: AST.CapturingGroup): number {
    return this.groups.indexOf(g) + 1
  }

  disjunction(alts: ReadonlyArray<AST.Alternative>, back: boolean): M {
    const ms = alts.map((a) => this.sequence(a.elements, back))
    if (ms.length === 1) return ms[0]!
    return (i, k) => {
      for (const m of ms) if (m(i, k)) return true
      return false
    }
  }

  sequence(elements: ReadonlyArray<AST.Element>, back: boolean): M {
    // A lookbehind body matches right to left (§22.2.2.3 direction −1): its terms run in reverse order.
    const ms = (back ? [...elements].reverse() : elements).map((e) => this.element(e, back))
    if (ms.length === 0) return (i, k) => k(i)
    return ms.reduceRight((next: M | undefined, m): M => {
      if (next === undefined) return m
      return (i, k) => m(i, (j) => next(j, k))
    }, undefined)!
  }

  element(e: AST.Element, back: boolean): M {
    switch (e.type) {
      case "Assertion":
        return this.assertion(e)
      case "Quantifier":
        return this.quantifier(e, back)
      case "Group":
        return this.disjunction(e.alternatives, back)
      case "CapturingGroup":
        return this.capture(e, back)
      case "Backreference":
        return this.backreference(e, back)
      default:
        return this.char(this.atom(e), back)
    }
  }

  /** A one-character (or, for `\q{…}` in a `v` class, one-string) atom as a sticky test: the end, or -1. */
  atom(e: AST.Element): (s: string, i: number) => number {
    const { i: ic, u, v, s: dotAll } = this.f
    if (e.type === "Character" && !ic) {
      const c = e.value
      if (c > 0xffff) {
        const hi = String.fromCodePoint(c)
        return (s, i) => (s.startsWith(hi, i) ? i + 2 : -1)
      }
      return (s, i) => (s.charCodeAt(i) === c ? i + 1 : -1)
    }
    if (e.type === "CharacterSet" && e.kind === "any") {
      return (s, i) => {
        if (i >= s.length) return -1
        const c = s.charCodeAt(i)
        if (!dotAll && isLineTerminator(c)) return -1
        if (u || v) {
          const d = s.charCodeAt(i + 1)
          if (c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) return i + 2
        }
        return i + 1
      }
    }
    const re = new RegExp(e.raw, (ic ? "i" : "") + (v ? "v" : u ? "u" : "") + "y")
    return (s, i) => {
      re.lastIndex = i
      return re.test(s) ? re.lastIndex : -1
    }
  }

  char(test: (s: string, i: number) => number, back: boolean): M {
    const st = this.st
    if (!back)
      return (i, k) => {
        this.tick()
        const j = test(st.s, i)
        return j >= 0 && k(j)
      }
    // Backwards: the atom must end exactly at i (one code unit before, or a surrogate pair in unicode mode).
    return (i, k) => {
      this.tick()
      for (const w of [1, 2]) {
        if (i - w < 0) break
        if (test(st.s, i - w) === i) return k(i - w)
      }
      return false
    }
  }

  isWord(i: number): boolean {
    const s = this.st.s
    if (i < 0 || i >= s.length) return false
    const c = s.charCodeAt(i)
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) return true
    // With both `i` and `u`/`v`, \w also matches what case-folds into it (§22.2.2.9.3 WordCharacters).
    return this.f.i && (this.f.u || this.f.v) && (c === 0x17f || c === 0x212a)
  }

  assertion(e: AST.Assertion): M {
    const st = this.st
    const multiline = this.f.m
    switch (e.kind) {
      case "start":
        return (i, k) => (i === 0 || (multiline && isLineTerminator(st.s.charCodeAt(i - 1)))) && k(i)
      case "end":
        return (i, k) => (i === st.s.length || (multiline && isLineTerminator(st.s.charCodeAt(i)))) && k(i)
      case "word": {
        const negate = e.negate
        return (i, k) => (this.isWord(i - 1) !== this.isWord(i)) !== negate && k(i)
      }
      case "lookahead":
      case "lookbehind": {
        const body = this.disjunction(e.alternatives, e.kind === "lookbehind")
        const negate = e.negate
        return (i, k) => {
          const saved = st.caps.slice()
          // Lookarounds are atomic (§22.2.2.4): the first way the body matches is kept; no backtracking into it.
          const found = body(i, () => true)
          if (found === negate) {
            st.caps = saved
            return false
          }
          if (negate) st.caps = saved
          if (k(i)) return true
          st.caps = saved
          return false
        }
      }
    }
  }

  capture(e: AST.CapturingGroup, back: boolean): M {
    const n = this.index(e)
    const body = this.disjunction(e.alternatives, back)
    const st = this.st
    return (i, k) =>
      body(i, (j) => {
        const a = st.caps[2 * n]!
        const b = st.caps[2 * n + 1]!
        st.caps[2 * n] = back ? j : i
        st.caps[2 * n + 1] = back ? i : j
        if (k(j)) return true
        st.caps[2 * n] = a
        st.caps[2 * n + 1] = b
        return false
      })
  }

  backreference(e: AST.Backreference, back: boolean): M {
    const st = this.st
    const resolved = (e as { resolved: AST.CapturingGroup | ReadonlyArray<AST.CapturingGroup> }).resolved
    const ns = (Array.isArray(resolved) ? resolved : [resolved]).map((g: AST.CapturingGroup) => this.index(g))
    const ic = this.f.i
    const unicode = this.f.u || this.f.v
    return (i, k) => {
      this.tick()
      const n = ns.find((x) => st.caps[2 * x]! >= 0)
      if (n === undefined) return k(i)
      const text = st.s.slice(st.caps[2 * n], st.caps[2 * n + 1])
      const len = text.length
      const at = back ? i - len : i
      if (at < 0 || at + len > st.s.length) return false
      const other = st.s.slice(at, at + len)
      if (other !== text && !(ic && sameFolded(text, other, unicode))) return false
      return k(back ? at : i + len)
    }
  }

  quantifier(e: AST.Quantifier, back: boolean): M {
    const { min, max, greedy } = e
    const inner = innerGroups(e.element).map((g) => this.index(g))
    const body = this.element(e.element, back)
    const st = this.st
    const simple = inner.length === 0 && isSingleChar(e.element)
    if (simple) return this.simpleRepeat(this.atom(e.element), min, max, greedy, back)
    const clear = (): Array<number> | undefined => {
      if (inner.length === 0) return undefined
      const saved = st.caps.slice()
      for (const n of inner) st.caps[2 * n] = st.caps[2 * n + 1] = -1
      return saved
    }
    // RepeatMatcher (§22.2.2.3.1): captures inside are reset each iteration; an empty iteration past `min` fails.
    const rep = (i: number, k: Cont, count: number): boolean => {
      this.tick()
      if (count >= max) return k(i)
      const iterate = (): boolean => {
        const saved = clear()
        if (body(i, (j) => (j === i && count >= min ? false : rep(j, k, count + 1)))) return true
        if (saved) st.caps = saved
        return false
      }
      if (count < min) return iterate()
      if (greedy) return iterate() || k(i)
      return k(i) || iterate()
    }
    return (i, k) => rep(i, k, 0)
  }

  /** `x*`, `[^"]+?`, `.{2,5}`: single-character bodies repeat in a loop, not by recursion. */
  simpleRepeat(test: (s: string, i: number) => number, min: number, max: number, greedy: boolean, back: boolean): M {
    const st = this.st
    const step = back
      ? (i: number): number => {
          for (const w of [1, 2]) if (i - w >= 0 && test(st.s, i - w) === i) return i - w
          return -1
        }
      : (i: number): number => test(st.s, i)
    if (greedy)
      return (i, k) => {
        const ends = [i]
        let j = i
        while (ends.length - 1 < max) {
          this.tick()
          const n = step(j)
          if (n < 0) break
          ends.push((j = n))
        }
        for (let c = ends.length - 1; c >= min; c--) {
          this.tick()
          if (k(ends[c]!)) return true
        }
        return false
      }
    return (i, k) => {
      let j = i
      for (let c = 0; c < min; c++) {
        this.tick()
        j = step(j)
        if (j < 0) return false
      }
      for (let c = min; ; c++) {
        this.tick()
        if (k(j)) return true
        if (c >= max) return false
        j = step(j)
        if (j < 0) return false
      }
    }
  }
}

/** Whether the element always matches exactly one character (`\q{…}` and string properties of `v` may not). */
const isSingleChar = (e: AST.Element): boolean =>
  e.type === "Character" ||
  (e.type === "CharacterSet" && !(e as { strings?: boolean }).strings) ||
  (e.type === "CharacterClass" && !(e as { unicodeSets?: boolean }).unicodeSets)

const innerGroups = (e: AST.Node): Array<AST.CapturingGroup> => {
  const out: Array<AST.CapturingGroup> = []
  const walk = (n: AST.Node): void => {
    if (n.type === "CapturingGroup") out.push(n)
    const kids =
      "alternatives" in n
        ? (n.alternatives as ReadonlyArray<AST.Node>)
        : "elements" in n
          ? (n.elements as ReadonlyArray<AST.Node>)
          : "element" in n
            ? [n.element as AST.Node]
            : []
    for (const k of kids) walk(k)
  }
  walk(e)
  return out
}

/** Canonicalize (§22.2.2.7.3): simple case folding with `u`/`v`; otherwise toUppercase when it stays one unit. */
const canonicalize = (c: number, unicode: boolean): number => {
  const ch = String.fromCodePoint(c)
  if (unicode) {
    const f = ch.toLowerCase()
    return f.length === ch.length ? f.codePointAt(0)! : c
  }
  const up = ch.toUpperCase()
  if (up.length !== 1) return c
  const u = up.charCodeAt(0)
  return c >= 128 && u < 128 ? c : u
}

const sameFolded = (a: string, b: string, unicode: boolean): boolean => {
  const x = [...a]
  const y = [...b]
  if (x.length !== y.length) return false
  for (let i = 0; i < x.length; i++)
    if (canonicalize(x[i]!.codePointAt(0)!, unicode) !== canonicalize(y[i]!.codePointAt(0)!, unicode)) return false
  return true
}

/**
 * A host RegExp subclass (so `source`, `flags`, `toString` and V8's syntax check stay V8's) whose matching goes
 * through `find`, like `LinearRegExp`.
 */
export class BacktrackRegExp extends RegExp {
  readonly #state: State = { s: "", caps: [], steps: 0, clock: undefined }
  readonly #match: M
  readonly groupCount: number
  readonly groupNames: ReadonlyArray<readonly [string, number]>

  constructor(pattern: string | RegExp, flags?: string) {
    super(pattern, flags)
    const f: Flags = {
      i: this.ignoreCase,
      m: this.multiline,
      s: this.dotAll,
      u: this.unicode,
      v: this.flags.includes("v"),
    }
    const ast = parser.parsePattern(this.source, 0, this.source.length, { unicode: f.u, unicodeSets: f.v })
    const c = new Compiler(this.#state, f)
    c.groups.push(...innerGroups(ast as unknown as AST.Node))
    this.#match = c.disjunction(ast.alternatives, false)
    this.groupCount = c.groups.length
    this.groupNames = c.groups.flatMap((g, i) => (g.name ? [[g.name, i + 1] as const] : []))
  }

  /** Capture positions `[start0, end0, …]` (-1: did not participate) of the match at or after `from`, or null. */
  find(s: string, from: number, sticky: boolean, clock?: Clock, _captures = true): ReadonlyArray<number> | null {
    const st = this.#state
    st.s = s
    st.clock = clock
    const n = 2 * (this.groupCount + 1)
    const unicode = this.unicode || this.flags.includes("v")
    for (let start = from; start <= s.length;) {
      st.caps = new Array<number>(n).fill(-1)
      let end = -1
      if (
        this.#attempt(start, (j) => {
          end = j
          return true
        })
      ) {
        const caps = st.caps
        caps[0] = start
        caps[1] = end
        st.s = ""
        return caps
      }
      if (sticky) break
      const c = s.charCodeAt(start)
      const d = s.charCodeAt(start + 1)
      start += unicode && c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1
      if ((++st.steps & CHECK_MASK) === 0) clock?.check()
    }
    st.s = ""
    return null
  }

  /**
   * One match attempt. Repetition of a group recurses once per iteration; past what the native stack holds the
   * match is refused with a catchable RangeError (a documented limit), never a host error.
   */
  #attempt(start: number, k: Cont): boolean {
    try {
      return this.#match(start, k)
    } catch (e) {
      if (e instanceof RangeError && /call stack/.test(e.message)) {
        this.#state.s = ""
        throw new RangeError(
          `Matching /${this.source.length > 40 ? this.source.slice(0, 40) + "…" : this.source}/ repeats a group more times than the matcher's stack holds, over the limit of its native stack (SECURITY.md "Regular expressions"); match smaller pieces of the text`,
        )
      }
      throw e
    }
  }

  /** Host-side `exec` (no clock), so a host algorithm handed this object still runs on this matcher. */
  override exec(input: string): RegExpExecArray | null {
    return hostExec(this, input)
  }
}
