import { createRequire } from "node:module"
import type { Ajv as AjvClass, ErrorObject, ValidateFunction } from "ajv"
import type { Decoder } from "./tree.js"

/**
 * Opt-in validation of JSON-Schema tool inputs (`CodeMode.make({ validateInputs: true })`) with ajv 8 and
 * ajv-formats. The validator only checks: no coercion, no defaults, no removed properties, so a valid input reaches
 * the tool exactly as the program sent it. ajv is loaded on first use, so runtimes that do not validate never pay for
 * it.
 */

type AjvConstructor = new (options: object) => AjvClass
type Dialect = "draft-07" | "2019-09" | "2020-12"

const require = createRequire(import.meta.url)

/** The `$schema` URIs each ajv class understands; absent or unknown means draft-07, ajv's default dialect. */
const dialectOf = (schema: unknown): Dialect => {
  const uri = typeof schema === "object" && schema !== null ? (schema as { $schema?: unknown }).$schema : undefined
  if (typeof uri !== "string") return "draft-07"
  if (uri.includes("2020-12")) return "2020-12"
  if (uri.includes("2019-09")) return "2019-09"
  return "draft-07"
}

const KNOWN_META = /draft-07|2019-09|2020-12/

const load = (dialect: Dialect): AjvConstructor => {
  const path = dialect === "2020-12" ? "ajv/dist/2020" : dialect === "2019-09" ? "ajv/dist/2019" : "ajv"
  return (require(path) as { default: AjvConstructor }).default
}

/** At most this many problems are listed in one InvalidToolInput message. */
const MAX_LISTED = 3

/** `/nested/list/1: must be >= 1`; a missing or extra property is reported at its own path. */
const describe = (error: ErrorObject): string => {
  const params = error.params as { additionalProperty?: unknown; missingProperty?: unknown; propertyName?: unknown }
  const child =
    error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties"
      ? (params.additionalProperty ?? (params as { unevaluatedProperty?: unknown }).unevaluatedProperty)
      : error.keyword === "required" || error.keyword === "dependentRequired" || error.keyword === "dependencies"
        ? params.missingProperty
        : undefined
  const path =
    typeof child === "string"
      ? `${error.instancePath}/${child.replace(/~/g, "~0").replace(/\//g, "~1")}`
      : error.instancePath
  const message =
    error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties"
      ? "is not allowed (the schema admits no additional properties)"
      : (error.message ?? `fails '${error.keyword}'`)
  return `${path === "" ? "input" : path}: ${message}`
}

export const describeErrors = (errors: ReadonlyArray<ErrorObject>): string => {
  const lines = [...new Set(errors.map(describe))]
  const shown = lines.slice(0, MAX_LISTED).join("; ")
  return lines.length > MAX_LISTED ? `${shown}; and ${lines.length - MAX_LISTED} more` : shown
}

/** One ajv instance per dialect for the process, created on first need (its meta-schemas compile once). */
const instances = new Map<Dialect, AjvClass>()

const ajvFor = (dialect: Dialect): AjvClass => {
  let ajv = instances.get(dialect)
  if (ajv === undefined) {
    const Ajv = load(dialect)
    ajv = new Ajv({ strict: false, allErrors: true, addUsedSchema: false, logger: false })
    ;(require("ajv-formats") as { default: (ajv: AjvClass) => void }).default(ajv)
    instances.set(dialect, ajv)
  }
  return ajv
}

/**
 * Compiles JSON Schemas into validating decoders. Compiled schemas are neither registered by `$id` (two tools
 * declaring the same `$id` do not collide) nor kept in ajv's cache (a long-lived process making many runtimes does
 * not accumulate them): each decoder owns its compiled function.
 */
export class JsonSchemaValidators {
  /**
   * A decoder that validates and returns the input unchanged. Throws a `TypeError` naming `where` when the schema
   * itself cannot be compiled (an unresolvable `$ref`, an invalid keyword value): a host configuration error.
   */
  compile(schema: unknown, where: string): Decoder {
    const dialect = dialectOf(schema)
    let source = schema
    // A `$schema` ajv has no meta-schema for (draft-04, draft-06) is compiled as draft-07, their closest dialect.
    if (typeof schema === "object" && schema !== null) {
      const uri = (schema as { $schema?: unknown }).$schema
      if (uri !== undefined && (typeof uri !== "string" || !KNOWN_META.test(uri))) {
        const { $schema: _dropped, ...rest } = schema as Record<string, unknown>
        source = rest
      }
    }
    let validate: ValidateFunction
    try {
      const ajv = ajvFor(dialect)
      try {
        validate = ajv.compile(source as object | boolean)
      } finally {
        if (typeof source === "object" && source !== null) ajv.removeSchema(source)
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new TypeError(`CodeMode: the input schema of ${where} cannot be used for validation: ${message}`)
    }
    return (value) => {
      if (validate(value)) return { ok: true, value }
      return { ok: false, message: describeErrors(validate.errors ?? []) }
    }
  }
}
