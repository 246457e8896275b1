import { causeSummary, causeText } from "./cause.js"
import { WRONG_ANSWER } from "./judge.js"
import { percent, totalCounts, type CorpusReport, type DialectCounts } from "./runner.js"

const pad = (cells: ReadonlyArray<string>, widths: ReadonlyArray<number>): string =>
  cells
    .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join("  ")
    .trimEnd()

/** Cases that ran, reported success and returned the wrong value (docs/design.md#corpus-and-coverage: the worst outcome). */
export const silentlyWrong = (report: CorpusReport) => report.cases.filter((c) => c.message.startsWith(WRONG_ANSWER))

/**
 * The readable form of a report (docs/corpus-format.md#table-and-exit-status): one row per dialect, an `ok` column for the
 * frontend-off baseline when one is given, then the failing cases, silently wrong answers first.
 */
export const renderTable = (report: CorpusReport, baseline?: CorpusReport): string => {
  if (report.total === 0)
    return `corpus ${report.root}: no cases found (case files are **/*.case.json or **/*.cases.json; see docs/corpus-format.md)\n`
  const header = ["dialect", "cases", "normalized", "executed", "ok", "ok%"]
  if (baseline) header.push("baseline ok", "baseline%")
  const rows: string[][] = []
  const row = (name: string, c: DialectCounts, b: DialectCounts | undefined): string[] => {
    const cells = [name, `${c.cases}`, `${c.normalized}`, `${c.executed}`, `${c.ok}`, percent(c.ok, c.cases)]
    if (baseline) cells.push(`${b?.ok ?? 0}`, percent(b?.ok ?? 0, b?.cases ?? 0))
    return cells
  }
  for (const [dialect, counts] of Object.entries(report.byDialect))
    rows.push(row(dialect, counts, baseline?.byDialect[dialect]))
  rows.push(row("total", totalCounts(report), baseline ? totalCounts(baseline) : undefined))
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  const rule = widths.map((w) => "-".repeat(w)).join("  ")
  const lines = [
    `corpus ${report.root} (frontend ${report.frontend ? "on" : "off"}): ${report.ok}/${report.total} ok (${percent(report.ok, report.total)})`,
    "",
    pad(header, widths),
    rule,
    ...rows.slice(0, -1).map((r) => pad(r, widths)),
    rule,
    pad(rows.at(-1)!, widths),
  ]
  const wrong = silentlyWrong(report)
  if (wrong.length > 0) {
    lines.push("", `silently wrong answers (ran OK, wrong result): ${wrong.length}`)
    lines.push(`  by a re-run under V8: ${causeSummary(wrong.map((c) => c.cause))}`)
    for (const c of wrong) lines.push(`  ${c.id} (${c.dialect}) [${causeText(c.cause)}]: ${c.message}`)
  }
  const failing = report.cases.filter((c) => c.stage !== "ok" && !c.message.startsWith(WRONG_ANSWER))
  if (failing.length > 0) {
    lines.push("", `failing cases: ${failing.length}`)
    for (const c of failing) {
      const detected = c.detected && c.detected !== c.dialect ? `, detected ${c.detected}` : ""
      lines.push(`  [${c.stage}] ${c.id} (${c.dialect}${detected}): ${c.message}`)
    }
  }
  return `${lines.join("\n")}\n`
}
