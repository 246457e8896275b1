/** One OpenAPI operation → one tool, or an `Unsupported` reason (thrown by the compile steps it calls). */
import * as Effect from "effect/Effect"
import * as Tool from "../tool/Tool.js"
import { toolError } from "../tool/ToolError.js"
import { authorize } from "./authorize.js"
import { compileBody } from "./body.js"
import { deref, isObject, Unsupported, unsupported, type Json } from "./document.js"
import { send } from "./http.js"
import { registerHttpOperation } from "./http-operation.js"
import { compileInput } from "./input.js"
import { compileParameters } from "./parameters.js"
import { buildRequest } from "./request.js"
import { compileResponses } from "./responses.js"
import type { SchemaContext } from "./schema.js"
import { compileSecurity } from "./security.js"
import { InputError } from "./serialize.js"
import { selectServer } from "./servers.js"
import type { Auth } from "./types.js"

export interface OperationSource {
  readonly method: string
  readonly path: string
  readonly item: Json
  readonly operation: unknown
}

/** The first paragraph, on one line, at most 500 characters (a cut is marked). */
const firstParagraph = (text: string): string => {
  const paragraph = (text.trim().split(/\n\s*\n/)[0] ?? "").replace(/\s+/g, " ")
  return paragraph.length > 500 ? `${paragraph.slice(0, 497)}...` : paragraph
}

/**
 * The operation's description, else its summary, else `METHOD /path` (the 1.18 contract's order); `[deprecated]` in
 * front when the document flags it.
 */
const describe = (op: Json, method: string, path: string): string => {
  const pick = (key: string) => (typeof op[key] === "string" ? firstParagraph(op[key] as string) : "")
  const text = pick("description") || pick("summary") || `${method.toUpperCase()} ${path}`
  return `${op["deprecated"] === true ? "[deprecated] " : ""}${text}`
}

/**
 * fetch cannot send a body with GET or HEAD (Fetch standard, "Request" constructor): a required one skips the
 * operation, an optional one is left out of the tool.
 */
const bodyOf = (doc: Json, op: Json, method: string): unknown => {
  const raw = op["requestBody"]
  if (raw === undefined || (method !== "get" && method !== "head")) return raw
  const body = deref(doc, raw, "requestBody")
  return body["required"] === true ? unsupported(`${method.toUpperCase()} with a required request body`) : undefined
}

export const compileOperation = <R>(
  ctx: SchemaContext,
  source: OperationSource,
  baseUrl: string | undefined,
  auth: Auth<R> | undefined,
): Tool.Definition<any> => {
  const { method, path, item } = source
  if (!isObject(source.operation)) return unsupported("operation is not an object")
  const op = source.operation
  if (!path.startsWith("/")) return unsupported("path does not start with '/'")
  // An `x-websocket` operation (how some generators mark an upgrade endpoint) is not a request/response call.
  if (op["x-websocket"] === true) return unsupported("WebSocket operations are not supported")
  const doc = ctx.doc
  const server = selectServer(baseUrl, [op["servers"], item["servers"], doc["servers"]])
  const levels = [item["parameters"], op["parameters"]]
  let security: ReturnType<typeof compileSecurity>
  try {
    security = compileSecurity(doc, op["security"])
  } catch (e) {
    // A parameter the adapter cannot send is the reason given first (the 1.18 contract's order); security second.
    if (e instanceof Unsupported) compileParameters(ctx, levels, path, new Set())
    throw e
  }
  const params = compileParameters(ctx, levels, path, security.reserved)
  const body = compileBody(ctx, bodyOf(doc, op, method))
  const responses = compileResponses(ctx, op["responses"])
  const input = compileInput(params, body)
  const METHOD = method.toUpperCase()
  const label = `${METHOD} ${path}`
  const operationId = typeof op["operationId"] === "string" ? op["operationId"] : undefined
  const ref = { method: METHOD, path, operationId }
  const tool = Tool.make({
    description: describe(op, method, path),
    input: ctx.attach(input.schema, "input") as Tool.JsonSchema,
    output: (responses.output === undefined ? undefined : ctx.attach(responses.output, "output")) as
      Tool.JsonSchema | undefined,
    run: (raw: unknown) =>
      Effect.gen(function* () {
        const built = yield* Effect.try({
          try: () => buildRequest(path, input, body, raw),
          catch: (e) => toolError(e instanceof InputError ? `${label}: ${e.message}` : `${label}: invalid input`, e),
        })
        const applied = yield* authorize(security, auth, ref)
        const query = [...built.query, ...applied.query]
        const headers: Record<string, string> = { ...built.headers, ...applied.headers }
        if (responses.accept !== undefined) headers["accept"] = responses.accept
        return yield* send(
          {
            method: METHOD,
            url: `${server}${built.path}${query.length > 0 ? `?${query.join("&")}` : ""}`,
            headers,
            body:
              built.body === undefined || body.kind === "none"
                ? undefined
                : { text: built.body, contentType: body.mediaType },
            label,
            secrets: applied.secrets,
          },
          responses,
        )
      }),
  })
  const mediaType = body.kind === "none" ? undefined : body.mediaType
  registerHttpOperation(tool, { method: METHOD, path, document: doc, mediaType }, input)
  return tool
}
