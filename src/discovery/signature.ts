// Tool signatures (@opencode-ai/codemode 1.18 "Discovery"): `tools.github.list_issues(input: {…}): Promise<unknown>`, the same text
// in the inline catalog and in search results. No output schema → `Promise<unknown>`.
import { isEffectSchema, type Definition, type JsonSchema, type SchemaType } from "../tool/Tool.js"
import { jsonSchemaOf, type Side } from "./json-schema.js"
import { renderPath } from "./path.js"
import { measureType } from "./measure.js"
import { renderType, type RenderOptions } from "./render.js"

// Hosts share Effect schemas across many tools, and converting one is the costly step: cache its rendered text
// per schema object and side. JSON Schemas are rendered directly (a WeakMap entry per tool costs more in GC).
const rendered = { encoded: new WeakMap<object, string>(), type: new WeakMap<object, string>() }
const typeText = (schema: SchemaType, side: Side): string => {
  if (!isEffectSchema(schema)) return renderType(schema)
  let text = rendered[side].get(schema)
  if (text === undefined) {
    text = renderType(jsonSchemaOf(schema, side))
    rendered[side].set(schema, text)
  }
  return text
}

/** The input type a program passes: the encoded side of an Effect Schema, or the JSON Schema as written. */
export const inputType = (definition: Definition<any>): string => typeText(definition.input, "encoded")

/** The output type a program receives: the decoded side of an Effect Schema; `unknown` without an output schema. */
export const outputType = (definition: Definition<any>): string =>
  definition.output === undefined ? "unknown" : typeText(definition.output, "type")

/** The signature of one tool at canonical `path`. */
export const toolSignature = (path: ReadonlyArray<string>, definition: Definition<any>): string =>
  signatureOf(renderPath(path), definition)

/** The signature of one tool called as `expression` (`renderPath` of its path). */
export const signatureOf = (expression: string, definition: Definition<any>): string =>
  `${expression}(input: ${inputType(definition)}): Promise<${outputType(definition)}>`

/** `typeText(schema, side).length`: Effect Schemas from their cached text, JSON Schemas measured when simple. */
const typeLength = (schema: SchemaType, side: Side): number | undefined =>
  isEffectSchema(schema) ? typeText(schema, side).length : measureType(schema)

/**
 * `signatureOf(expression, definition).length`, given the expression's length, without rendering a JSON-Schema type whose length can be measured
 * (measure.ts); `undefined` when one cannot, so the caller renders.
 */
export const signatureLength = (expression: number, definition: Definition<any>): number | undefined => {
  const input = typeLength(definition.input, "encoded")
  if (input === undefined) return undefined
  const output = definition.output === undefined ? 7 : typeLength(definition.output, "type")
  if (output === undefined) return undefined
  // `(input: ` + input + `): Promise<` + output + `>`
  return expression + 8 + input + 11 + output + 1
}

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
