import { toolError, type ToolError } from "../tool/ToolError.js"

/** The parts of an MCP `CallToolResult` the mapping reads (SDK 1.x shape, kept structural). */
export interface CallResult {
  readonly content?: ReadonlyArray<{ readonly type: string; readonly [key: string]: unknown }> | undefined
  readonly structuredContent?: unknown
  readonly isError?: boolean | undefined
  readonly [key: string]: unknown
}

/** The text blocks of a result's content, joined by newlines. */
export const textOf = (result: CallResult): string =>
  (result.content ?? [])
    .filter((block) => block.type === "text" && typeof block["text"] === "string")
    .map((block) => block["text"] as string)
    .join("\n")

/** One content block as plain data: `_meta` and annotations are host metadata, the rest is kept as sent. */
const blockData = (block: { readonly type: string; readonly [key: string]: unknown }): unknown => {
  const { _meta: _m, annotations: _a, ...rest } = block
  return rest
}

/**
 * What a program receives for one upstream call (docs/mcp.md "Result mapping"):
 * 1. `isError: true` → a `ToolError` whose message is the text of the content (the program can catch it);
 * 2. `structuredContent` present → that object;
 * 3. content made only of text blocks → their text, joined by newlines (`""` for no content);
 * 4. otherwise (an image, audio, a resource or a resource link among the blocks) → the content array itself, every
 *    block as data (`{ type: "image", data, mimeType }`, `{ type: "text", text }`, …), so nothing is lost and the
 *    program can pass a block on to another tool.
 */
export const mapResult = (result: CallResult, toolName: string): { ok: true; value: unknown } | ToolError => {
  if (result.isError === true) {
    const text = textOf(result).trim()
    return toolError(text.length > 0 ? text : `${toolName} reported an error without a message`)
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null)
    return { ok: true, value: result.structuredContent }
  const content = result.content ?? []
  if (content.every((block) => block.type === "text")) return { ok: true, value: textOf(result) }
  return { ok: true, value: content.map(blockData) }
}
