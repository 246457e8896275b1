import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import { ToolError } from "../tool/ToolError.js"
import { toData } from "./data.js"
import { RESERVED_NAMESPACE, type ToolEntry } from "./tree.js"
import type { ToolApproval, ToolApprovalDecision, ToolCallHooks } from "./types.js"

/** How an admitted call settled. `undefined` means interrupted: not a settlement, no end event. */
export type CallResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly diagnostic: Diagnostic }

const GENERIC_FAILURE = "Tool execution failed"

/**
 * @opencode-ai/codemode 1.18 "Diagnostics": a `ToolError` message is the only model-visible failure text; every other failure, defect
 * or throwing `run` becomes "Tool execution failed" (the cause stays host-side and is dropped here).
 */
const sanitize = (cause: Cause.Cause<unknown>): CallResult => {
  const error = Cause.squash(cause)
  const message = error instanceof ToolError && typeof error.message === "string" ? error.message : GENERIC_FAILURE
  return { ok: false, diagnostic: diagnostic("ToolFailure", message) }
}

const invalidOutput = (name: string): CallResult => ({
  ok: false,
  diagnostic: diagnostic("InvalidToolOutput", `Invalid output from tool '${name}'.`),
})

/**
 * Settles a call from the exit of its `run` Effect, synchronously and outside any fiber: output decoded (Effect
 * Schema) then copied to plain data (objects made by `newObject` when the interpreter asked: Host.callToolInto),
 * failures sanitized (@opencode-ai/codemode 1.18 "Laws"). Interruption returns undefined.
 */
export const settle = (
  entry: ToolEntry,
  exit: Exit.Exit<unknown, unknown>,
  newObject?: () => object,
): CallResult | undefined => {
  if (Exit.isFailure(exit)) return Cause.hasInterruptsOnly(exit.cause) ? undefined : sanitize(exit.cause)
  try {
    let value = exit.value
    if (entry.decodeOutput !== undefined) {
      const decoded = entry.decodeOutput(value)
      if (!decoded.ok) return invalidOutput(entry.name)
      value = decoded.value
    }
    return { ok: true, value: toData(value, false, newObject) }
  } catch {
    return invalidOutput(entry.name)
  }
}

/** A `run` that throws or returns a non-Effect is a host defect, sanitized like any other (never rethrown). */
export const runEffect = (entry: ToolEntry, input: unknown): Effect.Effect<unknown, unknown, any> => {
  try {
    const effect = entry.definition.run(input)
    return Effect.isEffect(effect) ? effect : Effect.die(new TypeError("run did not return an Effect"))
  } catch (defect) {
    return Effect.die(defect)
  }
}

/**
 * Hooks "must not fail" (@opencode-ai/codemode 1.18); one that does anyway (a failure, a defect, a throw) is ignored so the call still
 * settles and the program cannot hang on an observer. Interruption still propagates.
 */
const safeHook = <R>(hook: () => Effect.Effect<void, never, R>): Effect.Effect<void, never, R> =>
  Effect.catchCause(Effect.suspend(hook), (cause) => (Cause.hasInterruptsOnly(cause) ? Effect.interrupt : Effect.void))

const APPROVAL_FAILED = "the approval check failed"

const denied = (name: string, reason: string): CallResult => ({
  ok: false,
  diagnostic: diagnostic(
    "ToolFailure",
    reason === "" ? `Tool call '${name}' was denied.` : `Tool call '${name}' was denied: ${reason}`,
  ),
})

// A deferral is answered before this point (deferral.ts); here it is not a decision and denies, fail closed.
const isDecision = (u: unknown): u is Exclude<ToolApprovalDecision, { readonly defer: true }> =>
  typeof u === "object" &&
  u !== null &&
  ((u as { allow?: unknown }).allow === true ||
    ((u as { allow?: unknown }).allow === false && typeof (u as { reason?: unknown }).reason === "string"))

/**
 * Asks the host's `approve` hook. Fail closed: a hook that fails, dies, throws or answers with something other than a
 * decision denies the call with a fixed message (the cause stays host-side). Interruption (the run ended or timed out
 * while the call was held) propagates, so a held call never settles after its run.
 */
const ask = <R>(
  approve: ToolApproval<R>,
  name: string,
  index: number,
  input: unknown,
): Effect.Effect<CallResult | undefined, never, R> =>
  Effect.matchCauseEffect(
    Effect.suspend(() => {
      const answer = approve({ name, input, index })
      return Effect.isEffect(answer) ? answer : Effect.die(new TypeError("approve did not return an Effect"))
    }),
    {
      onFailure: (cause) =>
        Cause.hasInterruptsOnly(cause) ? Effect.interrupt : Effect.succeed(denied(name, APPROVAL_FAILED)),
      onSuccess: (decision) =>
        Effect.succeed(
          !isDecision(decision)
            ? denied(name, APPROVAL_FAILED)
            : decision.allow
              ? undefined
              : denied(name, decision.reason),
        ),
    },
  )

/** Hooks plus the approval gate: what `observedCall` needs from `make`. */
export interface CallHooks<R> extends ToolCallHooks<R> {
  readonly approve?: ToolApproval<R> | undefined
}

/**
 * The Effect of one admitted call when hooks are present: approval, start hook, run, settle, end hook. Without hooks
 * the runtime forks `runEffect` directly and settles from the fiber's exit (the per-call fast path).
 */
export const observedCall = <R>(
  entry: ToolEntry,
  index: number,
  input: unknown,
  hooks: CallHooks<R>,
  name: string = entry.name,
  newObject?: () => object,
): Effect.Effect<CallResult, never, R> => {
  const observed = hookedCall(entry, index, input, hooks, name, newObject)
  const approve = hooks.approve
  if (approve === undefined || entry.path[0] === RESERVED_NAMESPACE) return observed
  // A denied call never runs: no start or end hook fires for it.
  return Effect.flatMap(ask(approve, entry.name, index, input), (refusal) =>
    refusal === undefined ? observed : Effect.succeed(refusal),
  )
}

/** `name` is the call as recorded in `toolCalls` (the global `search` is `search`), what the hooks are shown. */
const hookedCall = <R>(
  entry: ToolEntry,
  index: number,
  input: unknown,
  hooks: ToolCallHooks<R>,
  name: string,
  newObject: (() => object) | undefined,
): Effect.Effect<CallResult, never, R> => {
  const { onToolCallStart: onStart, onToolCallEnd: onEnd } = hooks
  // durationMs measures the tool itself: the clock starts after the start hook (@opencode-ai/codemode 1.18 "Tool-call hooks").
  const timed = Effect.suspend(() => {
    const started = Date.now()
    return Effect.flatMap(Effect.exit(runEffect(entry, input)), (exit) => {
      const result = settle(entry, exit, newObject)
      if (result === undefined) return Effect.interrupt
      if (onEnd === undefined) return Effect.succeed(result)
      const durationMs = Date.now() - started
      const ended = result.ok
        ? { index, name, input, durationMs, outcome: "success" as const }
        : { index, name, input, durationMs, outcome: "failure" as const, message: result.diagnostic.message }
      return Effect.as(
        safeHook(() => onEnd(ended)),
        result,
      )
    })
  })
  const observed =
    onStart === undefined
      ? timed
      : Effect.andThen(
          safeHook(() => onStart({ index, name, input })),
          timed,
        )
  return observed as Effect.Effect<CallResult, never, R>
}
