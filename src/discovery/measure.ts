// The length of `renderType(schema)` without building the text, for the common shape of tool inputs: objects of
// described fields whose types are primitives, arrays and nested objects. The catalog selection needs every tool's
// cost (its entry's length) but shows only the few that fit the budget, so a catalog of 10,000 tools measures
// 10,000 schemas and renders a handful. Anything else (`$ref`, unions, enums, tuples, index signatures, a type
// array, an object that is not a plain object) answers `undefined` and the caller renders: the measure is exact or
// absent, never an estimate.
//
// Each schema object is read in one `for...in` over its own keys (the keywords it has), not by probing every
// keyword the renderer may look at: tool schemas have a few keys each, of many different shapes, and a probe of an
// absent keyword on such objects costs as much as reading a present one. Only plain objects (prototype
// `Object.prototype` or `null`) are read this way — for them `for...in` sees exactly what the renderer's property
// reads see, the enumerable own keys, which is all a JSON document has.
import { docLength } from "./jsdoc.js"
import { isObject } from "./json-schema.js"
import { isIdentifier } from "./path.js"

const MAX_DEPTH = 8
const UNKNOWN = 7 // "unknown"

/** `renderType(schema).length` when the schema has the simple shape above, else `undefined`. */
export const measureType = (schema: unknown): number | undefined => {
  try {
    const length = measure(schema, 0, 0, false)
    return length < 0 ? undefined : length
  } catch {
    return undefined
  }
}

const isPlain = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const noNames: ReadonlyArray<unknown> = []

/**
 * -1 means "not measurable here". Mirrors render → renderByType → renderArray/renderObject in render.ts; a `field`
 * (a property of an object at `indent`) adds the length of its doc comment, `renderDoc(describe(schema), …)`.
 */
const measure = (schema: unknown, indent: number, depth: number, field: boolean): number => {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema))
    return schema === false && depth <= MAX_DEPTH ? 5 : UNKNOWN // "never" / "unknown", no doc
  if (depth > MAX_DEPTH && !field) return UNKNOWN
  if (!isPlain(schema)) return -1
  let type: unknown
  let properties: unknown
  let additional: unknown
  let pattern: unknown
  let items: unknown
  let prefix: unknown
  let required: unknown
  let description: unknown
  let deprecated: unknown
  let defaultValue: unknown
  let format: unknown
  let minItems: unknown
  let maxItems: unknown
  // A keyword `render` handles before `type` (its `hasLeading`): the renderer decides.
  let leading = false
  const object = schema as Record<string, unknown>
  for (const key in object) {
    switch (key) {
      case "type":
        type = object[key]
        break
      case "properties":
        properties = object[key]
        break
      case "additionalProperties":
        additional = object[key]
        break
      case "patternProperties":
        pattern = object[key]
        break
      case "items":
        items = object[key]
        break
      case "prefixItems":
        prefix = object[key]
        break
      case "required":
        required = object[key]
        break
      case "description":
        description = object[key]
        break
      case "deprecated":
        deprecated = object[key]
        break
      case "default":
        defaultValue = object[key]
        break
      case "format":
        format = object[key]
        break
      case "minItems":
        minItems = object[key]
        break
      case "maxItems":
        maxItems = object[key]
        break
      case "$ref":
      case "$defs":
      case "definitions":
      case "nullable":
      case "const":
      case "not":
      case "enum":
      case "anyOf":
      case "oneOf":
      case "allOf":
        leading = true
    }
  }
  // `describe` falls back to combinators and `$ref` targets when a field has no description of its own.
  if (leading && (depth <= MAX_DEPTH || typeof description !== "string")) return -1
  const doc = field
    ? docLength(
        typeof description === "string" ? description : undefined,
        deprecated,
        defaultValue,
        format,
        minItems,
        maxItems,
        Array.isArray(prefix) || Array.isArray(items),
        2 * indent,
      )
    : 0
  if (depth > MAX_DEPTH) return doc + UNKNOWN
  const next = depth + 1
  if (Array.isArray(type)) return -1
  switch (type) {
    case "string":
    case "number":
    case "integer":
      return doc + 6
    case "boolean":
      return doc + 7
    case "null":
      return doc + 4
    case "array":
      return withDoc(doc, measureArray(items, prefix, indent, next))
    case "object":
      return withDoc(doc, measureObject(properties, additional, pattern, required, indent, next))
    case undefined:
      if (properties !== undefined || additional !== undefined || pattern !== undefined)
        return withDoc(doc, measureObject(properties, additional, pattern, required, indent, next))
      if (items !== undefined || prefix !== undefined) return withDoc(doc, measureArray(items, prefix, indent, next))
      return doc + UNKNOWN
    default:
      return doc + UNKNOWN
  }
}

const withDoc = (doc: number, type: number): number => (type < 0 ? -1 : doc + type)

const measureArray = (items: unknown, prefix: unknown, indent: number, depth: number): number => {
  if (Array.isArray(prefix) || Array.isArray(items)) return -1
  // `Array<${render(items ?? {})}>`
  const type = items === undefined || items === null ? UNKNOWN : measure(items, indent, depth, false)
  return type < 0 ? -1 : type + 7
}

const measureObject = (
  properties: unknown,
  additional: unknown,
  pattern: unknown,
  required: unknown,
  indent: number,
  depth: number,
): number => {
  if (isObject(additional) || isObject(pattern)) return -1
  if (isObject(properties) && !isPlain(properties)) return -1
  const names: ReadonlyArray<unknown> = Array.isArray(required) ? required : noNames
  const pad = 2 * (indent + 1)
  // `{\n` + lines joined by `\n` + `\n` + closing pad + `}`: 3 + 2 × indent, and each line plus its newline.
  let length = 3 + 2 * indent
  let count = 0
  if (isObject(properties)) {
    const fields = properties as Record<string, unknown>
    for (const name in fields) {
      count++
      const value = measure(fields[name], indent + 1, depth, true) // doc + type
      if (value < 0) return -1
      const key = isIdentifier(name) ? name.length : JSON.stringify(name).length
      // doc + pad + key + optional "?" + ": " + type + "," and the newline
      length += value + pad + key + (names.includes(name) ? 0 : 1) + 4
    }
  }
  if (count === 0) return additional === false ? 2 : 23 // {} or Record<string, unknown>
  return length
}
