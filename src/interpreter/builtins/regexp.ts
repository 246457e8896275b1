import type { Run } from "../run.js"
/**
 * Regular expressions. Matching runs on the linear-time engine re2js (linear-regexp.ts) so `timeoutMs` holds
 * (issue "Security and reliability" item 2); unsupported syntax is rejected with a SyntaxError that names it.
 */
import { type Pos, syntaxError, typeError } from "../errors.js"
import { toStr } from "../coerce.js"
import { Builtin, GuestRegExp, newObject } from "../values.js"
import { methods } from "./util.js"
import { LinearRegExp } from "./linear-regexp.js"

/**
 * Seed 000: invalid patterns and flags fail with catchable errors "that say what was wrong and how to fix it".
 * The message starts with V8's wording and adds the fix.
 */
export const makeRegExp = (pattern: string, flags: string, pos?: Pos): GuestRegExp => {
  if (!/^(?!.*(.).*\1)[dgimsuvy]*$/.test(flags))
    throw syntaxError(
      `Invalid flags supplied to RegExp constructor '${flags}': use only d, g, i, m, s, u, v, y, each at most once`,
      pos,
    )
  try {
    return new GuestRegExp(new LinearRegExp(pattern, flags))
  } catch (e) {
    const reason = (e as Error).message.replace(/^.*: /, "")
    throw syntaxError(`Invalid regular expression: /${pattern}/${flags}: ${reason}${hint(reason)}`, pos)
  }
}

const hint = (reason: string): string =>
  /terminated|Unmatched|Nothing to repeat|Lone quantifier|Incomplete quantifier|brace|escape/i.test(reason)
    ? " (to match a special character literally, escape it with a backslash: \\( \\) \\[ \\] \\{ \\} \\* \\+ \\? \\. \\\\ \\/)"
    : ""

const self = (v: unknown): GuestRegExp => {
  if (!(v instanceof GuestRegExp)) throw typeError("Receiver is not a RegExp")
  return v
}

/** Runs the native regexp honouring the guest's `lastIndex` (global/sticky state lives in the wrapper). */
export const execRaw = (re: GuestRegExp, s: string): RegExpExecArray | null => {
  const n = re.native
  const stateful = n.global || n.sticky
  n.lastIndex = stateful ? re.lastIndex : 0
  const m = n.exec(s)
  if (stateful) re.lastIndex = m ? n.lastIndex : 0
  return m
}

/** A match result as a guest array with `index` and `groups` own properties (`input` omitted, seed 000). */
export const matchToGuest = (m: RegExpExecArray | RegExpMatchArray): Array<unknown> => {
  const arr: Array<unknown> = Array.from(m)
  const out = arr as Array<unknown> & { index?: number; groups?: unknown }
  out.index = m.index
  if (m.groups) {
    const g = newObject()
    for (const k of Object.keys(m.groups)) g[k] = m.groups[k]
    out.groups = g
  } else out.groups = undefined
  return out
}

export const regexpMethods = methods({
  // A clock check per call: a loop of regexp calls must not outlive timeoutMs between step checks.
  test: (rt, s, a) => (rt.check(), execRaw(self(s), toStr(a[0])) !== null),
  exec: (rt, s, a) => {
    rt.check()
    const m = execRaw(self(s), toStr(a[0]))
    return m ? matchToGuest(m) : null
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
  return makeRegExp(p === undefined ? "(?:)" : toStr(p), a[1] === undefined ? "" : toStr(a[1]))
}
