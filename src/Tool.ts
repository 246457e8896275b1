export { make, isDefinition, isEffectSchema, isJsonSchema } from "./tool/Tool.js"
export type { Definition, Options, SchemaType, JsonSchema, EffectSchema, Tree } from "./tool/Tool.js"
