import type { ImportProblem, OfferedTool, TranscriptFormat } from "../types.js"
import { assembleStreams, streamKind } from "./api-streams.js"
import { callLog, type CallLog } from "./call-log.js"
import { asArray, asObject, asString, type Obj } from "./fields.js"
import { headRecords, parseRecords } from "./json-text.js"

/**
 * Generic API logs: request and response bodies of the OpenAI Chat Completions, OpenAI Responses and Anthropic
 * Messages APIs, one JSON document, an array of them, or JSON Lines, each body bare or as a `{ request, response }`
 * pair, and streamed responses one event per line (api-streams.ts). One classifier tells the three apart so no two of
 * their formats claim the same file.
 */

export type ApiKind = "openai-chat" | "openai-responses" | "anthropic-messages"

const ANTHROPIC_BLOCKS = new Set(["tool_use", "tool_result", "server_tool_use", "mcp_tool_use", "thinking"])

/**
 * A `messages` request body is Chat Completions' when its messages are (a `tool` or `system` role, `tool_calls`),
 * Anthropic's when its blocks or fields are (`tool_use` blocks, a top-level `system`), and either when nothing tells.
 */
const messagesRequestKind = (body: Obj): ApiKind | "either" => {
  let anthropic = "system" in body
  for (const raw of asArray(body.messages)) {
    const message = asObject(raw)
    if (!message) continue
    if (message.role === "tool" || message.role === "system" || message.role === "developer") return "openai-chat"
    if ("tool_calls" in message || "tool_call_id" in message) return "openai-chat"
    for (const block of asArray(message.content)) {
      const type = asString(asObject(block)?.type)
      if (type !== undefined && ANTHROPIC_BLOCKS.has(type)) anthropic = true
    }
  }
  return anthropic ? "anthropic-messages" : "either"
}

/**
 * Which API a request or response body belongs to: "either" for a plain-text `messages` request that Chat
 * Completions and Anthropic would both accept (it holds no call), undefined when it is none of them.
 */
const bodyKind = (value: unknown): ApiKind | "either" | undefined => {
  const body = asObject(value)
  if (!body) return undefined
  if (body.object === "chat.completion") return "openai-chat"
  if (body.object === "response") return "openai-responses"
  if (body.type === "message" && body.role === "assistant" && Array.isArray(body.content)) return "anthropic-messages"
  if (Array.isArray(body.choices) && body.choices.some((choice) => asObject(asObject(choice)?.message))) {
    return "openai-chat"
  }
  if (typeof body.model !== "string") return undefined
  if (Array.isArray(body.output) || Array.isArray(body.input)) return "openai-responses"
  if (Array.isArray(body.messages)) return messagesRequestKind(body)
  return undefined
}

/** A `{ request, response }` log entry (a proxy's, an HTTP recorder's): the two bodies, read as one exchange. */
const pairOf = (value: unknown): { readonly request?: Obj; readonly response?: Obj } | undefined => {
  const entry = asObject(value)
  if (!entry || typeof entry.model === "string") return undefined
  const request = asObject(entry.request)
  const response = asObject(entry.response)
  return request || response ? { request, response } : undefined
}

/** One body of a log, with the line its record starts on and the request it answers when the log pairs them. */
export interface ApiBody {
  readonly body: Obj
  readonly line: number
  readonly request?: Obj | undefined
}

/** Every body in the file that is `kind`'s; a record that is another API's or none is a problem, skipped. */
export const apiBodies = (
  text: string,
  file: string,
  kind: ApiKind,
): { readonly bodies: ReadonlyArray<ApiBody>; readonly problems: ReadonlyArray<ImportProblem> } => {
  const parsed = parseRecords(text, file)
  const problems: ImportProblem[] = [...parsed.problems]
  const bodies: ApiBody[] = []
  const take = (value: unknown, line: number, request?: Obj): void => {
    const found = bodyKind(value)
    if (found === kind || found === "either") bodies.push({ body: value as Obj, line, request })
    else problems.push({ file, line, message: found ? `${found} record, not ${kind}` : `not a ${kind} record` })
  }
  for (const { value, line } of assembleStreams(parsed.records)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      const pair = pairOf(item)
      if (!pair) take(item, line)
      else {
        if (pair.request) take(pair.request, line)
        if (pair.response) take(pair.response, line, pair.request)
      }
    }
  }
  return { bodies, problems }
}

const SNIFF: ReadonlyArray<readonly [ApiKind, RegExp]> = [
  ["openai-chat", /^\s*\{[^]{0,2000}?"object"\s*:\s*"chat\.completion"/],
  ["openai-responses", /^\s*\{[^]{0,2000}?"object"\s*:\s*"response"/],
  ["anthropic-messages", /^\s*\{[^]{0,2000}?"type"\s*:\s*"message"\s*,\s*"role"\s*:\s*"assistant"/],
]

/**
 * Whether a file's head is `kind`'s: its first body or stream event that tells the API apart decides (a plain-text
 * request before it tells nothing; a file of nothing else is read as Chat Completions). A head too long to parse is
 * sniffed for a response's marker.
 */
export const detectApi = (head: string, kind: ApiKind): boolean => {
  const records = headRecords(head)
  let either = false
  for (const record of records) {
    for (const item of Array.isArray(record) ? record.slice(0, 5) : [record]) {
      const pair = pairOf(item)
      const found = bodyKind(pair ? (pair.response ?? pair.request) : item) ?? streamKind(item)
      if (found === "either") either = true
      else if (found !== undefined) return found === kind
    }
  }
  if (either) return kind === "openai-chat"
  return records.length === 0 && SNIFF.some(([sniffed, pattern]) => sniffed === kind && pattern.test(head))
}

/** Tool definitions as the request (or a Responses body, which echoes them) lists them. */
export const offeredTools = (body: Obj | undefined): ReadonlyArray<OfferedTool> | undefined => {
  if (!body || !Array.isArray(body.tools)) return undefined
  return body.tools.flatMap((raw): OfferedTool[] => {
    const tool = asObject(raw)
    if (!tool) return []
    const fn = asObject(tool.function) ?? asObject(tool.custom)
    const name = asString(fn?.name) ?? asString(tool.name) ?? asString(tool.type)
    if (name === undefined) return []
    const source = fn ?? tool
    return [
      {
        name,
        description: asString(source.description),
        inputSchema: source.parameters ?? source.input_schema ?? source.format,
      },
    ]
  })
}

/** What reading one body may do: add calls and results to the file's log, and report a problem at a line. */
export interface BodyReader {
  readonly file: string
  readonly log: CallLog
  readonly problem: (line: number, message: string) => void
}

/** An API log format: detection by the body classifier, and `readBody` for each of the file's bodies of its kind. */
export const apiFormat = (
  id: ApiKind,
  description: string,
  readBody: (body: ApiBody, reader: BodyReader) => void,
): TranscriptFormat => ({
  id,
  description,
  detect: ({ head }) => detectApi(head, id),
  read: (text, file) => {
    const { bodies, problems: found } = apiBodies(text, file, id)
    const problems: ImportProblem[] = [...found]
    const log = callLog()
    const reader: BodyReader = { file, log, problem: (line, message) => void problems.push({ file, line, message }) }
    for (const body of bodies) readBody(body, reader)
    return { calls: log.done(), problems }
  },
})
