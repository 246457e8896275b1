import * as Effect from "effect/Effect"
import { copyHttpOperation } from "../openapi/http-operation.js"
import { fromSpec } from "../openapi/fromSpec.js"
import { make, type Definition } from "../tool/Tool.js"
import { toolError } from "../tool/ToolError.js"
import { isPlainObject, jsonEqual } from "./json.js"
import type { FixtureOutcome, FixtureTool, FixtureToolset } from "./toolset.js"

/** The model-visible message of a call no fixture answers (docs/corpus-format.md#fixture-toolsets). */
export const NO_FIXTURE = "no fixture for this input"

/**
 * `when` matches when each of its keys is present in the input with a JSON-equal value; other input keys are
 * ignored and `{}` matches anything (docs/corpus-format.md#matching).
 */
export const matches = (when: Readonly<Record<string, unknown>>, input: unknown): boolean => {
  const keys = Object.keys(when)
  if (keys.length === 0) return true
  if (!isPlainObject(input)) return false
  return keys.every((k) => Object.prototype.hasOwnProperty.call(input, k) && jsonEqual(when[k], input[k]))
}

/** First matching case, else `default`, else undefined (the caller fails with NO_FIXTURE). */
export const answerFor = (tool: FixtureTool, input: unknown): FixtureOutcome | undefined =>
  tool.cases.find((c) => matches(c.when, input))?.outcome ?? tool.default

/** Canonical dotted path of a call, as `expect.calls` spells it: `orders.list`, `context7.resolve-library-id`. */
export const dottedPath = (path: ReadonlyArray<string>): string => path.join(".")

/** A mutable tool tree while it is being assembled. */
type Node = { [key: string]: Node | Definition }

export interface FixtureTree {
  readonly tools: { readonly [key: string]: unknown }
  /** Dotted paths of the calls that reached a fixture, in call order. */
  readonly calls: string[]
}

/**
 * Builds a fresh tool tree for one case. Schemas are passed through as render-only JSON Schemas, so fixture data
 * crosses the plain-data boundary but is not validated (docs/corpus-format.md). Returns a conflict message when two tools (from
 * several toolsets) claim the same path, or one path is both a tool and a namespace.
 */
export const buildTree = (toolsets: ReadonlyArray<FixtureToolset>): FixtureTree | { conflict: string } => {
  const root: Node = {}
  const calls: string[] = []
  const owner = new Map<string, string>()
  for (const set of toolsets) {
    const operations = set.openapi === undefined ? undefined : operationTools(set.openapi)
    for (const tool of set.tools) {
      const where = dottedPath(tool.path)
      let node = root
      for (const [i, segment] of tool.path.entries()) {
        const existing = Object.prototype.hasOwnProperty.call(node, segment) ? node[segment] : undefined
        const prefix = dottedPath(tool.path.slice(0, i + 1))
        if (i === tool.path.length - 1) {
          if (existing !== undefined)
            return {
              conflict: `tool ${where} of toolset ${set.name} clashes with ${owner.get(prefix) ?? "a namespace"}`,
            }
          const operation = operations?.get(where)
          node[segment] = operation === undefined ? fixtureTool(tool, calls) : operationFixture(tool, operation, calls)
          owner.set(prefix, `toolset ${set.name}`)
        } else {
          if (existing !== undefined && isDefinitionLike(existing))
            return {
              conflict: `tool ${where} of toolset ${set.name} is under ${prefix}, a tool of ${owner.get(prefix)}`,
            }
          if (existing === undefined) {
            const child: Node = {}
            node[segment] = child
          }
          node = node[segment] as Node
        }
      }
    }
  }
  return { tools: root, calls }
}

const isDefinitionLike = (u: unknown): boolean => isPlainObject(u) && u._tag === "CodeModeTool"

const fixtureTool = (tool: FixtureTool, calls: string[]): Definition =>
  make({
    description: tool.description,
    input: tool.input as never,
    ...(tool.output !== undefined ? { output: tool.output as never } : {}),
    ...(tool.positional !== undefined ? { positional: tool.positional } : {}),
    run: (input: unknown) =>
      Effect.suspend(() => {
        calls.push(dottedPath(tool.path))
        const outcome = answerFor(tool, input)
        if (outcome === undefined) return Effect.fail(toolError(NO_FIXTURE))
        if ("error" in outcome) return Effect.fail(toolError(outcome.error))
        // A copy per call, so a program that mutates a result cannot change the fixture for the next call.
        return Effect.succeed(structuredClone(outcome.result))
      }),
  })

/** The definitions `OpenAPI.fromSpec` makes of a toolset's document, by dotted path under its namespace. */
const operationTools = (openapi: NonNullable<FixtureToolset["openapi"]>): Map<string, Definition> => {
  // No request is ever sent: the base URL only lets operations of a document without servers be made.
  const { tools } = fromSpec({ spec: openapi.document, baseUrl: "http://fixture.invalid" })
  const found = new Map<string, Definition>()
  const walk = (node: unknown, path: ReadonlyArray<string>) => {
    if (isDefinitionLike(node)) found.set(dottedPath(path), node as Definition)
    else if (isPlainObject(node)) for (const [k, v] of Object.entries(node)) walk(v, [...path, k])
  }
  walk(tools, [openapi.namespace])
  return found
}

/** A fixture answering for an operation: the operation's input schema and HTTP shape, the fixture's answers. */
const operationFixture = (tool: FixtureTool, operation: Definition, calls: string[]): Definition => {
  const definition = fixtureTool({ ...tool, input: operation.input }, calls)
  copyHttpOperation(operation, definition)
  return definition
}
