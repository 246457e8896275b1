import type { DialectInstructionsInput } from "../../src/frontend/dialect.js"
import { schemaToTs } from "./schema-ts.js"

export type CatalogTool = DialectInstructionsInput["tools"][number]

/** Input and output types of a catalog entry as TypeScript text. */
export const types = (tool: CatalogTool): { input: string; output: string } => ({
  input: schemaToTs(tool.inputSchema),
  output: tool.outputSchema === undefined ? "unknown" : schemaToTs(tool.outputSchema),
})
