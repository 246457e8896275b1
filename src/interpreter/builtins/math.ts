/**
 * Math (@opencode-ai/codemode 1.18 + docs/design.md#canonical-programs). `random` uses the host's seeded source.
 */
import { toNum } from "../coerce.js"
import { fn } from "./util.js"

const unary = [
  "abs",
  "acos",
  "acosh",
  "asin",
  "asinh",
  "atan",
  "atanh",
  "cbrt",
  "ceil",
  "clz32",
  "cos",
  "cosh",
  "exp",
  "expm1",
  "floor",
  "fround",
  "log",
  "log10",
  "log1p",
  "log2",
  "round",
  "sign",
  "sin",
  "sinh",
  "sqrt",
  "tan",
  "tanh",
  "trunc",
] as const

const members: Record<string, unknown> = {
  E: Math.E,
  LN10: Math.LN10,
  LN2: Math.LN2,
  LOG10E: Math.LOG10E,
  LOG2E: Math.LOG2E,
  PI: Math.PI,
  SQRT1_2: Math.SQRT1_2,
  SQRT2: Math.SQRT2,
  max: fn("max", (_rt, _s, a) => Math.max(...a.map(toNum)), 2),
  min: fn("min", (_rt, _s, a) => Math.min(...a.map(toNum)), 2),
  pow: fn("pow", (_rt, _s, [a, b]) => Math.pow(toNum(a), toNum(b)), 2),
  atan2: fn("atan2", (_rt, _s, [a, b]) => Math.atan2(toNum(a), toNum(b)), 2),
  hypot: fn("hypot", (_rt, _s, a) => Math.hypot(...a.map(toNum)), 2),
  imul: fn("imul", (_rt, _s, [a, b]) => Math.imul(toNum(a), toNum(b)), 2),
  random: fn("random", (rt) => rt.host.random()),
  f16round: fn("f16round", (_rt, _s, [x]) => f16round(toNum(x)), 1),
}
for (const name of unary) {
  const f = Math[name] as (x: number) => number
  members[name] = fn(name, (_rt, _s, [x]) => f(toNum(x)), 1)
}

export const mathMembers = members

/**
 * Math.f16round (ES2025): the nearest IEEE 754 binary16 value, ties to even. Node 20's V8 lacks it, so it is
 * computed here rather than borrowed: scale by the binary16 quantum at x's exponent (2^-24 below the normal range),
 * round the scaled value half-to-even, scale back. Powers of two make both scalings exact.
 */
export function f16round(x: number): number {
  if (x !== x || x === 0 || !Number.isFinite(x)) return x
  const a = Math.abs(x)
  // 65520 lies halfway between the largest finite binary16 (65504) and 2^16; ties to even round it up to infinity.
  if (a >= 65520) return x < 0 ? -Infinity : Infinity
  let e = Math.floor(Math.log2(a))
  if (2 ** e > a) e--
  else if (2 ** (e + 1) <= a) e++
  const quantum = 2 ** (Math.max(e, -14) - 10)
  const scaled = a / quantum
  let n = Math.floor(scaled)
  const rest = scaled - n
  if (rest > 0.5 || (rest === 0.5 && n % 2 === 1)) n++
  const r = n * quantum
  return x < 0 ? -r : r
}
