/**
 * Success responses (@opencode-ai/codemode 1.18 "OpenAPI tools"): JSON and text bodies are supported, as are empty ones; an operation
 * whose success response offers only binary or streaming media types is unsupported. The output schema is the
 * union of the success responses' schemas, or unknown when any of them has no schema.
 */
import { deref, isObject, type Json } from "./document.js"
import { isJsonMediaType } from "./body.js"
import { convert, type SchemaContext } from "./schema.js"
import { unsupported } from "./document.js"

export type BodyKind = "json" | "text"

export interface ResponsePlan {
  /** The `Accept` header: the supported media types the success responses declare. */
  readonly accept: string | undefined
  /** The body kinds the success responses declare; decides a body that arrives without Content-Type. */
  readonly kinds: ReadonlySet<BodyKind>
  readonly output: unknown | undefined
}

const STREAMING =
  /^(text\/event-stream|application\/(x-)?ndjson|application\/(x-)?jsonl(ines)?|application\/json-seq|application\/stream\+json)\s*(;.*)?$/i

export const bodyKind = (mediaType: string): BodyKind | "streaming" | "binary" => {
  const t = mediaType.trim().toLowerCase()
  if (STREAMING.test(t)) return "streaming"
  if (isJsonMediaType(t)) return "json"
  if (t.startsWith("text/")) return "text"
  return "binary"
}

const binarySchema = (ctx: SchemaContext, media: unknown): boolean => {
  if (!isObject(media)) return false
  let schema = media["schema"]
  for (let i = 0; i < 16 && isObject(schema) && typeof schema["$ref"] === "string"; i++)
    schema = deref(ctx.doc, schema, "schema")
  return isObject(schema) && schema["type"] === "string" && schema["format"] === "binary"
}

const TEXT_OUTPUT = { type: "string" }
const NULL_OUTPUT = { type: "null" }

export const compileResponses = (ctx: SchemaContext, raw: unknown): ResponsePlan => {
  const kinds = new Set<BodyKind>()
  if (!isObject(raw)) return { accept: undefined, kinds, output: undefined }
  const codes = Object.keys(raw).filter((code) => /^2(\d\d|XX)$/i.test(code))
  const accept: Array<string> = []
  const outputs: Array<unknown> = []
  let unknownOutput = codes.length === 0
  for (const code of codes) {
    const response: Json = deref(ctx.doc, raw[code], `response ${code}`)
    const content = response["content"]
    if (!isObject(content) || Object.keys(content).length === 0) {
      outputs.push(NULL_OUTPUT)
      continue
    }
    const types = Object.keys(content)
    // A text media type whose schema is `format: binary` is a file download: decoding it as text would garble it.
    const usable = types.filter((t) => {
      const k = bodyKind(t)
      return k === "json" || (k === "text" && !binarySchema(ctx, content[t]))
    })
    if (usable.length === 0) {
      const streaming = types.filter((t) => bodyKind(t) === "streaming")
      // Worded like the 1.18 contract where it names the case (hosts may match these), with the detail after it.
      return unsupported(
        streaming.length > 0
          ? streaming.every((t) => /^text\/event-stream\b/i.test(t.trim()))
            ? "SSE operations are not supported"
            : `streaming response ${code} (${streaming.join(", ")})`
          : types.every((t) => /^application\/octet-stream\b/i.test(t.trim()) || binarySchema(ctx, content[t]))
            ? "binary responses are not supported"
            : `response ${code} is neither JSON nor text (${types.join(", ")})`,
      )
    }
    for (const t of usable) {
      const kind = bodyKind(t) as BodyKind
      kinds.add(kind)
      if (!accept.includes(t)) accept.push(t)
      const media = content[t]
      if (kind === "text") outputs.push(TEXT_OUTPUT)
      else if (isObject(media) && media["schema"] !== undefined) outputs.push(convert(ctx, media["schema"], "output"))
      else unknownOutput = true
    }
  }
  // Two responses naming the same schema project to equal (small: references kept) schemas.
  const distinct = [...new Map(outputs.map((o) => [JSON.stringify(o), o])).values()]
  const output =
    unknownOutput || distinct.length === 0 ? undefined : distinct.length === 1 ? distinct[0] : { anyOf: distinct }
  return { accept: accept.length > 0 ? accept.join(", ") : undefined, kinds, output }
}
