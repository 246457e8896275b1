import { describe, expect, it } from "vitest"
import { oracle, ours, run } from "./harness.js"

/** BigInt (§21.2) run here and in `node:vm`: the same JSON result (bigints shown as strings), or both fail. */
const programs: Array<[string, string]> = [
  ["literals", "return [0n, 10n, 0x1Fn, 0o17n, 0b101n, 1_000n].map(String)"],
  ["typeof", "return [typeof 1n, typeof Object(1n), typeof BigInt(1)]"],
  [
    "arithmetic",
    "const a = 2n ** 70n; return [a + 1n, a - 3n, a * a, a / 7n, a % 7n, -a, -7n / 2n, -7n % 2n].map(String)",
  ],
  ["bitwise", "return [5n & 3n, 5n | 3n, 5n ^ 3n, ~5n, 1n << 65n, -(2n ** 70n) >> 3n, 5n >> -2n].map(String)"],
  ["increment and decrement", "let a = 1n; a++; ++a; const o = { x: 5n }; o.x--; return [a, o.x, a++].map(String)"],
  ["compound assignment", "let a = 3n; a *= 4n; a **= 2n; a -= 1n; a <<= 2n; return String(a)"],
  [
    "comparison with numbers and strings",
    "return [1n < 2, 2n > 1.5, 1n == 1, 1n === 1, 1n == '1', 2n >= '2', 0n == false, 1n < NaN, [1n, 2].sort().length]",
  ],
  [
    "equality and SameValueZero",
    "const m = new Map([[1n, 'a']]); const s = new Set([1n, 1n, 1]); return [m.get(1n), s.size, [0n].includes(-0n), Object.is(0n, -0n)]",
  ],
  ["truthiness", "return [!!0n, !!1n, 0n ? 'y' : 'n', 0n || 'x', 1n && 'z']"],
  ["mixing is a TypeError", "try { return 1n + 1 } catch (e) { return e.name }"],
  ["mixing in multiplication", "try { return 2n * 2 } catch (e) { return e.name }"],
  ["unary plus is a TypeError", "try { return +1n } catch (e) { return e.name }"],
  ["unsigned shift is a TypeError", "try { return 1n >>> 0n } catch (e) { return e.name }"],
  ["division by zero is a RangeError", "try { return 1n / 0n } catch (e) { return e.name }"],
  ["negative exponent is a RangeError", "try { return 2n ** -1n } catch (e) { return e.name }"],
  ["Math refuses a BigInt", "try { return Math.abs(1n) } catch (e) { return e.name }"],
  ["string concatenation", "return ['x' + 1n, `${2n}`, 3n + '', String(-4n), [5n, 6n].join()]"],
  [
    "BigInt()",
    "return [BigInt(12), BigInt('0x10'), BigInt(' 42 '), BigInt(true), BigInt(''), BigInt(Number.MAX_SAFE_INTEGER) + 2n].map(String)",
  ],
  ["BigInt of a fraction", "try { return BigInt(1.5) } catch (e) { return e.name }"],
  ["BigInt of a bad string", "try { return BigInt('1.5') } catch (e) { return e.name }"],
  ["BigInt of undefined", "try { return BigInt(undefined) } catch (e) { return e.name }"],
  ["new BigInt", "try { return new BigInt(1) } catch (e) { return e.name }"],
  ["BigInt of an object", "return String(BigInt({ valueOf() { return 7n } }))"],
  ["Number of a BigInt", "return [Number(2n ** 64n), Number(-5n), parseInt('12n')]"],
  [
    "asIntN and asUintN",
    "return [BigInt.asIntN(8, 255n), BigInt.asUintN(8, -1n), BigInt.asIntN(64, 2n ** 63n), BigInt.asUintN(0, 5n)].map(String)",
  ],
  ["asUintN refuses a number", "try { return BigInt.asUintN(8, 1) } catch (e) { return e.name }"],
  [
    "prototype methods",
    "return [(255n).toString(16), (-255n).toString(2), 10n.valueOf() === 10n, Object(3n).valueOf() === 3n, (1234n).toLocaleString()]",
  ],
  ["toString radix range", "try { return (1n).toString(1) } catch (e) { return e.name }"],
  ["valueOf on a number", "try { return BigInt.prototype.valueOf.call(1) } catch (e) { return e.name }"],
  [
    "prototype chain",
    "return [Object.getPrototypeOf(1n) === BigInt.prototype, 1n.constructor === BigInt, Object.prototype.toString.call(1n), Object(1n) instanceof BigInt]",
  ],
  ["JSON.stringify refuses a BigInt", "try { return JSON.stringify({ a: 1n }) } catch (e) { return e.name }"],
  ["property keys", "const o = { [1n]: 'a' }; const a = ['x', 'y']; return [o[1n], o['1'], a[1n]]"],
  ["isNaN refuses a BigInt", "try { return isNaN(1n) } catch (e) { return e.name }"],
]

/** Bigints are not JSON: the program's answer is mapped through String where it holds one. */
describe("BigInt: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})

describe("BigInt size bound", () => {
  it("refuses a result past the bound with V8's RangeError, before computing it", async () => {
    for (const code of [
      "2n ** 10000000n",
      "1n << 5000000n",
      "(2n ** 1000000n) * (2n ** 1000000n)",
      "(-1n) >> -5000000n",
    ]) {
      const r = await run(`try { ${code}; return 'computed' } catch (e) { return [e.name, e.message] }`)
      expect(r.ok && r.value).toEqual(["RangeError", "Maximum BigInt size exceeded"])
    }
  })
  it("still computes within the bound", async () => {
    const r = await run("return [String(2n ** 1000n).length, String(3n ** 100n)]")
    expect(r.ok && r.value).toEqual([String(2n ** 1000n).length, String(3n ** 100n)])
  })
  it("a bigint result is not data", async () => {
    const r = await run("return 1n")
    expect(r.ok).toBe(false)
  })
})

describe("BigInt and JSON", () => {
  const cases: Array<[string, string]> = [
    ["a BigInt object is a TypeError too", "try { return JSON.stringify(Object(0n)) } catch (e) { return e.name }"],
    [
      "a toJSON on BigInt.prototype is called",
      "BigInt.prototype.toJSON = function () { return this.toString() + '!' }; return JSON.stringify({ a: 1n, b: [2n] })",
    ],
  ]
  it.each(cases)("%s", async (_name, code) => {
    const expected = await oracle(code)
    expect(await ours(code)).toEqual(expected)
  })
})
