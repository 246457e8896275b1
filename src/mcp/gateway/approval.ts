import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import { covered, describeCall } from "../../approval-patterns.js"
import type { ToolApproval, ToolApprovalDecision } from "../../runtime/types.js"

/** The MCP connection whose `execute` call is running: who to ask. Provided per run by the gateway. */
export const Caller = Context.Reference<{ readonly server: Server } | undefined>("codemode-polyglot/mcp/Caller", {
  defaultValue: () => undefined,
})

const deny = (reason: string): ToolApprovalDecision => ({ allow: false, reason })

const requested = () => ({
  type: "object" as const,
  properties: { allow: { type: "boolean" as const, title: "Allow this tool call" } },
  required: ["allow"],
})

/**
 * `codemode mcp --approve NAME...`: a call to a covered tool (a dotted path, a namespace, or `*`) is held while the
 * MCP client that sent `execute` is asked through elicitation ("Allow tools.fs.write_file({…})?"). Accepted with
 * allow → the call runs; anything else is a denial the program sees as a catchable error with the reason. A client
 * that does not declare the elicitation capability cannot be asked: the call is denied and the reason says why.
 * The run's deadline still applies while the question is open (the request is then cancelled).
 */
export const elicitApproval =
  (patterns: ReadonlyArray<string>): ToolApproval =>
  ({ name, input }) => {
    if (!covered(patterns, name)) return Effect.succeed({ allow: true })
    return Effect.flatMap(Effect.service(Caller), (caller) => {
      if (caller === undefined) return Effect.succeed(deny("no MCP client to ask for approval"))
      if (caller.server.getClientCapabilities()?.elicitation === undefined)
        return Effect.succeed(
          deny(
            `tools.${name} needs approval, and the MCP client cannot be asked (it does not support elicitation); the call was not made`,
          ),
        )
      return Effect.tryPromise({
        try: (signal) =>
          caller.server.elicitInput(
            { mode: "form", message: `Allow ${describeCall(name, input)}?`, requestedSchema: requested() },
            { signal, timeout: 2_147_483_647 },
          ),
        catch: (e) => e,
      }).pipe(
        Effect.map((answer): ToolApprovalDecision => {
          if (answer.action === "accept" && answer.content?.["allow"] === true) return { allow: true }
          if (answer.action === "accept") return deny("the user did not allow it")
          return deny(answer.action === "decline" ? "the user declined" : "the user dismissed the request")
        }),
        Effect.catch((e) =>
          Effect.succeed(deny(`the approval request failed: ${e instanceof Error ? e.message : String(e)}`)),
        ),
      )
    })
  }

/**
 * `codemode mcp --approve NAME --defer`: a covered call is held and the program ends `ApprovalPending` with its
 * token; a person decides with `codemode approvals allow|deny TOKEN`, and the model continues with the `resume` tool.
 */
export const deferredApproval =
  (patterns: ReadonlyArray<string>): ToolApproval =>
  ({ name }) =>
    Effect.succeed(
      covered(patterns, name)
        ? {
            defer: true as const,
            reason: `tools.${name} needs a person's decision (codemode approvals allow|deny TOKEN); once they decided, call the resume tool with { token }`,
          }
        : { allow: true as const },
    )
