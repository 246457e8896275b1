import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { flatRawNames } from "../shared/brackets.js"
import { types } from "../shared/catalog.js"
import { jsdoc } from "../shared/schema-ts.js"

/**
 * The DeepSeek harness prompt section "Writing code for run_code" (docs/dialects.md#deepseek): a TypeScript SDK with
 * `ToolArgsMap`, `ToolOutputMap`, `ToolCallError` and `declare const tools`, keyed by raw tool name. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  const args: string[] = []
  const outputs: string[] = []
  for (const tool of tools) {
    const name = JSON.stringify(flatRawNames(tool.path)[0]!)
    const t = types(tool)
    args.push(`${jsdoc(tool.description, "  ")}  ${name}: ${t.input};`)
    outputs.push(`  ${name}: ${t.output};`)
  }
  return [
    "## Writing code for run_code",
    "",
    "`run_code` takes `{ code, description }`: `code` is the body of an async TypeScript function (erasable",
    "syntax only: no enum or namespace), `description` a short label of 5-10 words. Only what you print with",
    'console.log or return is program output. Call tools as `await tools.name(args)` or `await tools["raw-name"](args)`.',
    "",
    "```ts",
    "type ToolArgsMap = {",
    ...args,
    "};",
    "type ToolOutputMap = {",
    ...outputs,
    "};",
    "declare class ToolCallError extends Error {",
    "  readonly toolName: string;",
    "}",
    "declare const tools: { [K in keyof ToolArgsMap]: (args: ToolArgsMap[K]) => Promise<ToolOutputMap[K]> };",
    "```",
  ].join("\n")
}
