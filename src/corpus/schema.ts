import { fieldPath, type Problems } from "./errors.js"
import { isPlainObject } from "./json.js"

/**
 * Small structural checks for the corpus formats. Unknown keys are errors (a typo such as `expect.valeu` would
 * otherwise silently weaken a case) except keys starting with `$`, kept free for comments such as `$comment`.
 */
export const checkKeys = (
  problems: Problems,
  at: string,
  value: Record<string, unknown>,
  allowed: ReadonlyArray<string>,
): void => {
  for (const key of Object.keys(value)) {
    if (key.startsWith("$") || allowed.includes(key)) continue
    problems.add(fieldPath(at, key), `unknown field (expected one of: ${allowed.join(", ")})`)
  }
}

export const requireObject = (problems: Problems, at: string, value: unknown): Record<string, unknown> | undefined => {
  if (isPlainObject(value)) return value
  problems.add(at, `must be an object, got ${describe(value)}`)
  return undefined
}

export const requireString = (problems: Problems, at: string, value: unknown, nonEmpty = true): value is string => {
  if (typeof value === "string" && (!nonEmpty || value.trim() !== "")) return true
  problems.add(
    at,
    value === undefined ? "is required (a string)" : `must be a non-empty string, got ${describe(value)}`,
  )
  return false
}

export const optionalString = (problems: Problems, at: string, value: unknown): void => {
  if (value !== undefined && typeof value !== "string") problems.add(at, `must be a string, got ${describe(value)}`)
}

/** A JSON Schema document is an object or a boolean (@opencode-ai/codemode 1.18 `Tool.make`, render-only schemas). */
export const requireJsonSchema = (problems: Problems, at: string, value: unknown): boolean => {
  if (isPlainObject(value) || typeof value === "boolean") return true
  problems.add(
    at,
    value === undefined ? "is required (a JSON Schema)" : `must be a JSON Schema, got ${describe(value)}`,
  )
  return false
}

export const describe = (value: unknown): string => {
  if (value === null) return "null"
  if (Array.isArray(value)) return "an array"
  if (typeof value === "object") return "an object"
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`
  return `${typeof value} ${String(value)}`
}
