/**
 * BigInt (§21.2): the primitive is the host's bigint. The global `BigInt` (a function, not a constructor), its
 * statics `asIntN`/`asUintN`, the prototype methods, and the size bound every operator that can grow a BigInt
 * quickly (`*`, `**`, `<<`) checks before it computes (compile/operators.ts).
 */
import { isPrimitive, toNum, toPrimitive } from "../coerce.js"
import { rangeError, typeError } from "../errors.js"
import type { Run } from "../run-state.js"
import { Builtin, Wrapper } from "../values.js"
import { fn, methods, table } from "./util.js"

/**
 * The largest BigInt a program may make, in bits (2^20: about 315,000 decimal digits). V8's own bound is 2^30 bits,
 * which a program reaches in one `**` taking seconds and 128 MB; past this one the operator throws V8's RangeError.
 */
export const MAX_BIGINT_BITS = 1 << 20

const tooBig = () => rangeError("Maximum BigInt size exceeded")

/** The number of bits of |x| (0 for 0n). */
export const bitLength = (x: bigint): number => {
  if (x === 0n) return 0
  const h = (x < 0n ? -x : x).toString(16)
  return (h.length - 1) * 4 + (32 - Math.clz32(parseInt(h[0]!, 16)))
}

/** `x * y` within the bound. */
export const bigMul = (x: bigint, y: bigint): bigint => {
  if (bitLength(x) + bitLength(y) > MAX_BIGINT_BITS + 1) throw tooBig()
  return x * y
}

/** `x ** y` within the bound (a negative exponent is V8's RangeError). */
export const bigPow = (x: bigint, y: bigint): bigint => {
  if (y > 1n && (x > 1n || x < -1n) && (bitLength(x) - 1) * Number(y) + 1 > MAX_BIGINT_BITS) throw tooBig()
  return x ** y
}

/** `x << y` (and `x >> -y`) within the bound. */
export const bigShift = (x: bigint, y: bigint, left: boolean): bigint => {
  const up = left ? y : -y
  if (up > 0n && x !== 0n && bitLength(x) + Number(up) > MAX_BIGINT_BITS) throw tooBig()
  return left ? x << y : x >> y
}

/** ToNumeric (§7.1.3): a number or a bigint; objects through the guest ToPrimitive with hint number. */
export const toNumeric = (v: unknown): number | bigint => {
  if (typeof v === "number" || typeof v === "bigint") return v
  const p = isPrimitive(v) ? v : toPrimitive(v, "number")
  return typeof p === "bigint" ? p : toNum(p)
}

/** ToBigInt (§7.1.13): booleans, strings (StringToBigInt, else SyntaxError) and bigints; numbers are a TypeError. */
export const toBigInt = (v: unknown): bigint => {
  const p = isPrimitive(v) ? v : toPrimitive(v, "number")
  switch (typeof p) {
    case "bigint":
      return p
    case "boolean":
      return p ? 1n : 0n
    case "string":
      return BigInt(p)
    case "number":
      throw typeError(`Cannot convert ${String(p)} to a BigInt`)
    case "symbol":
      throw typeError("Cannot convert a Symbol value to a BigInt")
    default:
      throw typeError(`Cannot convert ${String(p)} to a BigInt`)
  }
}

/** ToIndex (§7.1.22) for asIntN/asUintN's bit count. */
const toIndex = (v: unknown): number => {
  const n = v === undefined ? 0 : Math.trunc(toNum(v)) || 0
  if (n < 0 || n > Number.MAX_SAFE_INTEGER) throw rangeError("Invalid value: not (convertible to) a safe integer")
  return n
}

/** thisBigIntValue (§21.2.3.4.1): a bigint or a BigInt object. */
const thisBigInt = (v: unknown, what: string): bigint => {
  if (typeof v === "bigint") return v
  if (v instanceof Wrapper && typeof v.value === "bigint") return v.value
  throw typeError(`BigInt.prototype.${what} requires that 'this' be a BigInt`)
}

export const bigintMethods = methods({
  toString: (_rt: Run, s: unknown, [radix]: ReadonlyArray<unknown>) => {
    const x = thisBigInt(s, "toString")
    const r = radix === undefined ? 10 : Math.trunc(toNum(radix))
    if (!(r >= 2 && r <= 36)) throw rangeError("toString() radix must be between 2 and 36")
    return x.toString(r)
  },
  toLocaleString: (_rt: Run, s: unknown) => thisBigInt(s, "toLocaleString").toLocaleString("en-US"),
  valueOf: (_rt: Run, s: unknown) => thisBigInt(s, "valueOf"),
})

/** §21.2.1.1 BigInt(value): numbers must be integers (RangeError), the rest as ToBigInt; `new BigInt` is refused. */
export const BigIntCtor = new Builtin(
  "BigInt",
  (_rt, _s, [v]) => {
    const p = isPrimitive(v) ? v : toPrimitive(v, "number")
    if (typeof p !== "number") return toBigInt(p)
    if (!Number.isInteger(p))
      throw rangeError(`The number ${String(p)} cannot be converted to a BigInt because it is not an integer`)
    return BigInt(p)
  },
  {
    length: 1,
    is: (v) => v instanceof Wrapper && typeof v.value === "bigint",
    statics: table({
      asIntN: fn(
        "asIntN",
        (_rt, _s, [bits, v]) => {
          const n = toIndex(bits)
          return BigInt.asIntN(n, toBigInt(v))
        },
        2,
      ),
      asUintN: fn(
        "asUintN",
        (_rt, _s, [bits, v]) => {
          const n = toIndex(bits)
          const x = toBigInt(v)
          // A negative value wraps to n bits: a result of up to n bits, so n is bounded like any other result.
          if (x < 0n && n > MAX_BIGINT_BITS) throw tooBig()
          return BigInt.asUintN(n, x)
        },
        2,
      ),
    }),
  },
)
