import type { Program } from "acorn"
import type { DetectInfo, Evidence, DetectScan } from "../../src/frontend/dialect.js"
import { detectByScan } from "../../src/frontend/dialect-helpers.js"
import { positionOf, type AnyNode } from "../shared/ast.js"
import { declaredLookup } from "../../src/frontend/dialect-helpers.js"

/**
 * docs/dialects.md#signals: strong — `external_<name>` referenced (not after `.`, not an object key) and not declared, nor a
 * namespace of the live tree (`external_api.get(…)` is a UTCP manual or a provider). TypeScript alone is no TanStack
 * evidence: Vercel, DeepSeek and OpenCode 1.18 programs are TypeScript too. The `typescriptCode` envelope field is
 * the frontend's evidence.
 */
export const scan = (program: Program, _source: string, info?: DetectInfo): DetectScan => {
  const evidence: Evidence[] = []
  // docs/dialects.md#signals strong: the `{ typescriptCode }` envelope.
  if (info?.envelopeFields.includes("typescriptCode"))
    evidence.push({ dialect: "tanstack", signal: "envelope typescriptCode", strength: "strong" })
  const declared = declaredLookup(program as AnyNode)
  return {
    enter: (node: AnyNode, parent: AnyNode | undefined, key: string | undefined): void => {
      if (node.type !== "Identifier" || !/^external_./.test(node.name) || declared.has(node.name)) return
      if (parent?.type === "MemberExpression" && key === "property" && !parent.computed) return
      if ((parent?.type === "Property" || parent?.type === "MethodDefinition") && key === "key" && !parent.computed)
        return
      if (info?.tools.some((p) => p.length > 1 && p[0] === node.name)) return
      evidence.push({ dialect: "tanstack", signal: `external_<name>`, strength: "strong", loc: positionOf(node) })
    },
    types: ["Identifier"],
    done: () => evidence,
  }
}

export const detect = detectByScan(scan)
