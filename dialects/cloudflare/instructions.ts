import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { types } from "../shared/catalog.js"
import { jsdoc } from "../shared/schema-ts.js"
import { sanitize } from "./naming.js"

/**
 * The catalog as Cloudflare's classic tool description shows it (docs/dialects.md#discovery-helpers "List", docs/dialects.md#cloudflare): a
 * `declare const codemode: {…}` block with one sanitized method per tool, then its framing rules. The wording is a
 * paraphrase of what that system tells its model.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  const members = tools.map((tool) => {
    const t = types(tool)
    return `${jsdoc(tool.description, "  ")}  ${sanitize(tool.path.join("."))}: (input: ${t.input}) => Promise<${t.output}>;`
  })
  return [
    "Run JavaScript to reach the goal. The code is an async arrow function; it calls the tools below and returns",
    "the result. Do not use TypeScript syntax, and do not define named functions and then call them: write the",
    "body inline.",
    "",
    "```ts",
    "declare const codemode: {",
    ...members,
    "};",
    "```",
    "",
    "Example:",
    "async () => {",
    '  const result = await codemode.someTool({ key: "value" });',
    "  return result;",
    "}",
  ].join("\n")
}
