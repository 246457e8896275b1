export { renderDiagnostic } from "../diagnostic-render.js"

export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

const at = (loc: unknown): string => {
  const l = loc as { line?: unknown; column?: unknown } | undefined
  return typeof l?.line === "number" && typeof l.column === "number" ? ` at ${l.line}:${l.column}` : ""
}

/**
 * A receipt for a terminal: the detected dialect and stages, then one line per change and per warning. The full
 * receipt is in the `--json` output; this is the part a person reads.
 */
export const renderReceipt = (receipt: unknown): string => {
  if (typeof receipt !== "object" || receipt === null) return ""
  const r = receipt as {
    dialect?: unknown
    stages?: unknown
    changes?: ReadonlyArray<{ stage?: unknown; rule?: unknown; dialect?: unknown; loc?: unknown; note?: unknown }>
    warnings?: ReadonlyArray<{ message?: unknown; loc?: unknown; replacement?: unknown }>
  }
  const stages = Array.isArray(r.stages) && r.stages.length > 0 ? `; stages: ${r.stages.join(", ")}` : ""
  const lines = [`receipt: dialect ${typeof r.dialect === "string" ? r.dialect : "undetected"}${stages}`]
  for (const c of Array.isArray(r.changes) ? r.changes : []) {
    const who = typeof c.dialect === "string" ? ` (${c.dialect})` : ""
    const note = typeof c.note === "string" && c.note.trim() !== "" ? `: ${c.note}` : ""
    lines.push(`  change ${String(c.stage)}/${String(c.rule)}${who}${at(c.loc)}${note}`)
  }
  for (const w of Array.isArray(r.warnings) ? r.warnings : []) {
    const instead = typeof w.replacement === "string" ? ` (use ${w.replacement})` : ""
    lines.push(`  warning${at(w.loc)}: ${String(w.message)}${instead}`)
  }
  return lines.join("\n")
}
