import type { ToolPath } from "./dialect.js"

const IDENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Whether `name` can be written as `.name` (docs/dialects.md#tool-names opencode row). */
export const isIdentifierName = (name: string): boolean => IDENT.test(name)

/**
 * Pi's (and Codex's) `toCodemodeIdentifier`: each character invalid at its position becomes `_`; empty → `_`;
 * reserved words kept (docs/dialects.md#tool-names pi row).
 */
export const piIdentifier = (raw: string): string => {
  if (raw === "") return "_"
  let out = ""
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!
    out += (i === 0 ? /[A-Za-z_$]/ : /[A-Za-z0-9_$]/).test(ch) ? ch : "_"
  }
  return out
}

/** Fuzzy key of docs/dialects.md#tool-paths: lowercase, runs of `[^a-z0-9]` → `_`, trimmed of `_`. */
export const fuzzyKey = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")

/** The raw flat names a host may have given a canonical path (docs/dialects.md#tool-paths: `a.b, a__b, a_b, a/b, a-b`, also `mcp__`). */
export const rawJoins = (path: ToolPath): ReadonlyArray<string> => {
  if (path.length === 1) return [path[0]!, `mcp__${path[0]}`]
  const joins = [".", "__", "_", "/", "-"].map((sep) => path.join(sep))
  return [...joins, ...joins.map((j) => `mcp__${j}`)]
}

/** Bounded Levenshtein distance for "did you mean" suggestions. */
export const editDistance = (a: string, b: string): number => {
  // Quadratic: names past 256 characters are never "close" (an 8 KB name would take 64 M steps per candidate).
  if (Math.abs(a.length - b.length) > 8 || a.length > 256 || b.length > 256) return 99
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    }
    prev = cur
  }
  return prev[b.length]!
}

/** Canonical call expression text of a path, e.g. `tools.context7["resolve-library-id"]` (for messages). */
export const renderPath = (path: ToolPath): string =>
  "tools" + path.map((s) => (isIdentifierName(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("")
