import * as Data from "effect/Data"

/**
 * The only model-visible failure channel of a tool: `message` reaches the program and the Result; `cause` stays
 * host-side for the host's own logging and is never copied into a Result (@opencode-ai/codemode 1.18, "Diagnostics").
 */
export class ToolError extends Data.TaggedError("ToolError")<{
  readonly message: string
  readonly cause?: unknown
}> {}

/** Fails a tool with a safe message; the optional cause is private to the host. */
export const toolError = (message: string, cause?: unknown): ToolError =>
  new ToolError(cause === undefined ? { message } : { message, cause })

export const isToolError = (u: unknown): u is ToolError => u instanceof ToolError
