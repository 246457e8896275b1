import type { AnyNode as Node, Program } from "acorn"
import type { DetectScan, ProgramIndex } from "../dialect.js"
import { eachNode } from "./walk.js"
import type { Scopes } from "./scope.js"
import { sideTable } from "./side-table.js"

/**
 * A visitor collecting a `ProgramIndex` (identifier names, node types, the program's statement count); run inside the
 * shared detection walk.
 */
export const indexScan = (bound: Scopes): DetectScan & { readonly index: ProgramIndex } => {
  const member = new Set<string>()
  const bare = new Set<string>()
  const index = { ...emptyIndex(), unboundCallRoots: { member, bare } }
  return {
    index,
    enter: (node, _parent, _key, ancestors) => {
      addToIndex(index, node)
      if (node.type !== "CallExpression") return
      let root: Node = node.callee as Node
      const isMember = root.type === "MemberExpression"
      while (root.type === "MemberExpression") root = root.object as Node
      // The same answer a rule's `isBound(root, call)` gives on this tree (same scope cache, same ancestors).
      if (root.type === "Identifier" && !bound(root.name, ancestors)) (isMember ? member : bare).add(root.name)
    },
    done: () => [],
  }
}

const emptyIndex = () => ({
  names: new Set<string>(),
  types: new Set<string>(),
  callees: new Set<string>(),
  strings: new Set<string>(),
  statements: 0,
})

const addToIndex = (index: ReturnType<typeof emptyIndex>, node: Node): void => {
  index.types.add(node.type)
  if (node.type === "Program") index.statements = node.body.length
  else if (node.type === "Identifier") index.names.add(node.name)
  else if (node.type === "CallExpression" && node.callee.type === "Identifier") index.callees.add(node.callee.name)
  else if (node.type === "Literal" && typeof node.value === "string") index.strings.add(node.value)
}

/**
 * The index of `program` in a walk of its own (after a rule changed the tree): the same sets `indexScan` collects in
 * the detection walk, by a plain recursion (it runs again after every recorded change a gated rule looks at).
 */
export const indexProgram = (program: Program): ProgramIndex => {
  const index = emptyIndex()
  eachNode(program as unknown as Node, (node) => addToIndex(index, node))
  return index
}

/**
 * The index the detection walk built, per program, with the change count it was built at: rules use it until the
 * tree changes (a recorded change), then the `rewrites` stage rebuilds it.
 */
export const detectedIndex = sideTable<{ readonly index: ProgramIndex; readonly at: number }>("detected index")
