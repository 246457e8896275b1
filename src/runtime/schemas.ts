import * as Schema from "effect/Schema"
import { Diagnostic } from "../diagnostic.js"

// @opencode-ai/codemode 1.18 "CodeMode.make": Input, Result, Success, Failure are both Effect schemas and their TypeScript types.

/** Schema of a host agent tool's input: `{ code: string }`. */
export const Input = Schema.Struct({ code: Schema.String })
export type Input = typeof Input.Type

/** A JSON value: what a successful result carries (@opencode-ai/codemode 1.18 "Results"). */
export const DataValue = Schema.Json
export type DataValue = Schema.Json

/** One admitted tool call, by canonical dotted name; inputs and host failures are never recorded here. */
export const ToolCall = Schema.Struct({ name: Schema.String })
export type ToolCall = typeof ToolCall.Type

export const Success = Schema.Struct({
  ok: Schema.Literal(true),
  value: DataValue,
  logs: Schema.optionalKey(Schema.Array(Schema.String)),
  truncated: Schema.optionalKey(Schema.Boolean),
  /** Messages the program sent its model apart from its output (Codex `notify`), in order. */
  notifications: Schema.optionalKey(Schema.Array(Schema.String)),
  toolCalls: Schema.Array(ToolCall),
})
export type Success = typeof Success.Type

export const Failure = Schema.Struct({
  ok: Schema.Literal(false),
  error: Diagnostic,
  logs: Schema.optionalKey(Schema.Array(Schema.String)),
  truncated: Schema.optionalKey(Schema.Boolean),
  /** Messages the program sent its model apart from its output (Codex `notify`), in order. */
  notifications: Schema.optionalKey(Schema.Array(Schema.String)),
  toolCalls: Schema.Array(ToolCall),
})
export type Failure = typeof Failure.Type

/** Program failures are data: `execute` never fails its Effect (@opencode-ai/codemode 1.18 "Quick Start"). */
export const Result = Schema.Union([Success, Failure])
export type Result = typeof Result.Type
