import type { Run } from "../run-state.js"
/**
 * Number, Boolean and the numeric globals (parseInt, parseFloat, isNaN, isFinite).
 */
import { rangeError, typeError } from "../errors.js"
import { toNum, toStr } from "../coerce.js"
import { Builtin, Wrapper } from "../values.js"
import { ProtoView, protoViewOf } from "../realm.js"
import { fn, methods, table, type Rows } from "./util.js"
import { numberLocaleString } from "./intl.js"
import { toNumeric } from "./bigint.js"

/** thisNumberValue (§21.1.3.7.1): a number or a Number object (Number.prototype is one, holding +0). */
const num = (v: unknown): number => {
  if (typeof v === "number") return v
  if (v instanceof Wrapper && typeof v.value === "number") return v.value
  if (v instanceof ProtoView && v === protoViewOf("Number")) return 0
  throw typeError("Number.prototype method called on a non-number")
}

/** thisBooleanValue (§20.3.3.3.1): a boolean or a Boolean object. */
const bool = (v: unknown, what: string): boolean => {
  if (typeof v === "boolean") return v
  if (v instanceof Wrapper && typeof v.value === "boolean") return v.value
  if (v instanceof ProtoView && v === protoViewOf("Boolean")) return false // Boolean.prototype holds false
  throw typeError(`Boolean.prototype.${what} requires that 'this' be a Boolean`)
}

const digits = (v: unknown, lo: number, hi: number, what: string): number | undefined => {
  if (v === undefined) return undefined
  const d = Math.trunc(toNum(v))
  if (!(d >= lo && d <= hi)) throw rangeError(`${what} argument must be between ${lo} and ${hi}`)
  return d
}

const numberRows: Rows = {
  toFixed: (_rt, s, [d]) => num(s).toFixed(digits(d, 0, 100, "toFixed() digits") ?? 0),
  // §21.1.3.3 and §21.1.3.5: the argument is coerced, then a non-finite receiver answers before the range check.
  toPrecision: (_rt, s, [d]) => {
    const x = num(s)
    if (d === undefined) return String(x)
    const p = toNum(d)
    return Number.isFinite(x) ? x.toPrecision(digits(p, 1, 100, "toPrecision()")) : String(x)
  },
  toExponential: (_rt, s, [d]) => {
    const x = num(s)
    const f = d === undefined ? undefined : toNum(d)
    return Number.isFinite(x) ? x.toExponential(digits(f, 0, 100, "toExponential()")) : String(x)
  },
  toString: (_rt: Run, s: unknown, [radix]: ReadonlyArray<unknown>) =>
    num(s).toString(digits(radix, 2, 36, "toString() radix") ?? 10),
  // ECMA-402 §16.4.1 through the host's ICU (intl.ts); the default locale is "en-US" whatever the host's.
  toLocaleString: (_rt: Run, s: unknown, [l, o]: ReadonlyArray<unknown>) => numberLocaleString(num(s), l, o),
  valueOf: (_rt: Run, s: unknown) => num(s),
}

export const numberMethods = methods(numberRows, { toExponential: 1, toFixed: 1, toPrecision: 1, toString: 1 })

export const booleanMethods = methods({
  toString: (_rt: Run, s: unknown) => String(bool(s, "toString")),
  valueOf: (_rt: Run, s: unknown) => bool(s, "valueOf"),
})

export const parseIntFn = fn(
  "parseInt",
  (_rt, _s, [s, r]) => parseInt(toStr(s), r === undefined ? undefined : toNum(r)),
  2,
)
export const parseFloatFn = fn("parseFloat", (_rt, _s, [s]) => parseFloat(toStr(s)), 1)

/** §21.1.1.1 Number(value): ToNumeric, so a BigInt converts (1n → 1) where ToNumber would throw. */
const toNumber = (a: ReadonlyArray<unknown>): number => (a.length === 0 ? 0 : Number(toNumeric(a[0])))

export const NumberCtor = new Builtin("Number", (_rt, _s, a) => toNumber(a), {
  length: 1,
  construct: (_rt, a) => new Wrapper(toNumber(a)),
  is: (v) => v instanceof Wrapper && typeof v.value === "number",
  statics: table({
    isInteger: fn("isInteger", (_rt, _s, [v]) => Number.isInteger(v), 1),
    isSafeInteger: fn("isSafeInteger", (_rt, _s, [v]) => Number.isSafeInteger(v), 1),
    isFinite: fn("isFinite", (_rt, _s, [v]) => Number.isFinite(v), 1),
    isNaN: fn("isNaN", (_rt, _s, [v]) => Number.isNaN(v), 1),
    parseInt: parseIntFn,
    parseFloat: parseFloatFn,
    MAX_SAFE_INTEGER: Number.MAX_SAFE_INTEGER,
    MIN_SAFE_INTEGER: Number.MIN_SAFE_INTEGER,
    MAX_VALUE: Number.MAX_VALUE,
    MIN_VALUE: Number.MIN_VALUE,
    EPSILON: Number.EPSILON,
    POSITIVE_INFINITY: Infinity,
    NEGATIVE_INFINITY: -Infinity,
    NaN: NaN,
  }),
})

export const BooleanCtor = new Builtin("Boolean", (_rt, _s, [v]) => !!v, {
  length: 1,
  construct: (_rt, [v]) => new Wrapper(!!v),
  is: (v) => v instanceof Wrapper && typeof v.value === "boolean",
})

export const numericGlobals: Record<string, unknown> = {
  parseInt: parseIntFn,
  parseFloat: parseFloatFn,
  isNaN: fn("isNaN", (_rt, _s, [v]) => Number.isNaN(toNum(v)), 1),
  isFinite: fn("isFinite", (_rt, _s, [v]) => Number.isFinite(toNum(v)), 1),
}
