import type { Program } from "acorn"
import type { DetectInfo, Evidence } from "../../src/frontend/dialect.js"
import { programDeclaredNames, positionOf, walk, type AnyNode } from "../shared/ast.js"
import { isTypeScript } from "../vercel/detect.js"

/**
 * docs/dialects.md#signals: strong — `external_<name>` referenced (not after `.`) and not declared; weak — TypeScript
 * source. The `typescriptCode` envelope field is the frontend's evidence.
 */
export const detect = (program: Program, source: string, info?: DetectInfo): ReadonlyArray<Evidence> => {
  const evidence: Evidence[] = []
  // docs/dialects.md#signals strong: the `{ typescriptCode }` envelope.
  if (info?.envelopeFields.includes("typescriptCode"))
    evidence.push({ dialect: "tanstack", signal: "envelope typescriptCode", strength: "strong" })
  const declared = programDeclaredNames(program as AnyNode)
  walk(program as AnyNode, {
    enter: ({ node, parent, key }) => {
      if (node.type !== "Identifier" || !/^external_./.test(node.name) || declared.has(node.name)) return
      if (parent?.type === "MemberExpression" && key === "property" && !parent.computed) return
      evidence.push({ dialect: "tanstack", signal: `external_<name>`, strength: "strong", loc: positionOf(node) })
    },
  })
  if (info?.typescript ?? isTypeScript(source))
    evidence.push({ dialect: "tanstack", signal: "TypeScript", strength: "weak" })
  return evidence
}
