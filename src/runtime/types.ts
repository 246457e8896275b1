import type { Effect } from "effect"
import type { ExecutionLimits } from "./limits.js"
import type { Result } from "./schemas.js"
import type { RunOptions, RunResult } from "./run.js"
import type { InstructionsOptions } from "./instructions.js"
import type { ToolDescription } from "../discovery/index.js"

/** Observed after input decoding, immediately before the tool runs (seed 000 "Tool-call hooks"). */
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

/** Discovery configuration (seed 000 "Discovery"). */
export interface DiscoveryOptions {
  /** Estimated tokens (characters / 4) for full tool entries in the catalog; a non-negative safe integer. */
  readonly catalogBudget?: number | undefined
}

/** One catalog entry (src/discovery): canonical path, call expression, description, signature, JSON Schemas. */
export type { ToolDescription } from "../discovery/index.js"

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
}

/** Options of one execution: `CodeMode.execute({ ...options, code })` ≡ `CodeMode.make(options).execute(code)`. */
export interface ExecuteOptions<Tools = {}> extends Options<Tools> {
  readonly code: string
}

/** A reusable runtime over one tool tree and execution policy. */
export interface Runtime<R = never> {
  /** Structured descriptions of the host's tools. */
  readonly catalog: () => ReadonlyArray<ToolDescription>
  /** The model-facing syntax and tool guide. */
  readonly instructions: (options?: InstructionsOptions) => string
  /** Runs one program; never fails: every program, tool and limit failure is a `Failure` result. */
  readonly execute: (code: string) => Effect.Effect<Result, never, R>
  /**
   * Runs raw model input (any envelope, any dialect) through `Frontend.normalize`, then executes it like `execute`;
   * the Result carries the frontend's `receipt` (DESIGN.md "Public API"; an addition to seed 000).
   */
  readonly run: (input: unknown, options?: RunOptions) => Effect.Effect<RunResult, never, R>
}
