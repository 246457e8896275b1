import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { lineAlignMap } from "../../src/frontend/posmap.js"
import { stripTypeScript } from "../../src/syntax/parse.js"

/**
 * `lineAlignMap` answers from a per-line table built on the first question about that line. Reference: the greedy
 * rule it implements, asked one offset at a time — line N of the output is matched character by character, left to
 * right, to the next equal character on line N of the input; an offset maps to where its own character matched (or
 * to where matching stopped), and after a character that had no match, to the same column clamped to the line.
 */
const reference = (input: string, output: string, offset: number): number => {
  const inLines = input.split("\n")
  const outLines = output.split("\n")
  let line = 0
  let lineStart = 0
  while (line + 1 < outLines.length && lineStart + outLines[line]!.length + 1 <= offset) {
    lineStart += outLines[line]!.length + 1
    line++
  }
  const inLine = Math.min(line, inLines.length - 1)
  let inStart = 0
  for (let l = 0; l < inLine; l++) inStart += inLines[l]!.length + 1
  const inEnd = line < inLines.length - 1 ? inStart + inLines[inLine]!.length : input.length
  let j = inStart
  for (let i = lineStart; i < offset; i++) {
    const k = input.indexOf(output[i] ?? "\u{10FFFF}", j)
    if (k < 0 || k >= inEnd) return Math.min(inStart + (offset - lineStart), inEnd)
    j = k + 1
  }
  // Past the end the match stays where it is; before the start (or an unmatched character) it does not move either.
  const k = offset >= output.length ? j : offset < 0 ? -1 : input.indexOf(output[offset]!, j)
  if (k >= 0 && k < inEnd) return k
  return j >= inEnd ? inEnd : j
}

const text = fc
  .array(fc.constantFrom("a", "b", ":", " ", "=", "\n", "x", "("), { maxLength: 40 })
  .map((cs) => cs.join(""))

describe("lineAlignMap", () => {
  it("matches the greedy per-line rule for every offset, any order of questions", () => {
    fc.assert(
      fc.property(text, text, fc.array(fc.integer({ min: -2, max: 45 }), { maxLength: 30 }), (input, output, asks) => {
        const map = lineAlignMap(input, output)
        for (const offset of asks) expect(map.toInput(offset)).toBe(reference(input, output, offset))
        for (let offset = 0; offset <= output.length; offset++)
          expect(map.toInput(offset)).toBe(reference(input, output, offset))
      }),
      { numRuns: 200 },
    )
  })
  it("maps sucrase's stripped program back to the TypeScript the model wrote", () => {
    const input = "const n: number = 1\nfunction f(a: string, b?: number): void { return g<T>(a) }\nreturn n as unknown"
    const output = stripTypeScript(input)
    const map = lineAlignMap(input, output)
    for (const word of ["const n", "= 1", "function f", "return g", "return n"]) {
      const at = output.indexOf(word)
      expect(input.slice(map.toInput(at), map.toInput(at) + word.length)).toBe(word)
    }
  })
})
