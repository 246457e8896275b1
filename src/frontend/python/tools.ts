import type { CatalogEntry, ToolPath } from "../dialect.js"
import { piIdentifier, rawJoins } from "../naming.js"
import type { PyTool } from "./translate/context.js"

/**
 * Input property names in order, read from a catalog signature's first object type (`{ city: string; days?: number }`),
 * so positional arguments can follow the schema's order.
 */
export const paramOrder = (signature: string | undefined): string[] | undefined => {
  if (!signature) return undefined
  const open = signature.indexOf("{")
  if (open < 0) return undefined
  const names: string[] = []
  let depth = 0
  let token = ""
  for (let i = open; i < signature.length; i++) {
    const c = signature[i]!
    if (c === "{" || c === "(" || c === "[" || c === "<") depth++
    else if (c === "}" || c === ")" || c === "]" || c === ">") {
      depth--
      if (depth === 0) break
    }
    if (depth !== 1) continue
    if (c === ":") {
      const m = /(?:^|[\s;,{])(?:readonly\s+)?["']?([A-Za-z_$][\w$-]*)["']?\??\s*$/.exec(token)
      if (m) names.push(m[1]!)
      token = ""
    } else if (c === ";" || c === "," || c === "\n") token = ""
    else token += c
  }
  return names.length ? names : undefined
}

/** Each tool by the name a Python program calls it: its path joined by `_` as an identifier (Pi's rule), and raw joins. */
export const pythonToolNames = (
  tools: ReadonlyArray<ToolPath>,
  catalog: ReadonlyArray<CatalogEntry>,
): Map<string, PyTool> => {
  const signatures = new Map(catalog.map((c) => [c.path.join("\u0000"), c.signature]))
  const out = new Map<string, PyTool>()
  for (const path of tools) {
    if (path[0] === "$codemode") continue
    const tool: PyTool = { path, params: paramOrder(signatures.get(path.join("\u0000"))) }
    const name = piIdentifier(path.join("_"))
    if (!out.has(name)) out.set(name, tool)
    for (const raw of rawJoins(path)) if (!out.has(raw)) out.set(raw, tool)
  }
  return out
}
