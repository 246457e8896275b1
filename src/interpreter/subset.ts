/**
 * The canonical-subset check (@opencode-ai/codemode 1.18 "Supported Programs" and "It does not expose …"; docs/design.md#canonical-programs
 * subset"): one source of truth, used by `compile` and by the frontend's `check` stage. Reports every construct
 * outside the subset with its position.
 */
import type { Node, Program } from "acorn"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import { childKeys } from "../syntax/keys.js"
import { type LineColumn, locator } from "../syntax/lines.js"

type AnyNode = Node & Record<string, unknown>
type Locate = (offset: number) => LineColumn

/** Where a node starts: its `loc` when the tree has locations (the frontend's rewritten trees), else from its offset. */
const where = (n: Node, locate: Locate): LineColumn =>
  n.loc ? { line: n.loc.start.line, column: n.loc.start.column } : locate(n.start)

const BANNED: Readonly<Record<string, string>> = {
  YieldExpression: "Generators are not supported",
  ImportExpression: "Dynamic import() is not supported: only the provided tools are available",
  ImportDeclaration: "Modules are not supported: only the provided tools are available",
  ExportNamedDeclaration: "Modules are not supported: return the result instead of exporting it",
  ExportDefaultDeclaration: "Modules are not supported: return the result instead of exporting it",
  ExportAllDeclaration: "Modules are not supported",
  WithStatement: "`with` is not supported",
  DebuggerStatement: "`debugger` is not supported",
  PrivateIdentifier: "Private fields are not supported",
}

const check = (node: AnyNode, out: Array<Diagnostic>, inFunction: boolean, locate: Locate): void => {
  const type = node.type
  const banned = BANNED[type]
  if (banned) {
    out.push(diagnostic("UnsupportedSyntax", banned, { location: where(node, locate) }))
    return
  }
  const fnLike = type === "FunctionDeclaration" || type === "FunctionExpression" || type === "ArrowFunctionExpression"
  if (fnLike && node.generator)
    out.push(
      diagnostic("UnsupportedSyntax", "Generator functions are not supported", { location: where(node, locate) }),
    )
  if (type === "MetaProperty" && (node.meta as AnyNode).name === "import")
    out.push(diagnostic("UnsupportedSyntax", "import.meta is not supported", { location: where(node, locate) }))
  if (type === "NewExpression") {
    const callee = node.callee as AnyNode
    if (callee.type === "Identifier" && callee.name === "Function")
      out.push(diagnostic("UnsupportedSyntax", "`Function` is not supported", { location: where(node, locate) }))
  }
  if (type === "CallExpression") {
    const callee = node.callee as AnyNode
    if (callee.type === "Identifier" && (callee.name === "eval" || callee.name === "Function"))
      out.push(
        diagnostic("UnsupportedSyntax", `\`${callee.name}\` is not supported`, { location: where(node, locate) }),
      )
  }
  if (type === "UnaryExpression" && node.operator === "delete" && (node.argument as AnyNode).type === "Identifier")
    out.push(
      diagnostic("UnsupportedSyntax", "`delete` of a variable is not supported", { location: where(node, locate) }),
    )
  // The shared child-key table (no array of every key per node: this walk runs on every compile, cold included);
  // a node type outside the table falls back to all its keys but positions and comments.
  for (const key of childKeys(node)) {
    // Non-computed property names are not references (`obj.arguments`, `{ arguments: 1 }`).
    if ((key === "property" || key === "key") && !node.computed && (type === "MemberExpression" || type === "Property"))
      continue
    const v = node[key]
    if (Array.isArray(v)) {
      for (const x of v)
        if (x && typeof x === "object" && typeof (x as AnyNode).type === "string")
          check(x as AnyNode, out, inFunction || fnLike, locate)
    } else if (v && typeof v === "object" && typeof (v as AnyNode).type === "string")
      check(v as AnyNode, out, inFunction || fnLike, locate)
  }
}

/** The node types `check` may report (`mayReport` is false for every other type). */
export const REPORTABLE_TYPES: ReadonlyArray<string> = [
  ...Object.keys(BANNED),
  "FunctionDeclaration",
  "FunctionExpression",
  "ArrowFunctionExpression",
  "MetaProperty",
  "NewExpression",
  "CallExpression",
  "UnaryExpression",
]

/**
 * Whether `check` could report `node` itself (a banned type, a generator, a meta property, `eval`/`Function` called
 * or constructed, `delete` of anything): a program with no such node has nothing to report. Broader than `check`, for
 * a caller that sees every node in a walk of its own and runs `checkSubset` only when this found something.
 */
export const mayReport = (node: Node): boolean => {
  const n = node as AnyNode
  switch (n.type) {
    case "FunctionDeclaration":
    case "FunctionExpression":
    case "ArrowFunctionExpression":
      return Boolean(n.generator)
    case "MetaProperty":
      return true
    case "NewExpression":
    case "CallExpression": {
      const callee = n.callee as AnyNode
      return callee.type === "Identifier" && (callee.name === "eval" || callee.name === "Function")
    }
    case "UnaryExpression":
      return n.operator === "delete"
    default:
      return Object.hasOwn(BANNED, n.type)
  }
}

/**
 * Every construct of `program` outside the canonical subset, in source order. `source` is the text the nodes'
 * offsets refer to (positions are computed from it for a tree parsed without locations).
 */
export const checkSubset = (program: Program, source: string): Array<Diagnostic> => {
  const out: Array<Diagnostic> = []
  check(program as unknown as AnyNode, out, false, locator(source))
  return out
}

const CHECKED = Symbol("inside the canonical subset")

/**
 * Records that the frontend's `check` stage found `program` inside the subset (it is the last stage: the tree does
 * not change after it), so that `compile` does not walk it again. The mark is a non-enumerable symbol property of
 * the program node: a copied or rebuilt tree (JSON, structured clone, a tree of one's own) has none and is checked.
 */
export const markSubsetChecked = (program: Program): void => {
  Object.defineProperty(program, CHECKED, { value: true, enumerable: false, configurable: true })
}

/** Whether `markSubsetChecked` was called on this program node. */
export const subsetChecked = (program: Program): boolean => (program as { [CHECKED]?: true })[CHECKED] === true
