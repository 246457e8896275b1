import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { types } from "../shared/catalog.js"
import { jsdoc } from "../shared/schema-ts.js"
import { spell } from "./naming.js"

/**
 * The "Code Execution Tool" prompt section of `@tanstack/ai-code-mode` (docs/dialects.md#tanstack): the tool
 * `execute_typescript`, one `declare function external_x(input): Promise<…>` stub per tool, a `Promise.all` example
 * and the rules. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  const stubs = tools.map((tool) => {
    const t = types(tool)
    return `${jsdoc(tool.description)}declare function ${spell(tool.path)[0]}(input: ${t.input}): Promise<${t.output}>;`
  })
  const first = tools[0] ? spell(tools[0].path)[0]! : "external_tool"
  return [
    "## Code Execution Tool",
    "",
    "Use `execute_typescript` with `{ typescriptCode }` to run TypeScript in a sandbox. The code is the body of an",
    "async function: `await` the functions below and `return` the result (it is JSON round-tripped). No network,",
    "file system, imports, timers or state between runs.",
    "",
    "```ts",
    ...stubs,
    "```",
    "",
    "Run independent calls in parallel:",
    "```ts",
    `const [a, b] = await Promise.all([${first}({}), ${first}({})]);`,
    "return { a, b };",
    "```",
  ].join("\n")
}
