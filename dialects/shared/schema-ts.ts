import { isIdentifierName } from "./names.js"

type Schema = Record<string, unknown>

const isSchema = (value: unknown): value is Schema => typeof value === "object" && value !== null

const key = (name: string): string => (isIdentifierName(name) ? name : JSON.stringify(name))

/**
 * A compact TypeScript type for a JSON Schema, for the instruction texts each system shows its model
 * (docs/dialects.md#discovery-helpers "List" column). Covers objects, arrays, enums/consts, unions and primitives; anything else is
 * `unknown`. `depth` bounds recursion on self-referencing schemas.
 */
export const schemaToTs = (schema: unknown, depth = 0): string => {
  if (!isSchema(schema) || depth > 6) return "unknown"
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(" | ") || "never"
  if ("const" in schema) return JSON.stringify(schema.const)
  const union = (schema.anyOf ?? schema.oneOf) as unknown
  if (Array.isArray(union)) return union.map((s) => schemaToTs(s, depth + 1)).join(" | ")
  const type = schema.type
  if (Array.isArray(type)) return type.map((t) => schemaToTs({ ...schema, type: t }, depth + 1)).join(" | ")
  switch (type) {
    case "string":
      return "string"
    case "number":
    case "integer":
      return "number"
    case "boolean":
      return "boolean"
    case "null":
      return "null"
    case "array":
      return `Array<${schemaToTs(schema.items, depth + 1)}>`
    case "object":
    case undefined: {
      const properties = isSchema(schema.properties) ? schema.properties : undefined
      if (properties === undefined) return type === "object" ? "Record<string, unknown>" : "unknown"
      const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : [])
      const fields = Object.entries(properties).map(([name, sub]) => {
        const doc = isSchema(sub) && typeof sub.description === "string" ? `/** ${sub.description} */ ` : ""
        return `${doc}${key(name)}${required.has(name) ? "" : "?"}: ${schemaToTs(sub, depth + 1)}`
      })
      return fields.length === 0 ? "{}" : `{ ${fields.join("; ")} }`
    }
    default:
      return "unknown"
  }
}

// A one-line JSDoc comment for a description: newlines folded, a closing comment token defused.
export const jsdoc = (description: string, indent = ""): string =>
  description.trim() === ""
    ? ""
    : `${indent}/** ${description.trim().replace(/\s+/g, " ").replace(/\*\//g, "*\\/")} */\n`
