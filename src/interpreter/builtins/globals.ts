/**
 * The global object of a program: built-in constructors and namespaces, `tools`, and the dialect's native globals
 * (`CompileOptions.globals`, api.ts `NativeGlobal`). Resolved at compile time into constants.
 */
import { CircularValue, type CompileOptions, type NativeContext, type NativeGlobal } from "../api.js"
import { copyIn, copyOut, BoundaryError } from "../boundary.js"
import { Exit, GuestThrow, Interrupted, guestError, kindError, makeError } from "../errors.js"
import { HostFailure } from "../host.js"
import { toStr } from "../coerce.js"
import { checkString } from "../memory-caps.js"
import type { Run } from "../run-state.js"
import { Builtin, Namespace, ToolRef, isCallable } from "../values.js"
import { registerPrototype } from "../realm.js"
import { protoTable } from "../proto-tables.js"
import "./tables.js"
import { errorMethods } from "./errors.js"
import { ArrayCtor } from "./array.js"
import { MapCtor, SetCtor } from "./collections.js"
import { WeakMapCtor, WeakSetCtor } from "./weak.js"
import { consoleMembers, inspect } from "./console.js"
import { DateCtor } from "./date.js"
import { errorClass, errorGlobals } from "./errors.js"
import { jsonMembers } from "./json.js"
import { mathMembers } from "./math.js"
import { BooleanCtor, NumberCtor, numericGlobals } from "./number.js"
import { BigIntCtor } from "./bigint.js"
import { ObjectCtor } from "./object.js"
import { PromiseCtor, guard } from "./promise.js"
import { RegExpCtor } from "./regexp.js"
import { StringCtor } from "./string.js"
import { structuredCloneValue } from "./clone.js"
import { timerGlobals } from "./timers.js"
import { URLCtor, URLSearchParamsCtor } from "./url.js"
import { fn } from "./util.js"
import { IntlNamespace, intlPrototypes } from "./intl.js"
import { Uint8ArrayCtor, bytesMethods } from "./bytes.js"
import { TextDecoderCtor, TextEncoderCtor, decoderMethods, encoderMethods, encodingGlobals } from "./encoding.js"
import { SymbolCtor } from "./symbol.js"
import { IteratorCtor } from "./iterator.js"

/**
 * The length `encodeURI*` makes of `s`: up to nine characters per UTF-16 unit (`%E0%A0%80`), so it is counted and
 * charged before V8 expands it (an ASCII letter or digit stays one; other ASCII counts three, as if escaped).
 */
const encodedLength = (s: string): number => {
  let n = 0
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i)
    n +=
      c < 0x80
        ? ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a) || (c >= 0x30 && c <= 0x39)
          ? 1
          : 3
        : c < 0x800
          ? 6
          : c >= 0xd800 && c < 0xe000
            ? 6
            : 9
  }
  return n
}

const uri = (name: string, f: (s: string) => string) =>
  fn(
    name,
    (rt, _s, [v]) => {
      const s = toStr(v)
      rt.work(s.length)
      // Encoding expands (charged at its one-byte output length); decoding never lengthens.
      const bytes = name.startsWith("encode") ? encodedLength(s) : 2 * s.length
      checkString(name.startsWith("encode") ? bytes : s.length, name)
      rt.charge(bytes)
      return f(s)
    },
    1,
  )

/**
 * The guest's `Function`: reachable as `f.constructor` from any function, it refuses to compile source text (no
 * `eval` in the guest), as V8 does when code generation from strings is disallowed.
 */
export const FunctionCtor = (() => {
  const refuse = (): never => {
    throw guestError("EvalError", "Code generation from strings is not available to programs (no eval)")
  }
  return new Builtin("Function", refuse, { length: 1, construct: refuse, is: (v) => isCallable(v) })
})()

const base: Record<string, unknown> = {
  Function: FunctionCtor,
  undefined: undefined,
  NaN: NaN,
  Infinity: Infinity,
  globalThis: undefined,
  Object: ObjectCtor,
  Array: ArrayCtor,
  String: StringCtor,
  Number: NumberCtor,
  Boolean: BooleanCtor,
  BigInt: BigIntCtor,
  Date: DateCtor,
  RegExp: RegExpCtor,
  Map: MapCtor,
  Set: SetCtor,
  WeakMap: WeakMapCtor,
  WeakSet: WeakSetCtor,
  Promise: PromiseCtor,
  Symbol: SymbolCtor,
  Iterator: IteratorCtor,
  URL: URLCtor,
  URLSearchParams: URLSearchParamsCtor,
  Math: new Namespace("Math", mathMembers),
  Intl: IntlNamespace,
  Uint8Array: Uint8ArrayCtor,
  ...encodingGlobals,
  JSON: new Namespace("JSON", jsonMembers),
  console: new Namespace("console", consoleMembers),
  encodeURIComponent: uri("encodeURIComponent", encodeURIComponent),
  decodeURIComponent: uri("decodeURIComponent", decodeURIComponent),
  encodeURI: uri("encodeURI", encodeURI),
  decodeURI: uri("decodeURI", decodeURI),
  tools: new ToolRef([]),
  // The later line of the contract (v2) also offers discovery as a global function: the same tool, the same call
  // (counted, hooked, admitted alike), recorded under the name the program used, `search`, as v2 records it; a
  // program's own `search` shadows it like any global.
  search: new ToolRef(Object.freeze(["$codemode", "search"]), "search"),
  // A deep copy preserving Dates, Maps, Sets, RegExps, shared references and cycles (clone.ts).
  structuredClone: fn("structuredClone", (rt, _s, [v]) => structuredCloneValue(rt, v), 1),
  ...errorGlobals,
  ...numericGlobals,
  ...timerGlobals,
}

// The built-in prototypes (`Array.prototype`, …): views of the method tables (realm.ts), writable per run.
registerPrototype(ObjectCtor, () => protoTable.object)
registerPrototype(FunctionCtor, () => protoTable.function)
registerPrototype(ArrayCtor, () => protoTable.array)
registerPrototype(StringCtor, () => protoTable.string)
registerPrototype(NumberCtor, () => protoTable.number)
registerPrototype(BooleanCtor, () => protoTable.boolean)
registerPrototype(BigIntCtor, () => protoTable.bigint)
registerPrototype(DateCtor, () => protoTable.date)
registerPrototype(RegExpCtor, () => protoTable.regexp)
registerPrototype(MapCtor, () => protoTable.map)
registerPrototype(SetCtor, () => protoTable.set)
registerPrototype(WeakMapCtor, () => protoTable.weakmap)
registerPrototype(WeakSetCtor, () => protoTable.weakset)
registerPrototype(PromiseCtor, () => protoTable.promise)
registerPrototype(SymbolCtor, () => protoTable.symbol)
for (const ctor of Object.values(errorGlobals)) registerPrototype(ctor, () => errorMethods)
for (const [ctor, t] of intlPrototypes()) registerPrototype(ctor, t)
registerPrototype(Uint8ArrayCtor, () => bytesMethods)
registerPrototype(TextEncoderCtor, () => encoderMethods)
registerPrototype(TextDecoderCtor, () => decoderMethods)

const toGuest = (v: unknown): unknown => {
  try {
    return copyIn(v)
  } catch (e) {
    throw kindError("InvalidDataValue", `A native helper returned non-data: ${(e as BoundaryError).message}`)
  }
}

const toHost = (v: unknown): unknown => {
  try {
    return copyOut(v, "json")
  } catch (e) {
    return e instanceof BoundaryError && /circular/.test(e.message) ? new CircularValue(e.message) : undefined
  }
}

/** A copied-in value frozen at every level (guest objects and arrays are native ones, so the native freeze holds). */
const deepFreeze = (v: unknown): unknown => {
  if (typeof v !== "object" || v === null || Object.isFrozen(v)) return v
  Object.freeze(v)
  for (const k of Object.keys(v)) deepFreeze((v as Record<string, unknown>)[k])
  return v
}

/**
 * One frozen copy per frozen global, shared by every program compiled with it: nothing can change it, so no run sees
 * another's doing, and a large value (a resolved OpenAPI document) is copied once instead of once per run.
 */
const frozenCopies = new WeakMap<NativeGlobal, unknown>()
const frozenCopy = (g: NativeGlobal & { kind: "value" }): unknown => {
  if (!frozenCopies.has(g)) frozenCopies.set(g, deepFreeze(copyIn(g.value)))
  return frozenCopies.get(g)
}

const context = (rt: Run): NativeContext => ({
  callTool: (path, input) => rt.host.callTool(path, input),
  output: (line, values) => rt.host.log(line, values),
  notify: (text) => (rt.host.notify !== undefined ? rt.host.notify(text) : rt.host.log(`notify: ${text}`, [])),
  exit: (value) => {
    throw new Exit(value === undefined ? undefined : toGuest(value))
  },
  throwError: (name, message) => {
    throw new GuestThrow(makeError(name, message), undefined)
  },
  store: rt.store,
})

const native = (name: string, g: NativeGlobal): unknown => {
  switch (g.kind) {
    case "value":
      return g.frozen ? frozenCopy(g) : copyIn(g.value)
    case "namespace":
      return new Namespace(name, Object.fromEntries(Object.entries(g.members).map(([k, m]) => [k, native(k, m)])))
    case "errorClass":
      return errorClass(g.name, [g.name, "Error"])
    case "function":
      return fn(name, (rt, _self, args) => {
        const r = g.call(args.map(toHost), context(rt))
        if (r instanceof Promise) {
          const p = guard(
            r.then(toGuest, (e) => {
              if (e instanceof GuestThrow || e instanceof Exit) throw e
              // A tool call its host interrupted stays host interruption (tools.ts), through a helper too.
              if (e instanceof HostFailure && e.interrupted) throw new Interrupted(e.diagnostic)
              throw new GuestThrow(makeError("Error", e instanceof Error ? e.message : inspect(e)), undefined)
            }),
          )
          rt.track(p, "async", true)
          return p
        }
        return toGuest(r)
      })
  }
}

/**
 * The compile-time global table of canonical programs (no dialect globals), built once: the table and the values in
 * it are shared built-ins that no run changes (a run writes to its own overlay, intrinsics.ts), as they are already
 * shared by every run of one compiled program.
 */
let canonical: ReadonlyMap<string, unknown> | undefined

/** The compile-time global table for one set of options. */
export const makeGlobals = (options: CompileOptions): ReadonlyMap<string, unknown> =>
  options.globals === undefined ? (canonical ??= buildGlobals(options)) : buildGlobals(options)

const buildGlobals = (options: CompileOptions): ReadonlyMap<string, unknown> => {
  const m = new Map(Object.entries(base))
  for (const [name, g] of Object.entries(options.globals ?? {})) m.set(name, native(name, g))
  // `globalThis` is a view of the same table (`globalThis.JSON`, dynamic `globalThis[name]` lookups), writable per
  // run like every built-in (intrinsics.ts); a dialect may replace it with its own namespace.
  if (!options.globals?.globalThis) {
    const view: Record<string, unknown> = Object.create(null)
    for (const [k, v] of m) if (k !== "globalThis") view[k] = v
    const global = new Namespace("globalThis", view)
    view.globalThis = global
    m.set("globalThis", global)
  }
  return m
}

export { Builtin }

/**
 * The built-in globals a program may replace for its own run (in V8 they are writable properties of the global
 * object: `Math = …`, `JSON = …`, `Promise = …`). Fixed: `undefined`, `NaN` and `Infinity` (read-only in V8 too),
 * and what the host provides, `tools` and `search` (the tool references) and a dialect's own globals
 * (`CompileOptions.globals`: `codemode`, its namespaces), which every program of that host relies on.
 */
const FIXED = new Set(["undefined", "NaN", "Infinity", "tools", "search"])

/** Whether a program may replace global `name` for its run (see FIXED). */
export const isReplaceable = (name: string, options: CompileOptions): boolean =>
  Object.hasOwn(base, name) &&
  !FIXED.has(name) &&
  (options.globals === undefined || !Object.hasOwn(options.globals, name))

const isIdentChar = (c: number): boolean =>
  (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 36 || c === 95

const isSpace = (c: number): boolean => c === 32 || c === 10 || c === 9 || c === 13

/**
 * The name ending just before `end` (after spaces), if it is a whole identifier not reached through a member access
 * other than `globalThis.` (`a.Math = 1` is a property write, `globalThis.Math = 1` replaces the global).
 */
const nameBefore = (source: string, end: number): string | undefined => {
  let e = end
  while (e > 0 && isSpace(source.charCodeAt(e - 1))) e--
  let b = e
  while (b > 0 && isIdentChar(source.charCodeAt(b - 1))) b--
  if (b === e) return undefined
  let p = b
  while (p > 0 && isSpace(source.charCodeAt(p - 1))) p--
  if (p > 0 && source.charCodeAt(p - 1) === 46 /* . */ && nameBefore(source, p - 1) !== "globalThis") return undefined
  if (p > 0 && source.charCodeAt(p - 1) === 35 /* # */) return undefined
  return source.slice(b, e)
}

/** The name starting just after `start` (after spaces): the operand of a prefix `++`/`--`. */
const nameAfter = (source: string, start: number): string | undefined => {
  let b = start
  while (b < source.length && isSpace(source.charCodeAt(b))) b++
  let e = b
  while (e < source.length && isIdentChar(source.charCodeAt(e))) e++
  return e === b ? undefined : source.slice(b, e)
}

/** Characters that may precede `=` in a compound assignment (`+=`, `**=`, `>>>=`, `&&=`, `??=`, …). */
const COMPOUND = new Set([..."+-*/%&|^<>?"].map((c) => c.charCodeAt(0)))

/**
 * The replaceable globals a program's text assigns (found in the source, before compiling: reads of these names
 * compile to a lookup of this run's `globalThis` instead of a constant). Conservative: a match in a string or a
 * comment only makes that name's reads dynamic. A write the scan cannot see (a destructuring target) stays the
 * TypeError, never a write the reads miss.
 */
export const assignedGlobals = (source: string, options: CompileOptions): ReadonlySet<string> => {
  const found = new Set<string>()
  const add = (n: string | undefined) => {
    if (n !== undefined && isReplaceable(n, options)) found.add(n)
  }
  // Every `=` that is not part of `==`, `===`, `!=`, `<=`, `>=` or `=>`: an assignment, compound or not.
  for (let i = source.indexOf("="); i !== -1; i = source.indexOf("=", i + 1)) {
    const next = source.charCodeAt(i + 1)
    if (next === 61 /* = */ || next === 62 /* > */) {
      i++
      continue
    }
    const prev = source.charCodeAt(i - 1)
    if (prev === 33 /* ! */ || prev === 61 /* = */) continue
    let end = i
    while (end > 0 && COMPOUND.has(source.charCodeAt(end - 1))) end--
    // `<=` and `>=` alone are comparisons; `<<=`, `>>=`, `>>>=` assign.
    const op = source.slice(end, i)
    if (op === "<" || op === ">") continue
    add(nameBefore(source, end))
  }
  for (const token of ["++", "--"])
    for (let i = source.indexOf(token); i !== -1; i = source.indexOf(token, i + 2)) {
      add(nameBefore(source, i))
      add(nameAfter(source, i + 2))
    }
  return found
}
