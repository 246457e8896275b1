import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { pyName, pySignature } from "../shared/python-signature.js"

/**
 * Code mode on Pydantic's Monty interpreter: Pydantic AI's code mode exposes each tool as an async function; FastMCP's
 * CodeMode transform offers `call_tool(name, params)`. The value of the last expression is the result. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string =>
  [
    "Write Python code that orchestrates the tools below in one step, with loops, conditionals and variables.",
    "Each tool is an async function: `await` it with keyword arguments, and fire independent calls concurrently",
    'with `asyncio.gather`. `await call_tool("<name>", {...})` calls a tool by name with a dict of arguments. The',
    "value of the last expression is returned as the result; `print` output is returned too. The sandbox has no",
    "filesystem, network or imports beyond json, math, re and asyncio.",
    "",
    "```python",
    ...tools.map((t) => pySignature(t, true, true) + "\n"),
    "async def call_tool(name: str, params: dict[str, Any]) -> Any:",
    `    """Calls a tool by name: ${tools.map(pyName).slice(0, 8).join(", ")}${tools.length > 8 ? ", ..." : ""}."""`,
    "```",
  ].join("\n")
