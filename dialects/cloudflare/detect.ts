import type { Program } from "acorn"
import type { DetectScan, Evidence } from "../../src/frontend/dialect.js"
import { detectByScan } from "../../src/frontend/dialect-helpers.js"
import { isFunction, memberChain, positionOf as at, type AnyNode } from "../shared/ast.js"
import { declaredLookup } from "../../src/frontend/dialect-helpers.js"
import { NEVER_A_TOOL_ROOT } from "../shared/globals.js"
import { RUNTIME_UNSUPPORTED } from "../../src/frontend/unsupported.js"

/** Cloudflare's provider calls are async (awaited or returned); UTCP's synchronous ones are not (docs/dialects.md#ambiguous-programs). */
const awaited = (parent: AnyNode | undefined): boolean =>
  parent?.type === "AwaitExpression" || parent?.type === "ReturnStatement" || parent?.type === "ArrayExpression"

/**
 * docs/dialects.md#signals: strong — `codemode.<x>` chains, a program that is one bare async arrow/function; weak — unbound
 * dotted roots `foo.bar(…)` that are awaited. Pure: looks only. Binding is approximated by "declared anywhere in the program".
 */
export const scan = (program: Program): DetectScan => {
  const evidence: Evidence[] = []
  const declared = declaredLookup(program as AnyNode)
  const only = program.body.length === 1 ? (program.body[0] as AnyNode) : undefined
  if (only?.type === "ExpressionStatement" && isFunction(only.expression) && only.expression.async)
    evidence.push({ dialect: "cloudflare", signal: "bare async function program", strength: "strong", loc: at(only) })
  return {
    enter: (node: AnyNode, parent: AnyNode | undefined): void => {
      if (node.type === "MemberExpression" && node.object.type === "Identifier" && node.object.name === "codemode") {
        if (!declared.has("codemode"))
          evidence.push({ dialect: "cloudflare", signal: "codemode.<x>", strength: "strong", loc: at(node) })
      } else if (node.type === "CallExpression" && node.callee.type === "MemberExpression" && awaited(parent)) {
        const chain = memberChain(node.callee)
        const root = chain?.[0]
        const foreign = root !== undefined && Object.hasOwn(RUNTIME_UNSUPPORTED, root) // `await fetch…`, `Buffer.…`
        if (chain && chain.length >= 2 && root && !NEVER_A_TOOL_ROOT.has(root) && !foreign && !declared.has(root))
          evidence.push({ dialect: "cloudflare", signal: `provider ${root}.…`, strength: "weak", loc: at(node) })
      }
    },
    types: ["MemberExpression", "CallExpression"],
    done: () => evidence,
  }
}

export const detect = detectByScan(scan)
