// JSON Schema → TypeScript type text in the multi-line JSDoc form of @opencode-ai/codemode 1.18 "Discovery". Total and bounded:
// unresolved or unsupported constructs and anything nested deeper than `maxDepth` render as `unknown`, never as an
// invented name (@opencode-ai/codemode 1.18 AGENTS.md "OpenAPI").
import { renderDoc } from "./jsdoc.js"
import { isObject, type JsonSchemaObject } from "./json-schema.js"
import { renderKey } from "./path.js"

export interface RenderOptions {
  /** The document local `#/...` references resolve against; defaults to the schema being rendered. */
  readonly root?: unknown
  /** Nesting beyond this renders as `unknown`. Default 8. */
  readonly maxDepth?: number
}

/** Precedence of a rendered type: atoms bind tightest, then `&`, then `|`. */
const Kind = { Atom: 0, Intersection: 1, Union: 2 } as const
type Kind = (typeof Kind)[keyof typeof Kind]
type Rendered = { readonly text: string; readonly kind: Kind }

const atom = (text: string): Rendered => ({ text, kind: Kind.Atom })
const UNKNOWN = atom("unknown")
const NEVER = atom("never")
// Shared leaves: a catalog of 10,000 tools renders hundreds of thousands of them.
const STRING = atom("string")
const NUMBER = atom("number")
const BOOLEAN = atom("boolean")
const NULL = atom("null")

interface Context {
  readonly root: unknown
  readonly maxDepth: number
  /** Definitions in scope from enclosing `$defs`/`definitions`, a fallback for refs the pointer cannot reach. */
  readonly defs: ReadonlyMap<string, unknown>
  /** References being expanded; meeting one again is recursion, rendered as `unknown`. */
  readonly chain: ReadonlySet<string>
}

/** Renders a schema as TypeScript; `indent` is the nesting level of the line the type starts on. */
// Shared empty scopes: `withDefs` and the `$ref` branch copy before adding, so these are never mutated.
const noDefs: ReadonlyMap<string, unknown> = new Map()
const noRefs: ReadonlySet<string> = new Set()

export const renderType = (schema: unknown, indent = 0, options: RenderOptions = {}): string => {
  try {
    const context: Context = {
      root: options.root ?? schema,
      maxDepth: options.maxDepth ?? 8,
      defs: noDefs,
      chain: noRefs,
    }
    return render(schema, indent, context, 0).text
  } catch {
    return "unknown"
  }
}

const unescapeToken = (token: string): string => {
  let decoded = token
  try {
    decoded = decodeURIComponent(token)
  } catch {
    // Not percent-encoded: use the token as written.
  }
  return decoded.replaceAll("~1", "/").replaceAll("~0", "~")
}

/** Resolves a local reference (`#`, `#/$defs/X`, `#/components/schemas/X`); `undefined` when it cannot. */
export const resolveRef = (ref: string, root: unknown, defs: ReadonlyMap<string, unknown> = new Map()): unknown => {
  if (!ref.startsWith("#")) return undefined
  const pointer = ref.slice(1)
  if (pointer === "") return root
  if (!pointer.startsWith("/")) return undefined
  const tokens = pointer.slice(1).split("/").map(unescapeToken)
  let node: unknown = root
  for (const token of tokens) {
    if (Array.isArray(node) && /^(0|[1-9][0-9]*)$/.test(token)) node = node[Number(token)]
    else if (isObject(node) && Object.hasOwn(node, token)) node = node[token]
    else {
      node = undefined
      break
    }
  }
  if (node !== undefined) return node
  if (tokens.length === 2 && (tokens[0] === "$defs" || tokens[0] === "definitions")) return defs.get(tokens[1]!)
  return undefined
}

const withDefs = (schema: JsonSchemaObject, context: Context): Context => {
  if (schema.$defs === undefined && schema.definitions === undefined) return context
  const scoped = [schema.definitions, schema.$defs].filter(isObject)
  if (scoped.length === 0) return context
  const defs = new Map(context.defs)
  for (const table of scoped) for (const [name, value] of Object.entries(table)) defs.set(name, value)
  return { ...context, defs }
}

const without = (schema: JsonSchemaObject, ...keys: Array<string>): JsonSchemaObject => {
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) if (!keys.includes(key)) out[key] = value
  return out
}

// Keywords that give a schema a shape of its own; a bare `type` next to `anyOf`/`allOf`/`$ref` only repeats it.
const structural = [
  "properties",
  "additionalProperties",
  "patternProperties",
  "items",
  "prefixItems",
  "$ref",
  "allOf",
  "anyOf",
  "oneOf",
  "const",
  "enum",
]
const hasStructure = (schema: JsonSchemaObject): boolean =>
  structural.some((key) => schema[key] !== undefined && schema[key] !== true)

const union = (members: ReadonlyArray<Rendered>): Rendered => {
  const kept = members.filter((member) => member.text !== "never")
  if (kept.length === 0) return NEVER
  if (kept.some((member) => member.text === "unknown")) return UNKNOWN
  const texts = [...new Set(kept.map((member) => member.text))]
  return texts.length === 1
    ? kept.find((member) => member.text === texts[0])!
    : { text: texts.join(" | "), kind: Kind.Union }
}

const intersection = (members: ReadonlyArray<Rendered>): Rendered => {
  const kept = members.filter((member) => member.text !== "unknown")
  if (kept.some((member) => member.text === "never")) return NEVER
  const texts = [...new Set(kept.map((member) => (member.kind === Kind.Union ? `(${member.text})` : member.text)))]
  if (texts.length === 0) return UNKNOWN
  if (texts.length === 1) return kept.length === 1 ? kept[0]! : atom(texts[0]!)
  return { text: texts.join(" & "), kind: Kind.Intersection }
}

const literal = (value: unknown): Rendered => {
  try {
    const text = JSON.stringify(value)
    return text === undefined ? UNKNOWN : atom(text)
  } catch {
    return UNKNOWN
  }
}

// Keywords handled before `type`. Most field schemas hold none of them; one scan of the (few) own keys is cheaper
// than probing each keyword on objects of every shape.
const leading = new Set(["$ref", "$defs", "definitions", "nullable", "const", "not", "enum", "anyOf", "oneOf", "allOf"])
const hasLeading = (schema: JsonSchemaObject): boolean => {
  for (const key in schema) if (leading.has(key)) return true
  return false
}

const render = (schema: unknown, indent: number, context: Context, depth: number): Rendered => {
  if (depth > context.maxDepth) return UNKNOWN
  if (schema === false) return NEVER
  if (!isObject(schema)) return UNKNOWN
  if (!hasLeading(schema)) return renderByType(schema, indent, context, depth)
  const scoped = withDefs(schema, context)
  const next = depth + 1

  // OpenAPI 3.0 `nullable`, also beside a `$ref`.
  if (schema.nullable === true) return union([render(without(schema, "nullable"), indent, scoped, depth), NULL])
  if (typeof schema.$ref === "string") {
    const ref = schema.$ref
    const target = scoped.chain.has(ref) ? undefined : resolveRef(ref, scoped.root, scoped.defs)
    if (target === undefined) return UNKNOWN
    // A reference is not a level of nesting: the target renders where the reference stands (as if written inline).
    const resolved = render(target, indent, { ...scoped, chain: new Set([...scoped.chain, ref]) }, depth)
    const siblings = without(schema, "$ref", "$defs", "definitions")
    return hasStructure(siblings) ? intersection([resolved, render(siblings, indent, scoped, next)]) : resolved
  }
  if (schema.const !== undefined) return literal(schema.const)
  // `{ not: { type: "null" } }` is how Effect spells an empty Struct: any non-nullish value, TypeScript's `{}`.
  if (
    schema.not !== undefined &&
    isObject(schema.not) &&
    schema.not.type === "null" &&
    Object.keys(schema).length === 1
  )
    return atom("{}")
  if (Array.isArray(schema.enum)) return union(schema.enum.map(literal))

  const alternatives = Array.isArray(schema.anyOf)
    ? schema.anyOf
    : Array.isArray(schema.oneOf)
      ? schema.oneOf
      : undefined
  if (alternatives !== undefined) {
    const rest = without(schema, "anyOf", "oneOf")
    const members = union(alternatives.map((member) => render(member, indent, scoped, next)))
    if (members.text === "unknown") return render(rest, indent, scoped, next)
    return hasStructure(rest) ? intersection([members, render(rest, indent, scoped, next)]) : members
  }
  if (Array.isArray(schema.allOf)) {
    const rest = without(schema, "allOf")
    const members = schema.allOf.map((member) => render(member, indent, scoped, next))
    return intersection([
      ...(hasStructure(rest) || members.every((m) => m.text === "unknown") ? [render(rest, indent, scoped, next)] : []),
      ...members,
    ])
  }
  return renderByType(schema, indent, scoped, depth)
}

const renderByType = (schema: JsonSchemaObject, indent: number, scoped: Context, depth: number): Rendered => {
  const next = depth + 1
  if (Array.isArray(schema.type))
    return union(schema.type.map((type) => render({ ...schema, type }, indent, scoped, depth)))
  switch (schema.type) {
    case "string":
      return STRING
    case "number":
    case "integer":
      return NUMBER
    case "boolean":
      return BOOLEAN
    case "null":
      return NULL
    case "array":
      return renderArray(schema, indent, scoped, next)
    case "object":
      return renderObject(schema, indent, scoped, next)
    case undefined:
      if (
        schema.properties !== undefined ||
        schema.additionalProperties !== undefined ||
        schema.patternProperties !== undefined
      )
        return renderObject(schema, indent, scoped, next)
      if (schema.items !== undefined || schema.prefixItems !== undefined)
        return renderArray(schema, indent, scoped, next)
      return UNKNOWN
    default:
      return UNKNOWN
  }
}

const renderArray = (schema: JsonSchemaObject, indent: number, context: Context, depth: number): Rendered => {
  // Draft 2020-12 tuples use `prefixItems` (+ `items` for the rest); drafts 4-7 use an `items` array (+ `additionalItems`).
  const prefix = Array.isArray(schema.prefixItems)
    ? schema.prefixItems
    : Array.isArray(schema.items)
      ? schema.items
      : undefined
  if (prefix === undefined) return atom(`Array<${render(schema.items ?? {}, indent, context, depth).text}>`)
  const required = typeof schema.minItems === "number" ? schema.minItems : prefix.length
  const elements = prefix.map(
    (item, index) => render(item, indent, context, depth).text + (index >= required ? "?" : ""),
  )
  const rest = Array.isArray(schema.prefixItems) ? schema.items : schema.additionalItems
  const closed =
    rest === undefined || rest === false || (typeof schema.maxItems === "number" && schema.maxItems <= prefix.length)
  if (!closed) elements.push(`...Array<${render(rest, indent, context, depth).text}>`)
  return atom(`[${elements.join(", ")}]`)
}

const combinators = ["allOf", "anyOf", "oneOf"] as const

/** The description a field's JSDoc shows: its own, else one carried by an `allOf`/`anyOf` member or its `$ref` target. */
const describe = (schema: unknown, context: Context): string | undefined => {
  if (!isObject(schema)) return undefined
  if (typeof schema.description === "string") return schema.description
  for (const key of combinators) {
    const members = schema[key]
    if (!Array.isArray(members)) continue
    const found = [
      ...new Set(
        members
          .map((member) =>
            isObject(member) && typeof member.description === "string" ? member.description : undefined,
          )
          .filter((d) => d !== undefined),
      ),
    ]
    if (found.length === 1) return found[0]
  }
  if (typeof schema.$ref === "string") {
    const target = resolveRef(schema.$ref, context.root, context.defs)
    if (isObject(target) && typeof target.description === "string") return target.description
  }
  return undefined
}

const renderObject = (schema: JsonSchemaObject, indent: number, context: Context, depth: number): Rendered => {
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : []
  const required: ReadonlyArray<unknown> = Array.isArray(schema.required) ? schema.required : []
  const indexMembers: Array<Rendered> = []
  if (isObject(schema.additionalProperties))
    indexMembers.push(render(schema.additionalProperties, indent + 1, context, depth))
  if (isObject(schema.patternProperties))
    for (const value of Object.values(schema.patternProperties))
      indexMembers.push(render(value, indent + 1, context, depth))
  const index = indexMembers.length > 0 ? union(indexMembers) : undefined
  if (properties.length === 0) {
    if (index !== undefined) return atom(`Record<string, ${index.text}>`)
    return atom(schema.additionalProperties === false ? "{}" : "Record<string, unknown>")
  }
  const pad = "  ".repeat(indent + 1)
  const lines = properties.map(([name, value]) => {
    const doc = renderDoc(describe(value, context), value, pad)
    const type = render(value, indent + 1, context, depth).text
    return `${doc}${pad}${renderKey(name)}${required.includes(name) ? "" : "?"}: ${type},`
  })
  if (index !== undefined) lines.push(`${pad}[key: string]: ${index.text},`)
  return atom(`{\n${lines.join("\n")}\n${"  ".repeat(indent)}}`)
}
