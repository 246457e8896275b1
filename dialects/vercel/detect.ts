import type { Program } from "acorn"
import type { DetectInfo, DetectScan, Evidence } from "../../src/frontend/dialect.js"
import { detectByScan } from "../../src/frontend/dialect-helpers.js"
import { positionOf, staticProperty, type AnyNode } from "../shared/ast.js"
import { declaredLookup } from "../../src/frontend/dialect-helpers.js"
import { parseJavaScript } from "../../src/syntax/parse.js"

/** Whether `source` (the text before the TypeScript strip) is TypeScript rather than JavaScript. */
export const isTypeScript = (source: string): boolean => {
  if (source.trim() === "") return false
  try {
    parseJavaScript(source)
    return false
  } catch {
    return true
  }
}

/**
 * docs/dialects.md#signals: strong — TypeScript source that calls `tools.`/`tools[` (the envelope `js` field is the
 * frontend's evidence); weak — `tools.tool_search(`. `$vercel` (this plugin's own output) is strong so a normalized
 * program keeps its prelude.
 */
export const scan = (program: Program, source: string, info?: DetectInfo): DetectScan => {
  const evidence: Evidence[] = []
  const declared = declaredLookup(program as AnyNode)
  let firstTools: AnyNode | undefined
  const enter = (node: AnyNode): void => {
    if (node.type !== "MemberExpression" || node.object.type !== "Identifier") return
    const root = node.object.name
    if (root === "tools" && !declared.has("tools")) {
      firstTools ??= node
      if (staticProperty(node) === "tool_search")
        evidence.push({ dialect: "vercel", signal: "tools.tool_search(", strength: "weak", loc: positionOf(node) })
    }
    if (root === "$vercel" && !declared.has("$vercel"))
      evidence.push({ dialect: "vercel", signal: "$vercel.", strength: "strong", loc: positionOf(node) })
  }
  const done = () => {
    // docs/dialects.md#signals strong: the `{ js }` envelope.
    if (info?.envelopeFields.includes("js"))
      evidence.push({ dialect: "vercel", signal: "envelope js", strength: "strong" })
    if (firstTools && (info?.typescript ?? isTypeScript(source)))
      evidence.unshift({
        dialect: "vercel",
        signal: "TypeScript + tools.",
        strength: "strong",
        loc: positionOf(firstTools),
      })
    return evidence
  }
  return { enter, done, types: ["MemberExpression"] }
}

export const detect = detectByScan(scan)
