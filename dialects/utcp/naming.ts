import type { Naming, ToolPath } from "../../src/frontend/dialect.js"
import { rawName } from "../shared/names.js"

/** One part of a UTCP name: characters outside `[A-Za-z0-9_]` (including `$`) → `_`; a leading digit gets `_`. */
export const sanitizePart = (part: string): string => {
  const out = part.replace(/[^A-Za-z0-9_]/g, "_")
  return /^[0-9]/.test(out) ? `_${out}` : out
}

/**
 * UTCP's rule (docs/dialects.md#tool-names): the raw name `manual.tool.x` splits on the first `.`: the manual is a namespace,
 * the remaining parts, each sanitized, join with `_` into the function (`github.repos.list` → `github.repos_list`).
 * An undotted name is a global function (`my-tool` → `my_tool`).
 */
export const spell = (path: ToolPath): ReadonlyArray<string> => {
  const [manual, ...rest] = rawName(path).split(".")
  if (rest.length === 0) return [sanitizePart(manual!)]
  return [`${sanitizePart(manual!)}.${rest.map(sanitizePart).join("_")}`]
}

export const naming: Naming = { spell }
