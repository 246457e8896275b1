import type { Server } from "@modelcontextprotocol/sdk/server/index.js"
import type { RunEvent } from "../runtime/observe.js"
import type { RunOptions } from "../runtime/run.js"

/** What an `execute` request carries that its run reports to (the MCP request's `params._meta` and its stream). */
export interface RequestContext {
  /** `params._meta`: `progressToken`, and the W3C `traceparent`/`tracestate` (SEP-414). */
  readonly meta: Readonly<Record<string, unknown>> | undefined
  /** The SDK's `extra.sendNotification`: notifications sent on the request's own stream. */
  readonly notify: (notification: { method: string; params: Record<string, unknown> }) => Promise<void>
  readonly sessionId?: string | undefined
}

/** Characters of one console line sent as a log notification. */
const MAX_LINE = 2000

/** The SDK server's own level filter (`logging/setLevel` per session); not in its typings. */
const ignored = (server: Server, level: string, sessionId: string | undefined): boolean => {
  const check = (server as unknown as { isMessageIgnored?: (level: string, sessionId?: string) => boolean })
    .isMessageIgnored
  return check?.call(server, level, sessionId) === true
}

/**
 * The run options of one `execute` request: with a `progressToken`, one `notifications/progress` per tool call
 * (progress = calls started so far, message naming the call), so a client that resets its timeout on progress
 * keeps waiting for a long program; each console line as a `notifications/message` log entry (level info, logger
 * "codemode", unless the client's `logging/setLevel` is above info); and the `_meta` trace context as the run
 * span's parent. Notifications that cannot be sent are dropped: the run never waits on them.
 */
export const requestRunOptions = (
  server: Server,
  request: RequestContext,
): Pick<RunOptions, "onEvent" | "traceContext"> => {
  const meta = request.meta
  const token = meta?.["progressToken"]
  const progressToken = typeof token === "string" || typeof token === "number" ? token : undefined
  const traceparent = meta?.["traceparent"]
  const tracestate = meta?.["tracestate"]
  let calls = 0
  const send = (method: string, params: Record<string, unknown>) =>
    void request.notify({ method, params }).catch(() => {})
  const onEvent = (event: RunEvent) => {
    if (event.type === "toolCallStart") {
      calls++
      if (progressToken !== undefined)
        send("notifications/progress", {
          progressToken,
          progress: calls,
          message: `tool call ${calls}: tools.${event.name}`,
        })
    } else if (event.type === "console" && !ignored(server, "info", request.sessionId)) {
      const line = event.line.length <= MAX_LINE ? event.line : `${event.line.slice(0, MAX_LINE)}...`
      send("notifications/message", { level: "info", logger: "codemode", data: line })
    }
  }
  return {
    onEvent,
    ...(typeof traceparent === "string"
      ? { traceContext: { traceparent, ...(typeof tracestate === "string" ? { tracestate } : {}) } }
      : {}),
  }
}
