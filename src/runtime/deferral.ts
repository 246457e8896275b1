import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import { clipName, diagnostic, type Diagnostic } from "../diagnostic.js"
import type { PendingCall } from "./journal-data.js"
import { seal, type ResumeConfig } from "./resume-token.js"
import type { Execution } from "./execution.js"
import type { ToolApproval, ToolApprovalDecision } from "./types.js"

const ALLOW: ToolApprovalDecision = { allow: true }

const isDefer = (u: unknown): u is { readonly defer: true; readonly reason?: unknown } =>
  typeof u === "object" && u !== null && (u as { defer?: unknown }).defer === true

/**
 * The `approve` hook of a journaled run (docs/resume.md). A resumed run's pending call gets the person's decision
 * without asking again; any other call is asked as usual. An answer `{ defer: true }` holds the call and ends the
 * run: the first deferral is the pending call, a later one is held too and asked again when the run is resumed.
 * Anything else goes to call.ts unchanged (a malformed answer still denies there, fail closed).
 */
export const approvalGate =
  <R>(execution: Execution<R>, approve: ToolApproval<R> | undefined): ToolApproval<R> =>
  (request) => {
    const decided = execution.journal!.decided(request.index)
    if (decided !== undefined) return Effect.succeed(decided)
    if (approve === undefined) return Effect.succeed(ALLOW)
    const { asking } = execution
    asking.add(request.index)
    const answer = Effect.suspend(() => {
      const effect = approve(request)
      return Effect.isEffect(effect) ? effect : Effect.die(new TypeError("approve did not return an Effect"))
    })
    return Effect.flatMap(
      Effect.ensuring(
        answer,
        Effect.sync(() => asking.delete(request.index)),
      ),
      (decision) => {
        if (!isDefer(decision)) return Effect.succeed(decision)
        // Held for good: the drain after the deferral interrupts it; it is asked again on resume.
        asking.add(request.index)
        const reason = typeof decision.reason === "string" && decision.reason !== "" ? decision.reason : undefined
        if (execution.journal!.defer({ index: request.index, name: request.name, input: request.input, reason }))
          execution.endEarly()
        return Effect.never
      },
    )
  }

/** The failure of a run that ended early: its divergence, or its pending call with the token that resumes it. */
export const concludeEarly = <R>(
  execution: Execution<R>,
  config: ResumeConfig | undefined,
): Effect.Effect<Diagnostic> => {
  const journal = execution.journal!
  // Calls already running finish (bounded by the run's deadline) and are journaled; then the journal is stored.
  const left = execution.deadline === undefined ? undefined : Math.max(1, execution.deadline - Date.now())
  const drained = left === undefined ? Effect.asSome(execution.drain()) : Effect.timeoutOption(execution.drain(), left)
  return Effect.flatMap(drained, (finished) => {
    if (journal.diverged !== undefined) return Effect.succeed(journal.diverged)
    const pending = journal.pending!
    if (config === undefined)
      return Effect.succeed(
        diagnostic("ExecutionFailure", `${waitsFor(pending)}, and this runtime cannot resume runs.`),
      )
    const unsettled = journal.calls.filter((call, i) => call.outcome === undefined && i !== pending.index).length
    return Effect.match(
      Effect.tryPromise(() => seal(config, (expiresAt) => journal.toRecord(expiresAt))),
      {
        onFailure: (e) =>
          diagnostic(
            "ExecutionFailure",
            `${waitsFor(pending)}, but its journal could not be stored, so it cannot be resumed: ${messageOf(e)}`,
          ),
        onSuccess: (resumeToken): Diagnostic => ({
          kind: "ApprovalPending",
          message:
            `${waitsFor(pending)}. Every call before it completed and is journaled; nothing after it ran` +
            (unsettled === 0
              ? ""
              : `; ${unsettled} other call${unsettled === 1 ? " was" : "s were"} stopped before ${unsettled === 1 ? "it" : "they"} ran and will be made on resume`) +
            (Option.isNone(finished) ? " (the deadline passed while calls in flight were finishing)" : "") +
            ". A person decides; the run continues with runtime.resume(resumeToken, decision).",
          pending: { name: pending.name, input: pending.input, index: pending.index },
          resumeToken,
        }),
      },
    )
  })
}

/** "Tool call 'fs.write' (call #2) is waiting for approval: reason" — the receipt's warning says the same. */
export const waitsFor = (pending: PendingCall): string =>
  `Tool call '${clipName(pending.name)}' (call #${pending.index}) is waiting for approval` +
  (pending.reason === undefined ? "" : `: ${pending.reason}`)

const messageOf = (e: unknown): string => {
  const cause = e instanceof Error && e.cause !== undefined ? e.cause : e
  return cause instanceof Error ? cause.message : String(cause)
}
