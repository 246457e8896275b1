import type { AnyNode as Node } from "acorn"
import { diagnostic } from "../../diagnostic.js"
import type { ToolPath } from "../dialect.js"
import { fuzzyKey, rawJoins, renderPath } from "../naming.js"
import type { Stage } from "../types.js"
import { buildToolPath, staticChain, writtenName } from "./paths.js"
import { sharedScopes } from "./scope.js"
import { walk, withLoc } from "./walk.js"

/**
 * Runtime namespaces a tool's name can shadow (docs/dialects.md#tool-paths): a model that saw `crypto_read` writes
 * `crypto.read()`, which here reaches the real `crypto` and fails with "not a function".
 */
const NAMESPACES = ["JSON", "Math", "console", "crypto", "Reflect", "Intl", "performance", "Atomics"] as const

/** Whether the standard global has the member (read with `in`, which calls no getter): then it is no tool call. */
const realMember = (root: string, member: string): boolean => {
  const host = (globalThis as Record<string, unknown>)[root]
  return typeof host === "object" && host !== null && member in host
}

/** Tool paths by the fuzzy key of every raw name they may be written as, for the keys under a shadowable root. */
const indexOf = new WeakMap<ReadonlyArray<ToolPath>, ReadonlyMap<string, ReadonlyArray<ToolPath>>>()
const prefixes = NAMESPACES.map((n) => `${fuzzyKey(n)}_`)

const candidatesIndex = (tools: ReadonlyArray<ToolPath>): ReadonlyMap<string, ReadonlyArray<ToolPath>> => {
  let index = indexOf.get(tools)
  if (index === undefined) {
    const map = new Map<string, ToolPath[]>()
    for (const path of tools) {
      if (path[0] === "$codemode") continue
      const keys = new Set(
        rawJoins(path)
          .map(fuzzyKey)
          .filter((k) => prefixes.some((p) => k.startsWith(p))),
      )
      for (const key of keys) map.set(key, [...(map.get(key) ?? []), path])
    }
    indexOf.set(tools, (index = map))
  }
  return index
}

/**
 * The `shadowed-globals` stage: `crypto.read(x)` where `read` is no member of the real `crypto` and the live catalog
 * holds exactly one tool spelled so (`crypto_read`, `crypto-read`, `crypto.read`) becomes that tool's call, with a
 * warning in the receipt; several such tools are an `UnknownTool` error naming them, never a guess.
 */
export const shadowedGlobals: Stage = {
  id: "shadowed-globals",
  kind: "ast",
  run: (state) => {
    if (!state.program || state.tools.length === 0) return
    const index = candidatesIndex(state.tools)
    if (index.size === 0) return
    const bound = sharedScopes(state.program, state.changes.length)
    const replace = new Map<Node, Node>()
    walk(state.program, {
      enter: (node, ancestors) => {
        if (state.halted) return false
        if (node.type !== "CallExpression" || node.callee.type !== "MemberExpression") return undefined
        const chain = staticChain(node.callee)
        if (chain === undefined || chain.segments.length !== 1) return undefined
        const root = chain.root.name
        const member = chain.segments[0]!
        if (!(NAMESPACES as ReadonlyArray<string>).includes(root) || realMember(root, member)) return undefined
        const found = index.get(fuzzyKey(`${root}_${member}`))
        if (found === undefined || bound(root, ancestors)) return undefined
        const written = writtenName(chain)
        if (found.length > 1) {
          const names = found.map(renderPath)
          state.diagnostics.push(
            diagnostic(
              "UnknownTool",
              `${written} is not a member of ${root}, and several tools could be meant: ${names.join(", ")}. Call one of them.`,
              { location: state.locate(node.start), suggestions: names },
            ),
          )
          state.halted = true
          return false
        }
        const path = found[0]!
        state.willChange()
        replace.set(node.callee, withLoc(buildToolPath(path, chain.optional) as unknown as Node, node.callee))
        const loc = state.locate(node.start)
        state.changes.push({
          stage: "shadowed-globals",
          rule: "shadowed-global",
          loc,
          note: `${written} → ${renderPath(path)}`,
        })
        state.warnings.push({
          message: `${written} is not a member of the runtime's ${root}: called the tool ${renderPath(path)} instead`,
          loc,
          replacement: renderPath(path),
        })
        return undefined
      },
      leave: (node) => replace.get(node),
    })
  },
}
