import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { types } from "../shared/catalog.js"
import { interfaceText } from "./prelude.js"
import { spell } from "./naming.js"

/**
 * The `call_tool_chain` description of `@utcp/code-mode` (docs/dialects.md#utcp): synchronous calls, `return` plus console
 * output, and each tool's TypeScript interface ending `Access as: manual.tool(args)`. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  const blocks = tools.map((tool) => {
    const t = types(tool)
    const fn = spell(tool.path)[0]!
    return interfaceText(tool.path, tool.description, `${fn}(args: ${t.input}): ${t.output}`)
  })
  return [
    "Use `call_tool_chain` with `{ code, timeout?, max_output_size? }` to run TypeScript-flavoured JavaScript that",
    "chains tool calls. Tools are synchronous functions grouped by manual: `const r = manual.tool({ ... })` (await",
    "is optional). Return the final value; console output is captured too. `__interfaces` holds every interface",
    "below and `__getToolInterface('manual.tool')` one of them. No Node APIs, file system, network or timers.",
    "",
    "```ts",
    ...blocks,
    "```",
  ].join("\n")
}
