import type { ImportProblem, TranscriptFormat } from "../types.js"
import { callLog } from "./call-log.js"
import { asArray, asObject, asString, contentText } from "./fields.js"
import { firstRecord, parseLines } from "./json-text.js"

/**
 * Pi (badlogic/pi-mono) session files: JSON Lines under `~/.pi/agent/sessions/`, a `session` header line and then
 * entries (packages/coding-agent/docs/session.md). Assistant `message` entries hold `toolCall` blocks
 * (`{ id, name, arguments }`); `toolResult` messages answer them by `toolCallId`. Version 1 files have no entry ids and
 * name the model in the header; later ones name it on each assistant message.
 */

const ID = "pi-session"

export const piSession: TranscriptFormat = {
  id: ID,
  description: "Pi session files (JSON Lines of `session`, `message` and `model_change` entries)",
  detect: ({ head }) => {
    const first = asObject(firstRecord(head))
    return first?.type === "session" && typeof first.id === "string" && !("payload" in first)
  },
  read: (text, file) => {
    const parsed = parseLines(text, file)
    const problems: ImportProblem[] = [...parsed.problems]
    const log = callLog()
    let session: string | undefined
    let model: string | undefined
    for (const { value, line } of parsed.records) {
      const entry = asObject(value)
      if (!entry) {
        problems.push({ file, line, message: "not a session entry (expected a JSON object)" })
        continue
      }
      if (entry.type === "session") {
        session = asString(entry.id) ?? session
        model = asString(entry.modelId) ?? model
        continue
      }
      if (entry.type === "model_change") {
        model = asString(entry.modelId) ?? model
        continue
      }
      if (entry.type !== "message") continue
      const message = asObject(entry.message)
      if (!message) {
        problems.push({ file, line, message: "`message` entry without a message object" })
        continue
      }
      if (message.role === "toolResult") {
        log.result(asString(message.toolCallId), {
          text: contentText(message.content),
          isError: message.isError === true,
        })
        continue
      }
      if (message.role !== "assistant") continue
      asArray(message.content).forEach((raw, index) => {
        const block = asObject(raw)
        if (block?.type !== "toolCall") return
        const tool = asString(block.name)
        if (tool === undefined) {
          problems.push({ file, line, message: `toolCall block ${index} has no name` })
          return
        }
        log.add({
          tool,
          input: block.arguments,
          provenance: {
            format: ID,
            file,
            line,
            session,
            timestamp: asString(entry.timestamp),
            model: asString(message.model) ?? model,
            callId: asString(block.id),
          },
        })
      })
    }
    return { calls: log.done(), problems }
  },
}
