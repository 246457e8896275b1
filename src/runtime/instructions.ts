import type { Discovery } from "../discovery/index.js"
import { dialects } from "../Frontend.js"
import type { DialectId, DialectInstructionsInput } from "../frontend/dialect.js"

export interface InstructionsOptions {
  /** Render the catalog the way this system shows it to its model (docs/design.md#public-api, later addition). */
  readonly dialect?: DialectId | undefined
}

/**
 * `runtime.instructions()` is discovery's canonical guide (@opencode-ai/codemode 1.18); with `{ dialect }` it is that dialect's own
 * rendering when the dialect has one, and the canonical guide otherwise.
 */
export const instructionsFor = (discovery: Discovery) => {
  const rendered = new Map<string, string>()
  return (options?: InstructionsOptions): string => {
    const id = options?.dialect
    const dialect = id === undefined ? undefined : dialects.find((d) => d.id === id)
    if (dialect?.instructions === undefined) return discovery.instructions()
    let text = rendered.get(dialect.id)
    if (text === undefined) {
      const inlined = new Set(discovery.inlined().map((tool) => tool.segments.join("\u0000")))
      const input: DialectInstructionsInput = {
        tools: discovery.catalog().map((tool) => ({
          path: tool.segments,
          description: tool.description,
          inputSchema: tool.input,
          outputSchema: tool.output,
          signature: tool.signature,
          inlined: inlined.has(tool.segments.join("\u0000")),
        })),
      }
      text = dialect.instructions(input)
      rendered.set(dialect.id, text)
    }
    return text
  }
}
