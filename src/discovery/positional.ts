import type { Definition } from "../tool/Tool.js"
import { isObject, jsonSchemaOf } from "./json-schema.js"

/**
 * The input property names a tool's positional arguments fill (`Tool.make`'s `positional`), `true` read as the
 * input schema's `properties` in declaration order; `undefined` for a tool that takes one input object.
 */
export const positionalNames = (definition: Definition<any>): ReadonlyArray<string> | undefined => {
  const declared = definition.positional
  if (declared === undefined) return undefined
  if (declared !== true) return declared
  const schema = jsonSchemaOf(definition.input, "encoded")
  const properties = isObject(schema) ? schema.properties : undefined
  return isObject(properties) ? Object.keys(properties) : []
}
