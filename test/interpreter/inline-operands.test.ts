import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/**
 * The shapes a consumer evaluates without calling the operand's closure (compile/operand.ts: a slot of the current
 * or the parent frame, `slot op number`) and the frames built as one literal (compile/functions.ts `direct`), each
 * against V8 with values that leave the number path: strings, BigInts, objects with conversion hooks, TDZ reads.
 */
const programs = [
  // Conditional whose test and branches are inline operands; callee and argument read inline.
  `function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) }
return [fib(15), fib("10"), fib(2.5), fib(-1), fib(null)]`,
  // A conversion hook runs once per operator, in order, also on the inline paths.
  `const log = []
const o = { valueOf() { log.push("v" + log.length); return 3 } }
function f(n) { return n < 2 ? "small" : n - 1 }
function g(n, m) { return n * m }
return [f(o), g(o, 2), g(2, o), log]`,
  // Number operators between a slot and a constant where the slot holds a BigInt or a string.
  `function lt(n) { return n < 2 ? "lt" : "ge" }
function sub(n) { return n - 1 }
const out = [lt(5n), lt(1n), lt("1"), lt("x"), sub("7")]
try { sub(5n) } catch (e) { out.push(e.name) }
return out`,
  // Outer-frame reads as callee and arguments; a reassigned outer binding is read anew each call.
  `let k = 10
function add(a, b) { return a + b }
function h(x) { return add(x, k) }
const first = h(5)
k = "s"
return [first, h(5)]`,
  // A read in the temporal dead zone still throws (no inline read where a TDZ check is needed).
  `function t() { return x < 2 ? 1 : 2 }
let r
try { r = t() } catch (e) { r = e.name }
let x = 1
return [r, t()]`,
  // Frames written as one literal: methods (with this), arrows, extra and missing arguments, locals.
  `const o = { base: 10, m(x) { return this.base + x }, m2(x, y) { return this.base + x * y } }
function one(a) { return a }
function two(a, b) { return [a, b === undefined] }
function local(a) { const b = a * 2; return b + 1 }
return [o.m(1), o.m2(2, 3), one(1, 2), two(1), local(4), [1, 2, 3].map((x) => x * 2),
  [1, 2, 3].reduce((a, b) => a + b), [3, 1, 2].sort((a, b) => a - b)]`,
  // Updates between inline reads of the same slot, in a closure over the parent frame.
  `let n = 0
const f = () => (n++ < 2 ? n : -n)
return [f(), f(), f(), f()]`,
  // Recursion still ends in a RangeError past the depth limit.
  `function deep(n) { return n === 0 ? 0 : 1 + deep(n - 1) }
try { return deep(1e6) } catch (e) { return [e.name, deep(100)] }`,
]

describe("inline operands and literal frames: interpreter vs node:vm", () => {
  it.each(programs.map((p, i) => [i, p] as const))("program %i", async (_i, code) => {
    const expected = await oracle(code)
    expect(expected.ok).toBe(true)
    expect(await ours(code)).toEqual(expected)
  })
})
