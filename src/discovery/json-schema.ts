// Effect Schema → JSON Schema (Effect 4's own `Schema.toJsonSchemaDocument`), plus a small clean-up pass so the
// document says what a model may send rather than how Effect's JSON codec spells non-finite numbers.
import * as Schema from "effect/Schema"
import * as SchemaRepresentation from "effect/SchemaRepresentation"
import { isEffectSchema, type JsonSchema, type SchemaType } from "../tool/Tool.js"

export type JsonSchemaObject = { readonly [key: string]: unknown }

export const isObject = (value: unknown): value is JsonSchemaObject =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * Which side of an Effect Schema to describe: tool input is decoded from what the program sends (`encoded`);
 * tool output is decoded before the program sees it (`type`). @opencode-ai/codemode 1.18 `Tool.make`.
 */
export type Side = "encoded" | "type"

/**
 * The JSON Schema document of a tool schema. A JSON Schema passes through unchanged; an Effect Schema is
 * converted with `Schema.toJsonSchemaDocument` (draft 2020-12) and its shared definitions are attached as
 * `$defs`, so local `#/$defs/...` references resolve inside the returned document. Total: a schema Effect cannot
 * convert yields `{}` (renders as `unknown`, never an invented name — @opencode-ai/codemode 1.18 AGENTS.md).
 */
export const jsonSchemaOf = (schema: SchemaType, side: Side = "encoded"): JsonSchema => {
  if (!isEffectSchema(schema)) return schema
  // Hosts share schemas across many tools; conversion is the costly step of preparing discovery.
  const cache = side === "type" ? typeCache : encodedCache
  let converted = cache.get(schema)
  if (converted === undefined) {
    converted = convert(schema, side)
    cache.set(schema, converted)
  }
  return converted
}

const encodedCache = new WeakMap<object, JsonSchema>()
const typeCache = new WeakMap<object, JsonSchema>()

// Two routes to JSON Schema. `Schema.toJsonSchemaDocument` goes through Effect's JSON codec, which turns
// `undefined` into `null` (so `Schema.optional(X)` would read `X | null`) and drops annotations of codec-wrapped
// nodes (a described `Schema.Number` loses its description). Compiling the schema's own representation keeps both
// facts but cannot see through declarations (Class, Date, Option): those fall back to the codec route.
const convert = (schema: Schema.Top, side: Side): JsonSchema => {
  try {
    const visible = side === "type" ? Schema.toType(schema) : schema
    const representation = Schema.toRepresentation(visible)
    const document = (
      hasDeclaration(representation)
        ? Schema.toJsonSchemaDocument(visible)
        : SchemaRepresentation.toJsonSchemaDocument(withoutOptionalUndefined(representation) as typeof representation)
    ) as { readonly schema: JsonSchemaObject; readonly definitions?: Readonly<Record<string, unknown>> }
    const definitions = document.definitions ?? {}
    const root = simplify(document.schema) as JsonSchemaObject
    if (Object.keys(definitions).length === 0) return root
    const defs: Record<string, unknown> = { ...(isObject(root.$defs) ? root.$defs : {}) }
    for (const [name, definition] of Object.entries(definitions)) defs[name] = simplify(definition)
    return { ...root, $defs: defs }
  } catch {
    return {}
  }
}

const hasDeclaration = (node: unknown): boolean => {
  if (Array.isArray(node)) return node.some(hasDeclaration)
  if (!isObject(node)) return false
  if (node._tag === "Declaration") return true
  return Object.values(node).some(hasDeclaration)
}

/** Removes `Undefined` from the type of every optional property: an absent key is how a model says "not given". */
const withoutOptionalUndefined = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(withoutOptionalUndefined)
  if (!isObject(node)) return node
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) out[key] = withoutOptionalUndefined(value)
  if (out._tag === "Objects" && Array.isArray(out.propertySignatures))
    out.propertySignatures = out.propertySignatures.map((signature) =>
      isObject(signature) && signature.isOptional === true
        ? { ...signature, type: stripUndefined(signature.type) }
        : signature,
    )
  return out
}

const stripUndefined = (type: unknown): unknown => {
  if (!isObject(type) || type._tag !== "Union" || !Array.isArray(type.types)) return type
  const kept = type.types.filter((member) => !(isObject(member) && member._tag === "Undefined")).map(stripUndefined)
  if (kept.length === 0) return type
  if (kept.length > 1) return { ...type, types: kept }
  // One member left: it replaces the union, keeping annotations made on the union (e.g. `optional(X).annotate`).
  const only = kept[0]
  if (!isObject(only) || !isObject(type.annotations)) return only
  return { ...only, annotations: { ...(isObject(only.annotations) ? only.annotations : {}), ...type.annotations } }
}

const nonFinite = new Set(["NaN", "Infinity", "-Infinity"])

// Effect's JSON codec admits the strings "NaN"/"Infinity"/"-Infinity" next to a number; a model sends numbers.
const isNumberSentinel = (member: unknown): boolean =>
  isObject(member) &&
  member.type === "string" &&
  Array.isArray(member.enum) &&
  member.enum.every((value) => typeof value === "string" && nonFinite.has(value))

const isNumeric = (member: unknown): boolean =>
  isObject(member) && (member.type === "number" || member.type === "integer")

const annotationKeys = new Set(["description", "title", "default", "examples", "deprecated", "readOnly", "writeOnly"])

const annotationsOnly = (value: unknown): value is JsonSchemaObject =>
  isObject(value) && Object.keys(value).every((key) => annotationKeys.has(key))

/** Drops number sentinels, duplicate union members, single-member unions and annotation-only `allOf` wrappers. */
export const simplify = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(simplify)
  if (!isObject(node)) return node
  let out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node))
    out[key] = key === "enum" || key === "const" || key === "default" || key === "examples" ? value : simplify(value)
  for (const key of ["anyOf", "oneOf"] as const) {
    const members = out[key]
    if (!Array.isArray(members)) continue
    let kept = members.some(isNumeric) ? members.filter((member) => !isNumberSentinel(member)) : members
    const unique = new Map<string, unknown>()
    for (const member of kept) unique.set(JSON.stringify(member), member)
    kept = [...unique.values()]
    const { [key]: _, ...rest } = out
    if (kept.length === 1 && isObject(kept[0]) && annotationsOnly(rest)) out = { ...kept[0], ...rest }
    else out = { ...rest, [key]: kept }
  }
  // `Schema.annotateKey({ description })` arrives as `allOf: [{ description }]` beside the field's own schema.
  if (Array.isArray(out.allOf) && out.allOf.every(annotationsOnly)) {
    const { allOf, ...rest } = out
    out = Object.assign({}, rest, ...(allOf as Array<JsonSchemaObject>))
  }
  return out
}
