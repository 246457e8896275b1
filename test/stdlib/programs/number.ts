/** Number, Boolean, parseInt/parseFloat/isNaN/isFinite, number formatting (fixed "en-US" toLocaleString). */
export default {
  toFixed:
    "return [(1.005).toFixed(2), (1234.5678).toFixed(2), (0).toFixed(2), (-1.5).toFixed(0), (1e21).toFixed(2), (2.5).toFixed()]",
  "toFixed-range": "try { (1).toFixed(101) } catch (e) { return e.name }",
  toPrecision:
    "return [(123.456).toPrecision(4), (0.00012).toPrecision(2), (123456).toPrecision(2), (1).toPrecision(), (1.5).toPrecision(1)]",
  "toPrecision-range": "try { (1).toPrecision(0) } catch (e) { return e.name }",
  toExponential: "return [(12345).toExponential(2), (0.5).toExponential(), (0).toExponential(3)]",
  "number-toString":
    "return [(255).toString(16), (255).toString(2), (-7.5).toString(), (0.1).toString(3).slice(0, 8), (1e21).toString(), (123).toString(36)]",
  "toString-radix-bad": "try { (1).toString(1) } catch (e) { return e.name }",
  toLocaleString:
    "return [(1234567.891).toLocaleString(), (1234).toLocaleString('en-US'), (0.5).toLocaleString(), (-9876543).toLocaleString()]",
  "toLocaleString-small": "return [(12).toLocaleString(), (1000).toLocaleString(), (1.23456).toLocaleString()]",
  "number-valueOf": "return (5).valueOf()",
  "Number-call":
    "return [Number('42'), Number(' 3.5 '), Number(''), Number('abc'), Number(null), Number(undefined), Number(true), Number([]), Number([7]), Number('0b101'), Number('1e3')]",
  "Number-statics":
    "return [Number.isInteger(5), Number.isInteger(5.5), Number.isInteger('5'), Number.isSafeInteger(2 ** 53 - 1), Number.isFinite('5'), Number.isNaN('x'), Number.isNaN(NaN)]",
  "Number-constants":
    "return [Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, Number.EPSILON, Number.MAX_VALUE, Number.MIN_VALUE, Number.POSITIVE_INFINITY === Infinity, Number.isNaN(Number.NaN)]",
  "Number-parse": "return [Number.parseInt('12.5'), Number.parseFloat('12.5e1x'), Number.parseInt === parseInt]",
  parseInt:
    "return [parseInt('42'), parseInt('  42abc'), parseInt('abc'), parseInt('0x1F'), parseInt('101', 2), parseInt('z', 36), parseInt('-0'), parseInt(''), parseInt('12', 1), parseInt(15.99), parseInt('1e3')]",
  "parseInt-radix":
    "return [parseInt('ff', 16), parseInt('FF', 16), parseInt('777', 8), parseInt('9', 8), parseInt('10', 37), parseInt('10', 0)]",
  parseFloat:
    "return [parseFloat('3.14'), parseFloat('  -2.5e3abc'), parseFloat('.5'), parseFloat('abc'), parseFloat('Infinity'), parseFloat('1.2.3')]",
  "global-isNaN": "return [isNaN('abc'), isNaN('12'), isNaN(undefined), isNaN(null), isNaN(NaN), isNaN([])]",
  "global-isFinite": "return [isFinite('12'), isFinite('x'), isFinite(Infinity), isFinite(null), isFinite(1e308 * 10)]",
  "Boolean-call": "return [Boolean(0), Boolean('x'), Boolean(null), Boolean({}), Boolean(), Boolean(NaN), Boolean(-0)]",
  "BigInt-basics":
    "const big = 2n ** 64n + BigInt(7); return [String(big), typeof big, big % 10n === 3n, BigInt.asUintN(8, -1n).toString(16), Number(big >> 60n)]",
  "boolean-methods": "return [true.toString(), false.valueOf(), String(true)]",
  "number-arith-edge": "return [0.1 * 3, 9007199254740993, 2 ** -1074, -0 === 0, 1 / -0, 5 % -3, -5 % 3, 2 ** 0.5]",
  "number-int-ops":
    "return [7 / 2 | 0, ~~-3.7, Math.trunc(-3.7), 1 << 31, (1 << 31) >>> 0, 0xff, 0o17, 0b11, 1_000_000]",
  "number-string-format":
    "return [String(1e-7), String(123e20), String(1e21), String(-1e-7), String(0.000001), String(2 ** 53)]",
  "number-toFixed-neg": "return [(-0.0001).toFixed(2), (-1.005).toFixed(2), (1.45).toFixed(1), (8.345).toFixed(2)]",
  "number-money": "const total = [19.99, 5.01, 0.1].reduce((a, b) => a + b, 0); return '$' + total.toFixed(2)",
  "number-percent": "return (0.4567 * 100).toFixed(1) + '%'",
  "number-compare-nan": "return [NaN < 1, NaN > 1, NaN === NaN, [NaN].indexOf(NaN), Object.is(NaN, NaN)]",
  "number-method-on-string": "try { return Number.prototype } catch (e) { return e.name }",
  "number-toFixed-string": "return (12.345).toFixed('1')",
  "number-huge-toLocale": "return [(1e21).toLocaleString(), (123456789012).toLocaleString()]",
  "number-neg-zero-str": "return [String(-0), (-0).toFixed(1), JSON.stringify(-0), `${-0}`]",
  "number-exp-notation": "return [(1e100).toString(), (1.5e-10).toFixed(12), (123.456e5).toPrecision(3)]",
  "number-unary-coerce": "return [+[], +{}, +[5], +'  ', +null, +undefined, +'1,2', +false]",
  "number-infinities":
    "return [Number.NEGATIVE_INFINITY === -Infinity, Number.POSITIVE_INFINITY > Number.MAX_VALUE, String(Number.NEGATIVE_INFINITY)]",
}
