import type * as Effect from "effect/Effect"
import type { ExecutionLimits } from "./limits.js"
import type { Result } from "./schemas.js"
import type { RunOptions, RunResult } from "./run.js"
import type { InstructionsOptions } from "./instructions.js"
import type { ToolDescription } from "../discovery/index.js"
import type { Store } from "../store/store.js"
import type { RunEventListener } from "./observe.js"
import type { TracingOptions } from "./tracing.js"
import type { ResumeDecision } from "./journal.js"

/** Observed after input decoding, immediately before the tool runs (@opencode-ai/codemode 1.18 "Tool-call hooks"). */
export interface ToolCallStarted {
  readonly index: number
  readonly name: string
  readonly input: unknown
}

/** Observed when an admitted call settles; interrupted calls produce no end event. */
export interface ToolCallEnded {
  readonly index: number
  readonly name: string
  readonly input: unknown
  readonly durationMs: number
  readonly outcome: ToolCallOutcome
  /** The model-safe failure message; present only on failure. */
  readonly message?: string
}

export type ToolCallOutcome = "success" | "failure"

/** Both hooks return Effects that must not fail. */
export interface ToolCallHooks<R = never> {
  readonly onToolCallStart?: ((call: ToolCallStarted) => Effect.Effect<void, never, R>) | undefined
  readonly onToolCallEnd?: ((call: ToolCallEnded) => Effect.Effect<void, never, R>) | undefined
}

/** What the `approve` hook is asked: one tool call, after its input was decoded (and validated), before it runs. */
export interface ToolApprovalRequest {
  /** The canonical dotted tool path, e.g. `"github.createIssue"` (as in `toolCalls` and the call hooks). */
  readonly name: string
  /** The decoded input the tool would receive. */
  readonly input: unknown
  /** The call's position in `toolCalls` (the same index the call hooks report). */
  readonly index: number
}

/**
 * The host's answer. A denial reaches the program as a catchable tool error whose message carries `reason`
 * ("Tool call 'github.createIssue' was denied: <reason>"); the Result's diagnostic kind is `ToolFailure`.
 * `{ defer: true }` ends the run with an `ApprovalPending` failure carrying a resume token: a person decides later
 * and `runtime.resume(token, decision)` continues the program (docs/resume.md).
 */
export type ToolApprovalDecision =
  | { readonly allow: true }
  | { readonly allow: false; readonly reason: string }
  | { readonly defer: true; readonly reason?: string | undefined }

/**
 * Decides whether one tool call may run. The Effect may take as long as the host needs (a prompt, a review queue):
 * the call is held, and the run's `timeoutMs` still applies (past it the run fails with `TimeoutExceeded` and the
 * pending Effect is interrupted). It should not fail; one that fails, dies, throws or returns something other than a
 * decision denies the call (fail closed) with the message "the approval check failed"; the cause stays host-side.
 */
export type ToolApproval<R = never> = (request: ToolApprovalRequest) => Effect.Effect<ToolApprovalDecision, never, R>

/** Discovery configuration (@opencode-ai/codemode 1.18 "Discovery"). */
export interface DiscoveryOptions {
  /** Estimated tokens (characters / 4) for full tool entries in the catalog; a non-negative safe integer. */
  readonly catalogBudget?: number | undefined
}

/** One tool in detail (src/discovery): canonical path and segments, call expression, signature, JSON Schemas. */
export type { ToolDescription } from "../discovery/index.js"

/** One `runtime.catalog()` entry, the 1.18 contract's shape: canonical dotted path, description, signature. */
export interface CatalogEntry {
  readonly path: string
  readonly description: string
  readonly signature: string
}

/** The union of the requirements `R` of every tool in a tree (bounded depth keeps the type finite). */
export type Services<T> = ServicesOf<T, []>
type ServicesOf<T, Depth extends ReadonlyArray<unknown>> = Depth["length"] extends 10
  ? never
  : T extends { readonly _tag: "CodeModeTool"; readonly run: (input: any) => Effect.Effect<any, any, infer R> }
    ? R
    : T extends object
      ? ServicesOf<T[keyof T], [...Depth, unknown]>
      : never

/** Configuration shared by `CodeMode.make` and `CodeMode.execute`. */
export interface Options<Tools = {}> extends ToolCallHooks<Services<Tools>> {
  /** The tree exposed to programs as `tools`: namespaces are plain objects, leaves `Tool.make` definitions. */
  readonly tools?: Tools
  readonly limits?: ExecutionLimits | undefined
  readonly discovery?: DiscoveryOptions | undefined
  /**
   * Asked before every tool call (`$codemode.search` excepted), after input decoding and admission, before
   * `onToolCallStart`: allow, deny, or hold the call until the host decides. A denied call counts toward
   * `maxToolCalls` and is listed in `toolCalls`; it never runs, so no start or end hook fires for it. A held call
   * occupies one of the 8 concurrent call slots. Absent: every call runs (@opencode-ai/codemode 1.18).
   */
  readonly approve?: ToolApproval<Services<Tools>> | undefined
  /**
   * Validates JSON-Schema tool inputs with ajv before the tool runs (`InvalidToolInput` naming the path of each bad
   * field and the schema's message, e.g. `/id: must be string`; the tool is not run and the call is not admitted).
   * Default `false`: JSON Schemas are render-only, as in the original contract. Effect-Schema inputs are always
   * decoded. Formats (ajv-formats) are checked; unknown formats are ignored. The schemas are compiled once, at
   * `make`; one that cannot be compiled (an unresolvable `$ref`, an invalid keyword) throws a `TypeError` naming
   * the tool. `$schema` 2020-12 and 2019-09 select those dialects; anything else is read as draft-07.
   */
  readonly validateInputs?: boolean | undefined
  /**
   * Where programs run (SECURITY.md "Isolation"): `"none"` (default) in the host's heap and event loop; `"worker"`
   * in a worker thread, `"process"` in a child process, each with a hard heap cap from `maxMemoryBytes` and a
   * wall-clock deadline enforced from outside. Tools always run in the host.
   */
  readonly isolation?: "none" | "worker" | "process" | undefined
  /**
   * Type-check each `run` program against the catalog's types before it runs (docs/typecheck.md): `"off"` (default)
   * loads nothing; `"warn"` adds each finding to the receipt's warnings (stage `typecheck`) and runs; `"refuse"` ends
   * the run before any tool is called with a `TypeCheck` diagnostic. Needs the optional peer `typescript`.
   */
  readonly typecheck?: "off" | "warn" | "refuse" | undefined
  /**
   * Where sessions keep their state (docs/sessions.md): `Store.memory()`, `Store.file(dir)` or `Store.redis(url)`.
   * Absent: a session's state lives in its `Session` object only. With a store, runtimes in other processes on the
   * same store serve the same session id. Deferred runs' journals are kept here too (docs/resume.md); absent, in a
   * `Store.memory()` of this runtime.
   */
  readonly store?: Store | undefined
  /**
   * Called synchronously with every event of every run while it runs: the receipt, console lines, tool-call start
   * and end, the run's end (docs/observability.md). A listener that throws is ignored. Isolated runs report the same
   * events, from the host.
   */
  readonly onEvent?: RunEventListener | undefined
  /**
   * OpenTelemetry spans (through `@opentelemetry/api`, an optional peer dependency, with the host's registered
   * tracer provider): one span per run and one `execute_tool` span per call. Spans are made whenever a provider is
   * registered; these options only choose whether inputs and outputs are recorded.
   */
  readonly tracing?: TracingOptions | undefined
  /**
   * The secret resume tokens are signed with (HMAC-SHA256; at least 16 bytes). Processes that resume each other's
   * runs share it and the store. Default: a random key for this runtime, so its tokens resume only here.
   */
  readonly resumeKey?: string | Uint8Array | undefined
  /** How long a resume token and its journal live, in milliseconds. Default one hour. */
  readonly resumeTtlMs?: number | undefined
}

/** Options of `runtime.session()`. */
export interface SessionOptions {
  /** The session's id (default: a random UUID). Runtimes on one `store` share the state of one id. */
  readonly id?: string | undefined
  /** Closed after this long without a run (default 30 minutes); its saved state expires as long after its last run. */
  readonly idleTimeoutMs?: number | undefined
}

/**
 * Runs that share state (docs/sessions.md): the dialects' persistent state (Codex/Pi `store`/`load`) and the
 * per-session state of other features. Two sessions share nothing; a run made directly on the runtime shares nothing
 * with any other run.
 */
export interface Session<R = never> {
  readonly id: string
  readonly catalog: Runtime<R>["catalog"]
  readonly describeTools: Runtime<R>["describeTools"]
  readonly instructions: Runtime<R>["instructions"]
  /** `runtime.execute` in this session; a closed or expired session answers a `Failure` saying so. */
  readonly execute: Runtime<R>["execute"]
  /** `runtime.run` in this session. */
  readonly run: Runtime<R>["run"]
  /** `runtime.resume` in this session: the resumed run shares the session's state (docs/resume.md). */
  readonly resume: Runtime<R>["resume"]
  /** Ends the session: its state is dropped (and removed from the store), later runs are refused. */
  readonly close: () => Promise<void>
  /** Whether the session was closed or expired. */
  readonly closed: boolean
}

/** Options of one execution: `CodeMode.execute({ ...options, code })` ≡ `CodeMode.make(options).execute(code)`. */
export interface ExecuteOptions<Tools = {}> extends Options<Tools> {
  readonly code: string
}

/** A reusable runtime over one tool tree and execution policy. */
export interface Runtime<R = never> {
  /** Structured descriptions of the host's tools (@opencode-ai/codemode 1.18: path, description, signature). */
  readonly catalog: () => ReadonlyArray<CatalogEntry>
  /**
   * Every tool in detail, in catalog order: the catalog's fields plus path segments, namespace, call expression
   * and the input/output JSON Schemas, for hosts that render or validate calls themselves (an addition to 1.18).
   */
  readonly describeTools: () => ReadonlyArray<ToolDescription>
  /** The model-facing syntax and tool guide. */
  readonly instructions: (options?: InstructionsOptions) => string
  /** Runs one program; never fails: every program, tool and limit failure is a `Failure` result. */
  readonly execute: (code: string) => Effect.Effect<Result, never, R>
  /**
   * Runs raw model input (any envelope, any dialect) through `Frontend.normalize`, then executes it like `execute`;
   * the Result carries the frontend's `receipt` (docs/design.md#public-api; an addition to @opencode-ai/codemode 1.18).
   */
  readonly run: (input: unknown, options?: RunOptions) => Effect.Effect<RunResult, never, R>
  /** A session: runs that share their state, and nothing else (docs/sessions.md). */
  readonly session: (options?: SessionOptions) => Session<R>
  /**
   * Continues a run that ended `ApprovalPending` (docs/resume.md): the program runs again from its text, journaled
   * calls answered from the journal (never called again), clock and random reads replayed, the pending call run
   * (`{ allow: true }`) or refused as a catchable denial (`{ allow: false, reason }`). A token is used once; a
   * tampered, expired, used or diverging resume fails with its own diagnostic kind. A resumed `run` carries a receipt.
   */
  readonly resume: (token: string, decision: ResumeDecision) => Effect.Effect<Result, never, R>
}
