/**
 * `replace`/`replaceAll` (§22.1.3.19–20, §22.2.6.11). The matches are found first (regexp-ops.ts: the engine loop
 * with the run's clock between matches; `indexOf` for a string pattern), then each replacement is computed, then
 * they are spliced in — the spec's order, so a replacer sees the same calls as in V8.
 *
 * Function replacers (@opencode-ai/codemode 1.18 "Regular expressions": replacers receive captures, offset, input and named groups,
 * "run sequentially, may await tool calls, and have their results coerced to strings"). A synchronous replacer
 * behaves exactly like JS. When a replacer returns a promise, the remaining matches are replaced one at a time after
 * it settles and the method returns a promise of the string (a deliberate deviation from JS, which would splice in
 * "[object Promise]": `await text.replace(re, async (m) => …)` does what it says).
 */
import type { Run } from "../run-state.js"
import { toStr } from "../coerce.js"
import { checkArray } from "../memory-caps.js"
import { GuestRegExp, isCallable, newObject } from "../values.js"
import { guard } from "./promise.js"
import type { Match } from "./regexp.js"
import { forEachMatch, Splicer, substitute } from "./regexp-ops.js"

/** Occurrences of a string pattern (§22.1.3.20 steps 10–12: an empty pattern matches between every unit). */
const stringMatches = (rt: Run, s: string, search: string, all: boolean): Array<Match> => {
  const out: Array<Match> = []
  const step = Math.max(1, search.length)
  // `indexOf` clamps a start past the end to the length, where "" matches again: stop there (StringIndexOf, §6.1.4.1,
  // answers -1 once fromIndex + searchLength > length), or an empty pattern loops forever at the end.
  const next = (i: number) => (i + step > s.length ? -1 : s.indexOf(search, i + step))
  for (let i = s.indexOf(search); i >= 0; i = next(i)) {
    if ((out.length & 1023) === 1023) rt.tick()
    checkArray(out.push({ captures: [search], index: i, end: i + search.length, groups: undefined }), "replaceAll")
    if (!all) break
  }
  return out
}

/** The replacer's arguments (§22.2.6.11 step 14.k): match, captures, position, input, then named groups if any. */
const replacerArgs = (m: Match, s: string): Array<unknown> => {
  const args: Array<unknown> = [...m.captures, m.index, s]
  if (m.groups !== undefined) {
    const g = newObject()
    for (const k of Object.keys(m.groups)) g[k] = m.groups[k]
    args.push(g)
  }
  return args
}

/** `s.replace(pattern, replacement)` (`all` for `replaceAll`, whose non-global-regexp check is the caller's). */
export const replaceOf = (
  rt: Run,
  s: string,
  pattern: unknown,
  replacement: unknown,
  all: boolean,
): string | Promise<string> => {
  const search = pattern instanceof GuestRegExp ? pattern : toStr(pattern)
  // §22.1.3.19 step 6 / §22.2.6.11 step 6: a non-callable replacement is made a string before any matching.
  const template = isCallable(replacement) ? undefined : toStr(replacement)
  const out = new Splicer(s)
  if (template !== undefined) {
    // Nothing observable happens between matches, so each is spliced in as it is found instead of collected first.
    const each = (m: Match) => out.add(m, substitute(template, m, s))
    if (search instanceof GuestRegExp) forEachMatch(rt, search, s, each)
    else stringMatches(rt, s, search, all).forEach(each)
    return out.done()
  }
  // A replacer runs after all matches are found (§22.2.6.11 step 11 before step 14), as in V8.
  const matches: Array<Match> = []
  if (search instanceof GuestRegExp) forEachMatch(rt, search, s, (m) => checkArray(matches.push(m), "replace"))
  else matches.push(...stringMatches(rt, s, search, all))
  for (let i = 0; i < matches.length; i++) {
    const v = rt.call(replacement, undefined, replacerArgs(matches[i]!, s))
    if (v instanceof Promise) {
      rt.observe(v)
      const rest = async (first: Promise<unknown>): Promise<string> => {
        out.add(matches[i]!, toStr(await first))
        for (let j = i + 1; j < matches.length; j++) {
          let w = rt.call(replacement, undefined, replacerArgs(matches[j]!, s))
          if (w instanceof Promise) {
            rt.observe(w)
            w = await w
          }
          out.add(matches[j]!, toStr(w))
        }
        return out.done()
      }
      const p = guard(rest(v))
      rt.track(p, "async")
      return p
    }
    out.add(matches[i]!, toStr(v))
  }
  return out.done()
}
