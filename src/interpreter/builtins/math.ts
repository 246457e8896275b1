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
}
for (const name of unary) {
  const f = Math[name] as (x: number) => number
  members[name] = fn(name, (_rt, _s, [x]) => f(toNum(x)), 1)
}

export const mathMembers = members
