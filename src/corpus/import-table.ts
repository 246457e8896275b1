import type { CaseReport } from "./judge.js"
import { percent, type CorpusReport } from "./runner.js"

/**
 * The imported-traffic section of the corpus table (docs/corpus-import.md#the-report): cases per format, detected
 * dialect, envelope and model, each with the replay column, then one sentence per format.
 */

const pad = (cells: ReadonlyArray<string>, widths: ReadonlyArray<number>): string =>
  cells
    .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
    .join("  ")
    .trimEnd()

type Imported = CaseReport & { readonly imported: NonNullable<CaseReport["imported"]> }

const verdicts = (cases: ReadonlyArray<Imported>) => {
  const replayed = cases.filter((c) => c.imported.replay !== undefined)
  const count = (v: string) => replayed.filter((c) => c.imported.replay!.verdict === v).length
  return {
    recorded: replayed.length,
    same: count("same"),
    different: count("different"),
    none: count("not comparable"),
  }
}

const table = (title: string, cases: ReadonlyArray<Imported>, key: (c: Imported) => string): string[] => {
  const groups = new Map<string, Imported[]>()
  for (const c of cases) groups.set(key(c), [...(groups.get(key(c)) ?? []), c])
  const header = [title, "cases", "ok", "ok%", "recorded", "same", "different", "not comparable"]
  const rows = [...groups]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, mine]) => {
      const ok = mine.filter((c) => c.stage === "ok").length
      const v = verdicts(mine)
      return [
        name,
        `${mine.length}`,
        `${ok}`,
        percent(ok, mine.length),
        `${v.recorded}`,
        `${v.same}`,
        `${v.different}`,
        `${v.none}`,
      ]
    })
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
  return ["", pad(header, widths), widths.map((w) => "-".repeat(w)).join("  "), ...rows.map((r) => pad(r, widths))]
}

const NOUN: Readonly<Record<string, string>> = { "codex-rollout": "Codex cells", "claude-code": "Claude Code calls" }

const number = (n: number): string => n.toLocaleString("en-US")

/**
 * An imported case that failed only because it called a tool: its session's tools are unknown or answer nothing
 * (src/corpus/import/write.ts), so the failure says nothing about the program. Listed as a count, not one by one.
 */
export const toolsNotRecorded = (c: CaseReport): boolean =>
  c.imported !== undefined &&
  c.stage === "execute" &&
  /^(?:UnknownTool:|ToolFailure: (?:no fixture for this input|the transcript does not record))/.test(c.message)

/** The lines of the section; none when the corpus holds no imported case. */
export const importLines = (report: CorpusReport): string[] => {
  const cases = report.cases.filter((c): c is Imported => c.imported !== undefined)
  if (cases.length === 0) return []
  const lines = [
    "",
    `imported traffic: ${cases.length} code-tool calls from transcripts; replay compares our run with the recorded result (docs/corpus-import.md)`,
    ...table("format", cases, (c) => c.imported.format),
    ...table("detected dialect", cases, (c) => c.detected ?? "none"),
    ...table("envelope", cases, (c) => c.imported.envelope),
    ...table("model", cases, (c) => c.imported.model),
    "",
  ]
  for (const format of [...new Set(cases.map((c) => c.imported.format))].sort()) {
    const v = verdicts(cases.filter((c) => c.imported.format === format))
    const noun = NOUN[format] ?? `${format} calls`
    lines.push(
      v.recorded === 0
        ? `replay: none of your ${noun} has a recorded result to compare with`
        : `replay: of your ${number(v.recorded)} ${noun} with a recorded result, ${number(v.same)} run here with the same answer` +
            ` (${number(v.different)} different, ${number(v.none)} not comparable)`,
    )
  }
  const different = cases.filter((c) => c.imported.replay?.verdict === "different")
  for (const c of different) lines.push(`  [different] ${c.id}: ${c.imported.replay!.reason}`)
  const reasons = new Map<string, number>()
  for (const c of cases)
    if (c.imported.replay?.verdict === "not comparable")
      reasons.set(c.imported.replay.reason, (reasons.get(c.imported.replay.reason) ?? 0) + 1)
  for (const [reason, n] of [...reasons].sort((a, b) => b[1] - a[1])) lines.push(`  not comparable (${n}): ${reason}`)
  return lines
}
