/**
 * OpenAPI Schema Object → the JSON Schema (2020-12) of a tool's input or output. References are kept: every schema a
 * `$ref` reaches is projected once per document and direction and named in the tool schema's `$defs` table
 * (`#/components/schemas/User` → `#/$defs/User`), so a cycle is a reference back (exact, finite), a diamond of
 * references is projected once per node (linear), and a tool carries only the definitions it reaches. Unresolvable
 * and external references render as `{}` (unknown), never as an invented name (AGENTS.md, "OpenAPI").
 *
 * Directional projection (OAS 3 "Schema Object"): `input` drops `readOnly` properties (server-owned), `output` drops
 * `writeOnly` ones, through `$ref`s and `allOf` branches, with every `required` list kept consistent.
 */
import { decodeToken, isObject, pointer, setOwn, type Json } from "./document.js"

export type Mode = "input" | "output"

/** Inline nesting (not reference chains) beyond this renders as unknown: a guard against hostile documents. */
const MAX_NESTING = 64

/** Where a schema's local `#/$defs/…` references resolve: the schema the projection entered at (its resource). */
interface Scope {
  readonly root: Json | undefined
  /** Enclosing schemas that carry their own `$defs`/`definitions`, innermost last: the fallback for local refs. */
  readonly locals: ReadonlyArray<Json>
}

interface Found {
  readonly target: unknown
  readonly root: Json | undefined
}

const LOCAL = /^#\/(\$defs|definitions)\//
const COMPONENT = /^#\/components\/schemas\/([^/]+)$/

/** A `$defs` key that needs no escaping in a `#/$defs/…` pointer. */
const safeName = (text: string): string => text.replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 120) || "schema"

export class SchemaContext {
  readonly v30: boolean
  /** The `$defs` name of each referenced schema object, shared by both directions and every tool of the document. */
  private readonly names = new Map<unknown, string>()
  private readonly taken = new Set<string>()
  private readonly defs: Record<Mode, Map<string, unknown>> = { input: new Map(), output: new Map() }
  /** The names each definition refers to directly, computed when a table first needs them. */
  private readonly deps: Record<Mode, Map<string, ReadonlyArray<string>>> = { input: new Map(), output: new Map() }
  private readonly queue: Array<{ name: string; found: Found; mode: Mode }> = []
  private readonly hiddenMemo: Record<Mode, Map<object, boolean>> = { input: new Map(), output: new Map() }
  private readonly namesMemo: Record<Mode, Map<object, ReadonlySet<string>>> = { input: new Map(), output: new Map() }

  constructor(readonly doc: Json) {
    this.v30 = typeof doc["openapi"] === "string" && doc["openapi"].startsWith("3.0")
  }

  /**
   * Resolves a reference from `scope`. A local pointer (`#/$defs/X`, `#/definitions/X`) is looked up in the scope's
   * root, then the document, then the enclosing schemas' own definitions (innermost first); any other pointer in the
   * document, whose target becomes the root of its own local references.
   */
  resolve(ref: string, scope: Scope): Found | undefined {
    if (LOCAL.test(ref)) {
      const inRoot = scope.root === undefined ? undefined : pointer(scope.root, ref)
      if (inRoot !== undefined) return { target: inRoot, root: scope.root }
    }
    const inDoc = pointer(this.doc, ref)
    if (inDoc !== undefined) return { target: inDoc, root: isObject(inDoc) ? inDoc : undefined }
    if (LOCAL.test(ref))
      for (let i = scope.locals.length - 1; i >= 0; i--) {
        const found = pointer(scope.locals[i]!, ref)
        if (found !== undefined) return { target: found, root: scope.locals[i] }
      }
    return undefined
  }

  /** The `$defs` name of a referenced schema; the first meeting queues its projection in `mode`. */
  define(ref: string, found: Found, mode: Mode): string {
    let name = this.names.get(found.target)
    if (name === undefined) {
      const component = COMPONENT.exec(ref)
      const tokens = ref.slice(2).split("/").map(decodeToken)
      const base = safeName(
        component !== null
          ? decodeToken(component[1]!)
          : LOCAL.test(ref)
            ? tokens.slice(1).join(".")
            : tokens.join("."),
      )
      name = base
      for (let n = 2; this.taken.has(name); n++) name = `${base}_${n}`
      this.taken.add(name)
      this.names.set(found.target, name)
    }
    if (!this.defs[mode].has(name)) {
      this.defs[mode].set(name, {})
      this.queue.push({ name, found, mode })
    }
    return name
  }

  /** Projects every queued definition (each may queue more); a loop, so long reference chains need no deep stack. */
  private drain(): void {
    for (let item = this.queue.shift(); item !== undefined; item = this.queue.shift()) {
      const { name, found, mode } = item
      this.defs[mode].set(name, project(this, found.target, mode, { root: found.root, locals: [] }, 0))
    }
  }

  /** `schema` with the `$defs` table of the definitions it reaches, in the order first reached; unchanged if none. */
  attach(schema: unknown, mode: Mode): unknown {
    this.drain()
    const order: Array<string> = []
    const seen = new Set<string>()
    const visit = (names: Iterable<string>) => {
      for (const name of names)
        if (!seen.has(name) && this.defs[mode].has(name)) {
          seen.add(name)
          order.push(name)
        }
    }
    visit(refsIn(schema))
    for (let i = 0; i < order.length; i++) visit(this.depsOf(order[i]!, mode))
    if (order.length === 0 || !isObject(schema)) return schema
    const table: Record<string, unknown> = {}
    for (const name of order) setOwn(table, name, this.defs[mode].get(name))
    return { ...schema, $defs: table }
  }

  private depsOf(name: string, mode: Mode): ReadonlyArray<string> {
    let deps = this.deps[mode].get(name)
    if (deps === undefined) this.deps[mode].set(name, (deps = [...refsIn(this.defs[mode].get(name))]))
    return deps
  }

  /** Follows a projected `#/$defs/…` reference of `mode` to its definition (after the pending projections). */
  follow(schema: unknown, mode: Mode): unknown {
    this.drain()
    for (let i = 0; i < 32 && isObject(schema) && typeof schema["$ref"] === "string"; i++) {
      const name = /^#\/\$defs\/(.+)$/.exec(schema["$ref"] as string)?.[1]
      if (name === undefined || !this.defs[mode].has(name)) return undefined
      schema = this.defs[mode].get(name)
    }
    return schema
  }

  /**
   * Whether a property schema is hidden in `mode`: flagged itself, or through an `allOf` branch or its `$ref`.
   * Memoized per schema object and seeded before recursing, so cycles end (as not hidden) and diamonds stay linear.
   */
  hidden(schema: unknown, mode: Mode, scope: Scope): boolean {
    if (!isObject(schema)) return false
    if (schema[mode === "input" ? "readOnly" : "writeOnly"] === true) return true
    const memo = this.hiddenMemo[mode]
    const known = memo.get(schema)
    if (known !== undefined) return known
    memo.set(schema, false)
    let result = false
    const allOf = schema["allOf"]
    if (Array.isArray(allOf)) result = allOf.some((branch) => this.hidden(branch, mode, scope))
    const ref = schema["$ref"]
    if (!result && typeof ref === "string") {
      const found = this.resolve(ref, scope)
      if (found !== undefined) result = this.hidden(found.target, mode, { root: found.root, locals: scope.locals })
    }
    memo.set(schema, result)
    return result
  }

  /** `hidden` for a property of the schema `root` (a request body being flattened). */
  hiddenProperty(schema: unknown, mode: Mode, root: unknown): boolean {
    return this.hidden(schema, mode, { root: isObject(root) ? root : undefined, locals: [] })
  }

  /** Whether a projected schema of `mode` admits `null`: a `"null"` type, or an `anyOf`/`oneOf` branch or reference that does. */
  admitsNull(schema: unknown, mode: Mode, depth = 0): boolean {
    const s = this.follow(schema, mode)
    if (!isObject(s) || depth > 16) return false
    const type = s["type"]
    if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true
    return ["anyOf", "oneOf"].some(
      (k) => Array.isArray(s[k]) && (s[k] as Array<unknown>).some((b) => this.admitsNull(b, mode, depth + 1)),
    )
  }

  /** Names of the properties hidden in `mode` that a schema declares itself or takes in through `allOf` and `$ref`. */
  hiddenNames(schema: unknown, mode: Mode, scope: Scope): ReadonlySet<string> {
    if (!isObject(schema)) return EMPTY
    const memo = this.namesMemo[mode]
    const known = memo.get(schema)
    if (known !== undefined) return known
    memo.set(schema, EMPTY)
    const names = new Set<string>()
    const props = schema["properties"]
    if (isObject(props))
      for (const [name, prop] of Object.entries(props)) if (this.hidden(prop, mode, scope)) names.add(name)
    const allOf = schema["allOf"]
    if (Array.isArray(allOf))
      for (const branch of allOf) for (const name of this.hiddenNames(branch, mode, scope)) names.add(name)
    const ref = schema["$ref"]
    if (typeof ref === "string") {
      const found = this.resolve(ref, scope)
      if (found !== undefined)
        for (const name of this.hiddenNames(found.target, mode, { root: found.root, locals: scope.locals }))
          names.add(name)
    }
    const result = names.size === 0 ? EMPTY : names
    memo.set(schema, result)
    return result
  }
}

const EMPTY: ReadonlySet<string> = new Set()

/** Keys whose values are data, not schemas: a `$ref` inside them is text. */
const DATA = new Set(["enum", "const", "default", "example", "examples"])

/** The `$defs` names a projected schema refers to, outside its data values. */
const refsIn = (schema: unknown): Set<string> => {
  const names = new Set<string>()
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item)
      return
    }
    if (!isObject(node)) return
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        const name = /^#\/\$defs\/(.+)$/.exec(value)?.[1]
        if (name !== undefined) names.add(name)
      } else if (!DATA.has(key) && key !== "$defs" && typeof value === "object" && value !== null) walk(value)
    }
  }
  walk(schema)
  return names
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
/** OAS 3.0 ignores a `$ref`'s siblings; these annotations are still worth showing. */
const REF_ANNOTATIONS = new Set(["description", "title", "deprecated"])

/**
 * Projects one schema in `mode`. `root` is where its local `#/$defs/…` references resolve (the media type's or the
 * parameter's schema, or the schema a component reference reached); `inherited` names are hidden by a sibling
 * `allOf` branch of the same object.
 */
export const convert = (ctx: SchemaContext, schema: unknown, mode: Mode, root?: unknown): unknown =>
  project(ctx, schema, mode, { root: isObject(root) ? root : isObject(schema) ? schema : undefined, locals: [] }, 0)

const project = (
  ctx: SchemaContext,
  schema: unknown,
  mode: Mode,
  scope: Scope,
  depth: number,
  inherited: ReadonlySet<string> = EMPTY,
): unknown => {
  if (typeof schema === "boolean") return schema
  if (!isObject(schema) || depth > MAX_NESTING) return {}
  const inner: Scope =
    isObject(schema["$defs"]) || isObject(schema["definitions"])
      ? { root: scope.root, locals: [...scope.locals, schema] }
      : scope
  const next = depth + 1
  const hidden = ctx.hiddenNames(schema, mode, inner)
  const drops = (name: string) => hidden.has(name) || inherited.has(name)
  const ref = schema["$ref"]
  const out: Record<string, unknown> = {}
  if (typeof ref === "string") {
    const found = ctx.resolve(ref, inner)
    if (found === undefined) return {}
    if (typeof found.target === "boolean") return found.target
    out["$ref"] = `#/$defs/${ctx.define(ref, found, mode)}`
  }
  for (const [key, value] of Object.entries(schema)) {
    if (key === "$ref" || DROP.has(key) || key.startsWith("x-")) continue
    if (typeof ref === "string" && ctx.v30 && !REF_ANNOTATIONS.has(key)) continue
    if (key === "properties" && isObject(value)) {
      const props: Record<string, unknown> = {}
      for (const [name, prop] of Object.entries(value))
        if (!drops(name) && !ctx.hidden(prop, mode, inner)) setOwn(props, name, project(ctx, prop, mode, inner, next))
      setOwn(out, key, props)
    } else if (key === "required" && Array.isArray(value))
      out[key] = value.filter((name) => !(typeof name === "string" && drops(name)))
    else if (key === "allOf" && Array.isArray(value))
      // allOf branches describe one object: a name hidden by one branch is hidden in all.
      out[key] = value.map((branch) => project(ctx, branch, mode, inner, next, new Set([...hidden, ...inherited])))
    else if (ONE.has(key) && (isObject(value) || typeof value === "boolean"))
      setOwn(out, key, project(ctx, value, mode, inner, next))
    else if ((MANY.has(key) || key === "items") && Array.isArray(value))
      setOwn(
        out,
        key,
        value.map((v) => project(ctx, v, mode, inner, next)),
      )
    else if (MAP.has(key) && isObject(value)) {
      const map: Record<string, unknown> = {}
      for (const [k, v] of Object.entries(value)) setOwn(map, k, project(ctx, v, mode, inner, next))
      setOwn(out, key, map)
    } else setOwn(out, key, value)
  }
  return schema["nullable"] === true && typeof ref !== "string" ? withNull(out) : out
}

/** OAS 3.0 `nullable: true` is JSON Schema's `"null"` type (OAS 3.1 migration notes). */
const withNull = (schema: Record<string, unknown>): Record<string, unknown> => {
  const type = schema["type"]
  if (typeof type === "string") return { ...schema, type: [type, "null"] }
  if (Array.isArray(type)) return type.includes("null") ? schema : { ...schema, type: [...type, "null"] }
  return { anyOf: [schema, { type: "null" }] }
}
