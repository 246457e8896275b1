import { causeSummary, causeText } from "./cause.js"
import { WRONG_ANSWER } from "./judge.js"
import { typecheckLines } from "./typecheck-table.js"
import { importLines, toolsNotRecorded } from "./import-table.js"
import { percent, totalCounts, type CorpusReport, type DialectCounts } from "./runner.js"

const pad = (cells: ReadonlyArray<string>, widths: ReadonlyArray<number>): string =>
  cells
    .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join("  ")
    .trimEnd()

/** Cases that ran, reported success and returned the wrong value (docs/design.md#corpus-and-coverage: the worst outcome). */
export const silentlyWrong = (report: CorpusReport) => report.cases.filter((c) => c.message.startsWith(WRONG_ANSWER))

/** Case ids of the vendor conformance set: programs from a system's own tests, docs, prompts or recorded turns. */
export const VENDOR_PREFIX = "vendor-"

/**
 * A silently wrong answer the native system would not give: a vendor case (its expected answer is what the source
 * says its own system returns), or one whose re-run under V8 does not give the same answer (a runtime fault, a case V8
 * could not run, or one not re-run). A model-output case V8 agrees with is the model's mistake: its own system would
 * compute the same thing.
 */
export const differsFromNative = (c: CorpusReport["cases"][number]): boolean =>
  c.message.startsWith(WRONG_ANSWER) && (c.id.startsWith(VENDOR_PREFIX) || c.cause?.kind !== "program")

/** The two silent-failure columns of a dialect row (or of the total row, name "total"). */
export const silentCounts = (report: CorpusReport, name: string): { wrong: number; native: number } => {
  const wrong = silentlyWrong(report).filter((c) => name === "total" || c.dialect === name)
  return { wrong: wrong.length, native: wrong.filter(differsFromNative).length }
}

/** Cases, ok and share of the corpus per group (model family, or system in the vendor set). */
const groupTable = (
  report: CorpusReport,
  title: string,
  key: (c: CorpusReport["cases"][number]) => string,
  share: boolean,
): string[] => {
  const groups = new Map<string, { cases: number; ok: number }>()
  for (const c of report.cases) {
    const g = groups.get(key(c)) ?? { cases: 0, ok: 0 }
    g.cases++
    if (c.stage === "ok") g.ok++
    groups.set(key(c), g)
  }
  const header = [title, "cases", "ok", "ok%", ...(share ? ["share of corpus"] : [])]
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, g]) => [
      name,
      `${g.cases}`,
      `${g.ok}`,
      percent(g.ok, g.cases),
      ...(share ? [percent(g.cases, report.cases.length)] : []),
    ])
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return ["", pad(header, widths), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map((r) => pad(r, widths))]
}

/**
 * The readable form of a report (docs/corpus-format.md#table-and-exit-status): one row per dialect, an `ok` column for the
 * frontend-off baseline when one is given, then the failing cases, silently wrong answers first.
 */
export const renderTable = (report: CorpusReport, baseline?: CorpusReport): string => {
  if (report.total === 0)
    return `corpus ${report.root}: no cases found (case files are **/*.case.json or **/*.cases.json; see docs/corpus-format.md)\n`
  const header = ["dialect", "cases", "normalized", "executed", "ok", "ok%", "ran ok, wrong", "≠ native"]
  if (baseline) header.push("baseline ok", "baseline%")
  const rows: string[][] = []
  const row = (name: string, c: DialectCounts, b: DialectCounts | undefined): string[] => {
    const cells = [name, `${c.cases}`, `${c.normalized}`, `${c.executed}`, `${c.ok}`, percent(c.ok, c.cases)]
    // Ran, reported ok, and gave the wrong answer; of those, the ones the native system would not give.
    const silent = silentCounts(report, name)
    cells.push(`${silent.wrong}`, `${silent.native}`)
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
  if (report.typecheck !== undefined) lines.push(...typecheckLines(report, report.typecheck))
  lines.push(...groupTable(report, "model family", (c) => c.family ?? "unknown", true))
  lines.push(...importLines(report))
  const vendor = report.cases.filter((c) => c.id.startsWith(VENDOR_PREFIX))
  if (vendor.length > 0) {
    const ok = vendor.filter((c) => c.stage === "ok").length
    lines.push(
      "",
      `vendor conformance set (programs from each system's own public material): ${ok}/${vendor.length} run as their own system would (${percent(ok, vendor.length)})`,
    )
    lines.push(...groupTable({ ...report, cases: vendor }, "system", (c) => c.dialect, false).slice(1))
  }
  const asText = report.cases.filter((c) => c.asText)
  if (asText.length > 0)
    lines.push(
      "",
      `answer as JSON text (ok: a text-only answer equal to the expected value's JSON): ${asText.length} — ${asText.map((c) => c.id).join(", ")}`,
    )
  const wrong = silentlyWrong(report)
  if (wrong.length > 0) {
    lines.push("", `silently wrong answers (ran OK, wrong result): ${wrong.length}`)
    lines.push(`  by a re-run under V8: ${causeSummary(wrong.map((c) => c.cause))}`)
    for (const c of wrong) lines.push(`  ${c.id} (${c.dialect}) [${causeText(c.cause)}]: ${c.message}`)
  }
  const unanswered = report.cases.filter(toolsNotRecorded)
  const failing = report.cases.filter(
    (c) => c.stage !== "ok" && !c.message.startsWith(WRONG_ANSWER) && !toolsNotRecorded(c),
  )
  if (unanswered.length > 0)
    lines.push(
      "",
      `imported cases that stopped at a tool call the transcript holds no answer for: ${unanswered.length} (not listed)`,
    )
  if (failing.length > 0) {
    lines.push("", `failing cases: ${failing.length}`)
    for (const c of failing) {
      const detected = c.detected && c.detected !== c.dialect ? `, detected ${c.detected}` : ""
      lines.push(`  [${c.stage}] ${c.id} (${c.dialect}${detected}): ${c.message}`)
    }
  }
  return `${lines.join("\n")}\n`
}
