import type { SyntaxNode } from "@lezer/common"
import type { PyTool } from "./context.js"
import { kids } from "./estree.js"

/**
 * Tool calls written through a namespace object the program never defines (docs/python.md#namespace-calls): Gemini
 * writes `default_api.turn_on_the_lights()` for a declared function and `google_search.search(queries=[…])` for its
 * built-in search. `X.a.b(…)` may name the tool whose path is `X.a.b`, the tool `a.b` (X a namespace object), or, for
 * `X.m(…)`, the tool `X` itself (`m` its method). Returns each distinct tool that matches, by its Python name.
 */
export const namespaceCandidates = (
  tools: ReadonlyMap<string, PyTool>,
  chain: ReadonlyArray<string>,
): Array<{ readonly name: string; readonly reading: string }> => {
  const out: Array<{ name: string; reading: string }> = []
  const seen = new Set<string>()
  const add = (name: string, reading: string) => {
    const tool = tools.get(name)
    if (!tool) return
    const key = tool.path.join("\u0000")
    if (seen.has(key)) return
    seen.add(key)
    out.push({ name, reading })
  }
  add(chain.join("."), "the tool's own path")
  add(chain.slice(1).join("."), `${chain[0]} taken as a namespace object`)
  if (chain.length === 2) add(chain[0]!, `${chain[1]} taken as a method of the tool ${chain[0]}`)
  return out
}

/** `a.b.c` as its names when it is a chain of attribute reads on a plain name, else undefined. */
export const dottedChain = (n: SyntaxNode, text: (n: SyntaxNode) => string): string[] | undefined => {
  if (n.name === "VariableName") return [text(n)]
  if (n.name !== "MemberExpression") return undefined
  const cs = kids(n)
  if (cs[1]?.name !== "." || cs[2]?.name !== "PropertyName") return undefined
  const base = dottedChain(cs[0]!, text)
  return base ? [...base, text(cs[2])] : undefined
}
