/** Math: the full deterministic Math (random is seeded per execution and is not compared here). */
export default {
  "math-basic":
    "return [Math.abs(-3), Math.ceil(1.2), Math.floor(-1.2), Math.round(2.5), Math.round(-2.5), Math.round(0.49), Math.trunc(-4.7), Math.sign(-3), Math.sign(0)]",
  "math-minmax":
    "return [Math.max(1, 5, 3), Math.min(1, 5, 3), Math.max(), Math.min(), Math.max(1, NaN), Math.max('7', 2), Math.min(...[4, 2, 8])]",
  "math-pow":
    "return [Math.pow(2, 10), Math.pow(2, -1), Math.pow(-8, 1 / 3), Math.sqrt(16), Math.cbrt(27), Math.sqrt(-1), Math.hypot(3, 4)]",
  "math-log":
    "return [Math.log(Math.E), Math.log10(1000), Math.log2(8), Math.log1p(0), Math.exp(0), Math.expm1(0), Math.log(0)]",
  "math-trig":
    "return [Math.sin(0), Math.cos(0), Math.tan(0), Math.atan2(1, 1), Math.asin(1), Math.acos(1), Math.atan(0)]",
  "math-hyperbolic": "return [Math.sinh(0), Math.cosh(0), Math.tanh(0), Math.asinh(0), Math.acosh(1), Math.atanh(0)]",
  "math-constants": "return [Math.PI, Math.E, Math.LN2, Math.LN10, Math.LOG2E, Math.LOG10E, Math.SQRT2, Math.SQRT1_2]",
  "math-bits":
    "return [Math.clz32(1), Math.clz32(0), Math.imul(3, 4), Math.imul(0xffffffff, 5), Math.fround(5.5), Math.fround(5.05)]",
  "math-f16round":
    "return [1.337, 65504, 65519.99, 65520, -(2 ** -25), 3 * 2 ** -25, 2 ** -24, 1 + 2 ** -11, 1 + 3 * 2 ** -11, '0.1', -1e-10, 1e-300, NaN].map((x) => { const r = Math.f16round(x); return Object.is(r, -0) ? '-0' : String(r) })",
  "math-coerce": "return [Math.abs('-2'), Math.floor(null), Math.ceil(undefined), Math.round('2.5'), Math.max([1], 0)]",
  "math-random-range":
    "const xs = Array.from({ length: 50 }, () => Math.random()); return xs.every(x => x >= 0 && x < 1)",
  "math-random-int":
    "const xs = Array.from({ length: 50 }, () => Math.floor(Math.random() * 6) + 1); return xs.every(x => Number.isInteger(x) && x >= 1 && x <= 6)",
  "math-round-money":
    "return [Math.round(1.005 * 100) / 100, Math.round(-0.5), Math.round(0.5), Math.round(1.4999999999999999)]",
  "math-clamp":
    "const clamp = (x, lo, hi) => Math.min(hi, Math.max(lo, x)); return [clamp(5, 0, 3), clamp(-1, 0, 3), clamp(2, 0, 3)]",
  "math-not-callable": "try { Math() } catch (e) { return e.name }",
  "math-unknown": "try { Math.nope(1) } catch (e) { return e.name }",
  "math-neg-zero": "return [Object.is(Math.round(-0.4), -0), Object.is(Math.sign(-0), -0), Math.abs(-0)]",
  "math-max-array-spread":
    "const a = Array.from({ length: 1000 }, (_, i) => (i * 37) % 1001); return [Math.max(...a), Math.min(...a)]",
  "math-exp-large": "return [Math.exp(1000), Math.exp(-1000), Math.pow(10, 308) * 10]",
}
