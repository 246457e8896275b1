import { isPlainObject } from "../../json.js"
import { headObjects, readJsonLines } from "../lines.js"
import type { ImportedCall, ImportProblem, RecordedResult, TranscriptFormat } from "../types.js"

/**
 * Claude Code session transcripts (`~/.claude/projects/<project>/<session>.jsonl`): one record per line, each with
 * `type` (`user`, `assistant`, `summary`, `system`, …), `sessionId`, `timestamp` and, for turns, an Anthropic Messages
 * `message`. Assistant messages carry `tool_use` blocks (`id`, `name`, `input`) and name their `model`; the next user
 * message answers them with `tool_result` blocks (`tool_use_id`, `content` as a string or text blocks, `is_error`).
 */

const RECORD_TYPES = ["user", "assistant", "summary", "system"]

/** A `tool_result`'s content as the model read it: a string, or its text blocks joined by a newline. */
const resultText = (content: unknown): string | undefined => {
  if (typeof content === "string") return content
  if (content === undefined) return ""
  if (!Array.isArray(content)) return undefined
  return content
    .flatMap((block) =>
      isPlainObject(block) && block.type === "text" && typeof block.text === "string" ? [block.text] : [],
    )
    .join("\n")
}

export const claudeCode: TranscriptFormat = {
  id: "claude-code",
  description: "Claude Code session transcript (~/.claude/projects/**/*.jsonl)",
  detect: ({ head }) =>
    headObjects(head).some(
      (o) =>
        RECORD_TYPES.includes(String(o.type)) &&
        (typeof o.sessionId === "string" || typeof o.leafUuid === "string") &&
        (isPlainObject(o.message) || o.type === "summary" || o.type === "system"),
    ),
  read: (text, file) => {
    const { lines, problems: parseProblems } = readJsonLines(text, file)
    const problems: ImportProblem[] = [...parseProblems]
    const calls: ImportedCall[] = []
    const results = new Map<string, RecordedResult>()
    for (const { line, value } of lines) {
      if (!isPlainObject(value)) {
        problems.push({ file, line, message: "not a transcript record (expected a JSON object)" })
        continue
      }
      const message = value.message
      if (!isPlainObject(message) || !Array.isArray(message.content)) continue
      const session = typeof value.sessionId === "string" ? value.sessionId : undefined
      const timestamp = typeof value.timestamp === "string" ? value.timestamp : undefined
      const model = typeof message.model === "string" ? message.model : undefined
      for (const block of message.content) {
        if (!isPlainObject(block)) continue
        if (block.type === "tool_use") {
          if (typeof block.name !== "string") {
            problems.push({ file, line, message: "tool_use without a name" })
            continue
          }
          const callId = typeof block.id === "string" ? block.id : undefined
          calls.push({
            tool: block.name,
            input: block.input,
            provenance: { format: "claude-code", file, line, session, timestamp, model, callId },
          })
        } else if (block.type === "tool_result") {
          const text = resultText(block.content)
          if (typeof block.tool_use_id !== "string" || text === undefined) {
            problems.push({ file, line, message: "tool_result without a tool_use_id or readable content" })
            continue
          }
          if (!results.has(block.tool_use_id))
            results.set(block.tool_use_id, { text, ...(block.is_error === true ? { isError: true } : {}) })
        }
      }
    }
    return {
      calls: calls.map((call) => {
        const result = call.provenance.callId === undefined ? undefined : results.get(call.provenance.callId)
        return result ? { ...call, result } : call
      }),
      problems,
    }
  },
}
