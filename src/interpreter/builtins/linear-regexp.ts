/**
 * Guest regular expressions run on re2js, a linear-time engine (issue "Security and reliability" item 2): a host
 * RegExp call cannot be interrupted, so a catastrophic pattern would outlive `timeoutMs`. `LinearRegExp` is a host
 * RegExp subclass whose `exec` is re2js: every RegExp-using String built-in (`replace`, `match`, `matchAll`,
 * `split`, `search`) reaches matching only through `RegExpExec` → `exec` (ECMA-262 §22.2.7.1), and `split`'s species
 * constructor is this class again (RegExp[Symbol.species] returns `this`). The host RegExp parse is kept for JS syntax checking and `source`/`flags`.
 *
 * Syntax RE2 cannot honour is rejected with a message, never rewritten into a different pattern (re2js would read
 * `\k<x>` as the literal "k<x>").
 */
import { RE2JS } from "re2js"

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

const compileLinear = (source: string, flags: string): RE2JS => {
  const why = unsupportedSyntax(source, flags)
  if (why !== undefined)
    throw new SyntaxError(
      `${why} not supported (patterns run on a linear-time engine), rewrite without it (e.g. match more and check in code)`,
    )
  let f = 0
  if (flags.includes("i")) f |= RE2JS.CASE_INSENSITIVE
  if (flags.includes("m")) f |= RE2JS.MULTILINE
  if (flags.includes("s")) f |= RE2JS.DOTALL
  try {
    return RE2JS.compile(RE2JS.translateRegExp(source), f)
  } catch (e) {
    throw new SyntaxError(`not supported by the linear-time engine (${(e as Error).message.replace(/: /g, " ")})`)
  }
}

type Matcher = ReturnType<RE2JS["matcher"]>

/**
 * One match call cannot be interrupted, so its work is bounded before it starts: subject length × compiled program
 * size (re2js's NFA cost model). 5×10^6 units is a few hundred ms at worst on the test machine (SECURITY.md figures).
 */
export const MAX_REGEX_WORK = 5_000_000

export class LinearRegExp extends RegExp {
  readonly #re2: RE2JS
  #input: string | undefined
  #matcher: Matcher | undefined

  constructor(pattern: string | RegExp, flags?: string) {
    super(pattern, flags)
    this.#re2 = compileLinear(this.source, this.flags)
  }

  override exec(input: string): RegExpExecArray | null {
    const s = String(input)
    const stateful = this.global || this.sticky
    const from = stateful ? Math.max(0, Math.trunc(Number(this.lastIndex)) || 0) : 0
    const fail = () => {
      if (stateful) this.lastIndex = 0
      return null
    }
    if (from > s.length) return fail()
    const work = (s.length - from) * this.#re2.programSize()
    if (work > MAX_REGEX_WORK)
      throw new RangeError(
        `Regular expression /${this.source}/ on ${s.length - from} characters exceeds the matching budget (${work} > ${MAX_REGEX_WORK} units of subject length × pattern size); match smaller pieces or a simpler pattern`,
      )
    // One matcher per subject: a global replace over a large string calls exec once per match.
    if (this.#input !== s || this.#matcher === undefined) {
      this.#matcher = this.#re2.matcher(s)
      this.#input = s
    }
    const m = this.#matcher
    if (!m.find(from) || (this.sticky && m.start() !== from)) return fail()
    const out: Array<string | undefined> = []
    for (let g = 0; g <= m.groupCount(); g++) out.push(m.start(g) < 0 ? undefined : (m.group(g) ?? undefined))
    const result = out as unknown as RegExpExecArray
    result.index = m.start()
    result.input = s
    const named = m.getNamedGroups()
    const names = Object.keys(named)
    if (names.length > 0) {
      const groups: Record<string, string | undefined> = Object.create(null)
      for (const k of names) groups[k] = named[k] ?? undefined
      result.groups = groups as Record<string, string>
    } else result.groups = undefined
    if (stateful) this.lastIndex = m.end()
    return result
  }
}
