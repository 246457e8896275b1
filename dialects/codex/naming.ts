import type { Naming, ToolPath } from "../../src/frontend/dialect.js"
import { piIdentifier } from "../shared/names.js"

/**
 * Codex spells a tool `tools.<id>` with Pi's per-character rule (docs/dialects.md#tool-names: "same rule as Pi"; no reserved
 * words, no collision check). A nested path is a flat raw name (`github.repos.list` → `github_repos_list`) or, for
 * an MCP server namespace, `mcp__<server>__<tool>` (`mcp__dev-radius__search` → `mcp__dev_radius__search`).
 */
export const spell = (path: ToolPath): ReadonlyArray<string> => {
  const ids = new Set([piIdentifier(path.join("."))])
  if (path.length >= 2) ids.add(piIdentifier(`mcp__${path[0]}__${path.slice(1).join(".")}`))
  return [...ids].map((id) => `tools.${id}`)
}

export const naming: Naming = { spell }
