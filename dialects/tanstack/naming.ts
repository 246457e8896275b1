import type { Naming, ToolPath } from "../../src/frontend/dialect.js"
import { piIdentifier } from "../shared/names.js"

/**
 * TanStack binds each tool as a global `external_<name>` (docs/dialects.md#tool-names); a name must be an identifier, so a
 * host flattens paths and non-identifier characters the Pi way (docs/dialects.md#tool-names: `external_my_tool` for tool `my-tool`).
 * Nested paths join with `_` (and `__`, a common host choice; unverified which one a host uses).
 */
export const spell = (path: ToolPath): ReadonlyArray<string> => {
  const joins = new Set([path.join("_"), path.join("__")])
  return [...joins].map((raw) => `external_${piIdentifier(raw)}`)
}

export const naming: Naming = { spell }
