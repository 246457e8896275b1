import type { Program } from "acorn"
import type * as Effect from "effect/Effect"
import type { CompileOptions } from "../interpreter/api.js"
import type { Discovery } from "../discovery/index.js"
import type { Prepared } from "./execution.js"
import type { Journal } from "./journal.js"
import type { ResolvedLimits } from "./limits.js"
import type { RunOptions, RunResult } from "./run.js"
import type { Result } from "./schemas.js"
import type { SessionState } from "./session-state.js"
import type { TypecheckSetup } from "./typecheck.js"

/** Where programs run: in the host (`none`), in a worker thread, or in a child process (SECURITY.md "Isolation"). */
export type IsolationMode = "none" | "worker" | "process"

export const ISOLATION_MODES: ReadonlyArray<IsolationMode> = ["none", "worker", "process"]

/** A program the frontend already normalized: its tree, its text and the dialect's compile options. */
export interface ParsedProgram {
  readonly program: Program
  readonly source: string
  readonly compile?: CompileOptions | undefined
}

/**
 * How one runtime's programs run (docs/architecture.md "Executors"). The runtime decides what runs (tree, limits,
 * hooks, the session's state); the executor decides where: in this heap, or in a sandbox whose tool calls come back
 * to the runtime's `Execution`. Every entry point of a runtime goes through its executor, so no path bypasses the
 * mode the host chose.
 */
export interface Executor {
  readonly mode: IsolationMode
  /** `runtime.execute(code)`: the code is checked (a non-empty string) by the executor. */
  /** `journal`: the resumed run's (runtime.resume); absent, a fresh one is kept when a call may be deferred. */
  readonly execute: <R>(
    code: unknown,
    limits: ResolvedLimits,
    session: SessionState,
    journal?: Journal,
  ) => Effect.Effect<Result, never, R>
  /** `runtime.run(input)`: the frontend runs where the program runs, under the run's deadline. */
  readonly run: <R>(
    input: unknown,
    options: RunOptions | undefined,
    limits: ResolvedLimits,
    session: SessionState,
    journal?: Journal,
  ) => Effect.Effect<RunResult, never, R>
  /** `executeParsed`: a program normalized by the caller, with limits already lowered by its overrides. */
  readonly executeParsed: <R>(
    parsed: ParsedProgram,
    limits: ResolvedLimits,
    session: SessionState,
  ) => Effect.Effect<Result, never, R>
}

/** What an executor is made from: the runtime's prepared tree and its discovery. */
export interface ExecutorInput {
  readonly prepared: Prepared<any>
  readonly discovery: Discovery
  /** The type check's mode and the catalog's declarations (docs/typecheck.md); absent: off. */
  readonly typecheck?: TypecheckSetup | undefined
}

/** The composition root's choice (src/compose.ts): one executor per runtime, by isolation mode. */
export type ChooseExecutor = (mode: IsolationMode, input: ExecutorInput) => Executor
