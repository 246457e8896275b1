/**
 * Sending one request and decoding its response (@opencode-ai/codemode 1.18 "OpenAPI tools"): bodies are read as a stream and capped at
 * 50 MiB, non-2xx statuses become ToolErrors with a size-capped summary, transport and decoding failures become
 * model-safe ToolErrors. Redirects are the supplied HttpClient's policy.
 */
import { STATUS_CODES } from "node:http"
import { Effect, Stream } from "effect"
import { HttpClient, HttpClientRequest, type HttpClientResponse } from "effect/http"
import { toolError, type ToolError } from "../tool/ToolError.js"
import { bodyKind, type ResponsePlan } from "./responses.js"
import { redactText, redactValue } from "./redact.js"

export const MAX_RESPONSE_BYTES = 50 * 1024 * 1024
/** How much of an error body is read, and how much of it the failure message quotes. */
const ERROR_READ_BYTES = 64 * 1024
const ERROR_SUMMARY_CHARS = 1_000

export interface Outgoing {
  readonly method: string
  readonly url: string
  readonly headers: Record<string, string>
  readonly body?: { readonly text: string; readonly contentType: string } | undefined
  /** `METHOD /template`: names the operation in messages without any concrete (possibly secret) value. */
  readonly label: string
  readonly secrets: ReadonlyArray<string>
}

/** Reads at most `limit` bytes; `over` tells whether the body had more. */
const read = (response: HttpClientResponse.HttpClientResponse, limit: number) =>
  Effect.gen(function* () {
    const chunks: Array<Uint8Array> = []
    let total = 0
    const body = Stream.catchIf(
      response.stream,
      (e) => e.reason._tag === "EmptyBodyError",
      () => Stream.empty,
    )
    yield* Stream.runForEachWhile(body, (chunk) =>
      Effect.sync(() => {
        const room = limit + 1 - total
        chunks.push(chunk.byteLength > room ? chunk.subarray(0, room) : chunk)
        total += Math.min(chunk.byteLength, room)
        return total <= limit
      }),
    )
    const bytes = Buffer.concat(chunks)
    return { bytes: bytes.subarray(0, limit), over: total > limit }
  })

const decoder = new TextDecoder("utf-8")

const decode = (out: Outgoing, plan: ResponsePlan, contentType: string | undefined, bytes: Uint8Array) => {
  if (bytes.byteLength === 0) return Effect.succeed(null)
  const only = plan.kinds.size === 1 ? [...plan.kinds][0] : undefined
  const kind = contentType !== undefined && contentType !== "" ? bodyKind(contentType) : only
  const text = decoder.decode(bytes)
  if (kind === "text") return Effect.succeed(redactText(text, out.secrets))
  if (kind === "json")
    return Effect.try({
      try: () => redactValue(JSON.parse(text), out.secrets),
      catch: () => toolError(`${out.label} returned malformed JSON: the response body does not parse`),
    })
  const shown = contentType === undefined ? "no content type" : `content type '${redactText(contentType, out.secrets)}'`
  return Effect.fail(toolError(`${out.label}: the response has ${shown}, which this tool cannot decode`))
}

const summary = (out: Outgoing, bytes: Uint8Array, over: boolean): string => {
  const text = redactText(decoder.decode(bytes), out.secrets).replace(/\s+/g, " ").trim()
  const cut = text.length > ERROR_SUMMARY_CHARS || over
  return cut ? `${text.slice(0, ERROR_SUMMARY_CHARS)}… (truncated)` : text
}

export const send = (out: Outgoing, plan: ResponsePlan): Effect.Effect<unknown, ToolError, HttpClient.HttpClient> =>
  Effect.gen(function* () {
    let request = HttpClientRequest.make(out.method as "GET")(out.url).pipe(HttpClientRequest.setHeaders(out.headers))
    if (out.body !== undefined) request = HttpClientRequest.bodyText(request, out.body.text, out.body.contentType)
    const failed = (what: string) => () => toolError(`${out.label}: ${what}`)
    const response = yield* HttpClient.execute(request).pipe(
      Effect.mapError((e) => toolError(`${out.label}: the request failed (${describe(e.reason._tag)})`)),
    )
    const status = response.status
    if (status < 200 || status > 299) {
      const { bytes, over } = yield* read(response, ERROR_READ_BYTES).pipe(
        Effect.mapError(failed("reading the error body failed")),
      )
      const reason = STATUS_CODES[status] ?? ""
      const body = summary(out, bytes, over)
      return yield* Effect.fail(
        toolError(`${out.label} returned HTTP ${status}${reason ? ` ${reason}` : ""}${body ? `: ${body}` : ""}`),
      )
    }
    const length = Number(response.headers["content-length"])
    if (Number.isFinite(length) && length > MAX_RESPONSE_BYTES) return yield* Effect.fail(tooLarge(out))
    const { bytes, over } = yield* read(response, MAX_RESPONSE_BYTES).pipe(
      Effect.mapError(failed("reading the response body failed")),
    )
    if (over) return yield* Effect.fail(tooLarge(out))
    return yield* decode(out, plan, response.headers["content-type"], bytes)
  })

const tooLarge = (out: Outgoing) => toolError(`${out.label}: the response exceeds 50 MiB, the limit for one response`)

const describe = (tag: string): string =>
  tag === "TransportError"
    ? "could not reach the server"
    : tag === "InvalidUrlError"
      ? "invalid URL"
      : tag === "EncodeError"
        ? "the request could not be encoded"
        : "transport error"
