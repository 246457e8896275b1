import type { Tree } from "@lezer/common"
import type { DialectId, Evidence } from "../dialect.js"

/** The Python dialects (dialects/anthropic, dialects/smolagents, dialects/monty). */
export const PYTHON_DIALECT_IDS: ReadonlyArray<DialectId> = ["anthropic", "smolagents", "monty"]
export const isPythonDialect = (id: DialectId | undefined): boolean =>
  id !== undefined && PYTHON_DIALECT_IDS.includes(id)

/**
 * Which Python system wrote the program (docs/python.md#dialects): smolagents ends with `final_answer(…)` and calls
 * tools synchronously; FastMCP's Monty code mode calls `call_tool("name", {…})`; Anthropic's programmatic tool calling
 * awaits tool functions and prints. Pure: looks only.
 */
export const pythonEvidence = (source: string, tree: Tree): Evidence[] => {
  const out: Evidence[] = []
  let awaits = false
  tree.iterate({
    enter: (n) => {
      if (n.name === "AwaitExpression") awaits = true
    },
  })
  if (/\bfinal_answer\s*\(/.test(source))
    out.push({ dialect: "smolagents", signal: "final_answer(…)", strength: "strong" })
  if (/\bcall_tool\s*\(\s*["']/.test(source))
    out.push({ dialect: "monty", signal: 'call_tool("…", …)', strength: "strong" })
  if (/\basyncio\.gather\s*\(/.test(source))
    out.push({ dialect: "anthropic", signal: "asyncio.gather(…)", strength: "weak" })
  if (awaits) out.push({ dialect: "anthropic", signal: "await on tool functions", strength: "weak" })
  else out.push({ dialect: "smolagents", signal: "synchronous tool calls", strength: "weak" })
  return out
}
