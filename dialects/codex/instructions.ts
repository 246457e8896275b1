import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { types } from "../shared/catalog.js"
import { rawName } from "../shared/names.js"
import { jsdoc } from "../shared/schema-ts.js"
import { spell } from "./naming.js"

/**
 * The `exec` tool description of Codex code mode (docs/dialects.md#codex): per tool a heading (`` ### `id` (`raw`) `` when
 * the identifier differs from the raw name) and a `declare const tools` declaration, then `ALL_TOOLS` and the output
 * helpers. Paraphrased.
 */
export const instructions = ({ tools }: DialectInstructionsInput): string => {
  // Tools the catalog budget leaves out are deferred, as Codex defers MCP/app tools: reachable, listed in ALL_TOOLS.
  const described = tools.filter((tool) => tool.inlined !== false)
  const deferred = described.length < tools.length
  const sections = described.map((tool) => {
    const id = spell(tool.path)[0]!.slice("tools.".length)
    const raw = rawName(tool.path)
    const t = types(tool)
    const heading = id === raw ? `### \`${id}\`` : `### \`${id}\` (\`${raw}\`)`
    return [
      heading,
      "```ts",
      `declare const tools: {`,
      `${jsdoc(tool.description, "  ")}  ${id}(args: ${t.input}): Promise<${t.output}>;`,
      "};",
      "```",
    ].join("\n")
  })
  return [
    "Run JavaScript with `exec`: send the raw source (not JSON, not a quoted string, no markdown fence). It runs as an",
    "ES module with top-level `await`; there is no top-level `return` (end early with `exit()`) and no `console`.",
    "Only what you pass to `text(value)` or `image(url)` reaches you. `store(key, value)` / `load(key)` keep values",
    "between runs. `ALL_TOOLS` lists `{ name, description }` for every tool, including ones not described below.",
    'Optional first line: `// @exec: {"yield_time_ms": 10000, "max_output_tokens": 1000}`.',
    ...(deferred
      ? [
          `${tools.length - described.length} of the ${tools.length} tools are not described below; they are still on \`tools\` and in \`ALL_TOOLS\`.`,
          "To find one, filter `ALL_TOOLS` by `name` and `description` and print only the few matches you need, never the whole list.",
        ]
      : []),
    "",
    ...sections,
  ].join("\n")
}
