import type { ImportProblem } from "./types.js"

/** One parsed line of a JSON Lines file: its 1-based number and value. */
export interface JsonLine {
  readonly line: number
  readonly value: unknown
}

/**
 * Parses JSON Lines: blank lines are skipped; a line that is not JSON becomes a problem with its file and line and is
 * skipped, so one broken line never loses the rest of the file.
 */
export const readJsonLines = (
  text: string,
  file: string,
): { readonly lines: ReadonlyArray<JsonLine>; readonly problems: ReadonlyArray<ImportProblem> } => {
  const lines: JsonLine[] = []
  const problems: ImportProblem[] = []
  text.split("\n").forEach((raw, i) => {
    const source = raw.endsWith("\r") ? raw.slice(0, -1) : raw
    if (source.trim() === "") return
    try {
      lines.push({ line: i + 1, value: JSON.parse(source) })
    } catch (e) {
      problems.push({ file, line: i + 1, message: `not JSON: ${(e as Error).message}` })
    }
  })
  return { lines, problems }
}

/** The first non-blank lines of a sample that parse as JSON objects (for `detect`; the last line may be cut off). */
export const headObjects = (head: string, max = 5): Array<Record<string, unknown>> => {
  const out: Array<Record<string, unknown>> = []
  for (const raw of head.split("\n")) {
    if (out.length >= max) break
    if (raw.trim() === "") continue
    try {
      const v: unknown = JSON.parse(raw)
      if (typeof v === "object" && v !== null && !Array.isArray(v)) out.push(v as Record<string, unknown>)
    } catch {
      // a cut-off last line, or not JSON Lines at all
    }
  }
  return out
}
