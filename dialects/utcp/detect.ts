import type { Program } from "acorn"
import type { DetectInfo, Evidence, DetectScan } from "../../src/frontend/dialect.js"
import { detectByScan } from "../../src/frontend/dialect-helpers.js"
import { isIdentifier, positionOf, staticProperty, type AnyNode } from "../shared/ast.js"
import { declaredLookup } from "../../src/frontend/dialect-helpers.js"
import { NEVER_A_TOOL_ROOT } from "../shared/globals.js"
import { RUNTIME_UNSUPPORTED } from "../../src/frontend/unsupported.js"

/**
 * docs/dialects.md#signals: strong — `__interfaces`, `__getToolInterface`; weak — an un-awaited dotted call `manual.tool(…)`
 * whose root is not declared (UTCP calls are synchronous; Cloudflare's awaited provider calls look the same).
 * The `max_output_size` envelope field is the frontend's evidence.
 */
export const scan = (program: Program, _source: string, info?: DetectInfo): DetectScan => {
  const evidence: Evidence[] = []
  // docs/dialects.md#signals strong: the `max_output_size` envelope field (only call_tool_chain sends it).
  if (info?.envelopeFields.includes("max_output_size"))
    evidence.push({ dialect: "utcp", signal: "envelope max_output_size", strength: "strong" })
  const declared = declaredLookup(program as AnyNode)
  return {
    enter: (node: AnyNode, parent: AnyNode | undefined): void => {
      if ((isIdentifier(node, "__interfaces") || isIdentifier(node, "__getToolInterface")) && !declared.has(node.name))
        evidence.push({ dialect: "utcp", signal: node.name, strength: "strong", loc: positionOf(node) })
      if (node.type !== "CallExpression" || node.callee.type !== "MemberExpression") return
      if (parent?.type === "AwaitExpression" || parent?.type === "ArrayExpression") return
      // `manual.tool(…)`: a two-name chain (the test memberChain(node.callee).length === 2, without building it).
      const callee = node.callee
      if (callee.object.type !== "Identifier" || staticProperty(callee) === undefined) return
      const root = callee.object.name
      if (!root || NEVER_A_TOOL_ROOT.has(root) || declared.has(root)) return
      // Another environment's global (`Buffer.from(…)`, `document.querySelector(…)`) is no manual: it is warned about
      // as unavailable, and is no evidence of a UTCP program.
      if (Object.hasOwn(RUNTIME_UNSUPPORTED, root)) return
      if (parent?.type === "MemberExpression" && parent.object === node) return // `x.y().then`, `a.b().c` chains
      evidence.push({ dialect: "utcp", signal: "un-awaited manual.tool(…)", strength: "weak", loc: positionOf(node) })
    },
    types: ["Identifier", "CallExpression"],
    done: () => evidence,
  }
}

export const detect = detectByScan(scan)
