import { describe, expect, it } from "vitest"
import { parseJavaScript } from "../../src/syntax/parse.js"
import { checkSubset } from "../../src/interpreter/index.js"
import { failure } from "./harness.js"

const cases: Array<[string, string, number, number]> = [
  ["const a = 1\nclass A { #x = 1 }", "Private", 2, 10],
  ["class A extends Map {}\nnew A()", "extending the built-in Map", 1, 0],
  ["function* g() { yield 1 }", "Generator", 1, 0],
  ["const m = await import('fs')", "import", 1, 16],
  ["with (Math) { max(1) }", "with", 1, 0],
  ["eval('1')", "eval", 1, 0],
]

describe("UnsupportedSyntax", () => {
  it.each(cases)("%s → %s at %i:%i", async (code, word, line, column) => {
    const d = await failure(code)
    expect(d.kind).toBe("UnsupportedSyntax")
    expect(d.message).toContain(word)
    expect(d.location).toEqual({ line, column })
  })

  it("lists every problem in source order from checkSubset", () => {
    const code = "class A { #p }\nfunction* g() {}\nconst o = { arguments: 1 }; o.arguments"
    const ds = checkSubset(parseJavaScript(code), code)
    expect(ds.map((d) => d.location?.line)).toEqual([1, 2])
  })

  it("accepts the canonical subset", () => {
    const code = "const r = await tools.a.b({}); for await (const x of [r]) {} return String.raw`x`"
    expect(checkSubset(parseJavaScript(code), code)).toEqual([])
  })
})
