import type { Diagnostic, DiagnosticKind } from "../diagnostic.js"

/**
 * The contract between the interpreter (pure evaluation of the canonical subset) and the tool runtime (Effect, schemas,
 * limits, hooks, fibers). The interpreter never sees an Effect; the runtime never sees a guest value.
 *
 * Data crossing this interface is plain host data: JSON-like values made of null-prototype-free plain objects,
 * arrays, strings, finite-or-not numbers, booleans and null, at most 32 levels deep. The interpreter copies guest
 * values out to such data before `callTool` (InvalidDataValue / InvalidToolInput on failure) and copies the resolved
 * output back into guest values (InvalidToolOutput on failure).
 */
export interface Host {
  /** What is at `path` in the tool tree: a callable tool, a namespace, or nothing (the caller reports UnknownTool). */
  lookup(path: ReadonlyArray<string>): "tool" | "namespace" | undefined
  /** Names directly under a namespace path (`[]` for a tool), sorted as the tree lists them; `$codemode` included at the root. */
  keys(path: ReadonlyArray<string>): ReadonlyArray<string>
  /**
   * Starts a tool call eagerly and returns its settlement. The promise never rejects with a host error: it rejects
   * only with a `HostFailure` (see below). Admission (maxToolCalls), input decoding, the concurrency cap, hooks and
   * sanitization are the runtime's job. `as` is the name the program called the tool by when that is not its path
   * (the global `search(...)`, recorded and shown to hooks as `search`); resolution still goes by `path`.
   */
  callTool(path: ReadonlyArray<string>, input: unknown, as?: string): Promise<unknown>
  /**
   * Optional: `callTool` whose output arrives already in the interpreter's representation — objects made by
   * `newObject`, arrays and primitives, no cycle, at most 32 levels deep, no blocked key — built by the one copy
   * the host makes of every output anyway (its validation and failures unchanged), so the interpreter takes the
   * value as it is instead of copying it a second time. A host without it answers `callTool` with plain data.
   */
  callToolInto?(
    path: ReadonlyArray<string>,
    input: unknown,
    as: string | undefined,
    newObject: () => object,
  ): Promise<unknown>
  /**
   * Interrupts a call started by `callTool` that the program no longer needs (@opencode-ai/codemode 1.18: `Promise.race` interrupts its
   * losing in-flight calls): its fiber is interrupted, no end event is reported and `promise` never settles. A no-op
   * for a call that already settled. Optional: a host without it lets losing calls run to completion.
   */
  cancel?(promise: Promise<unknown>): void
  /**
   * A line of program output (console.log and friends, dialect `text()`), already formatted, with the logged values
   * as host data (best-effort copies; non-data values become undefined) for the corpus "answer" rule.
   */
  log(line: string, values: ReadonlyArray<unknown>): void
  /**
   * Optional: a message the program sends its model apart from its output (Codex `notify`), in order. A host
   * without it receives the message as an output line, prefixed `notify: `.
   */
  notify?(text: string): void
  /** Absolute `Date.now()` deadline, or undefined for none. Checked by the interpreter every few thousand steps. */
  readonly deadline: number | undefined
  /** The configured `timeoutMs`, if any: only used to word the TimeoutExceeded message like the runtime does. */
  readonly timeoutMs?: number | undefined
  /**
   * Allocation budget of the run in bytes (limits `maxMemoryBytes`), or undefined for none. The interpreter charges
   * an estimate at allocation sites (memory-budget.ts) and ends the run uncatchably past it.
   */
  readonly maxMemoryBytes?: number | undefined
  /**
   * Optional: called once the program's body has settled with a value while un-awaited work still runs. `finish`
   * ends the run with that value, cancelling and naming the pending calls and timers; a host whose deadline arrives
   * first calls it instead of failing the run (run-program.ts).
   */
  settled?: ((finish: () => RunOutcome) => void) | undefined
  /** Set by the runtime when the execution is interrupted or timed out: the interpreter stops at its next step. */
  readonly cancelled: () => boolean
  /** Deterministic random source for Math.random (seeded per execution by default). */
  readonly random: () => number
  /**
   * Optional: every other input a program can read that is not its text or a tool result (the clock,
   * `performance.now`, crypto's random values) passes here by kind; the host returns `live()` or, replaying a
   * journal, the value recorded for that read (src/runtime/journal.ts). Values are numbers, strings or byte arrays.
   */
  readonly input?: ((kind: InputKind, live: () => number | string | Array<number>) => unknown) | undefined
}

/** The nondeterministic reads a host may record and replay (Host.input). */
export type InputKind = "Date.now" | "performance.now" | "crypto.randomUUID" | "crypto.getRandomValues"

/**
 * How a tool call fails. `catchable` failures (tool refusal, invalid input/output, unknown tool, the tool-call limit:
 * docs/dialects.md#canonical-contract "every non-interrupt failure is catchable") are visible to the program's `try/catch` as an Error
 * whose message is `diagnostic.message`; if uncaught, the execution fails with this very diagnostic (its kind is
 * kept). Non-catchable ones (timeout, interruption) end the execution at once.
 */
export class HostFailure extends Error {
  constructor(
    readonly diagnostic: Diagnostic,
    readonly catchable: boolean,
    /**
     * The call's own Effect was interrupted (host interruption, not a failure). Its promise then rejects with an
     * uncatchable `Interrupted`: left un-awaited it is ignored (no unhandled rejection, nothing to wait for);
     * awaited by the program, directly or through a combinator or a chained reaction, it ends the run with
     * `{ ok: false, interrupted: true }`, which the runtime turns back into interruption.
     */
    readonly interrupted = false,
  ) {
    super(diagnostic.message)
  }
  get kind(): DiagnosticKind {
    return this.diagnostic.kind
  }
}

/** What one run of a compiled program produced. `value` is host data (undefined already turned into null). */
export type RunOutcome =
  | { readonly ok: true; readonly value: unknown; readonly notes?: ReadonlyArray<string> }
  | {
      readonly ok: false
      readonly diagnostic: Diagnostic
      /** The program awaited a call its host interrupted (`HostFailure.interrupted`): not a diagnostic to report. */
      readonly interrupted?: true
    }
