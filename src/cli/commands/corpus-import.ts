import { UsageError, type Io } from "../io.js"
import { parse } from "../args.js"
import { CORPUS_IMPORT_HELP } from "../help.js"

const OPTIONS = {
  out: { type: "string" },
  format: { type: "string" },
  tool: { type: "string", multiple: true },
  redact: { type: "string", multiple: true },
  "redact-home": { type: "boolean" },
  "dry-run": { type: "boolean" },
} as const

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? "" : "s"}`

/** `codemode corpus import PATH... --out DIR` (docs/corpus-import.md). */
export const corpusImportCommand = async (argv: ReadonlyArray<string>, io: Io): Promise<number> => {
  if (argv.includes("--help") || argv.includes("-h")) {
    const { formatIds } = await import("../../corpus/import/import.js")
    io.out(CORPUS_IMPORT_HELP.replace("FORMAT_IDS", formatIds().join(", ")))
    return 0
  }
  const { values, positionals } = parse(argv, OPTIONS, "corpus import")
  if (positionals.length === 0) throw new UsageError("corpus import needs at least one transcript file or directory")
  const dryRun = values["dry-run"] === true
  if (values.out === undefined && !dryRun) throw new UsageError("corpus import needs --out <dir> (or --dry-run)")
  if (values.out !== undefined && values.out.trim() === "") throw new UsageError("--out needs a directory name")
  const { importTranscripts, formatIds } = await import("../../corpus/import/import.js")
  if (values.format !== undefined && !formatIds().includes(values.format))
    throw new UsageError(`unknown format "${values.format}" (formats: ${formatIds().join(", ")})`)
  const summary = importTranscripts(positionals, values.out, {
    format: values.format,
    tools: values.tool,
    redact: { values: values.redact, home: values["redact-home"] === true },
    dryRun,
    onProgress: (done, total, file) => {
      if (!io.interactive || io.status === undefined || total < 20) return
      io.status(done < total ? `${done}/${total} ${file}` : "")
    },
  })
  for (const p of summary.problems) io.err(`${p.file}${p.line > 0 ? `:${p.line}` : ""}: ${p.message}\n`)
  const formats = Object.entries(summary.byFormat)
    .map(([id, c]) => `${id} (${plural(c.files, "file")}, ${c.calls} calls, ${c.kept} kept)`)
    .join(", ")
  // Reading dominates, so the rate is per call read: a large session with one kept call is not "slow per case".
  const perThousand =
    ` in ${summary.seconds.toFixed(2)} s` +
    (summary.callsSeen > 0
      ? ` (${((1000 * summary.seconds) / summary.callsSeen).toFixed(2)} s per 1,000 calls read)`
      : "")
  const lines = [
    `${dryRun ? "dry run, nothing written: " : ""}${plural(summary.files, "file")} read` +
      (summary.unrecognized > 0 ? `, ${summary.unrecognized} in no known format` : ""),
    `formats: ${formats || "none"}`,
    `calls seen: ${summary.callsSeen}; code-tool calls kept: ${summary.kept}, ${summary.withResult} with the recorded result`,
    `redacted: ${plural(summary.redactedValues, "value")} in ${plural(summary.redactedCases, "case")}`,
    `problems: ${summary.problems.length}${summary.problems.length > 0 ? " (listed on stderr)" : ""}`,
    dryRun
      ? `would write ${plural(summary.kept, "case")}${perThousand}`
      : `wrote ${plural(summary.kept, "case")} in ${plural(summary.written.length, "file")} under ${values.out}` +
        `${perThousand}${summary.kept > 0 ? `; report: codemode corpus ${values.out}` : ""}`,
  ]
  io.out(`${lines.join("\n")}\n`)
  return Object.keys(summary.byFormat).length === 0 && summary.problems.length > 0 ? 1 : 0
}
