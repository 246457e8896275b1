import { isPlainObject } from "../../json.js"
import { headObjects, readJsonLines } from "../lines.js"
import type { ImportedCall, ImportProblem, RecordedResult, TranscriptFormat } from "../types.js"

/**
 * OpenAI Codex CLI rollout files (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): one `{ timestamp, type, payload }`
 * per line. `session_meta` names the session, `turn_context` the model of the turns after it, and `response_item`s
 * hold the Responses API items: `function_call` (JSON `arguments`) and `custom_tool_call` (free-form `input`, e.g. the
 * code-mode `exec` cell), answered by `function_call_output` / `custom_tool_call_output` with the same `call_id`.
 * Rollouts written before the wrapper existed hold the items bare, after a first `{ id, timestamp }` line.
 */

const ITEM_TYPES = ["message", "function_call", "custom_tool_call", "function_call_output", "custom_tool_call_output"]

/** Codex code mode frames a cell's output: `Script completed|failed|terminated|running with cell ID n`, wall time. */
const CELL_HEADER =
  /^Script (completed|failed|terminated|running with cell ID \S+)\nWall time [\d.]+ seconds\nOutput:\n/

/** Text of an output: a string, content items (`input_text` / `output_text`), or `{ content, success }`. */
const outputText = (output: unknown): { text: string; success?: boolean } | undefined => {
  if (typeof output === "string") return { text: output }
  if (Array.isArray(output)) {
    const texts = output.flatMap((item) => (isPlainObject(item) && typeof item.text === "string" ? [item.text] : []))
    return { text: texts.join("\n") }
  }
  if (isPlainObject(output) && output.content !== undefined) {
    const inner = outputText(output.content)
    return inner && { ...inner, ...(typeof output.success === "boolean" ? { success: output.success } : {}) }
  }
  return undefined
}

/** A code-mode cell's output split into its status header and the items the program wrote (one per line). */
const cellResult = (output: unknown): RecordedResult | undefined => {
  const items = Array.isArray(output)
    ? output.flatMap((item) => (isPlainObject(item) && typeof item.text === "string" ? [item.text] : []))
    : typeof output === "string"
      ? [output]
      : undefined
  const header = items?.[0] === undefined ? null : CELL_HEADER.exec(items[0])
  if (!items || !header) return undefined
  const status = header[1]!
  const rest = [items[0]!.slice(header[0].length), ...items.slice(1)].filter((t, i) => i > 0 || t !== "")
  return {
    text: items.join("\n"),
    output: rest.join("\n"),
    ...(status === "failed" ? { isError: true } : {}),
    ...(status.startsWith("running") || status === "terminated" ? { finished: false } : {}),
  }
}

const RUNNING = /^Script running with cell ID (\S+)\n/

/**
 * A cell that yielded (`Script running with cell ID n`) goes on in the `wait` calls naming its `cell_id`: its result is
 * every output up to the first that is not `running`, items in order, finished only when that one completed.
 */
const followCells = (calls: ReadonlyArray<ImportedCall>, results: Map<string, RecordedResult>): void => {
  calls.forEach((call, i) => {
    const id = call.provenance.callId
    let merged = id === undefined || call.tool !== "exec" ? undefined : results.get(id)
    const cell = merged?.finished === false ? RUNNING.exec(merged.text)?.[1] : undefined
    if (id === undefined || merged === undefined || cell === undefined) return
    for (const next of calls.slice(i + 1)) {
      if (next.tool !== "wait" || !isPlainObject(next.input) || String(next.input.cell_id) !== cell) continue
      const more = next.provenance.callId === undefined ? undefined : results.get(next.provenance.callId)
      if (more === undefined) break
      merged = {
        text: `${merged.text}\n${more.text}`,
        output: [merged.output, more.output].filter((o) => o !== undefined && o !== "").join("\n"),
        ...(more.isError ? { isError: true } : {}),
        ...(more.finished === false ? { finished: false } : {}),
      }
      if (more.finished !== false || !RUNNING.test(more.text)) break
    }
    results.set(id, merged)
  })
}

const recorded = (payload: Record<string, unknown>): RecordedResult | undefined => {
  const cell = cellResult(payload.output)
  if (cell) return cell
  const out = outputText(payload.output)
  if (!out) return undefined
  return { text: out.text, ...(out.success === false ? { isError: true } : {}) }
}

/** `arguments` is JSON text; kept as the parsed value, or as the string itself when it does not parse. */
const parseArguments = (raw: unknown): unknown => {
  if (typeof raw !== "string") return raw
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

export const codexRollout: TranscriptFormat = {
  id: "codex-rollout",
  description: "OpenAI Codex CLI rollout (~/.codex/sessions/**/rollout-*.jsonl)",
  detect: ({ path, head }) => {
    const objects = headObjects(head)
    if (objects.some((o) => o.type === "session_meta" || o.type === "turn_context")) return true
    return (
      /rollout-[^/\\]*\.jsonl$/.test(path) &&
      objects.some(
        (o) => (isPlainObject(o.payload) && typeof o.timestamp === "string") || ITEM_TYPES.includes(String(o.type)),
      )
    )
  },
  read: (text, file) => {
    const { lines, problems: parseProblems } = readJsonLines(text, file)
    const problems: ImportProblem[] = [...parseProblems]
    const calls: ImportedCall[] = []
    const results = new Map<string, RecordedResult>()
    let session: string | undefined
    let model: string | undefined
    for (const { line, value } of lines) {
      if (!isPlainObject(value)) {
        problems.push({ file, line, message: "not a rollout record (expected a JSON object)" })
        continue
      }
      const wrapped = isPlainObject(value.payload)
      const payload = wrapped ? (value.payload as Record<string, unknown>) : value
      const type = wrapped ? value.type : "response_item"
      const timestamp = typeof value.timestamp === "string" ? value.timestamp : undefined
      if (type === "session_meta" || (!wrapped && line === lines[0]?.line && typeof value.id === "string")) {
        if (typeof payload.id === "string") session = payload.id
        if (typeof payload.model === "string") model = payload.model
        continue
      }
      if (type === "turn_context") {
        if (typeof payload.model === "string") model = payload.model
        continue
      }
      if (type !== "response_item") continue
      const kind = payload.type
      if (kind === "function_call" || kind === "custom_tool_call") {
        if (typeof payload.name !== "string") {
          problems.push({ file, line, message: `${kind} without a name` })
          continue
        }
        const callId = typeof payload.call_id === "string" ? payload.call_id : undefined
        const input = kind === "function_call" ? parseArguments(payload.arguments) : payload.input
        calls.push({
          tool: payload.name,
          input,
          provenance: { format: "codex-rollout", file, line, session, timestamp, model, callId },
        })
      } else if (kind === "function_call_output" || kind === "custom_tool_call_output") {
        const callId = payload.call_id
        const result = recorded(payload)
        if (typeof callId !== "string" || !result) {
          problems.push({ file, line, message: `${kind} without a call_id or a readable output` })
          continue
        }
        if (!results.has(callId)) results.set(callId, result)
      }
    }
    followCells(calls, results)
    return {
      calls: calls.map((call) => {
        const result = call.provenance.callId === undefined ? undefined : results.get(call.provenance.callId)
        return result ? { ...call, result } : call
      }),
      problems,
    }
  },
}
