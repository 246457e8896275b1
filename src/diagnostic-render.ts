import type { Diagnostic } from "./diagnostic.js"
import { renderCaret } from "./position.js"

/**
 * A diagnostic for a terminal: `Kind: message`, then `line:column`, the offending line and a caret under the column
 * when the location falls inside `source` (docs/style.md#habits, habit 6), then suggestions.
 */
export const renderDiagnostic = (d: Diagnostic, source: string | undefined): string => {
  const lines = [`${d.kind}: ${d.message}`]
  if (d.location) {
    const inside = source !== undefined && d.location.line >= 1 && d.location.line <= source.split("\n").length
    const where = inside
      ? renderCaret(source!, d.location.line, d.location.column)
      : `${d.location.line}:${d.location.column}`
    lines.push(...where.split("\n").map((l) => `  ${l}`))
  }
  for (const s of d.suggestions ?? []) lines.push(`  hint: ${s}`)
  return lines.join("\n")
}
