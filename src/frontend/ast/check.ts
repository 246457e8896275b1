import type { AnyNode as Node } from "acorn"
import { diagnostic, type Diagnostic } from "../../diagnostic.js"
import type { Stage } from "../types.js"
import { walk } from "./walk.js"

/**
 * Local stand-in for the interpreter's `checkSubset` (src/interpreter/index.ts, being written): the constructs seed
 * 000 "Supported Programs" excludes and DESIGN.md "The canonical subset" does not add back. Locations are already in
 * the model's text (the `print` stage remapped them).
 */
const unsupported = (node: Node): string | undefined => {
  switch (node.type) {
    case "ClassDeclaration":
    case "ClassExpression":
      return "Classes are not supported: use plain objects and functions"
    case "FunctionDeclaration":
    case "FunctionExpression":
      return node.generator ? "Generators are not supported" : undefined
    case "ImportDeclaration":
    case "ImportExpression":
    case "ExportNamedDeclaration":
    case "ExportDefaultDeclaration":
    case "ExportAllDeclaration":
      return "Modules are not supported: call a tool instead"
    case "UnaryExpression":
      return node.operator === "delete" ? "delete is not supported: build a new object without the key" : undefined
    case "LabeledStatement":
      return "Labels are not supported"
    case "SequenceExpression":
      return "The comma operator is not supported"
    case "TaggedTemplateExpression":
      return "Tagged templates are not supported"
    case "Property":
      return node.kind !== "init" ? "Getters and setters are not supported" : undefined
    case "WithStatement":
      return "with is not supported"
    case "NewExpression":
      return node.callee.type === "Identifier" && node.callee.name === "Promise"
        ? "new Promise is not supported: await the tool calls directly"
        : undefined
    default:
      return undefined
  }
}

export const checkCanonical = (program: Node): Diagnostic[] => {
  const out: Diagnostic[] = []
  walk(program, {
    enter: (node) => {
      const message = unsupported(node)
      if (message === undefined) return undefined
      const loc = node.loc ? { line: node.loc.start.line, column: node.loc.start.column } : undefined
      out.push(diagnostic("UnsupportedSyntax", message, { location: loc }))
      return false
    },
  })
  return out
}

/** The `check` stage: the canonical subset, reported with the original position. */
export const check: Stage = {
  id: "check",
  kind: "check",
  run: (state) => {
    if (!state.program) return
    const found = checkCanonical(state.program)
    if (found.length > 0) {
      state.diagnostics.push(...found)
      state.halted = true
    }
  },
}
