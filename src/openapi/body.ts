/**
 * JSON request bodies (@opencode-ai/codemode 1.18 "OpenAPI tools"): a closed object body is flattened into the tool input, field by
 * field; composed, nullable, dictionary, conditionally-required and non-object bodies stay whole under `body`.
 * Non-JSON bodies (multipart, form, binary, text) make the operation unsupported.
 */
import { deref, isObject, pointer, unsupported, type Json } from "./document.js"
import { convert, type SchemaContext } from "./schema.js"

export interface Field {
  readonly name: string
  readonly schema: unknown
  readonly required: boolean
}

export type BodyPlan =
  | { readonly kind: "none" }
  | { readonly kind: "flat"; readonly mediaType: string; readonly required: boolean; readonly fields: Array<Field> }
  | { readonly kind: "whole"; readonly mediaType: string; readonly required: boolean; readonly schema: unknown }

export const isJsonMediaType = (mediaType: string): boolean =>
  /^application\/([\w.+-]+\+)?json\s*(;.*)?$/i.test(mediaType.trim())

/** Keywords that make an object body more than "these named fields", so flattening would lose meaning. */
const NOT_FLAT = [
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "if",
  "then",
  "else",
  "dependentRequired",
  "dependentSchemas",
  "dependencies",
  "discriminator",
  "patternProperties",
  "minProperties",
  "maxProperties",
  "unevaluatedProperties",
]

const resolve = (doc: Json, schema: unknown): Json | undefined => {
  let node = schema
  for (let i = 0; i < 16 && isObject(node) && typeof node["$ref"] === "string"; i++)
    node = pointer(doc, node["$ref"] as string)
  return isObject(node) ? node : undefined
}

const flattenable = (s: Json | undefined, required: boolean): s is Json => {
  if (s === undefined || !isObject(s["properties"]) || Object.keys(s["properties"]).length === 0) return false
  if (s["type"] !== undefined && s["type"] !== "object") return false
  if (s["nullable"] === true || NOT_FLAT.some((k) => s[k] !== undefined)) return false
  if (s["additionalProperties"] !== undefined && s["additionalProperties"] !== false) return false
  const requiredFields = Array.isArray(s["required"]) && s["required"].length > 0
  return required || !requiredFields
}

export const compileBody = (ctx: SchemaContext, raw: unknown): BodyPlan => {
  if (raw === undefined) return { kind: "none" }
  const body = deref(ctx.doc, raw, "requestBody")
  const content = body["content"]
  if (!isObject(content) || Object.keys(content).length === 0) return unsupported("request body has no content")
  const types = Object.keys(content)
  const mediaType = types.find((t) => t.trim().toLowerCase() === "application/json") ?? types.find(isJsonMediaType)
  if (mediaType === undefined) return unsupported(`non-JSON request body (${types.join(", ")})`)
  const media = content[mediaType]
  const schema = isObject(media) ? media["schema"] : undefined
  const required = body["required"] === true
  const resolved = resolve(ctx.doc, schema)
  if (!flattenable(resolved, required)) {
    const rendered = convert(ctx, schema ?? {}, "input")
    const description = typeof body["description"] === "string" ? body["description"] : undefined
    return {
      kind: "whole",
      mediaType,
      required,
      schema: description !== undefined && isObject(rendered) ? { description, ...rendered } : rendered,
    }
  }
  const requiredNames = new Set(Array.isArray(resolved["required"]) ? resolved["required"] : [])
  const fields = Object.entries(resolved["properties"] as Json)
    .filter(([, prop]) => !ctx.hiddenProperty(prop, "input", resolved))
    .map(([name, prop]) => ({ name, schema: convert(ctx, prop, "input", resolved), required: requiredNames.has(name) }))
  return { kind: "flat", mediaType, required, fields }
}
