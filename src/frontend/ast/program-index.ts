import type { AnyNode as Node, Program } from "acorn"
import type { DetectScan, ProgramIndex } from "../dialect.js"
import { scanAll } from "./scan.js"

/** A visitor collecting a `ProgramIndex` (identifier names, node types); run inside the shared detection walk. */
export const indexScan = (): DetectScan & { readonly index: ProgramIndex } => {
  const names = new Set<string>()
  const types = new Set<string>()
  return {
    index: { names, types },
    enter: (node) => {
      types.add(node.type)
      if (node.type === "Identifier") names.add(node.name)
    },
    done: () => [],
  }
}

/** The index of `program` in a walk of its own (after a rule changed the tree). */
export const indexProgram = (program: Program): ProgramIndex => {
  const scan = indexScan()
  scanAll(program as unknown as Node, [scan])
  return scan.index
}

/**
 * The index the detection walk built, per program, with the change count it was built at: rules use it until the
 * tree changes (a recorded change), then the `rewrites` stage rebuilds it.
 */
export const detectedIndex = new WeakMap<Program, { readonly index: ProgramIndex; readonly at: number }>()
