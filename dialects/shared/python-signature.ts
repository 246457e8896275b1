import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { piIdentifier } from "../../src/frontend/naming.js"

type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  enum?: unknown[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  description?: string
  default?: unknown
}
type Tool = DialectInstructionsInput["tools"][number]

/** A JSON Schema as a Python type hint (`str`, `int`, `list[str]`, `Literal["a", "b"]`, `dict[str, Any]`). */
export const pyType = (s: Schema | undefined, depth = 0): string => {
  if (!s || depth > 4) return "Any"
  if (s.enum) return `Literal[${s.enum.map((v) => JSON.stringify(v)).join(", ")}]`
  const union = s.anyOf ?? s.oneOf
  if (union) return [...new Set(union.map((u) => pyType(u, depth + 1)))].join(" | ")
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : []
  const one = (t: string): string => {
    switch (t) {
      case "string":
        return "str"
      case "integer":
        return "int"
      case "number":
        return "float"
      case "boolean":
        return "bool"
      case "null":
        return "None"
      case "array":
        return `list[${pyType(s.items, depth + 1)}]`
      case "object":
        return "dict[str, Any]"
      default:
        return "Any"
    }
  }
  return types.length ? types.map(one).join(" | ") : "Any"
}

/** The Python name a program calls a tool by (its path joined by `_`, Pi's identifier rule: src/frontend/python/tools.ts). */
export const pyName = (tool: Tool): string => piIdentifier(tool.path.join("_"))

/**
 * A tool as a Python function signature with type hints and a docstring (`Args:` as smolagents and Google style
 * write them). `async` for systems whose tools are coroutines.
 */
export const pySignature = (tool: Tool, async: boolean, keywordOnly: boolean): string => {
  const schema = (tool.inputSchema ?? {}) as Schema
  const props = schema.properties ?? {}
  const required = new Set(schema.required ?? [])
  const names = Object.keys(props)
  const ordered = [...names.filter((n) => required.has(n)), ...names.filter((n) => !required.has(n))]
  const params = ordered.map((n) => `${n}: ${pyType(props[n])}${required.has(n) ? "" : " | None = None"}`)
  const out = tool.outputSchema ? pyType(tool.outputSchema as Schema) : "Any"
  const doc = tool.description.replace(/\s+/g, " ").replace(/"""/g, "'''")
  const args = ordered
    .filter((n) => props[n]!.description)
    .map((n) => `        ${n}: ${props[n]!.description!.replace(/\s+/g, " ")}`)
  return [
    `${async ? "async " : ""}def ${pyName(tool)}(${params.length && keywordOnly ? "*, " : ""}${params.join(", ")}) -> ${out}:`,
    ...(args.length ? [`    """${doc}`, "", "    Args:", ...args, '    """'] : [`    """${doc}"""`]),
  ].join("\n")
}
