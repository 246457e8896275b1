import * as Schema from "effect/Schema"

/**
 * The closed set of diagnostic kinds (@opencode-ai/codemode 1.18, "Diagnostics"), plus the deferred-approval kinds
 * (docs/resume.md): a run waiting for a person, and the four ways a resume is refused.
 */
export const DiagnosticKind = Schema.Literals([
  "ParseError",
  "UnsupportedSyntax",
  "UnknownTool",
  "InvalidToolInput",
  "InvalidToolOutput",
  "InvalidDataValue",
  "ToolCallLimitExceeded",
  "TimeoutExceeded",
  "ToolFailure",
  "ExecutionFailure",
  // An addition to 1.18: the program does not fit the catalog's types; refused before any tool ran (docs/typecheck.md).
  "TypeCheck",
  "ApprovalPending",
  "ResumeTokenInvalid",
  "ResumeTokenExpired",
  "ResumeTokenUsed",
  "ResumeDiverged",
])
export type DiagnosticKind = typeof DiagnosticKind.Type

export const Location = Schema.Struct({ line: Schema.Number, column: Schema.Number })
export type Location = typeof Location.Type

/** Model-safe failure data: kind, message, optional location in the model's input and fix suggestions. */
export const Diagnostic = Schema.Struct({
  kind: DiagnosticKind,
  message: Schema.String,
  location: Schema.optionalKey(Location),
  suggestions: Schema.optionalKey(Schema.Array(Schema.String)),
  /** `ApprovalPending` only: the call that waits (its canonical name, decoded input and index in `toolCalls`). */
  pending: Schema.optionalKey(Schema.Struct({ name: Schema.String, input: Schema.Unknown, index: Schema.Number })),
  /** `ApprovalPending` only: the opaque token `runtime.resume(token, decision)` takes. */
  resumeToken: Schema.optionalKey(Schema.String),
})
export type Diagnostic = typeof Diagnostic.Type

export const diagnostic = (
  kind: DiagnosticKind,
  message: string,
  extra?: { location?: Location | undefined; suggestions?: ReadonlyArray<string> | undefined },
): Diagnostic => ({
  kind,
  message,
  ...(extra?.location ? { location: { line: extra.location.line, column: extra.location.column } } : {}),
  ...(extra?.suggestions && extra.suggestions.length > 0 ? { suggestions: [...extra.suggestions] } : {}),
})

/** Longest name (a tool path, a key) quoted whole in a message; longer ones are cut with their length said. */
export const MAX_QUOTED_NAME = 200

/** `text` for a message: whole up to MAX_QUOTED_NAME characters, else its start and how long it was. */
export const clipName = (text: string): string =>
  text.length <= MAX_QUOTED_NAME ? text : `${text.slice(0, MAX_QUOTED_NAME)}… (${text.length} characters)`
