import type { AnyNode } from "acorn"
import { describe, expect, it } from "vitest"
import { dialects } from "../../dialects/index.js"
import { detectByScan, scanAll } from "../../src/frontend/dialect-helpers.js"
import type { DetectScan, Evidence } from "../../src/frontend/dialect.js"
import { parseJavaScript, stripTypeScript } from "../../src/syntax/parse.js"
import { acornParse } from "../../src/frontend/ast/parse.js"
import { programs, tools } from "../../scripts/bench/frontend.js"

const codeOf = (input: unknown): string =>
  typeof input === "string"
    ? input
    : String(Object.values(input as Record<string, unknown>).find((v) => typeof v === "string"))

// Programs with every dialect's signals, nested functions (scopes), a tools chain the opencode detector skips into,
// and shadowed names: the shared walk must hand each detector exactly what its own walk sees.
const extra = [
  "const tools = {}; tools.x.y(); search('a'); codemode.read({})",
  "await tools.$codemode.search({ query: 'x' }); await tools.github.list_issues({ q: tools.read })",
  "function f(search) { return search(1) } ; ALL_TOOLS.length; text('x'); yield_control(); __interfaces",
  "const r = await import('node:fs'); external_read({}); models.classify(); notify('x'); manual.tool({})",
  "try { await tools.read({}) } catch (ToolCallError) { $deepseek.x; $vercel.y; tools['raw-name'] }",
]

describe("one shared detection walk", () => {
  const texts = [...Object.values(programs).map(codeOf), ...extra]
  const found = new Set<string>()
  for (const [i, text] of texts.entries()) {
    it(`gives every dialect the evidence of its own walk (program ${i + 1})`, () => {
      const program = acornParse(stripTypeScript(text), false) // as the frontend's parse stage does
      const info = { typescript: false, envelopeFields: [], tools }
      const alone: Evidence[][] = dialects.map((d) => [...d.detect(program, text, info)])
      const scans = dialects.map((d) => d.scan?.(program, text, info))
      scanAll(
        program as unknown as AnyNode,
        scans.filter((s): s is DetectScan => s !== undefined),
      )
      const shared = dialects.map((d, k) => [...(scans[k]?.done() ?? d.detect(program, text, info))])
      expect(shared).toEqual(alone)
      shared.forEach((e, k) => {
        if (e.length > 0) found.add(dialects[k]!.id)
      })
    })
  }

  it("is not vacuous: the programs above carry evidence for every dialect", () => {
    expect([...found].sort()).toEqual(dialects.map((d) => d.id).sort())
  })

  it("a visitor returning false skips that subtree for itself only", () => {
    const program = parseJavaScript("a.b.c(d)") as unknown as AnyNode
    const seen: string[][] = [[], []]
    const skipper: DetectScan = {
      enter: (node) => {
        seen[0]!.push(node.type)
        return node.type !== "CallExpression"
      },
      done: () => [],
    }
    const all: DetectScan = { enter: (node) => void seen[1]!.push(node.type), done: () => [] }
    scanAll(program, [skipper, all])
    expect(seen[0]).toEqual(["Program", "ExpressionStatement", "CallExpression"])
    expect(seen[1]).toEqual([
      "Program",
      "ExpressionStatement",
      "CallExpression",
      "MemberExpression",
      "MemberExpression",
      "Identifier",
      "Identifier",
      "Identifier",
      "Identifier",
    ])
    // detectByScan runs the same visitor alone.
    expect(detectByScan(() => skipper)(program as never, "")).toEqual([])
  })
})
