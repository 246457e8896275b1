import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { flatRawNames } from "../shared/brackets.js"
import { types } from "../shared/catalog.js"
import { isIdentifierName } from "../shared/names.js"
import { jsdoc } from "../shared/schema-ts.js"

const key = (name: string) => (isIdentifierName(name) ? name : JSON.stringify(name))
const call = (name: string) => (isIdentifierName(name) ? `tools.${name}` : `tools[${JSON.stringify(name)}]`)

/**
 * The catalog the way `@ai-sdk/code-mode` describes it (docs/dialects.md#vercel): `declare const tools: {…}` with one
 * member per raw tool name, then call examples and the rule to run independent calls with `Promise.all`. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  const members = tools.map((tool) => {
    const t = types(tool)
    return `${jsdoc(tool.description, "  ")}  ${key(flatRawNames(tool.path)[0]!)}: (input: ${t.input}) => Promise<${t.output}>;`
  })
  const first = tools[0] ? flatRawNames(tools[0].path)[0]! : "toolName"
  return [
    "Run TypeScript in a sandbox. The code is the body of an async function: use top-level `await` and `return` the",
    "result (only the returned value is shown to you; it must be JSON-serializable). Type annotations are allowed.",
    "No network, timers, imports or Node APIs.",
    "",
    "```ts",
    "declare const tools: {",
    ...members,
    "};",
    "```",
    "",
    "Tool call examples:",
    `const result = await ${call(first)}({ /* input */ });`,
    `const [a, b] = await Promise.all([${call(first)}({}), ${call(first)}({})]); // independent calls in parallel`,
    "Always await every tool call before returning.",
  ].join("\n")
}
