import type { Program } from "acorn"
import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"
import { compile } from "../../src/interpreter/index.js"
import { markSubsetChecked, subsetChecked } from "../../src/interpreter/subset.js"
import { parseJavaScript } from "../../src/syntax/parse.js"

// The frontend's check stage marks the tree it passed, and compile then skips its own walk of the subset
// (src/interpreter/subset.ts markSubsetChecked). Every other tree is still checked.
describe("compile's subset check after the frontend's", () => {
  const canonical = "const r = await tools.shop.list({})\nreturn r.length"

  it("a tree the frontend passed is marked, invisibly", () => {
    const n = normalize(canonical)
    expect(n.ok).toBe(true)
    expect(subsetChecked(n.program as Program)).toBe(true)
    const fresh = parseJavaScript(canonical)
    const keys = Object.keys(fresh)
    const json = JSON.stringify(fresh)
    markSubsetChecked(fresh)
    expect(subsetChecked(fresh)).toBe(true)
    expect(Object.keys(fresh)).toEqual(keys)
    expect(JSON.stringify(fresh)).toBe(json)
    expect(subsetChecked({ ...fresh })).toBe(false)
  })

  it("a parsed tree is checked by compile itself", () => {
    const code = "const a = 1\neval('a')"
    const program = parseJavaScript(code)
    expect(subsetChecked(program)).toBe(false)
    const c = compile(program, code)
    expect(c.ok).toBe(false)
    expect(!c.ok && c.diagnostic).toMatchObject({
      kind: "UnsupportedSyntax",
      message: "`eval` is not supported",
      location: { line: 2, column: 0 },
    })
  })

  it("a copy of a marked tree is checked again; the mark alone is what skips the walk", () => {
    const n = normalize(canonical)
    const marked = n.program as Program
    // Changed after the frontend's check (nothing in the project does this): the copy, which has no mark, gets
    // the subset's own diagnostic; the marked tree is not walked and meets the compiler's own refusal instead.
    marked.body.push({ type: "DebuggerStatement", start: 0, end: 0 } as never)
    const copy = JSON.parse(JSON.stringify(marked)) as Program
    expect(subsetChecked(copy)).toBe(false)
    const checked = compile(copy, n.source)
    expect(!checked.ok && checked.diagnostic.message).toBe("`debugger` is not supported")
    const skipped = compile(marked, n.source)
    expect(skipped.ok).toBe(false)
    expect(!skipped.ok && skipped.diagnostic.message).toBe("DebuggerStatement is not supported")
  })

  it("a program outside the subset is refused by the frontend and never marked", () => {
    const n = normalize("with (Math) { max(1) }")
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]).toMatchObject({ kind: "UnsupportedSyntax" })
    if (n.program !== undefined) expect(subsetChecked(n.program as Program)).toBe(false)
  })
})
