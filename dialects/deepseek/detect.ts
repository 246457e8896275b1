import type { Program } from "acorn"
import type { DetectInfo, DetectScan, Evidence } from "../../src/frontend/dialect.js"
import { detectByScan } from "../../src/frontend/dialect-helpers.js"
import { isIdentifier, positionOf, staticProperty, type AnyNode } from "../shared/ast.js"
import { declaredLookup } from "../../src/frontend/dialect-helpers.js"
import { isTypeScript } from "../vercel/detect.js"

/**
 * docs/dialects.md#signals: strong — `ToolCallError`, `import(`, `$deepseek` (this plugin's output); weak — TypeScript with
 * `tools["raw"]`, `Object.keys(tools)` in TypeScript source. The `{ code, description }` envelope is the
 * frontend's evidence.
 */
export const scan = (program: Program, source: string, info?: DetectInfo): DetectScan => {
  const evidence: Evidence[] = []
  const declared = declaredLookup(program as AnyNode)
  const ts = info?.typescript ?? isTypeScript(source)
  // docs/dialects.md#signals strong: the `{ code, description }` envelope (`description` is required only by run_code).
  const fields = info?.envelopeFields ?? []
  if (fields.includes("code") && fields.includes("description"))
    evidence.push({ dialect: "deepseek", signal: "envelope { code, description }", strength: "strong" })
  return {
    enter: (node: AnyNode): void => {
      if (isIdentifier(node, "ToolCallError") && !declared.has("ToolCallError"))
        evidence.push({ dialect: "deepseek", signal: "ToolCallError", strength: "strong", loc: positionOf(node) })
      else if (node.type === "ImportExpression")
        evidence.push({ dialect: "deepseek", signal: "import(", strength: "strong", loc: positionOf(node) })
      else if (node.type === "MemberExpression" && isIdentifier(node.object, "$deepseek"))
        evidence.push({ dialect: "deepseek", signal: "$deepseek.", strength: "strong", loc: positionOf(node) })
      else if (ts && node.type === "MemberExpression" && isIdentifier(node.object, "tools") && node.computed) {
        if (node.property.type === "Literal" && typeof node.property.value === "string" && !declared.has("tools"))
          evidence.push({
            dialect: "deepseek",
            signal: 'TypeScript + tools["raw"]',
            strength: "weak",
            loc: positionOf(node),
          })
      } else if (ts && node.type === "CallExpression" && isIdentifier(node.arguments[0], "tools")) {
        if (node.callee.type === "MemberExpression" && isIdentifier(node.callee.object, "Object"))
          if (staticProperty(node.callee) === "keys")
            evidence.push({
              dialect: "deepseek",
              signal: "Object.keys(tools) in TypeScript",
              strength: "weak",
              loc: positionOf(node),
            })
      }
    },
    types: ["Identifier", "ImportExpression", "MemberExpression", "CallExpression"],
    done: () => evidence,
  }
}

export const detect = detectByScan(scan)
