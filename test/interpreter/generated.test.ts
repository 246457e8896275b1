import { fc, test } from "@fast-check/vitest"
import { expect } from "vitest"
import { oracle, ours } from "./harness.js"

/** Generated operator expressions, fully parenthesized, compared with V8 (docs/design.md#canonical-programs: differential tests). */
const leaf = fc.oneof(
  fc.integer({ min: -5, max: 5 }).map((n) => (n < 0 ? `(${n})` : String(n))),
  fc.constantFrom(
    "0.5",
    "NaN",
    "Infinity",
    "null",
    "undefined",
    "true",
    "false",
    "''",
    "'a'",
    "'3'",
    "[]",
    "[1]",
    "[1, 2]",
    "({})",
  ),
)
const { expr } = fc.letrec<{ expr: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(
        tie("expr"),
        fc.constantFrom(
          "+",
          "-",
          "*",
          "/",
          "%",
          "**",
          "==",
          "!=",
          "===",
          "!==",
          "<",
          ">",
          "<=",
          ">=",
          "&&",
          "||",
          "??",
          "&",
          "|",
          "^",
          "<<",
          ">>",
          ">>>",
        ),
        tie("expr"),
      )
      .map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(fc.constantFrom("!", "-", "+", "~", "typeof ", "void "), tie("expr")).map(([op, a]) => `(${op} ${a})`),
    fc.tuple(tie("expr"), tie("expr"), tie("expr")).map(([a, b, c]) => `(${a} ? ${b} : ${c})`),
    fc.tuple(tie("expr"), tie("expr")).map(([a, b]) => `\`\${${a}}-\${${b}}\``),
  ),
}))

test.prop([expr], { numRuns: 150 })("operators agree with V8", async (e) => {
  const code = `const v = ${e}; return [typeof v, String(v)]`
  const expected = await oracle(code)
  const actual = await ours(code)
  if (expected.ok) expect(actual).toEqual(expected)
  else expect(actual.ok).toBe(false)
})

/** Generated array/string pipelines over random data. */
const step = fc.constantFrom(
  ".filter(x => x % 2)",
  ".map(x => x * 3 - 1)",
  ".sort((a, b) => a - b)",
  ".sort()",
  ".reverse()",
  ".slice(1, -1)",
  ".concat([7, [8]])",
  ".flat()",
  ".map(String)",
  ".map(Number)",
  ".filter(Boolean)",
  ".flatMap(x => [x, x])",
  ".map((x, i) => x + i)",
  ".toSorted((a, b) => b - a)",
  ".with(0, 42)",
)
test.prop([fc.array(fc.integer({ min: -20, max: 20 }), { maxLength: 8 }), fc.array(step, { maxLength: 5 })], {
  numRuns: 100,
})("array pipelines agree with V8", async (data, steps) => {
  const code = `const a = ${JSON.stringify(data)}; const r = a${steps.join("")}; return [r, r.length, r.join('|'), r.indexOf(r[0]), r.includes(42)]`
  const expected = await oracle(code)
  const actual = await ours(code)
  if (expected.ok) expect(actual).toEqual(expected)
  else expect(actual.ok).toBe(false)
})
