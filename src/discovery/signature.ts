// Tool signatures (seed 000 "Discovery"): `tools.github.list_issues(input: {…}): Promise<unknown>`, the same text
// in the inline catalog and in search results. No output schema → `Promise<unknown>`.
import type { Definition, JsonSchema } from "../tool/Tool.js"
import { jsonSchemaOf } from "./json-schema.js"
import { renderPath } from "./path.js"
import { renderType, type RenderOptions } from "./render.js"

// Rendering is pure in the schema object, and many tools share one schema object.
const rendered = new WeakMap<object, string>()
const renderCached = (schema: JsonSchema): string => {
  if (typeof schema !== "object") return renderType(schema)
  let text = rendered.get(schema)
  if (text === undefined) {
    text = renderType(schema)
    rendered.set(schema, text)
  }
  return text
}

/** The input type a program passes: the encoded side of an Effect Schema, or the JSON Schema as written. */
export const inputType = (definition: Definition<any>): string =>
  renderCached(jsonSchemaOf(definition.input, "encoded"))

/** The output type a program receives: the decoded side of an Effect Schema; `unknown` without an output schema. */
export const outputType = (definition: Definition<any>): string =>
  definition.output === undefined ? "unknown" : renderCached(jsonSchemaOf(definition.output, "type"))

/** The signature of one tool at canonical `path`. */
export const toolSignature = (path: ReadonlyArray<string>, definition: Definition<any>): string =>
  `${renderPath(path)}(input: ${inputType(definition)}): Promise<${outputType(definition)}>`

/**
 * The signature for bare JSON Schemas, e.g. an OpenAPI operation: `callee` is the expression written before the
 * parameter list (`renderPath(path)` or any name); local `#/...` refs resolve against `options.root` when given.
 */
export const renderJsonSchemaSignature = (
  callee: string,
  input: JsonSchema,
  output?: JsonSchema,
  options: RenderOptions = {},
): string => {
  const returns = output === undefined ? "unknown" : renderType(output, 0, options)
  return `${callee}(input: ${renderType(input, 0, options)}): Promise<${returns}>`
}
