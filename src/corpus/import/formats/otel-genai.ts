import type { ImportProblem, OfferedTool, RecordedResult, TranscriptFormat } from "../types.js"
import { callLog } from "./call-log.js"
import { asArray, asObject, asString, contentText, isoFromNanos, parseArguments, type Obj } from "./fields.js"
import { firstRecord, parseRecords } from "./json-text.js"

/**
 * OpenTelemetry spans that follow the GenAI semantic conventions (open-telemetry/semantic-conventions-genai): an
 * `execute_tool` span names its call with `gen_ai.tool.name`, `gen_ai.tool.call.id`, `gen_ai.tool.call.arguments`
 * and `gen_ai.tool.call.result`; an inference span lists the model's `tool_call` parts in `gen_ai.output.messages`,
 * earlier calls and their `tool_call_response` parts in `gen_ai.input.messages`, and the offered tools in
 * `gen_ai.tool.definitions`. Spans come as OTLP/JSON (`resourceSpans`, one export per line from a collector's file
 * exporter) or as the SDK console exporter's span objects (`context`, `attributes` as a map), back to back.
 */

const ID = "otel-genai"

/** An OTLP AnyValue as plain JSON. */
const anyValue = (raw: unknown): unknown => {
  const value = asObject(raw)
  if (!value) return raw
  if ("stringValue" in value) return value.stringValue
  if ("boolValue" in value) return value.boolValue
  if ("intValue" in value) return Number(value.intValue)
  if ("doubleValue" in value) return value.doubleValue
  if ("arrayValue" in value) return asArray(asObject(value.arrayValue)?.values).map(anyValue)
  if ("kvlistValue" in value) return attributeMap(asObject(value.kvlistValue)?.values)
  if ("bytesValue" in value) return value.bytesValue
  return undefined
}

/** Attributes as a map: OTLP's `[{ key, value }]` list decoded, a console exporter's map as it is. */
const attributeMap = (raw: unknown): Obj => {
  if (!Array.isArray(raw)) return asObject(raw) ?? {}
  const map: Obj = {}
  for (const entry of raw) {
    const key = asString(asObject(entry)?.key)
    if (key !== undefined) map[key] = anyValue(asObject(entry)?.value)
  }
  return map
}

const objects = (u: unknown): Obj[] => {
  const value = asObject(u)
  return value ? [value] : []
}

/** The spans a record holds: an OTLP export's, a list of spans, or one span. */
const spansOf = (record: unknown): ReadonlyArray<Obj> => {
  if (Array.isArray(record)) return record.flatMap(spansOf)
  const value = asObject(record)
  if (!value) return []
  if (Array.isArray(value.resourceSpans)) {
    return value.resourceSpans.flatMap((resource): Obj[] => {
      const scopes = asObject(resource)?.scopeSpans ?? asObject(resource)?.instrumentationLibrarySpans
      return asArray(scopes).flatMap((scope) => asArray(asObject(scope)?.spans).flatMap((s) => objects(s)))
    })
  }
  return "attributes" in value && ("name" in value || "spanId" in value || "context" in value) ? [value] : []
}

/** A message attribute as a list of messages: JSON text or structured, one message or several. */
const messagesOf = (raw: unknown): ReadonlyArray<Obj> => {
  const value = typeof raw === "string" ? parseArguments(raw) : raw
  if (Array.isArray(value)) return value.flatMap(objects)
  const one = asObject(value)
  return one ? [one] : []
}

/** A recorded result as the model saw it: content parts (`[{ type: "text", text }]`) joined, any other text as it is. */
const resultText = (raw: unknown): string => {
  if (typeof raw !== "string") return typeof raw === "object" && raw !== null ? contentText(raw) : String(raw ?? "")
  const parsed = parseArguments(raw)
  return Array.isArray(parsed) && parsed.every((part) => typeof asObject(part)?.text === "string")
    ? contentText(parsed)
    : raw
}

const toolDefinitions = (raw: unknown): ReadonlyArray<OfferedTool> | undefined => {
  if (raw === undefined) return undefined
  const value = typeof raw === "string" ? parseArguments(raw) : raw
  return asArray(value).flatMap((item): OfferedTool[] => {
    const tool = asObject(item)
    const fn = asObject(tool?.function) ?? tool
    const name = asString(fn?.name)
    return name === undefined ? [] : [{ name, description: asString(fn?.description), inputSchema: fn?.parameters }]
  })
}

const failed = (span: Obj, attributes: Obj): boolean => {
  const status = asObject(span.status)
  return (
    status?.code === 2 ||
    status?.code === "STATUS_CODE_ERROR" ||
    status?.status_code === "ERROR" ||
    (attributes["error.type"] !== undefined && attributes["error.type"] !== null)
  )
}

export const otelGenai: TranscriptFormat = {
  id: ID,
  description: "OpenTelemetry GenAI spans (OTLP/JSON or console exporter): execute_tool spans and tool_call parts",
  detect: ({ head }) => {
    const first = firstRecord(head)
    if (first !== undefined) {
      return spansOf(first).some((span) =>
        Object.keys(attributeMap(span.attributes)).some((key) => key.startsWith("gen_ai.")),
      )
    }
    // A head too long to parse: an OTLP export's opening, or a console span whose attributes name gen_ai ones.
    return /^\s*\{\s*"resourceSpans"\s*:/.test(head) || /^\s*\{\s*"name"[^]{0,4000}?"gen_ai\.[a-z_.]+"\s*:/.test(head)
  },
  read: (text, file) => {
    const parsed = parseRecords(text, file)
    const problems: ImportProblem[] = [...parsed.problems]
    const log = callLog()
    for (const { value, line } of parsed.records) {
      const spans = spansOf(value)
      if (spans.length === 0) {
        problems.push({ file, line, message: "no spans: expected OTLP/JSON (`resourceSpans`) or span objects" })
        continue
      }
      for (const span of spans) {
        const attributes = attributeMap(span.attributes)
        const context = asObject(span.context)
        const session =
          asString(attributes["gen_ai.conversation.id"]) ?? asString(span.traceId) ?? asString(context?.trace_id)
        const timestamp = isoFromNanos(span.startTimeUnixNano) ?? asString(span.start_time)
        const model = asString(attributes["gen_ai.response.model"]) ?? asString(attributes["gen_ai.request.model"])
        const tools = toolDefinitions(attributes["gen_ai.tool.definitions"])
        const provenance = { format: ID, file, line, session, timestamp }
        // Earlier turns replayed in the input carry no model: the span names only the one it called now.
        for (const [key, turnModel] of [
          ["gen_ai.input.messages", undefined],
          ["gen_ai.output.messages", model],
        ] as const) {
          for (const message of messagesOf(attributes[key])) {
            for (const raw of asArray(message.parts)) {
              const part = asObject(raw)
              if (part?.type === "tool_call_response") {
                log.result(asString(part.id), { text: resultText(part.response) })
              }
              if (part?.type !== "tool_call") continue
              const tool = asString(part.name)
              if (tool === undefined) {
                problems.push({ file, line, message: `a tool_call part in ${key} has no name` })
                continue
              }
              log.add({
                tool,
                input: parseArguments(part.arguments),
                provenance: { ...provenance, model: turnModel, callId: asString(part.id) },
                tools,
              })
            }
          }
        }
        const tool = asString(attributes["gen_ai.tool.name"])
        const executes = attributes["gen_ai.operation.name"] === "execute_tool"
        if (tool === undefined || (!executes && !("gen_ai.tool.call.arguments" in attributes))) continue
        const raw = attributes["gen_ai.tool.call.result"]
        const error = failed(span, attributes)
        const result: RecordedResult | undefined =
          raw !== undefined
            ? { text: resultText(raw), isError: error || undefined }
            : error
              ? {
                  text: asString(asObject(span.status)?.message) ?? asString(asObject(span.status)?.description) ?? "",
                  isError: true,
                }
              : undefined
        log.add({
          tool,
          input: parseArguments(attributes["gen_ai.tool.call.arguments"]),
          provenance: { ...provenance, model: undefined, callId: asString(attributes["gen_ai.tool.call.id"]) },
          result,
        })
      }
    }
    return { calls: log.done(), problems }
  },
}
