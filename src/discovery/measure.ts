// The length of `renderType(schema)` without building the text, for the common shape of tool inputs: objects of
// described fields whose types are primitives, arrays and nested objects. The catalog selection needs every tool's
// cost (its entry's length) but shows only the few that fit the budget, so a catalog of 10,000 tools measures
// 10,000 schemas and renders a handful. Anything else (`$ref`, unions, enums, tuples, index signatures, a type
// array) answers `undefined` and the caller renders: the measure is exact or absent, never an estimate.
import { docLength } from "./jsdoc.js"
import { isObject, type JsonSchemaObject } from "./json-schema.js"
import { isIdentifier } from "./path.js"

/** Keywords `render` handles before `type` (see render.ts): any of them sends the schema to the renderer. */
const leading = new Set(["$ref", "$defs", "definitions", "nullable", "const", "not", "enum", "anyOf", "oneOf", "allOf"])

const MAX_DEPTH = 8
const UNKNOWN = 7 // "unknown"

/** `renderType(schema).length` when the schema has the simple shape above, else `undefined`. */
export const measureType = (schema: unknown): number | undefined => {
  try {
    const length = measure(schema, 0, 0)
    return length < 0 ? undefined : length
  } catch {
    return undefined
  }
}

// -1 means "not measurable here". Mirrors render → renderByType → renderArray/renderObject in render.ts.
const measure = (schema: unknown, indent: number, depth: number): number => {
  if (depth > MAX_DEPTH) return UNKNOWN
  if (schema === false) return 5 // "never"
  if (!isObject(schema)) return UNKNOWN
  for (const key in schema) if (leading.has(key)) return -1
  const next = depth + 1
  const type = schema.type
  if (Array.isArray(type)) return -1
  switch (type) {
    case "string":
    case "number":
    case "integer":
      return 6
    case "boolean":
      return 7
    case "null":
      return 4
    case "array":
      return measureArray(schema, indent, next)
    case "object":
      return measureObject(schema, indent, next)
    case undefined:
      if (
        schema.properties !== undefined ||
        schema.additionalProperties !== undefined ||
        schema.patternProperties !== undefined
      )
        return measureObject(schema, indent, next)
      if (schema.items !== undefined || schema.prefixItems !== undefined) return measureArray(schema, indent, next)
      return UNKNOWN
    default:
      return UNKNOWN
  }
}

const measureArray = (schema: JsonSchemaObject, indent: number, depth: number): number => {
  if (Array.isArray(schema.prefixItems) || Array.isArray(schema.items)) return -1
  const items = measure(schema.items ?? {}, indent, depth)
  return items < 0 ? -1 : items + 7 // Array<…>
}

const measureObject = (schema: JsonSchemaObject, indent: number, depth: number): number => {
  if (isObject(schema.additionalProperties) || isObject(schema.patternProperties)) return -1
  const properties = isObject(schema.properties) ? schema.properties : undefined
  const names = properties === undefined ? [] : Object.keys(properties)
  if (names.length === 0) return schema.additionalProperties === false ? 2 : 23 // {} or Record<string, unknown>
  const required: ReadonlyArray<unknown> = Array.isArray(schema.required) ? schema.required : []
  const pad = 2 * (indent + 1)
  // `{\n` + lines joined by `\n` + `\n` + closing pad + `}`
  let length = 2 + (names.length - 1) + 1 + 2 * indent + 1
  for (const name of names) {
    const value = properties![name]
    const type = measure(value, indent + 1, depth)
    if (type < 0) return -1
    const description = isObject(value) && typeof value.description === "string" ? value.description : undefined
    const doc = docLength(description, value, pad)
    const key = isIdentifier(name) ? name.length : JSON.stringify(name).length
    // doc + pad + key + optional "?" + ": " + type + ","
    length += doc + pad + key + (required.includes(name) ? 0 : 1) + 2 + type + 1
  }
  return length
}
