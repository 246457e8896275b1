/**
 * OpenAPI Schema Object → render-only JSON Schema for signatures (@opencode-ai/codemode 1.18 `Tool.make`: JSON Schemas render, they do
 * not validate). Local `$ref`s are inlined; unresolvable, external, cyclic or over-budget references render as `{}`
 * (unknown), never as an invented name (AGENTS.md, "OpenAPI").
 */
import { isObject, pointer, setOwn, type Json } from "./document.js"

/** `input` drops `readOnly` properties (server-owned); `output` drops `writeOnly` ones (OAS 3 "Schema Object"). */
export type Mode = "input" | "output"

const MAX_DEPTH = 24
/** Fresh schema nodes one tool's schemas may build before further references render as unknown. */
const NODE_BUDGET = 20_000

export class SchemaContext {
  private readonly cache = new Map<string, unknown>()
  private readonly stack: Array<string> = []
  nodes = 0
  constructor(readonly doc: Json) {}

  /** Starts a new tool: the node budget is per tool, the cache is per document. */
  reset(): void {
    this.nodes = 0
  }

  /**
   * Inlines one reference. A reference already being inlined (a cycle), too deep, or past the budget renders as
   * `{}`; results are shared per document, so a recursive schema is expanded once and cut where it recurs.
   */
  ref(ref: string, mode: Mode): unknown {
    const key = `${mode}:${ref}`
    const cached = this.cache.get(key)
    if (cached !== undefined) return cached
    if (this.stack.includes(ref) || this.stack.length >= MAX_DEPTH || this.nodes > NODE_BUDGET) return {}
    const target = pointer(this.doc, ref)
    if (target === undefined) return this.localRef(ref, mode)
    this.stack.push(ref)
    const out = convert(this, target, mode)
    this.stack.pop()
    this.cache.set(key, out)
    return out
  }

  /** Schemas being converted that carry their own `$defs`/`definitions`, innermost last. */
  readonly locals: Array<Json> = []

  /**
   * A reference the document does not resolve, looked up in the enclosing schemas' own definitions
   * (`{ $ref: "#/$defs/Local", $defs: { Local: … } }`), innermost first. Not cached: the same pointer means another
   * schema in another root.
   */
  private localRef(ref: string, mode: Mode): unknown {
    for (let i = this.locals.length - 1; i >= 0; i--) {
      const target = pointer(this.locals[i]!, ref)
      if (target === undefined) continue
      this.stack.push(ref)
      const out = convert(this, target, mode)
      this.stack.pop()
      return out
    }
    return {}
  }
}

const DROP = new Set([
  "nullable",
  "example",
  "examples",
  "xml",
  "externalDocs",
  "discriminator",
  "readOnly",
  "writeOnly",
  "$schema",
  "$id",
  "$anchor",
  "$dynamicAnchor",
  "$comment",
  "$defs",
  "definitions",
])
const ONE = new Set([
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedProperties",
  "unevaluatedItems",
  "additionalItems",
])
const MANY = new Set(["allOf", "anyOf", "oneOf", "prefixItems"])
const MAP = new Set(["patternProperties", "dependentSchemas"])

/** Whether a property schema (or the schema its `$ref` names) carries the flag that hides it in `mode`. */
const hidden = (ctx: SchemaContext, schema: unknown, mode: Mode): boolean => {
  const flag = mode === "input" ? "readOnly" : "writeOnly"
  if (!isObject(schema)) return false
  if (schema[flag] === true) return true
  const ref = schema["$ref"]
  return typeof ref === "string" && isObject(pointer(ctx.doc, ref)) && (pointer(ctx.doc, ref) as Json)[flag] === true
}

/**
 * Names of the properties hidden in `mode` that `allOf` branches (through their `$ref`s, nested `allOf`s) declare.
 * Each branch schema is visited once, so a diamond of references (`allOf: [A, A]` at every level) stays linear.
 */
const hiddenInBranches = (
  ctx: SchemaContext,
  branches: ReadonlyArray<unknown>,
  mode: Mode,
  seen: Set<object> = new Set(),
): Array<string> => {
  const names: Array<string> = []
  for (const branch of branches) {
    const ref = isObject(branch) ? branch["$ref"] : undefined
    const target = typeof ref === "string" ? pointer(ctx.doc, ref) : branch
    if (!isObject(target) || seen.has(target) || seen.size > NODE_BUDGET) continue
    seen.add(target)
    const props = target["properties"]
    if (isObject(props)) for (const [name, prop] of Object.entries(props)) if (hidden(ctx, prop, mode)) names.push(name)
    if (Array.isArray(target["allOf"])) names.push(...hiddenInBranches(ctx, target["allOf"], mode, seen))
  }
  return names
}

export const convert = (ctx: SchemaContext, schema: unknown, mode: Mode): unknown => {
  if (typeof schema === "boolean") return schema
  if (!isObject(schema)) return {}
  if (!isObject(schema["$defs"]) && !isObject(schema["definitions"])) return convertNode(ctx, schema, mode)
  ctx.locals.push(schema)
  try {
    return convertNode(ctx, schema, mode)
  } finally {
    ctx.locals.pop()
  }
}

const convertNode = (ctx: SchemaContext, schema: Json, mode: Mode): unknown => {
  ctx.nodes++
  const ref = schema["$ref"]
  if (typeof ref === "string") {
    const target = ctx.ref(ref, mode)
    const siblings = Object.keys(schema).filter((k) => k !== "$ref" && !k.startsWith("x-") && !DROP.has(k))
    if (siblings.length === 0 || !isObject(target)) return target
    const merged: Record<string, unknown> = { ...target }
    for (const k of siblings) if (k === "description" || k === "title" || k === "deprecated") merged[k] = schema[k]
    return merged
  }
  const out: Record<string, unknown> = {}
  let dropped: Set<string> | undefined
  for (const [key, value] of Object.entries(schema)) {
    if (DROP.has(key) || key.startsWith("x-")) continue
    if (key === "properties" && isObject(value)) {
      const props: Record<string, unknown> = {}
      for (const [name, prop] of Object.entries(value)) {
        if (hidden(ctx, prop, mode)) (dropped ??= new Set()).add(name)
        else setOwn(props, name, convert(ctx, prop, mode))
      }
      setOwn(out, key, props)
    } else if (ONE.has(key) && (isObject(value) || typeof value === "boolean"))
      setOwn(out, key, convert(ctx, value, mode))
    else if ((MANY.has(key) || key === "items") && Array.isArray(value))
      setOwn(
        out,
        key,
        value.map((v) => convert(ctx, v, mode)),
      )
    else if (MAP.has(key) && isObject(value)) {
      const map: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(value)) setOwn(map, k, convert(ctx, v, mode))
      setOwn(out, key, map)
    } else setOwn(out, key, value)
  }
  // A `required` name may be declared, and hidden, by an `allOf` branch the object merges in.
  if (Array.isArray(schema["allOf"]))
    for (const name of hiddenInBranches(ctx, schema["allOf"], mode)) (dropped ??= new Set()).add(name)
  if (dropped !== undefined && Array.isArray(out["required"]))
    out["required"] = (out["required"] as Array<unknown>).filter((n) => !(typeof n === "string" && dropped.has(n)))
  return schema["nullable"] === true ? withNull(out) : out
}

/** OAS 3.0 `nullable: true` is JSON Schema's `"null"` type (OAS 3.1 migration notes). */
const withNull = (schema: Record<string, unknown>): Record<string, unknown> => {
  const type = schema["type"]
  if (typeof type === "string") return { ...schema, type: [type, "null"] }
  if (Array.isArray(type)) return type.includes("null") ? schema : { ...schema, type: [...type, "null"] }
  return { anyOf: [schema, { type: "null" }] }
}
