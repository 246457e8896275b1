/**
 * What an operation tool is on the wire, as data: its method, path template and where each input field goes. A
 * Cloudflare-shape program's `request({ method, path, query, body })` is routed through it to the operation's own tool
 * (docs/openapi.md#cloudflare-shape), so the call is admitted, validated, authorized and redacted as any tool call.
 */
import type { InputPlan } from "./input.js"

/** One input field of an operation tool: its key in the tool's input and its HTTP location and name. */
export interface HttpInput {
  readonly key: string
  /** `field`: one property of a flattened JSON body; `body`: the whole body. */
  readonly in: "path" | "query" | "header" | "field" | "body"
  readonly name: string
  readonly required: boolean
}

export interface HttpOperation {
  /** Upper-case method. */
  readonly method: string
  /** The path template as the document spells it (`/users/{id}`). */
  readonly path: string
  readonly inputs: ReadonlyArray<HttpInput>
  /** The JSON media type the body is sent with, when the operation takes one. */
  readonly mediaType?: string | undefined
  /** The document the operation came from (the same object for every operation of one document). */
  readonly document: unknown
}

const operations = new WeakMap<object, HttpOperation>()

/** The HTTP operation a tool definition made by `OpenAPI.fromSpec` stands for; undefined for any other tool. */
export const httpOperationOf = (definition: unknown): HttpOperation | undefined =>
  typeof definition === "object" && definition !== null ? operations.get(definition) : undefined

export const registerHttpOperation = (
  definition: object,
  source: { method: string; path: string; document: unknown; mediaType: string | undefined },
  input: InputPlan,
): void => {
  const inputs = input.slots.map((slot): HttpInput => {
    const required = input.required.has(slot.key)
    if (slot.loc === "param") return { key: slot.key, in: slot.param.in, name: slot.param.name, required }
    if (slot.loc === "field") return { key: slot.key, in: "field", name: slot.field.name, required }
    return { key: slot.key, in: "body", name: "body", required }
  })
  operations.set(definition, { ...source, inputs })
}

/** Makes `to` stand for the same operation as `from` (a corpus fixture answering for an operation tool). */
export const copyHttpOperation = (from: object, to: object): void => {
  const operation = operations.get(from)
  if (operation !== undefined) operations.set(to, operation)
}
