// @opencode-ai/codemode 1.18 "API": the CodeMode namespace. Schemas double as types; everything else is a type under the same name.
export { Input, Result, Success, Failure, DataValue, ToolCall } from "./runtime/schemas.js"
export { Diagnostic, DiagnosticKind } from "./diagnostic.js"
export { make, execute } from "./compose.js"
export type { ExecutionLimits } from "./runtime/limits.js"
export type { RunResult, RunOptions } from "./runtime/run.js"
export type { InstructionsOptions } from "./runtime/instructions.js"
export type {
  Options,
  ExecuteOptions,
  Runtime,
  Session,
  SessionOptions,
  DiscoveryOptions,
  ToolDescription,
  CatalogEntry,
  ToolCallStarted,
  ToolCallEnded,
  ToolCallOutcome,
  ToolCallHooks,
  ToolApproval,
  ToolApprovalRequest,
  ToolApprovalDecision,
} from "./runtime/types.js"
// docs/observability.md: run events, the tool-call trace context a tool passes on, tracing options.
export { ToolCallTrace } from "./runtime/observe.js"
export type { RunEvent, RunEventListener } from "./runtime/observe.js"
export type { TraceContext, TracingOptions } from "./runtime/tracing.js"
