import * as Effect from "effect/Effect"
import type { ResumeDecision } from "../../runtime/journal.js"
import type { RunResult } from "../../runtime/run.js"
import type { Store } from "../../store/store.js"
import type { ExecuteSource } from "../server.js"
import { decisionFor } from "./decisions.js"

type Call = Parameters<ExecuteSource["run"]>[1]

/**
 * The gateway's `resume` tool: the decision is the one a person recorded (`codemode approvals`), never the model's.
 * No decision yet: an `ApprovalPending` answer that keeps the token usable. A token that does not open goes to the
 * runtime, which refuses it with its own diagnostic kind.
 */
export const resumeHandler =
  (
    store: Store,
    key: Uint8Array,
    resume: (token: string, decision: ResumeDecision, call: Call) => Effect.Effect<RunResult>,
  ) =>
  async (token: string, call: Call): Promise<RunResult> => {
    const decided = await decisionFor(store, key, token)
    if (decided === "pending")
      return {
        ok: false,
        error: {
          kind: "ApprovalPending",
          message:
            "No one has decided on the waiting call yet; the run is still waiting. Call resume with the same token " +
            "later, or tell the user a person must run: codemode approvals allow TOKEN (or deny TOKEN --reason …).",
          resumeToken: token,
        },
        toolCalls: [],
        logs: [],
      } as unknown as RunResult
    const decision = decided === "refused" ? { allow: false as const, reason: "" } : decided
    return Effect.runPromise(resume(token, decision, call), { signal: call.signal })
  }
