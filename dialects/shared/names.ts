import type { ToolPath } from "../../src/frontend/dialect.js"
import { buildToolPath, isIdentifierName, piIdentifier, renderPath } from "../../src/frontend/dialect-helpers.js"
import type { AnyNode } from "./ast.js"

/**
 * Name helpers for the six foreign dialects. The identifier test, the Pi/Codex identifier rule (docs/dialects.md#tool-names) and
 * the canonical path text/builder are the frontend's own (src/frontend/naming.ts, ast/paths.ts), re-exported so a
 * dialect and the frontend can never disagree on them.
 */
export { isIdentifierName, piIdentifier }

/** The raw (flat) name a foreign system registers for a canonical path: segments joined with `.` (docs/dialects.md#tool-names table). */
export const rawName = (path: ToolPath): string => path.join(".")

/** `tools.a["b-c"]` — the canonical call expression text for a path (docs/dialects.md#canonical-contract "Paths"). */
export const canonicalText = (path: ToolPath): string => renderPath(path)

/** Builds the canonical `tools.<path>` member expression with builders (docs/style.md#habits, habit 4). */
export const toolsMember = (path: ToolPath): AnyNode => buildToolPath(path) as unknown as AnyNode

/** Parses `tools.a["b-c"]` (a `$codemode.search` item path) back into segments. */
export const parseCanonicalText = (text: string): string[] | undefined => {
  if (!text.startsWith("tools")) return undefined
  const out: string[] = []
  let rest = text.slice(5)
  while (rest.length > 0) {
    const dot = /^\.([A-Za-z_$][A-Za-z0-9_$]*)/.exec(rest)
    if (dot) {
      out.push(dot[1]!)
      rest = rest.slice(dot[0].length)
      continue
    }
    const bracket = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest)
    if (!bracket) return undefined
    out.push(JSON.parse(bracket[1]!) as string)
    rest = rest.slice(bracket[0].length)
  }
  return out.length > 0 ? out : undefined
}
