import { Schema } from "effect"

/** The closed set of diagnostic kinds (@opencode-ai/codemode 1.18, "Diagnostics"). */
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
