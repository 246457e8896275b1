import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"
import { offsetAt } from "../../src/position.js"

/** Where `needle` starts in `text`, as the model sees it (line from 1, column from 0). */
const at = (text: string, needle: string) => {
  const offset = text.indexOf(needle)
  const before = text.slice(0, offset).split("\n")
  return { line: before.length, column: before[before.length - 1]!.length }
}

describe("positions point into the text the model sent", () => {
  it("through envelope + fence + pragma + TypeScript at once", () => {
    const sent =
      "Here is the program:\n\n```ts\n// @options: {\"timeout_ms\": 5000}\nconst n: number = 1\nconst s: string = 'x'\nfunction* foo() {}\nreturn n\n```\n\nThanks."
    const n = normalize({ code: sent })
    expect(n.ok).toBe(false)
    expect(n.options).toEqual({ timeoutMs: 5000 })
    expect(n.diagnostics[0]).toMatchObject({ kind: "UnsupportedSyntax", location: at(sent, "function* foo") })
    expect(n.receipt.changes.map((c) => c.stage)).toEqual(["fences", "pragmas", "typescript"])
  })
  it("columns after a stripped annotation map back to the original column", () => {
    const sent = "```ts\nconst value: number = 1; const label: string = 'a'; function* k() {}\n```"
    const n = normalize(sent)
    expect(n.diagnostics[0]!.location).toEqual(at(sent, "function* k"))
  })
  it("a parse error after a fence and a # pragma", () => {
    const sent = '```js\n# @options: {"timeout_ms": 10}\nconst a = 1\nconst = 2\n```'
    const n = normalize(sent)
    expect(n.diagnostics[0]!.kind).toBe("ParseError")
    expect(n.diagnostics[0]!.location).toEqual({ line: 4, column: 6 })
  })
  it("receipt changes and warnings carry original positions", () => {
    const sent = "```js\nconst r = tools.read({})\nfetch('x')\n```"
    const n = normalize(sent, { tools: [["read"]] })
    const change = n.receipt.changes.find((c) => c.stage === "await")!
    expect(change.loc).toMatchObject(at(sent, "tools.read"))
    expect(n.receipt.warnings[0]!.loc).toMatchObject(at(sent, "fetch"))
  })
  it("program node locations refer to `source` after rewrites", () => {
    const sent = "```js\n(async () => {\n  const r = tools.read({})\n  return r.x\n})()\n```"
    const n = normalize(sent, { tools: [["read"]] })
    expect(n.source).toBe(sent)
    const first = n.program!.body[0]!
    expect(first.loc!.start).toEqual(at(sent, "const r"))
    expect(n.source.slice(first.start, first.start + 7)).toBe("const r")
    expect(offsetAt(n.source, first.loc!.start.line, first.loc!.start.column)).toBe(first.start)
  })
})
