export { make, isDefinition, isEffectSchema, isJsonSchema, positional } from "./tool/Tool.js"
export type { Definition, Options, InputCheck, SchemaType, JsonSchema, EffectSchema, Tree } from "./tool/Tool.js"
