import type { ImportProblem, RecordedResult, TranscriptFormat } from "../types.js"
import { callLog } from "./call-log.js"
import { asArray, asObject, asString, isoFromMillis, type Obj } from "./fields.js"
import { parseDocument } from "./json-text.js"

/**
 * OpenCode sessions: `opencode export <session>` writes `{ info, messages: [{ info, parts }] }`, and the server's
 * `GET /session/:id/message` answers the bare `[{ info, parts }]`; both are read. A `tool` part names its `tool` and
 * `callID`, and its `state` carries the `input` with, once the call finished, its `output` or `error`. Older versions
 * recorded `tool-invocation` parts (`toolInvocation: { toolName, toolCallId, args, result }`).
 */

const ID = "opencode-export"

const EXPORT_HEAD = /^\s*\{\s*"info"\s*:\s*\{\s*"id"\s*:\s*"ses_/
const MESSAGES_HEAD = /^\s*\[\s*\{\s*"info"\s*:\s*\{\s*"id"\s*:\s*"msg_/

interface ToolPart {
  readonly tool: string
  readonly input: unknown
  readonly callId: string | undefined
  readonly started: unknown
  readonly result: RecordedResult | undefined
}

const toolPart = (part: Obj): ToolPart | "unnamed" | undefined => {
  if (part.type === "tool") {
    const tool = asString(part.tool)
    if (tool === undefined) return "unnamed"
    const state = asObject(part.state)
    const status = state?.status
    const result =
      status === "completed"
        ? { text: asString(state?.output) ?? "" }
        : status === "error"
          ? { text: asString(state?.error) ?? "", isError: true }
          : undefined
    const started = asObject(state?.time)?.start
    return { tool, input: state?.input, callId: asString(part.callID), started, result }
  }
  if (part.type === "tool-invocation") {
    const invocation = asObject(part.toolInvocation)
    const tool = asString(invocation?.toolName)
    if (!invocation || tool === undefined) return "unnamed"
    const result = "result" in invocation ? { text: JSON.stringify(invocation.result) } : undefined
    return { tool, input: invocation.args, callId: asString(invocation.toolCallId), started: undefined, result }
  }
  return undefined
}

export const opencodeExport: TranscriptFormat = {
  id: ID,
  description: "OpenCode sessions (`opencode export` JSON, or the server's message list)",
  detect: ({ head }) => EXPORT_HEAD.test(head) || MESSAGES_HEAD.test(head),
  read: (text, file) => {
    const parsed = parseDocument(text, file)
    const problems: ImportProblem[] = [...parsed.problems]
    const log = callLog()
    const document = parsed.records[0]?.value
    const exported = asObject(document)
    const messages = Array.isArray(document) ? document : exported?.messages
    if (parsed.records.length > 0 && !Array.isArray(messages)) {
      problems.push({ file, line: 1, message: "not an OpenCode export (`{ info, messages }`) or message list" })
    }
    const session = asString(asObject(exported?.info)?.id)
    asArray(messages).forEach((raw, index) => {
      const message = asObject(raw)
      const info = asObject(message?.info)
      if (!message || !info || !Array.isArray(message.parts)) {
        problems.push({ file, line: 1, message: `messages[${index}] has no \`info\` and \`parts\`` })
        return
      }
      if (info.role !== "assistant") return
      // Assistant messages name their model as `modelID`; newer versions nest it as `model: { modelID }`.
      const model = asString(info.modelID) ?? asString(asObject(info.model)?.modelID)
      const created = asObject(info.time)?.created
      message.parts.forEach((rawPart, partIndex) => {
        const part = asObject(rawPart)
        const call = part ? toolPart(part) : undefined
        if (call === undefined) return
        if (call === "unnamed") {
          problems.push({
            file,
            line: 1,
            message: `messages[${index}].parts[${partIndex}] is a tool part without a name`,
          })
          return
        }
        log.add({
          tool: call.tool,
          input: call.input,
          provenance: {
            format: ID,
            file,
            line: 1,
            session: session ?? asString(info.sessionID),
            timestamp: isoFromMillis(call.started) ?? isoFromMillis(created),
            model,
            callId: call.callId,
          },
          result: call.result,
        })
      })
    })
    return { calls: log.done(), problems }
  },
}
