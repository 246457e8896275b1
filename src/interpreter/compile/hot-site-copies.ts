/**
 * Per-site copies of two hot closures, made with `new Function` once a site has run {@link HOT} times.
 *
 * Every object literal (and every constant-key member read) of every program shares one closure body, so V8's
 * inline caches at its property store (read) see every shape of the process and go megamorphic. A copy compiled from
 * its own source text has its own feedback, so a site that always builds (reads) the same shape stays monomorphic.
 *
 * The generated text never contains anything derived from the guest program: it is put together from the fixed
 * templates below and non-negative integers only (a site serial number, a property count, frame slot indexes, a
 * value-kind code), each checked by {@link int}; keys, values, positions and child closures are passed to the
 * generated factory as arguments. The serial number makes each site's text distinct, so V8's cache of compiled
 * `new Function` texts does not hand two sites one shared feedback vector. Guest code itself never reaches a code
 * generator (docs/support.md): this is host code specialising host closures.
 *
 * Where code generation from strings is disallowed (`node --disallow-code-generation-from-strings`, a V8 context
 * without it) the first attempt throws, generation is switched off for the process and every site keeps its generic
 * closure, which computes the same thing.
 */
import type { Ev } from "./context.js"

/** Executions of a site before it gets its own copy: cold programs (W6c's window) never pay for a compile. */
export const HOT = 1000

/**
 * Sites of one compiled program that may get their own copy. Each copy is host memory the run's budget does not
 * charge (about 2.6 KB of compiled code and text a site, measured), so a program of many hot sites would otherwise
 * grow the host by its site count; past this many its other sites keep the generic closure.
 */
export const MAX_SITES_PER_PROGRAM = 256

/** The per-program count of copies made (held by the program's compile context). */
export interface SiteCount {
  specializedSites: number
}

/** Takes one of the program's {@link MAX_SITES_PER_PROGRAM} copies, or answers false when none is left. */
const takeSite = (count: SiteCount): boolean => {
  if (count.specializedSites >= MAX_SITES_PER_PROGRAM) return false
  count.specializedSites++
  return true
}

/** Tests may collect every generated text here (`texts = []`); undefined in normal use. */
export const generation: { texts: Array<string> | undefined; available: boolean | undefined } = {
  texts: undefined,
  available: undefined,
}

let serial = 0

/** The only way a number enters generated text: a non-negative safe integer, printed in decimal. */
const int = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`specialize: not a small integer: ${String(n)}`)
  return String(n)
}

type Factory = (...data: Array<unknown>) => Ev

/** Compiles `body` (template text) into a factory, or undefined when code generation is unavailable. */
const compile = (body: string): Factory | undefined => {
  if (generation.available === false) return undefined
  try {
    const factory = new Function(body)() as Factory
    generation.available = true
    generation.texts?.push(body)
    return factory
  } catch {
    generation.available = false
    return undefined
  }
}

/** How a literal's property value is computed: its closure `e<i>(env, rt)`, a current-frame slot, or a constant. */
export const BY_CLOSURE = 0
export const BY_SLOT = 1
export const BY_CONSTANT = 2

export interface ValueSource {
  readonly kind: typeof BY_CLOSURE | typeof BY_SLOT | typeof BY_CONSTANT
  /** For BY_SLOT: the frame slot. */
  readonly slot: number
}

/** The literal template's text for `sources.length` properties (integers only: see the module comment). */
export const literalText = (site: number, sources: ReadonlyArray<ValueSource>): string => {
  const lines = [`"use strict" // site ${int(site)}`, "return function (keys, evs, consts, chargeObject, newObject) {"]
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!
    const n = int(i)
    lines.push(`  const k${n} = keys[${n}]`)
    if (s.kind === BY_CLOSURE) lines.push(`  const e${n} = evs[${n}]`)
    else if (s.kind === BY_CONSTANT) lines.push(`  const c${n} = consts[${n}]`)
  }
  lines.push(
    "  return function (env, rt) {",
    `    chargeObject(rt, ${int(sources.length)})`,
    "    const o = newObject()",
  )
  for (let i = 0; i < sources.length; i++) {
    const s = sources[i]!
    const n = int(i)
    const value = s.kind === BY_CLOSURE ? `e${n}(env, rt)` : s.kind === BY_SLOT ? `env[${int(s.slot)}]` : `c${n}`
    lines.push(`    o[k${n}] = ${value}`)
  }
  lines.push("    return o", "  }", "}")
  return lines.join("\n")
}

/** The constant-key read template's text: the object from a current-frame slot, or from its closure (slot -1). */
export const memberText = (site: number, slot: number): string =>
  [
    `"use strict" // site ${int(site)}`,
    "return function (key, obj, GuestObject, getNamed, pos) {",
    "  return function (env, rt) {",
    slot < 0 ? "    const o = obj(env, rt)" : `    const o = env[${int(slot)}]`,
    "    if (o instanceof GuestObject) {",
    "      const v = o[key]",
    "      if (v !== undefined || key in o) return v",
    "    }",
    "    return getNamed(rt, o, key, pos)",
    "  }",
    "}",
  ].join("\n")

/** A site's own copy of a literal of plain keys, or undefined (code generation unavailable). */
export const specializeLiteral = (
  count: SiteCount,
  sources: ReadonlyArray<ValueSource>,
  data: {
    keys: ReadonlyArray<string>
    evs: ReadonlyArray<Ev>
    consts: ReadonlyArray<unknown>
    chargeObject: unknown
    newObject: unknown
  },
): Ev | undefined =>
  takeSite(count)
    ? compile(literalText(serial++, sources))?.(data.keys, data.evs, data.consts, data.chargeObject, data.newObject)
    : undefined

/** A site's own copy of a constant-key member read, or undefined (code generation unavailable). */
export const specializeMember = (
  count: SiteCount,
  slot: number | undefined,
  key: string,
  obj: Ev,
  guestObject: unknown,
  getNamed: unknown,
  pos: unknown,
): Ev | undefined =>
  takeSite(count) ? compile(memberText(serial++, slot ?? -1))?.(key, obj, guestObject, getNamed, pos) : undefined
