// The model-facing contract of `tools.$codemode.search` (@opencode-ai/codemode 1.18 "Discovery"), as render-only JSON Schemas the
// runtime can register with `Tool.make`; `search` in `search.ts` validates its input itself.
import type { JsonSchema } from "../tool/Tool.js"
import { renderPath } from "./path.js"
import { renderJsonSchemaSignature } from "./signature.js"

export const defaultSearchLimit = 10

/** The search tool's canonical path: `$codemode.search`, called as `tools.$codemode.search`. */
export const searchToolPath: ReadonlyArray<string> = ["$codemode", "search"]

export const searchToolDescription = "Search the available Code Mode tools by intent, namespace or exact path"

export const searchInputSchema: JsonSchema = {
  type: "object",
  properties: {
    query: { type: "string", description: "Words describing the tool you need, or its exact path; empty browses" },
    namespace: { type: "string", description: "Only search this top-level namespace" },
    limit: { type: "integer", minimum: 1, default: defaultSearchLimit, description: "Results per page" },
    offset: { type: "integer", minimum: 0, default: 0, description: "Zero-based index of the first result" },
  },
}

export const searchOutputSchema: JsonSchema = {
  type: "object",
  properties: {
    items: {
      type: "array",
      items: {
        type: "object",
        properties: {
          path: { type: "string", description: "Call expression, e.g. tools.<namespace>.<tool>" },
          description: { type: "string" },
          signature: { type: "string", description: "Complete TypeScript signature" },
        },
        required: ["path", "description", "signature"],
      },
    },
    remaining: { type: "integer", description: "Matches after this page" },
    next: {
      anyOf: [{ type: "object", properties: { offset: { type: "integer" } }, required: ["offset"] }, { type: "null" }],
      description: "Spread into the request for the next page; null on the last page",
    },
  },
  required: ["items", "remaining", "next"],
}

export const searchSignature = renderJsonSchemaSignature(
  renderPath(searchToolPath),
  searchInputSchema,
  searchOutputSchema,
)

/** A schema without the keys that render as JSDoc (descriptions, defaults, bounds): types only. */
const typesOnly = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(typesOnly)
  if (typeof schema !== "object" || schema === null) return schema
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === "description" || key === "default" || key === "minimum") continue
    // Under `properties` the keys are field names (one is `description`), each holding a schema.
    out[key] =
      key === "properties" && typeof value === "object" && value !== null
        ? Object.fromEntries(Object.entries(value).map(([name, field]) => [name, typesOnly(field)]))
        : typesOnly(value)
  }
  return out
}

/** The search signature the partial instructions show: types only, so the list stays short. */
export const searchSignatureBrief = renderJsonSchemaSignature(
  renderPath(searchToolPath),
  typesOnly(searchInputSchema) as JsonSchema,
  typesOnly(searchOutputSchema) as JsonSchema,
)
