import type { ApiKind } from "./api-records.js"
import { asArray, asObject, asString, type Obj } from "./fields.js"
import type { JsonRecord } from "./json-text.js"

/**
 * Streamed API responses logged one event per line, put back together as the bodies the APIs return whole, each at
 * the line where its call began: Chat Completions chunks (`chat.completion.chunk`, a call's `arguments` in pieces
 * by `tool_calls[].index`), Responses events (`response.output_item.done` holds a whole item, `response.completed`
 * the whole response) and Anthropic's message events (`content_block_start`, then `input_json_delta` pieces until
 * `content_block_stop`). Records that are not stream events pass through unchanged.
 */

const ANTHROPIC_EVENTS = new Set([
  "message_start",
  "content_block_start",
  "content_block_delta",
  "content_block_stop",
  "message_delta",
  "message_stop",
  "ping",
])

/** The API a stream event belongs to, or undefined when the value is not one. */
export const streamKind = (value: unknown): ApiKind | undefined => {
  const event = asObject(value)
  const type = asString(event?.type)
  if (event?.object === "chat.completion.chunk") return "openai-chat"
  if (type?.startsWith("response.")) return "openai-responses"
  return type !== undefined && ANTHROPIC_EVENTS.has(type) ? "anthropic-messages" : undefined
}

interface Partial {
  readonly line: number
  readonly head: Obj
  arguments: string
}

/** Stream events of a file replaced by whole bodies, in line order; everything else kept as it is. */
export const assembleStreams = (records: ReadonlyArray<JsonRecord>): ReadonlyArray<JsonRecord> => {
  const out: JsonRecord[] = []
  // Chat Completions: one partial call per response id, choice and tool_calls index.
  const chat = new Map<string, Partial & { readonly chunk: Obj }>()
  // Responses: the response the events belong to, for its model, time and tools.
  let response: Obj | undefined
  // Anthropic: the current message and its open content blocks by index.
  let message: Obj | undefined
  const blocks = new Map<number, Partial>()

  const anthropicBlock = (partial: Partial): void => {
    const text = partial.arguments
    let input: unknown = partial.head.input
    if (text !== "") {
      try {
        input = JSON.parse(text)
      } catch {
        input = text
      }
    }
    const block = "input" in partial.head ? { ...partial.head, input } : partial.head
    out.push({ line: partial.line, value: { ...message, type: "message", role: "assistant", content: [block] } })
  }

  for (const record of records) {
    const event = asObject(record.value)
    const type = asString(event?.type)
    if (event && event.object === "chat.completion.chunk") {
      for (const rawChoice of asArray(event.choices)) {
        const choice = asObject(rawChoice)
        for (const rawCall of asArray(asObject(choice?.delta)?.tool_calls)) {
          const call = asObject(rawCall)
          const key = `${String(event.id)}/${String(choice?.index)}/${String(call?.index ?? 0)}`
          const fn = asObject(call?.function)
          const open = chat.get(key)
          if (!open || (typeof call?.id === "string" && call.id !== open.head.id)) {
            chat.set(key, { line: record.line, head: { ...call, function: { ...fn } }, arguments: "", chunk: event })
          }
          const partial = chat.get(key)!
          partial.arguments += asString(fn?.arguments) ?? ""
        }
      }
      continue
    }
    if (event && type?.startsWith("response.")) {
      const whole = asObject(event.response)
      if (whole) response = whole
      const item = asObject(event.item)
      if (type === "response.output_item.done" && item) {
        out.push({ line: record.line, value: { ...response, object: "response", output: [item] } })
      }
      if (whole && (type === "response.completed" || type === "response.incomplete" || type === "response.failed")) {
        out.push({ line: record.line, value: whole })
      }
      continue
    }
    if (event && type !== undefined && ANTHROPIC_EVENTS.has(type)) {
      const index = typeof event.index === "number" ? event.index : -1
      if (type === "message_start") {
        message = { ...asObject(event.message), content: [] }
        blocks.clear()
      } else if (type === "content_block_start") {
        const head = asObject(event.content_block)
        if (head) blocks.set(index, { line: record.line, head, arguments: "" })
      } else if (type === "content_block_delta") {
        const delta = asObject(event.delta)
        const partial = blocks.get(index)
        if (partial && delta?.type === "input_json_delta") partial.arguments += asString(delta.partial_json) ?? ""
      } else if (type === "content_block_stop") {
        const partial = blocks.get(index)
        if (partial) anthropicBlock(partial)
        blocks.delete(index)
      }
      continue
    }
    out.push(record)
  }
  // Blocks a cut-off stream never closed still hold what the model sent.
  for (const partial of blocks.values()) anthropicBlock(partial)
  for (const partial of chat.values()) {
    const call = { ...partial.head, function: { ...asObject(partial.head.function), arguments: partial.arguments } }
    const choices = [{ index: 0, message: { role: "assistant", tool_calls: [call] } }]
    out.push({ line: partial.line, value: { ...partial.chunk, object: "chat.completion", choices } })
  }
  return [...out].sort((a, b) => a.line - b.line)
}
