/**
 * Type conversions over guest values (ECMA-262 §7.1). Native operators are only applied to primitives: a guest
 * object never reaches a host conversion. Plain objects and arrays convert through OrdinaryToPrimitive (§7.1.1.1)
 * with their own `valueOf`/`toString` properties, so a guest hook runs as a guest call (its own run's step counter
 * and deadline, SECURITY.md); without own hooks they use the Object.prototype/Array.prototype defaults natively.
 */
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  HostBacked,
  Namespace,
  ToolRef,
  Wrapper,
  isGuestError,
  WELL_KNOWN,
  isoString,
} from "./values.js"
import { typeError, unawaited } from "./errors.js"
import { checkString } from "./memory-caps.js"

export const isPrimitive = (v: unknown): boolean => v === null || (typeof v !== "object" && typeof v !== "function")

type Hint = "string" | "number" | "default"

/** Marks "this hook gave no primitive" in OrdinaryToPrimitive. */
const NONE: unique symbol = Symbol("codemode.none")

const hasOwn = Object.prototype.hasOwnProperty

/** Arrays being joined right now: a cyclic array joins as "" at the repeated level, as V8 does. */
const joining = new Set<Array<unknown>>()

/** What a join reports its work to (the run): one step per element, the result's bytes before it is built. */
export interface JoinMeter {
  tick(): void
  charge(bytes: number): void
}

/** The meter of the outermost join in progress: nested arrays (joined through ToString) report to it too. */
let activeMeter: JoinMeter | undefined

/**
 * Runs a conversion with `meter` as the meter of the joins it makes (an array's ToString is its join): `String(a)`,
 * `a + ""` and template literals of a shared-reference tree step and charge like `a.join()`.
 */
export const metered = <T>(meter: JoinMeter | undefined, f: () => T): T => {
  if (meter === undefined || activeMeter !== undefined) return f()
  activeMeter = meter
  try {
    return f()
  } finally {
    activeMeter = undefined
  }
}

/**
 * Array.prototype.join (§23.1.3.18): holes, undefined and null are "", other elements go through ToString. The
 * pieces are collected with a step per element (the deadline is read in proportion to the elements, even for the
 * nested arrays of a shared-reference tree) and the length capped as they come; the result's flat size is charged
 * before one native join builds it (appending one by one made a cons cell per element: 32 bytes each, uncharged).
 */
export const joinArray = (a: Array<unknown>, sep: string, meter?: JoinMeter): string => {
  if (joining.has(a)) return ""
  const outer = activeMeter
  const m = (activeMeter = meter ?? outer)
  joining.add(a)
  try {
    const parts: Array<string> = new Array(a.length)
    let total = 0
    for (let i = 0; i < a.length; i++) {
      m?.tick()
      // Capped before each piece, so a join never builds past MAX_STRING_LENGTH (SECURITY.md "Memory").
      if (i > 0) checkString((total += sep.length), "join")
      const x = a[i]
      const piece = x === undefined || x === null ? "" : typeof x === "string" ? x : toStr(x)
      checkString((total += piece.length), "join")
      parts[i] = piece
    }
    // The flat result, two bytes per character at worst (memory-budget.ts `freshBytes`), before V8 allocates it.
    m?.charge(16 + ((2 * total + 7) & ~7))
    return parts.join(sep)
  } finally {
    joining.delete(a)
    activeMeter = outer
  }
}

/** Object.prototype.toString / Error.prototype.toString (§20.5.3.4) for a guest object, without calling hooks. */
export const defaultObjectString = (v: object): string => {
  if (!isGuestError(v)) return "[object Object]"
  const e = v as { name?: unknown; message?: unknown }
  const name = e.name === undefined ? "Error" : toStr(e.name)
  const msg = e.message === undefined ? "" : toStr(e.message)
  return name === "" ? msg : msg === "" ? name : `${name}: ${msg}`
}

/** Calls a conversion hook with `this` = the object and no arguments (§7.1.1.1 step 2.b.i). */
const callHook = (f: unknown, self: unknown, args: ReadonlyArray<unknown> = []): unknown => {
  if (f instanceof GuestFunction) return f.rt.call(f, self, args)
  if (f instanceof Builtin) {
    const b = f.options.bound
    if (b) return callHook(b.target, b.thisArg, [...b.args, ...args])
  }
  // A built-in or tool used directly as a hook would need the caller's run; wrapping it in a guest function does not.
  throw typeError("A built-in function cannot be a toString/valueOf hook: wrap it in a function")
}

/** Default members of arrays / plain objects when they have no own hook of that name. */
const defaultHook = (o: object, name: "toString" | "valueOf"): unknown => {
  if (name === "valueOf") return NONE // Object.prototype.valueOf returns the object itself: not a primitive
  return Array.isArray(o) ? joinArray(o, ",") : defaultObjectString(o)
}

const tryHook = (o: object, name: "toString" | "valueOf", own: boolean): unknown => {
  if (!own) return defaultHook(o, name)
  const f = (o as Record<string, unknown>)[name]
  if (!(f instanceof GuestFunction || f instanceof Builtin || f instanceof ToolRef)) return NONE
  const r = callHook(f, o)
  return isPrimitive(r) ? r : NONE
}

/**
 * Function.prototype.toString (§20.2.3.5) of a guest function or a built-in: the NativeFunction form (the source
 * text is not kept), `function get x() { [native code] }`. A name that is not a PropertyName (`bound f`) is left out.
 */
export const functionText = (name: string): string =>
  `function ${/^((get|set) )?([A-Za-z_$][\w$]*|\[[^\]]*\])$/.test(name) ? name : ""}() { [native code] }`

/** OrdinaryToPrimitive (§7.1.1.1): "string" tries toString first, otherwise valueOf first. */
const ordinaryToPrimitive = (o: object, hint: Hint): unknown => {
  const isArr = Array.isArray(o)
  const ownTo = isArr ? hasOwn.call(o, "toString") : "toString" in o
  const ownValue = isArr ? hasOwn.call(o, "valueOf") : "valueOf" in o
  if (!ownTo && !ownValue) return defaultHook(o, "toString")
  let r = hint === "string" ? tryHook(o, "toString", ownTo) : tryHook(o, "valueOf", ownValue)
  if (r !== NONE) return r
  r = hint === "string" ? tryHook(o, "valueOf", ownValue) : tryHook(o, "toString", ownTo)
  if (r !== NONE) return r
  throw typeError("Cannot convert object to primitive value")
}

/** ToPrimitive (§7.1.1). */
export const toPrimitive = (v: unknown, hint: Hint = "default"): unknown => {
  if (isPrimitive(v)) return v
  if (v instanceof GuestObject) {
    // §7.1.1 step 2.a: a guest `[Symbol.toPrimitive]` (own or inherited through the guest chain) decides first.
    const exotic = (v as Record<symbol, unknown>)[WELL_KNOWN.toPrimitive]
    if (exotic !== undefined && exotic !== null) {
      if (!(exotic instanceof GuestFunction)) throw typeError("Symbol.toPrimitive is not a function")
      const r = callHook(exotic, v, [hint])
      if (!isPrimitive(r)) throw typeError("Cannot convert object to primitive value")
      return r
    }
  }
  if (v instanceof GuestObject || Array.isArray(v)) return ordinaryToPrimitive(v as object, hint)
  if (v instanceof Wrapper) return v.value
  // Dates convert to their ISO form (@opencode-ai/codemode 1.18).
  if (v instanceof GuestDate) return hint === "number" ? v.time : isoString(v)
  if (v instanceof GuestFunction || v instanceof Builtin) return functionText(v.name)
  if (v instanceof GuestRegExp) return String(v.native)
  if (v instanceof HostBacked) return v.primitive()
  if (v instanceof ToolRef) return `[tool ${v.path.join(".")}]`
  if (v instanceof Namespace) return `[object ${v.name}]`
  if (v instanceof Map) return "[object Map]"
  if (v instanceof Set) return "[object Set]"
  if (v instanceof WeakMap) return "[object WeakMap]"
  if (v instanceof WeakSet) return "[object WeakSet]"
  // A promise turned into a string or number (an operator, a template, String(), a comparator's result) is a missing
  // await: "[object Promise]" or NaN would hide it.
  if (v instanceof Promise) throw unawaited(`cannot be used as a ${hint === "default" ? "string or number" : hint}`)
  return "[object Object]"
}

/** A string for diagnostics: like ToString, but never calls a guest hook (messages must not run guest code). */
export const displayString = (v: unknown): string => {
  if (isPrimitive(v)) return String(v)
  if (v instanceof GuestObject) return defaultObjectString(v)
  if (v instanceof Promise) return "[object Promise]"
  if (Array.isArray(v)) return v.map((x) => (x == null ? "" : isPrimitive(x) ? String(x) : "[object Object]")).join(",")
  return String(toPrimitive(v, "string"))
}

export const toStr = (v: unknown): string => {
  if (typeof v === "string") return v
  if (typeof v === "number") return String(v)
  if (typeof v === "symbol") throw typeError("Cannot convert a Symbol value to a string")
  const p = toPrimitive(v, "string")
  if (typeof p === "symbol") throw typeError("Cannot convert a Symbol value to a string")
  return String(p)
}

export const toNum = (v: unknown): number => {
  if (typeof v === "number") return v
  const p = toPrimitive(v, "number")
  if (typeof p === "symbol") throw typeError("Cannot convert a Symbol value to a number")
  if (typeof p === "bigint") throw typeError("Cannot convert a BigInt value to a number")
  return Number(p)
}

/** ToPropertyKey (§7.1.19): numbers stay numbers (array fast path), symbols stay symbols, the rest are strings. */
export const toKey = (v: unknown): string | number => {
  if (typeof v === "string") return v
  if (typeof v === "number") return v
  if (typeof v === "symbol") return v as unknown as string
  const p = toPrimitive(v, "string")
  if (typeof p === "symbol") return p as unknown as string
  return String(p)
}

/** ToPropertyKey for a named access: a string, or a symbol (typed as a string key: native objects take both). */
export const propKey = (v: unknown): string => {
  const k = toKey(v)
  return typeof k === "number" ? String(k) : k
}

export const typeOf = (v: unknown, lookup: (path: ReadonlyArray<string>) => string | undefined): string => {
  if (v instanceof GuestFunction || v instanceof Builtin) return "function"
  if (v instanceof ToolRef) {
    if (v.path.length === 0) return "object"
    const kind = lookup(v.path)
    return kind === "tool" ? "function" : kind === "namespace" ? "object" : "undefined"
  }
  return typeof v
}

/** IsLooselyEqual (§7.2.14) with guest ToPrimitive. */
export const looseEq = (a: unknown, b: unknown): boolean => {
  if (isPrimitive(a) && isPrimitive(b)) return a == b
  if (!isPrimitive(a) && !isPrimitive(b)) return a === b
  if (a == null || b == null) return false
  return isPrimitive(a) ? a == toPrimitive(b) : toPrimitive(a) == b
}
