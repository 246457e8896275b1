import type { AnyNode as Node } from "acorn"
import { recast } from "./recast.js"
import type { Stage, State } from "../types.js"
import { walk } from "./walk.js"
import { WRAP_COLUMN } from "./reprint.js"

/**
 * Rewrites every node's `loc`/`start`/`end` into the model's own text (`state.original`) and gives built nodes the
 * location of their parent, so the interpreter's and the check's diagnostics point where the model wrote the code.
 */
const relocate = (state: State, program: Node) => {
  const identity = state.maps.length === 0
  // An acorn tree no AST stage changed (nothing reprinted) already has every location in the model's text.
  if (identity && !state.recast && state.reprinted === undefined) return
  // Nodes share offsets (a call, its callee and the callee's object start at one place): each offset is mapped back
  // through the text stages' maps once.
  const located = new Map<number, ReturnType<State["locate"]>>()
  const locate = (offset: number) => {
    let at = located.get(offset)
    if (at === undefined) located.set(offset, (at = state.locate(offset)))
    return at
  }
  walk(program, {
    enter: (node, ancestors) => {
      const n = node as { loc?: Node["loc"]; start: number; end: number }
      const parent = ancestors[ancestors.length - 1]
      if (!n.loc || typeof n.start !== "number") {
        n.start = parent?.start ?? 0
        n.end = parent?.end ?? 0
        n.loc = parent?.loc
        return undefined
      }
      if (identity && !(n.loc as { lines?: unknown }).lines) return undefined
      const start = locate(n.start)
      const end = locate(n.end)
      n.start = start.offset
      n.end = end.offset
      n.loc = {
        start: { line: start.line, column: start.column },
        end: { line: end.line, column: end.column },
      } as Node["loc"]
      return undefined
    },
  })
}

/** The `print` stage: recast reprints only what the AST stages changed; untouched text stays byte-identical. */
export const print: Stage = {
  id: "print",
  kind: "print",
  run: (state) => {
    if (!state.program) return
    state.code = state.recast
      ? recast.print(state.program, { tabWidth: 2, wrapColumn: WRAP_COLUMN }).code
      : (state.reprinted ?? state.text)
    relocate(state, state.program)
  },
}
