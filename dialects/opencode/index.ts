import type { CallExpression, AnyNode as Node, Program } from "acorn"
import type { Dialect, Evidence, RewriteRule, ToolPath } from "../../src/frontend/dialect.js"
import {
  builders,
  buildToolPath,
  detectByScan,
  makeScopes,
  memberRoot,
  staticChain,
  staticKey,
  walk,
  withLoc,
} from "../../src/frontend/dialect-helpers.js"

const b = builders
const keyOf = (path: ToolPath) => path.join("\u0000")

/** docs/dialects.md#signals opencode row: `$codemode`, catalog-confirmed nested paths (strong); `Object.keys(tools…)`, bare `search(` (weak). */
const scan: NonNullable<Dialect["scan"]> = (_program, _source, info) => {
  const evidence: Evidence[] = []
  const tools = new Set((info?.tools ?? []).filter((p) => p.length > 1).map(keyOf))
  const bound = info?.bound ?? makeScopes()
  const seen = new Set<string>()
  const add = (signal: string, strength: Evidence["strength"], node: Node) => {
    if (seen.has(signal)) return
    seen.add(signal)
    evidence.push({
      dialect: "opencode",
      signal,
      strength,
      loc: { line: node.loc!.start.line, column: node.loc!.start.column, offset: node.start },
    })
  }
  return {
    enter: (node, _parent, _key, ancestors) => {
      if (node.type === "MemberExpression") {
        if (memberRoot(node) !== "tools") return undefined
        const chain = staticChain(node)
        if (!chain || chain.root.name !== "tools" || bound("tools", ancestors)) return undefined
        if (chain.segments[0] === "$codemode") add("tools.$codemode", "strong", node)
        else if (chain.segments.length > 1 && tools.has(keyOf(chain.segments)))
          add("nested tools.<ns>.<tool>", "strong", node)
        return false
      }
      if (node.type !== "CallExpression") return undefined
      const callee = node.callee
      if (
        callee.type === "MemberExpression" &&
        callee.object.type === "Identifier" &&
        callee.object.name === "Object" &&
        staticKey(callee) === "keys" &&
        node.arguments[0] !== undefined &&
        (staticChain(node.arguments[0])?.root.name === "tools" ||
          (node.arguments[0].type === "Identifier" && node.arguments[0].name === "tools")) &&
        // A local `const tools = {}` is the program's own object, not the tool tree.
        !bound("tools", ancestors)
      )
        add("Object.keys(tools)", "weak", node)
      if (callee.type === "Identifier" && callee.name === "search" && !bound("search", ancestors))
        add("search(", "weak", node)
      return undefined
    },
    types: ["MemberExpression", "CallExpression"],
    done: () => evidence,
  }
}

/**
 * OpenCode 2.x global `search(…)` → `tools.$codemode.search(…)` (docs/dialects.md#opencode), unless the catalog has a tool
 * named `search` (then it is a bare tool call, docs/dialects.md#ambiguous-programs). A string argument becomes `{ query }`.
 */
const globalSearch: RewriteRule = {
  id: "global-search",
  needs: ({ names }) => names.has("search"),
  run: (program: Program, ctx) => {
    if (ctx.resolveName("tools.search") !== undefined) return
    walk(program, {
      leave: (node, ancestors) => {
        if (node.type !== "CallExpression") return undefined
        const call = node as CallExpression
        if (
          call.callee.type !== "Identifier" ||
          call.callee.name !== "search" ||
          ctx.isBound("search", call, ancestors)
        )
          return undefined
        const first = call.arguments[0]
        if (first && first.type === "Literal" && typeof first.value === "string") {
          call.arguments[0] = withLoc(
            b.objectExpression([b.property("init", b.identifier("query"), first as never)]) as unknown as Node,
            first,
          ) as never
        }
        call.callee = withLoc(buildToolPath(["$codemode", "search"]) as unknown as Node, call.callee) as never
        ctx.record("global-search", call, "search(…) → tools.$codemode.search(…)")
        return undefined
      },
    })
  },
}

/** The canonical API itself (`@opencode-ai/codemode` 1.18; 2.x spellings translated). See README.md. */
export const dialect: Dialect = {
  id: "opencode",
  title: "OpenCode @opencode-ai/codemode",
  typescript: true,
  detect: detectByScan(scan),
  scan,
  naming: { spell: (path) => [["tools", ...path].join(".")] },
  rewrites: [globalSearch],
}
