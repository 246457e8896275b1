/**
 * The normalizing frontend (docs/design.md#frontend-stages): raw tool-call arguments of any code-mode dialect →
 * canonical program, printed code, receipt and diagnostics. Pure and deterministic.
 */
import { dialects as registry } from "../dialects/index.js"
import { pythonDialects } from "../dialects/python.js"
import { normalizeWith } from "./frontend/normalize.js"
import type { Normalized, NormalizeOptions } from "./frontend/types.js"

export type { Normalized, NormalizeOptions, Receipt, CatalogEntry } from "./frontend/types.js"
export type { Dialect, DialectId, Evidence, Change, Warning, ExecutionOptions, ToolPath } from "./frontend/dialect.js"
export { makeResolver, type Resolver, type Resolution } from "./frontend/resolver.js"
export { pipeline } from "./frontend/pipeline.js"

/** Normalizes whatever the model put in the tool call (`options.dialects` defaults to the registry). */
export const normalize = (input: unknown, options?: NormalizeOptions): Normalized =>
  normalizeWith(registry, input, options)

/** Every dialect: the JavaScript registry (its detection order), then the Python dialects (docs/python.md). */
export const dialects = [...registry, ...pythonDialects]
