// The type-check section of the corpus table (docs/typecheck.md#measured-on-the-corpus).
import type { CaseReport } from "./judge.js"
import { percent, type CorpusReport } from "./runner.js"
import { isCorrect, typecheckCounts } from "./typecheck.js"

const pad = (cells: ReadonlyArray<string>, widths: ReadonlyArray<number>): string =>
  cells
    .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join("  ")
    .trimEnd()

/** The table's lines: one row per dialect and a total, then each false alarm with its first finding. */
export const typecheckLines = (report: CorpusReport, mode: string): string[] => {
  const header = ["dialect", "run-time mistakes", "flagged", "flagged%", "ran correctly", "false alarms", "alarm%"]
  const row = (name: string, cases: ReadonlyArray<CaseReport>): string[] => {
    const n = typecheckCounts(cases)
    const cells = [`${n.mistakes}`, `${n.flagged}`, percent(n.flagged, n.mistakes), `${n.correct}`, `${n.alarms}`]
    return [name, ...cells, percent(n.alarms, n.correct)]
  }
  const dialects = [...new Set(report.cases.map((c) => c.dialect))].sort()
  const rows = [
    ...dialects.map((d) =>
      row(
        d,
        report.cases.filter((c) => c.dialect === d),
      ),
    ),
    row("total", report.cases),
  ]
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const rule = widths.map((w) => "-".repeat(w)).join("  ")
  const lines = [
    "",
    `type check (--typecheck ${mode}): run-time mistakes are programs that failed through their own mistake ` +
      "(UnknownTool, InvalidToolInput, InvalidDataValue, ExecutionFailure, or a wrong answer V8 gives too)",
    pad(header, widths),
    rule,
    ...rows.slice(0, -1).map((r) => pad(r, widths)),
    rule,
    pad(rows.at(-1)!, widths),
  ]
  const alarms = report.cases.filter((c) => isCorrect(c) && (c.typecheck?.findings.length ?? 0) > 0)
  if (alarms.length > 0) {
    lines.push("", `false alarms: ${alarms.length}`)
    for (const c of alarms) lines.push(`  ${c.id} (${c.dialect}): ${c.typecheck!.findings[0]}`)
  }
  return lines
}
