/**
 * Sending one request and decoding its response (@opencode-ai/codemode 1.18 "OpenAPI tools"): bodies are read as a stream and capped at
 * 50 MiB, non-2xx statuses become ToolErrors with a size-capped summary, transport and decoding failures become
 * model-safe ToolErrors. Redirects are the supplied HttpClient's policy.
 */
import { STATUS_CODES } from "node:http"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as HttpClientResponse from "effect/http/HttpClientResponse"
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

/**
 * Reads at most `limit` bytes; `over` tells whether the body had more (the bytes read are then kept only with
 * `keepPrefix`). A fetch-backed response is read from its Web body directly (one reader, cancelled as soon as the
 * limit is passed or the call is interrupted); any other backend's through its Effect stream.
 */
interface Read {
  readonly bytes: Uint8Array
  readonly over: boolean
}

const read = (
  response: HttpClientResponse.HttpClientResponse,
  limit: number,
  keepPrefix: boolean,
): Effect.Effect<Read, unknown> => {
  const web = HttpClientResponse.toWeb(response)
  if (Option.isNone(web)) return readStream(response, limit, keepPrefix)
  const body = web.value.body
  if (body === null) return Effect.succeed({ bytes: new Uint8Array(0), over: false })
  return Effect.acquireUseRelease(
    Effect.sync(() => body.getReader()),
    (reader) =>
      Effect.tryPromise(async () => {
        const chunks = new Collected(limit, keepPrefix)
        for (;;) {
          const { done, value } = await reader.read()
          if (done || !chunks.add(value)) break
        }
        return chunks.result()
      }),
    (reader) => Effect.promise(() => reader.cancel().catch(() => undefined)),
  )
}

const readStream = (response: HttpClientResponse.HttpClientResponse, limit: number, keepPrefix: boolean) =>
  Effect.gen(function* () {
    const chunks = new Collected(limit, keepPrefix)
    const body = Stream.catchIf(
      response.stream,
      (e) => e.reason._tag === "EmptyBodyError",
      () => Stream.empty,
    )
    yield* Stream.runForEachWhile(body, (chunk) => Effect.sync(() => chunks.add(chunk)))
    return chunks.result()
  })

/**
 * Chunks up to a byte limit, copied once at the end (not at all for a single chunk). Past the limit only a prefix
 * that was asked for is kept (an error body's summary), never the bulk of an oversized success body.
 */
class Collected {
  private readonly chunks: Array<Uint8Array> = []
  private total = 0
  constructor(
    private readonly limit: number,
    private readonly keepPrefix: boolean,
  ) {}
  /** false once the limit is passed: stop reading. */
  add(chunk: Uint8Array): boolean {
    const room = this.limit - this.total
    this.total += chunk.byteLength
    if (this.total <= this.limit) this.chunks.push(chunk)
    else if (this.keepPrefix && room > 0) this.chunks.push(chunk.subarray(0, room))
    return this.total <= this.limit
  }
  result(): Read {
    const over = this.total > this.limit
    if (over && !this.keepPrefix) return { bytes: new Uint8Array(0), over }
    return { bytes: this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks), over }
  }
}

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
      const { bytes, over } = yield* read(response, ERROR_READ_BYTES, true).pipe(
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
    const { bytes, over } = yield* read(response, MAX_RESPONSE_BYTES, false).pipe(
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
