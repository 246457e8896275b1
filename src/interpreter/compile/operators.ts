/**
 * Runtime semantics of the operators (ECMA-262 §13.5–§13.15) over guest values: native operators run on
 * primitives only; objects are converted with the guest ToPrimitive first.
 */
import { isPrimitive, looseEq, metered, toNum, toPrimitive, toStr } from "../coerce.js"
import { type Pos, typeError } from "../errors.js"
import { getProperty, hasProperty } from "../property.js"
import { concatStrings } from "../memory-budget.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestFunction, GuestObject, WELL_KNOWN } from "../values.js"
import { hasInstance } from "../realm.js"
import { bigMul, bigPow, bigShift, toNumeric } from "../builtins/bigint.js"

/** `rt` is passed where a run exists (not when folding constants) so `+` can charge the memory budget. */
type Bin = (a: unknown, b: unknown, pos: Pos, rt?: Run) => unknown

/** ToNumeric (§7.1.3) typed as a number: the native operator applied next is the BigInt one when both are bigints. */
const num = (v: unknown): number => (typeof v === "number" ? v : (toNumeric(v) as number))

/** Mixing a BigInt and a Number in arithmetic is a TypeError (§13.15.3 ApplyStringOrNumericBinaryOperator). */
const mixed = () => typeError("Cannot mix BigInt and other types, use explicit conversions")

/** A numeric operator whose BigInt half may grow the value fast: checked against the size bound first. */
const growing =
  (nf: (x: number, y: number) => number, bf: (x: bigint, y: bigint) => bigint): Bin =>
  (a, b) => {
    const x = num(a)
    const y = num(b)
    if (typeof x === "number" && typeof y === "number") return nf(x, y)
    if (typeof x === "bigint" && typeof y === "bigint") return bf(x, y)
    throw mixed()
  }

export const add = (a: unknown, b: unknown, _pos?: Pos, rt?: Run): unknown => {
  if (typeof a === "number" && typeof b === "number") return a + b
  if (typeof a === "string") {
    if (typeof b === "string") return concatStrings(a, b, rt)
    if (typeof b === "number") return concatStrings(a, String(b), rt)
  }
  const pa = isPrimitive(a) ? a : metered(rt, () => toPrimitive(a))
  const pb = isPrimitive(b) ? b : metered(rt, () => toPrimitive(b))
  if (typeof pa === "string" || typeof pb === "string") return concatStrings(toStr(pa), toStr(pb), rt)
  return num(pa) + num(pb)
}

const compare = (a: unknown, b: unknown): [unknown, unknown] => {
  const pa = isPrimitive(a) ? a : toPrimitive(a, "number")
  const pb = isPrimitive(b) ? b : toPrimitive(b, "number")
  return [pa, pb]
}

export const instanceOf = (rt: Run, v: unknown, ctor: unknown, pos: Pos): boolean => {
  // §13.10.2 InstanceofOperator: a guest `[Symbol.hasInstance]` method decides first.
  if (ctor instanceof GuestObject || (ctor instanceof GuestFunction && ctor.props !== undefined)) {
    const h = getProperty(rt, ctor, WELL_KNOWN.hasInstance, pos)
    if (h instanceof GuestFunction) return Boolean(h.code.invoke(h, ctor, [v], h.rt, pos))
    if (h !== undefined && h !== null && !(h instanceof Builtin))
      throw typeError("Symbol.hasInstance is not a function", pos)
  }
  if (ctor instanceof Builtin && ctor.options.is) return ctor.options.is(v)
  if (ctor instanceof GuestFunction) return hasInstance(ctor, v, rt)
  throw typeError("The right-hand side of 'instanceof' is not a supported constructor", pos)
}

export const BINARY: Readonly<Record<string, Bin>> = {
  "+": add,
  "-": (a, b) => num(a) - num(b),
  "*": growing((x, y) => x * y, bigMul),
  "/": (a, b) => num(a) / num(b),
  "%": (a, b) => num(a) % num(b),
  "**": growing((x, y) => x ** y, bigPow),
  "==": (a, b) => looseEq(a, b),
  "!=": (a, b) => !looseEq(a, b),
  "===": (a, b) => a === b,
  "!==": (a, b) => a !== b,
  "<": (a, b) => {
    const [x, y] = compare(a, b)
    return (x as number) < (y as number)
  },
  ">": (a, b) => {
    const [x, y] = compare(a, b)
    return (x as number) > (y as number)
  },
  "<=": (a, b) => {
    const [x, y] = compare(a, b)
    return (x as number) <= (y as number)
  },
  ">=": (a, b) => {
    const [x, y] = compare(a, b)
    return (x as number) >= (y as number)
  },
  "&": (a, b) => num(a) & num(b),
  "|": (a, b) => num(a) | num(b),
  "^": (a, b) => num(a) ^ num(b),
  "<<": growing(
    (x, y) => x << y,
    (x, y) => bigShift(x, y, true),
  ),
  ">>": growing(
    (x, y) => x >> y,
    (x, y) => bigShift(x, y, false),
  ),
  ">>>": (a, b) => num(a) >>> num(b),
  in: (a, b, pos, rt) => hasProperty(rt!, b, a, pos),
  instanceof: (a, b, pos, rt) => instanceOf(rt!, a, b, pos),
}

/** Specialized closures for the hottest operators on numbers (avoids the table indirection). */
export const fastBinary = (op: string): ((a: unknown, b: unknown, rt: Run) => unknown) | undefined => {
  switch (op) {
    case "+":
      return (a, b, rt) => (typeof a === "number" && typeof b === "number" ? a + b : add(a, b, undefined, rt))
    case "-":
      return (a, b) => (typeof a === "number" && typeof b === "number" ? a - b : num(a) - num(b))
    case "*":
      return (a, b) => (typeof a === "number" && typeof b === "number" ? a * b : (BINARY["*"] as Bin)(a, b, undefined!))
    case "<":
      return (a, b) => (typeof a === "number" && typeof b === "number" ? a < b : (BINARY["<"] as Bin)(a, b, undefined!))
    case "<=":
      return (a, b) =>
        typeof a === "number" && typeof b === "number" ? a <= b : (BINARY["<="] as Bin)(a, b, undefined!)
    case ">":
      return (a, b) => (typeof a === "number" && typeof b === "number" ? a > b : (BINARY[">"] as Bin)(a, b, undefined!))
    case ">=":
      return (a, b) =>
        typeof a === "number" && typeof b === "number" ? a >= b : (BINARY[">="] as Bin)(a, b, undefined!)
    case "===":
      return (a, b) => a === b
    case "!==":
      return (a, b) => a !== b
  }
  return undefined
}

const NUMERIC_OPS = ["+", "-", "*", "/", "%", "<", "<=", ">", ">=", "===", "!=="]

/** The code {@link numeric} computes operator `op` by, or undefined for the other operators. */
export const numericCode = (op: string): number | undefined => {
  const i = NUMERIC_OPS.indexOf(op)
  return i < 0 ? undefined : i
}

/**
 * Operator `code` on two numbers: the same native operator as the table's row once both sides are numbers. One
 * function for every site, so V8 inlines it into the interpreter's closures (a per-site closure would be a call).
 */
export const numeric = (code: number, x: number, y: number): unknown => {
  switch (code) {
    case 0:
      return x + y
    case 1:
      return x - y
    case 2:
      return x * y
    case 3:
      return x / y
    case 4:
      return x % y
    case 5:
      return x < y
    case 6:
      return x <= y
    case 7:
      return x > y
    case 8:
      return x >= y
    case 9:
      return x === y
    default:
      return x !== y
  }
}

export const unaryNumber = (op: string, v: unknown): unknown => {
  switch (op) {
    case "-":
      return -num(v)
    case "+":
      return toNum(v)
    case "~":
      return ~num(v)
  }
  return undefined
}
