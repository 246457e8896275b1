import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { types } from "../shared/catalog.js"
import { interfacesText, interfaceText } from "./prelude.js"
import { spell } from "./naming.js"

/**
 * The `call_tool_chain` description of `@utcp/code-mode` (docs/dialects.md#utcp): synchronous calls, `return` plus console
 * output, and each tool's TypeScript interface ending `Access as: manual.tool(args)`. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  // Grouped in `namespace <manual> { … }` blocks as UTCP renders them, the same text `__interfaces` holds.
  const byPath = new Map(tools.map((tool) => [tool.path.join("\u0000"), tool]))
  const blocks = interfacesText(
    tools.map((tool) => tool.path),
    (path) => {
      const tool = byPath.get(path.join("\u0000"))!
      const t = types(tool)
      return interfaceText(path, tool.description, `${spell(path)[0]!}(args: ${t.input}): ${t.output}`)
    },
  )
  return [
    "Use `call_tool_chain` with `{ code, timeout?, max_output_size? }` to run TypeScript-flavoured JavaScript that",
    "chains tool calls. Tools are synchronous functions grouped by manual: `const r = manual.tool({ ... })` (await",
    "is optional). Return the final value; console output is captured too. `__interfaces` holds every interface",
    "below and `__getToolInterface('manual.tool')` one of them. No Node APIs, file system, network or timers.",
    "",
    "```ts",
    blocks,
    "```",
  ].join("\n")
}
