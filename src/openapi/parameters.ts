/**
 * Parameters (OAS 3 "Parameter Object", "Style Values"): path and header `simple`, query `form` (explode on/off) and
 * `deepObject`. Anything else - cookie parameters, `content`-encoded parameters, `label`/`matrix`/`spaceDelimited`/
 * `pipeDelimited`, `allowReserved`, declared nested deepObject members - makes the operation unsupported rather than
 * guessed. Values a schema leaves open are checked when the tool is called (serialize.ts).
 */
import { deref, isObject, pointer, unsupported, Unsupported, type Json } from "./document.js"
import { convert, type SchemaContext } from "./schema.js"

export type Location = "path" | "query" | "header"

export interface ParamPlan {
  readonly name: string
  readonly in: Location
  readonly style: "simple" | "form" | "deepObject"
  readonly explode: boolean
  readonly required: boolean
  /** JSON Schema of the value, with the parameter's description (its `#/$defs/…` refs in the tool's table). */
  readonly schema: unknown
  /** Whether the schema admits null (a null value is then sent as the text "null"). */
  readonly nullable: boolean
}

/** OAS: header parameters named Accept, Content-Type or Authorization "SHALL be ignored". */
const IGNORED_HEADERS = new Set(["accept", "content-type", "authorization"])

const STYLES: Record<Location, ReadonlyArray<string>> = {
  path: ["simple"],
  query: ["form", "deepObject"],
  header: ["simple"],
}

const resolveRef = (doc: Json, schema: unknown): Json | undefined => {
  let node = schema
  for (let i = 0; i < 16 && isObject(node) && typeof node["$ref"] === "string"; i++)
    node = pointer(doc, node["$ref"] as string)
  return isObject(node) ? node : undefined
}

const isNullSchema = (s: Json | undefined): boolean => {
  const values = s?.["enum"]
  return s?.["type"] === "null" || (Array.isArray(values) && values.length === 1 && values[0] === null)
}

/**
 * The schema with `$ref`s followed and a nullable union unwrapped: `anyOf`/`oneOf` of one schema and `{ type: "null" }`
 * (how OAS 3.1 generators spell an optional object) is that one schema, since a null value is simply not sent.
 */
const resolveSchema = (doc: Json, schema: unknown, depth = 0): Json | undefined => {
  const s = resolveRef(doc, schema)
  if (s === undefined || depth > 8) return s
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key]
    if (!Array.isArray(branches)) continue
    const rest = branches.filter((b) => !isNullSchema(resolveRef(doc, b)))
    if (rest.length === 1 && rest.length < branches.length) return resolveSchema(doc, rest[0], depth + 1)
  }
  return s
}

const isScalarSchema = (doc: Json, schema: unknown, depth = 0): boolean => {
  const s = resolveRef(doc, schema)
  if (s === undefined) return false
  for (const key of ["anyOf", "oneOf"]) {
    const branches = s[key]
    if (Array.isArray(branches) && branches.length > 0)
      return depth < 8 && branches.every((b) => isScalarSchema(doc, b, depth + 1))
  }
  const type = s["type"]
  const types = Array.isArray(type) ? type : [type]
  return types.every((t) => t === "string" || t === "number" || t === "integer" || t === "boolean" || t === "null")
}

/**
 * deepObject is defined for objects of primitives only: a schema that declares a nested member skips the operation.
 * Members it leaves undeclared (a bare `{ type: "object" }`, an open `additionalProperties`) are checked at call time.
 */
const checkDeepObject = (doc: Json, name: string, schema: unknown): void => {
  const s = resolveSchema(doc, schema)
  if (s === undefined) return
  const type = s["type"]
  const props = s["properties"]
  const additional = s["additionalProperties"]
  const ok =
    (type === undefined || type === "object" || (Array.isArray(type) && type.includes("object"))) &&
    (!isObject(props) || Object.values(props).every((p) => isScalarSchema(doc, p))) &&
    (!isObject(additional) || Object.keys(additional).length === 0 || isScalarSchema(doc, additional))
  if (!ok) unsupported(`deepObject query parameter '${name}' is not an object of primitive values`)
}

const compileOne = (ctx: SchemaContext, p: Json): ParamPlan | undefined => {
  const name = p["name"]
  const location = p["in"]
  if (typeof name !== "string" || name === "") return unsupported("parameter without a name")
  if (location === "cookie") return unsupported(`cookie parameter '${name}' is not supported`)
  if (location !== "path" && location !== "query" && location !== "header")
    return unsupported(`parameter '${name}' has an invalid location '${String(location)}'`)
  if (location === "header" && IGNORED_HEADERS.has(name.toLowerCase())) return undefined
  if (p["content"] !== undefined) return unsupported(`${location} parameter '${name}' uses a content media type`)
  const style = p["style"] ?? (location === "query" ? "form" : "simple")
  if (typeof style !== "string") return unsupported(`parameter '${name}' has an invalid style`)
  if (!STYLES[location].includes(style))
    return unsupported(`${location} parameter '${name}' has unsupported style '${String(style)}'`)
  if (p["allowReserved"] === true) return unsupported(`parameter '${name}' uses unsupported allowReserved encoding`)
  const explode = p["explode"] ?? style === "form"
  if (typeof explode !== "boolean") return unsupported(`parameter '${name}' has a non-boolean explode`)
  if (style === "deepObject") {
    if (p["explode"] === false) return unsupported(`deepObject query parameter '${name}' with explode: false`)
    checkDeepObject(ctx.doc, name, p["schema"])
  }
  const rendered = convert(ctx, p["schema"] ?? {}, "input")
  const description = typeof p["description"] === "string" ? p["description"] : undefined
  const schema =
    description !== undefined && isObject(rendered) && rendered["description"] === undefined
      ? { ...rendered, description }
      : rendered
  const deprecated = p["deprecated"] === true && isObject(schema) ? { ...schema, deprecated: true } : schema
  return {
    name,
    in: location,
    style: style as ParamPlan["style"],
    explode: style === "deepObject" ? true : explode,
    required: location === "path" || p["required"] === true,
    schema: deprecated,
    nullable: ctx.admitsNull(deprecated, "input"),
  }
}

/**
 * A path template variable no parameter declares (`GET /users/{id}` without an `id`): a required string, as the 1.18
 * contract builds it. Its description says so, so the model (and a host reading the schema) sees it is not documented.
 */
const implied = (name: string, path: string): ParamPlan => ({
  name,
  in: "path",
  style: "simple",
  explode: false,
  required: true,
  nullable: false,
  schema: {
    type: "string",
    description: `Not declared by the API description: implied by the path template ${path}, sent as text.`,
  },
})

/** Shared parameters (`#/components/parameters/...`) are compiled once per document, their failures too. */
const memo = new WeakMap<Json, ParamPlan | undefined | Unsupported>()
const compiled = (ctx: SchemaContext, p: Json): ParamPlan | undefined => {
  if (!memo.has(p)) {
    try {
      memo.set(p, compileOne(ctx, p))
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e
      memo.set(p, e)
    }
  }
  const plan = memo.get(p)
  if (plan instanceof Unsupported) throw plan
  return plan
}

/**
 * Path-item parameters merged with operation parameters (the operation wins on the same name and location).
 * `reserved` holds `query:name` / `header:lowercased-name` slots owned by API-key credentials; those parameters are
 * not exposed, so the model can never set or read a credential slot.
 */
export const compileParameters = (
  ctx: SchemaContext,
  levels: ReadonlyArray<unknown>,
  path: string,
  reserved: ReadonlySet<string>,
): Array<ParamPlan> => {
  const merged = new Map<string, ParamPlan>()
  for (const level of levels) {
    if (level === undefined) continue
    if (!Array.isArray(level)) return unsupported("parameters is not an array")
    const seen = new Set<string>()
    for (const raw of level) {
      const plan = compiled(ctx, deref(ctx.doc, raw, "parameter"))
      if (plan === undefined) continue
      const key = `${plan.in}:${plan.in === "header" ? plan.name.toLowerCase() : plan.name}`
      if (seen.has(key)) return unsupported(`duplicate ${plan.in} parameter '${plan.name}'`)
      seen.add(key)
      merged.set(key, plan)
    }
  }
  const template = [...path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]!)
  for (const variable of template) {
    if (variable === "") return unsupported("path template has an empty variable '{}'")
    if (!merged.has(`path:${variable}`)) merged.set(`path:${variable}`, implied(variable, path))
  }
  return [...merged.entries()]
    .filter(([key, plan]) => !reserved.has(key) && (plan.in !== "path" || template.includes(plan.name)))
    .map(([, plan]) => plan)
}
