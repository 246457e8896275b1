import { fieldPath, Problems } from "./errors.js"
import { isPlainObject } from "./json.js"
import { checkKeys, describe, optionalString, requireJsonSchema, requireObject, requireString } from "./schema.js"

/** What a fixture returns: a result (any JSON, `null` included) or a model-visible tool error (docs/corpus-format.md). */
export type FixtureOutcome = { readonly result: unknown } | { readonly error: string }

export interface FixtureCase {
  readonly when: Readonly<Record<string, unknown>>
  readonly outcome: FixtureOutcome
}

export interface FixtureTool {
  readonly path: ReadonlyArray<string>
  readonly description: string
  readonly input: unknown
  readonly output?: unknown
  readonly cases: ReadonlyArray<FixtureCase>
  readonly default?: FixtureOutcome | undefined
  /** Input properties positional arguments fill (`Tool.make`'s `positional`), or `true` for the input's properties. */
  readonly positional?: ReadonlyArray<string> | true | undefined
}

export interface FixtureToolset {
  readonly name: string
  readonly file: string
  readonly tools: ReadonlyArray<FixtureTool>
  /**
   * An OpenAPI document the tools stand for (docs/corpus-format.md#openapi-toolsets): each tool at
   * `[namespace, ...path]` of an operation `OpenAPI.fromSpec` makes is that operation, answered by the fixture.
   */
  readonly openapi?: { readonly namespace: string; readonly document: unknown } | undefined
}

const readOpenApi = (problems: Problems, raw: unknown): FixtureToolset["openapi"] => {
  const obj = requireObject(problems, "openapi", raw)
  if (!obj) return undefined
  checkKeys(problems, "openapi", obj, ["namespace", "document"])
  const okNamespace = requireString(problems, fieldPath("openapi", "namespace"), obj.namespace)
  const okDocument = requireObject(problems, fieldPath("openapi", "document"), obj.document) !== undefined
  return okNamespace && okDocument ? { namespace: obj.namespace as string, document: obj.document } : undefined
}

/** Reads `{ result }` or `{ error }`: exactly one of the two (docs/corpus-format.md#fixture-toolsets). */
const readOutcome = (problems: Problems, at: string, raw: Record<string, unknown>): FixtureOutcome | undefined => {
  const hasResult = Object.prototype.hasOwnProperty.call(raw, "result")
  const hasError = Object.prototype.hasOwnProperty.call(raw, "error")
  if (hasResult && hasError) return (problems.add(at, "has both `result` and `error`; give exactly one"), undefined)
  if (hasError) return requireString(problems, fieldPath(at, "error"), raw.error) ? { error: raw.error } : undefined
  if (hasResult) return { result: raw.result }
  return (problems.add(at, "needs `result` or `error`"), undefined)
}

const readCase = (problems: Problems, at: string, raw: unknown): FixtureCase | undefined => {
  const obj = requireObject(problems, at, raw)
  if (!obj) return undefined
  checkKeys(problems, at, obj, ["when", "result", "error"])
  const when = obj.when
  if (!isPlainObject(when)) {
    problems.add(
      fieldPath(at, "when"),
      when === undefined ? "is required (an object)" : `must be an object, got ${describe(when)}`,
    )
    return undefined
  }
  const outcome = readOutcome(problems, at, obj)
  return outcome ? { when, outcome } : undefined
}

const readPath = (problems: Problems, at: string, raw: unknown): ReadonlyArray<string> | undefined => {
  if (!Array.isArray(raw) || raw.length === 0) {
    problems.add(at, raw === undefined ? "is required (an array of strings)" : "must be a non-empty array of strings")
    return undefined
  }
  let ok = true
  raw.forEach((segment, i) => {
    if (typeof segment !== "string" || segment === "") {
      problems.add(fieldPath(at, i), `must be a non-empty string, got ${describe(segment)}`)
      ok = false
    } else if (i === 0 && segment === "$codemode") {
      // @opencode-ai/codemode 1.18 "Discovery": a host cannot define its own `$codemode` namespace.
      problems.add(fieldPath(at, i), "`$codemode` is reserved for the runtime")
      ok = false
    }
  })
  return ok ? (raw as string[]) : undefined
}

const readTool = (problems: Problems, at: string, raw: unknown): FixtureTool | undefined => {
  const obj = requireObject(problems, at, raw)
  if (!obj) return undefined
  checkKeys(problems, at, obj, ["path", "description", "input", "output", "cases", "default", "positional"])
  const positional = obj.positional
  if (
    positional !== undefined &&
    positional !== true &&
    !(Array.isArray(positional) && positional.every((n) => typeof n === "string" && n !== ""))
  )
    problems.add(fieldPath(at, "positional"), `must be true or an array of names, got ${describe(positional)}`)
  const path = readPath(problems, fieldPath(at, "path"), obj.path)
  const okDescription = requireString(problems, fieldPath(at, "description"), obj.description, false)
  const okInput = requireJsonSchema(problems, fieldPath(at, "input"), obj.input)
  if (obj.output !== undefined) requireJsonSchema(problems, fieldPath(at, "output"), obj.output)
  const cases: FixtureCase[] = []
  if (obj.cases !== undefined) {
    if (!Array.isArray(obj.cases)) problems.add(fieldPath(at, "cases"), `must be an array, got ${describe(obj.cases)}`)
    else
      obj.cases.forEach((c, i) => {
        const read = readCase(problems, fieldPath(fieldPath(at, "cases"), i), c)
        if (read) cases.push(read)
      })
  }
  let fallback: FixtureOutcome | undefined
  if (obj.default !== undefined) {
    const d = requireObject(problems, fieldPath(at, "default"), obj.default)
    if (d) {
      checkKeys(problems, fieldPath(at, "default"), d, ["result", "error"])
      fallback = readOutcome(problems, fieldPath(at, "default"), d)
    }
  }
  if (!path || !okDescription || !okInput) return undefined
  return {
    path,
    description: obj.description as string,
    input: obj.input,
    ...(obj.output !== undefined ? { output: obj.output } : {}),
    cases,
    default: fallback,
    ...(positional !== undefined ? { positional: positional as ReadonlyArray<string> | true } : {}),
  }
}

/** Parses one `toolsets/<name>.json` document; `expectedName` is the file's base name. */
export const readToolset = (
  file: string,
  raw: unknown,
  expectedName: string,
): { toolset?: FixtureToolset; problems: Problems } => {
  const problems = new Problems(file)
  const obj = requireObject(problems, "", raw)
  if (!obj) return { problems }
  checkKeys(problems, "", obj, ["name", "description", "tools", "openapi"])
  const openapi = obj.openapi === undefined ? undefined : readOpenApi(problems, obj.openapi)
  if (requireString(problems, "name", obj.name) && obj.name !== expectedName)
    problems.add("name", `is "${obj.name}" but the file is named ${expectedName}.json; they must agree`)
  optionalString(problems, "description", obj.description)
  const tools: FixtureTool[] = []
  if (!Array.isArray(obj.tools))
    problems.add("tools", obj.tools === undefined ? "is required (an array)" : "must be an array")
  else {
    const seen = new Map<string, number>()
    obj.tools.forEach((t, i) => {
      const tool = readTool(problems, fieldPath("tools", i), t)
      if (!tool) return
      const key = JSON.stringify(tool.path)
      const first = seen.get(key)
      if (first !== undefined) problems.add(fieldPath(fieldPath("tools", i), "path"), `duplicates tools[${first}].path`)
      else seen.set(key, i)
      tools.push(tool)
    })
  }
  if (problems.list.length > 0) return { problems }
  return { toolset: { name: expectedName, file, tools, ...(openapi === undefined ? {} : { openapi }) }, problems }
}
