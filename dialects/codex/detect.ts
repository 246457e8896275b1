import type { Program } from "acorn"
import type { Evidence, DetectScan } from "../../src/frontend/dialect.js"
import { detectByScan } from "../../src/frontend/dialect-helpers.js"
import { positionOf, type AnyNode } from "../shared/ast.js"
import { declaredLookup } from "../../src/frontend/dialect-helpers.js"

const STRONG = new Set(["yield_control", "notify", "forward_output", "generatedImage", "audio"])

/**
 * docs/dialects.md#signals: strong — a line-1 `// @exec:` pragma, the Codex-only helpers. The weak signals docs/dialects.md#signals lists
 * (`ALL_TOOLS`, `text(`, `exit()`) are Pi's too, and docs/dialects.md#ambiguous-programs says to treat such a program as Pi: Codex does not claim
 * them (the registry puts codex before pi, so a weak claim here would win). Names the program declares do not count.
 */
export const scan = (program: Program, source: string): DetectScan => {
  const evidence: Evidence[] = []
  if (/^\s*\/\/\s*@exec\b/i.test(source.split("\n", 1)[0] ?? ""))
    evidence.push({ dialect: "codex", signal: "// @exec:", strength: "strong", loc: { line: 1, column: 0, offset: 0 } })
  const declared = declaredLookup(program as AnyNode)
  return {
    enter: (node: AnyNode, parent: AnyNode | undefined, key: string | undefined): void => {
      if (node.type !== "Identifier" || !STRONG.has(node.name) || declared.has(node.name)) return
      if (parent?.type === "MemberExpression" && key === "property" && !parent.computed) return
      if (parent?.type === "Property" && key === "key" && !parent.computed) return
      evidence.push({ dialect: "codex", signal: node.name, strength: "strong", loc: positionOf(node) })
    },
    types: ["Identifier"],
    done: () => evidence,
  }
}

export const detect = detectByScan(scan)
