import type { OfferedTool, RecordedResult } from "../types.js"
import { apiFormat, offeredTools } from "./api-records.js"
import { asArray, asObject, asString, contentText, isoFromSeconds, parseArguments, type Obj } from "./fields.js"

/**
 * OpenAI Responses logs: the items of a response's `output` and of a request's `input`. Calls are `function_call`
 * (JSON `arguments`), `custom_tool_call` (free-form `input`), `program` (programmatic tool calling: the model's
 * JavaScript), `code_interpreter_call` (its `code`), `shell_call`, `local_shell_call`, `apply_patch_call` and
 * `mcp_call`; their `*_output` items answer them by `call_id`.
 */

const ID = "openai-responses"

/** A call item: the tool's name, the input as the model sent it, its id, and a result recorded on the item itself. */
interface CallItem {
  readonly tool: string
  readonly input: unknown
  readonly callId: string | undefined
  readonly result?: RecordedResult | undefined
}

const shellText = (output: unknown): string =>
  asArray(output)
    .map((raw) => {
      const chunk = asObject(raw)
      return [asString(chunk?.stdout), asString(chunk?.stderr)].filter((s) => s !== undefined && s !== "").join("\n")
    })
    .join("\n")

const callItem = (item: Obj): CallItem | undefined => {
  const callId = asString(item.call_id)
  switch (item.type) {
    case "function_call":
    case "custom_tool_call": {
      const tool = asString(item.name)
      if (tool === undefined) return undefined
      const input = item.type === "function_call" ? parseArguments(item.arguments) : item.input
      return { tool, input, callId }
    }
    case "program":
      return { tool: "program", input: item.code, callId }
    case "code_interpreter_call": {
      const logs = asArray(item.outputs)
        .map((raw) => asObject(raw))
        .filter((out) => out?.type === "logs")
        .map((out) => asString(out?.logs) ?? "")
      return {
        tool: "code_interpreter",
        input: item.code,
        callId: asString(item.id),
        result: Array.isArray(item.outputs) ? { text: logs.join("\n") } : undefined,
      }
    }
    case "shell_call":
      return { tool: "shell", input: item.action, callId }
    case "local_shell_call":
      return { tool: "local_shell", input: item.action, callId }
    case "apply_patch_call":
      return { tool: "apply_patch", input: item.operation, callId }
    case "mcp_call": {
      const tool = asString(item.name)
      if (tool === undefined) return undefined
      const error = item.error === undefined || item.error === null ? undefined : contentText(item.error)
      const output = asString(item.output)
      return {
        tool,
        input: parseArguments(item.arguments),
        callId: asString(item.id),
        result:
          error !== undefined ? { text: error, isError: true } : output !== undefined ? { text: output } : undefined,
      }
    }
    default:
      // Hosted tools (web_search_call, file_search_call, computer_call, …): their action is what the model asked for.
      if (typeof item.type !== "string" || !item.type.endsWith("_call")) return undefined
      return {
        tool: item.type.slice(0, -"_call".length),
        input: item.action ?? item.queries ?? item.arguments,
        callId: callId ?? asString(item.id),
      }
  }
}

/** An output item's call id and result, or undefined when the item is not an output. */
const outputItem = (item: Obj): { readonly callId?: string; readonly result: RecordedResult } | undefined => {
  const callId = asString(item.call_id) ?? asString(item.id)
  switch (item.type) {
    case "function_call_output":
    case "custom_tool_call_output":
    case "apply_patch_call_output":
    case "local_shell_call_output":
      return { callId, result: { text: contentText(item.output), isError: item.status === "failed" || undefined } }
    case "shell_call_output":
      return { callId, result: { text: shellText(item.output) } }
    case "program_output":
      return { callId, result: { text: contentText(item.result ?? item.output) } }
    default:
      return undefined
  }
}

/** The call items that carry the tool's name; one without it cannot be read. */
const NAMED = new Set(["function_call", "custom_tool_call", "mcp_call"])

export const openaiResponses = apiFormat(
  ID,
  "OpenAI Responses request and response bodies (function, custom, program and built-in tool calls)",
  ({ body, line, request }, { file, log, problem }) => {
    // A response names its model and echoes its tools; a request's `input` replays earlier turns, model unknown.
    const isResponse = Array.isArray(body.output)
    const items = isResponse ? asArray(body.output) : asArray(body.input)
    const tools: ReadonlyArray<OfferedTool> | undefined = offeredTools(body) ?? offeredTools(request)
    const model = isResponse ? asString(body.model) : undefined
    const timestamp = isResponse ? isoFromSeconds(body.created_at) : undefined
    const session = asString(asObject(body.conversation)?.id) ?? asString(body.conversation)
    items.forEach((raw, index) => {
      const item = asObject(raw)
      if (!item) return
      const output = outputItem(item)
      if (output) return log.result(output.callId, output.result)
      const call = callItem(item)
      if (!call) {
        if (NAMED.has(String(item.type))) {
          problem(line, `${isResponse ? "output" : "input"}[${index}]: ${item.type} without a name`)
        }
        return
      }
      log.add({
        tool: call.tool,
        input: call.input,
        provenance: { format: ID, file, line, session, timestamp, model, callId: call.callId },
        tools,
        result: call.result,
      })
    })
  },
)
