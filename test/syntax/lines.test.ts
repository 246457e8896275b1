import * as acorn from "acorn"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { acornOptions, parseJavaScript } from "../../src/syntax/parse.js"
import { childKeys } from "../../src/syntax/keys.js"
import { lineStarts, locator } from "../../src/syntax/lines.js"
import { checkSubset } from "../../src/interpreter/index.js"
import { programs } from "../interpreter/programs.js"
import { failure } from "../interpreter/harness.js"

type AnyNode = acorn.Node & Record<string, unknown>

/** Every node of a tree, in walk order. */
const nodes = (root: acorn.Node): Array<AnyNode> => {
  const out: Array<AnyNode> = []
  const stack: Array<AnyNode> = [root as AnyNode]
  while (stack.length > 0) {
    const n = stack.pop()!
    out.push(n)
    for (const key of childKeys(n)) {
      const v = n[key]
      for (const c of Array.isArray(v) ? v : [v])
        if (c && typeof c === "object" && typeof (c as AnyNode).type === "string") stack.push(c as AnyNode)
    }
  }
  return out
}

/**
 * The oracle is acorn itself: the same text parsed with `locations: true`, whose `loc` is what every position users
 * saw came from before the parse stopped building location objects.
 */
const expectAcornPositions = (text: string): number => {
  const located = acorn.parse(text, { ...acornOptions, locations: true })
  const locate = locator(text)
  let n = 0
  for (const node of nodes(located)) {
    expect(locate(node.start), `${node.type} at ${node.start} of ${JSON.stringify(text)}`).toEqual({
      line: node.loc!.start.line,
      column: node.loc!.start.column,
    })
    expect(locate(node.end)).toEqual({ line: node.loc!.end.line, column: node.loc!.end.column })
    n++
  }
  return n
}

// Every line terminator acorn knows, in code, comments, strings (U+2028/U+2029 are allowed there) and templates.
const BREAKS = ["\n", "\r\n", "\r", "\u2028", "\u2029"]
// `#` is replaced by the piece's index, so that no name is declared twice.
const PIECES = [
  "const a# = 1",
  "let s# = 'x\u2028y\u2029z'",
  "/* one\r\ntwo\rthree\u2028four */ a",
  "// note\u2029",
  "const t# = `a\r\nb\rc\u2028d${a}e\n`",
  "f(a,\r\n  b)",
  "x = [a, s]",
  "",
]

describe("positions from offsets (src/syntax/lines.ts)", () => {
  it("equal acorn's own loc for every node of the differential programs", () => {
    let checked = 0
    for (const text of programs) checked += expectAcornPositions(text)
    expect(checked).toBeGreaterThan(5_000)
  })

  it("equal acorn's own loc with every kind of line break, anywhere a break may stand", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...BREAKS)), { maxLength: 12 }),
        (parts) => {
          const text = parts.map(([p, b], i) => p.replace("#", String(i)) + b).join("")
          expectAcornPositions(text)
        },
      ),
      { numRuns: 150 },
    )
  })

  it("counts \\r\\n as one break and lone \\r, U+2028 and U+2029 as breaks", () => {
    expect(lineStarts("a\r\nb\rc\u2028d\u2029e\nf")).toEqual([0, 3, 5, 7, 9, 11])
    expect(lineStarts("")).toEqual([0])
    expect(lineStarts("x\n")).toEqual([0, 2])
  })

  it("the parse builds no location objects", () => {
    const program = parseJavaScript("const a = 1\nreturn a")
    expect(nodes(program).filter((n) => "loc" in n)).toEqual([])
  })
})

describe("positions users see, from a tree without locations", () => {
  const text = "const a = 1\r\nconst s = 'x\u2028y'\r/* c\u2029 */ const o = null\nreturn o.x"

  it("a run's failure points where acorn's loc of the failing node points", async () => {
    // A property read of null is reported at the property's name.
    const name = nodes(acorn.parse(text, { ...acornOptions, locations: true })).find(
      (n) => n.type === "Identifier" && n.name === "x",
    )!
    const d = await failure(text)
    expect(d.location).toEqual({ line: name.loc!.start.line, column: name.loc!.start.column })
    expect(d.location).toEqual({ line: 6, column: 9 })
  })

  it("the subset check's positions too", () => {
    const code = "const a = 1\r\nfunction* g() {}\u2028debugger"
    expect(checkSubset(parseJavaScript(code), code).map((d) => d.location)).toEqual([
      { line: 2, column: 0 },
      { line: 3, column: 0 },
    ])
  })
})
