import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, statSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { FORMATS } from "./formats/index.js"
import type { RedactOptions } from "./redact.js"
import { codeToolCall } from "./select.js"
import type { ImportProblem, TranscriptFormat } from "./types.js"
import { caseFileOf, caseOf, noToolsToolset, offeredToolset, type CaseDocument, type ToolsetDocument } from "./write.js"

/** `codemode corpus import`: transcripts in, a corpus folder out (docs/corpus-import.md). */

export interface ImportOptions {
  /** A format id: every file is read with it instead of detecting (`--format`). */
  readonly format?: string | undefined
  /** More code-tool names (`--tool`). */
  readonly tools?: ReadonlyArray<string> | undefined
  readonly redact?: RedactOptions | undefined
  /** Count everything, write nothing (`--dry-run`). */
  readonly dryRun?: boolean | undefined
  readonly onProgress?: ((done: number, total: number, file: string) => void) | undefined
  readonly formats?: ReadonlyArray<TranscriptFormat> | undefined
}

export interface FormatCounts {
  files: number
  calls: number
  kept: number
}

export interface ImportSummary {
  /** Files looked at (given, or found under a given directory). */
  readonly files: number
  /** Files no format recognized (a file given by name is also reported as a problem). */
  readonly unrecognized: number
  readonly byFormat: Readonly<Record<string, FormatCounts>>
  readonly callsSeen: number
  readonly kept: number
  /** Kept calls whose result the transcript recorded. */
  readonly withResult: number
  readonly redactedCases: number
  readonly redactedValues: number
  readonly problems: ReadonlyArray<ImportProblem>
  /** Files written (relative to the output folder), empty with `dryRun`. */
  readonly written: ReadonlyArray<string>
  readonly seconds: number
}

const WALKED = /\.(jsonl|ndjson|json)$/i
const HEAD_BYTES = 64 * 1024

/** Files under the paths: a file as given, a directory walked (sorted; `.git` and `node_modules` skipped). */
const listFiles = (
  paths: ReadonlyArray<string>,
  problems: ImportProblem[],
): Array<{ file: string; given: boolean }> => {
  const out: Array<{ file: string; given: boolean }> = []
  const walk = (dir: string): void => {
    let entries
    try {
      entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))
    } catch (e) {
      problems.push({
        file: dir,
        line: 0,
        message: `cannot read the directory: ${(e as NodeJS.ErrnoException).code ?? e}`,
      })
      return
    }
    for (const entry of entries) {
      const full = join(dir, entry.name)
      if (entry.isDirectory() && entry.name !== ".git" && entry.name !== "node_modules") walk(full)
      else if (entry.isFile() && WALKED.test(entry.name)) out.push({ file: full, given: false })
    }
  }
  for (const path of paths) {
    let stat
    try {
      stat = statSync(path)
    } catch (e) {
      problems.push({ file: path, line: 0, message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? e}` })
      continue
    }
    if (stat.isDirectory()) walk(path)
    else out.push({ file: path, given: true })
  }
  return out
}

const readHead = (file: string): string => {
  const fd = openSync(file, "r")
  try {
    const buffer = Buffer.alloc(HEAD_BYTES)
    const n = readSync(fd, buffer, 0, HEAD_BYTES, 0)
    return buffer.subarray(0, n).toString("utf8")
  } finally {
    closeSync(fd)
  }
}

export const formatIds = (formats: ReadonlyArray<TranscriptFormat> = FORMATS): string[] => formats.map((f) => f.id)

export const importTranscripts = (
  paths: ReadonlyArray<string>,
  out: string | undefined,
  options: ImportOptions = {},
): ImportSummary => {
  const started = performance.now()
  const formats = options.formats ?? FORMATS
  const forced = options.format === undefined ? undefined : formats.find((f) => f.id === options.format)
  if (options.format !== undefined && !forced) throw new Error(`unknown format "${options.format}"`)
  const problems: ImportProblem[] = []
  const files = listFiles(paths, problems)
  const byFormat: Record<string, FormatCounts> = {}
  const caseFiles = new Map<string, CaseDocument[]>()
  const toolsets = new Map<string, ToolsetDocument>()
  const ids = new Set<string>()
  let unrecognized = 0
  let callsSeen = 0
  let kept = 0
  let withResult = 0
  let redactedCases = 0
  let redactedValues = 0
  files.forEach(({ file, given }, i) => {
    options.onProgress?.(i, files.length, file)
    let format = forced
    try {
      if (!format) {
        const head = readHead(file)
        format = formats.find((f) => f.detect({ path: file, head }))
      }
      if (!format) {
        unrecognized++
        if (given)
          problems.push({
            file,
            line: 0,
            message: `no format recognizes it (formats: ${formatIds(formats).join(", ")})`,
          })
        return
      }
      const text = readFileSync(file, "utf8")
      const read = format.read(text, file)
      problems.push(...read.problems)
      const counts = (byFormat[format.id] ??= { files: 0, calls: 0, kept: 0 })
      counts.files++
      counts.calls += read.calls.length
      callsSeen += read.calls.length
      const { path, stem } = caseFileOf(format.id, file)
      for (const call of read.calls) {
        if (codeToolCall(call, options.tools) === undefined) continue
        const toolset = call.tools && call.tools.length > 0 ? offeredToolset(format.id, call.tools) : noToolsToolset()
        toolsets.set(toolset.name, toolset)
        const c = caseOf(call, stem, toolset.name, options.redact ?? {}, ids)
        const list = caseFiles.get(path) ?? []
        list.push(c)
        caseFiles.set(path, list)
        counts.kept++
        kept++
        if (c.recorded) withResult++
        if (c.source.import.redacted > 0) {
          redactedCases++
          redactedValues += c.source.import.redacted
        }
      }
    } catch (e) {
      problems.push({
        file,
        line: 0,
        message: `cannot read: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      })
    }
  })
  options.onProgress?.(files.length, files.length, "")
  const written: string[] = []
  if (!options.dryRun && out !== undefined && caseFiles.size > 0) {
    const write = (relative: string, value: unknown): void => {
      const full = join(out, relative)
      mkdirSync(dirname(full), { recursive: true })
      writeFileSync(full, `${JSON.stringify(value, null, 2)}\n`)
      written.push(relative)
    }
    for (const [name, toolset] of toolsets) write(`toolsets/${name}.json`, toolset)
    for (const [path, cases] of caseFiles) write(path, cases)
  }
  return {
    files: files.length,
    unrecognized,
    byFormat,
    callsSeen,
    kept,
    withResult,
    redactedCases,
    redactedValues,
    problems,
    written,
    seconds: (performance.now() - started) / 1000,
  }
}
