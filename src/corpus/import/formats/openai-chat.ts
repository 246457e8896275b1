import type { OfferedTool } from "../types.js"
import { apiFormat, offeredTools, type BodyReader } from "./api-records.js"
import type { CallLog } from "./call-log.js"
import { asArray, asObject, asString, contentText, isoFromSeconds, parseArguments, type Obj } from "./fields.js"

/**
 * OpenAI Chat Completions logs (and the many providers that answer in its shape): a response's
 * `choices[].message.tool_calls` (`function` calls with JSON `arguments`, `custom` calls with free-form `input`), and a
 * request's earlier assistant `tool_calls` with the `tool` messages that answer them by `tool_call_id`.
 */

const ID = "openai-chat"

const addToolCalls = (
  log: CallLog,
  problem: BodyReader["problem"],
  message: Obj,
  at: { file: string; line: number; model?: string | undefined; timestamp?: string | undefined },
  tools: ReadonlyArray<OfferedTool> | undefined,
): void => {
  asArray(message.tool_calls).forEach((raw, index) => {
    const call = asObject(raw)
    const fn = asObject(call?.function)
    const custom = asObject(call?.custom)
    const tool = asString(fn?.name) ?? asString(custom?.name)
    if (!call || tool === undefined) {
      problem(at.line, `tool_calls[${index}] has no function or custom name`)
      return
    }
    log.add({
      tool,
      input: fn ? parseArguments(fn.arguments) : custom?.input,
      provenance: {
        format: ID,
        file: at.file,
        line: at.line,
        timestamp: at.timestamp,
        model: at.model,
        callId: asString(call.id),
      },
      tools,
    })
  })
}

export const openaiChat = apiFormat(
  ID,
  "OpenAI Chat Completions request and response bodies (`tool_calls`, `tool` messages)",
  ({ body, line, request }, { file, log, problem }) => {
    if (Array.isArray(body.messages)) {
      // A request replays earlier turns: their calls carry no model, since the log does not say which one made them.
      const tools = offeredTools(body)
      for (const raw of body.messages) {
        const message = asObject(raw)
        if (message?.role === "assistant") addToolCalls(log, problem, message, { file, line }, tools)
        if (message?.role === "tool") log.result(asString(message.tool_call_id), { text: contentText(message.content) })
      }
      return
    }
    const at = { file, line, model: asString(body.model), timestamp: isoFromSeconds(body.created) }
    for (const choice of asArray(body.choices)) {
      const message = asObject(asObject(choice)?.message)
      if (message) addToolCalls(log, problem, message, at, offeredTools(request))
    }
  },
)
