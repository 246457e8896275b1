// What a model reads back from one code-mode step: the value or the diagnostic, the logs, and at most a few short
// notes on repairs worth learning from. The full Result and receipt stay with the host (docs/model-output.md).
import type { Diagnostic } from "../diagnostic.js"
import type { Change, Warning } from "../frontend/dialect.js"
import type { Receipt } from "../frontend/types.js"
import type { Result } from "./schemas.js"

/** The model-facing form of a run: small, stable keys, nothing the model already sent. */
export interface ModelOutput {
  readonly ok: boolean
  readonly value?: unknown
  readonly error?: ModelError
  readonly logs?: ReadonlyArray<string>
  readonly notes?: ReadonlyArray<string>
  readonly truncated?: true
  /** Messages the program sent apart from its output (Codex `notify`): each its own item, before the run's text. */
  readonly notifications?: ReadonlyArray<string>
}

export interface ModelError {
  readonly kind: Diagnostic["kind"]
  readonly message: string
  /** `line:column` in the text the model sent. */
  readonly at?: string
  /** What to write instead, when the diagnostic knows. */
  readonly fix?: string
  /** `ApprovalPending`: the opaque token that continues the run once a person decided (docs/resume.md). */
  readonly resumeToken?: string
}

export interface ModelOutputOptions {
  /** Bytes of log text kept (UTF-8, whole lines first); the rest is counted in one closing line. Default 4,096. */
  readonly maxLogBytes?: number
  /** Bytes of the `note:` line, its line break included, on a successful run; a failed run gets twice as much. Default 40. */
  readonly maxNoteBytes?: number
}

const DEFAULT_LOG_BYTES = 4_096
const DEFAULT_NOTE_BYTES = 40
const NOTE_PREFIX = "\nnote: "
const utf8 = (s: string): number => Buffer.byteLength(s, "utf8")

/** One lesson per kind of repair, in the order a model most needs it; `undefined`: not a mistake worth a note. */
const lessonOf = (change: Change): string | undefined => {
  switch (change.stage) {
    case "resolve":
      return change.note !== undefined && utf8(change.note) <= 30 ? change.note : "tool name resolved"
    case "await":
      return "await added"
    case "fences":
      return "fence removed"
    case "json-program":
      return "JSON calls run as code"
    case "envelope":
      return change.rule === "option-field" ? undefined : "envelope unwrapped"
    default:
      return undefined
  }
}

/**
 * Warnings the run itself added (stage "run"): values the JSON crossing dropped, work cancelled when the run ended
 * (src/interpreter/run-program.ts), a call held for approval (the error says that one); stage "echo": nothing ran.
 */
const runLessons = (warnings: ReadonlyArray<Warning>): ReadonlyArray<string> => {
  const run = warnings.filter((w) => w.stage === "run")
  const count = (test: RegExp) => run.filter((w) => test.test(w.message)).length
  const dropped = count(/\bdropped\b/)
  const cancelled = count(/\bwas cancelled\b/)
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`
  return [
    ...(warnings.some((w) => w.stage === "echo") ? ["nothing ran: send code"] : []),
    ...(cancelled === 0 ? [] : [`${plural(cancelled, "unawaited task")} cancelled`]),
    ...(dropped === 0 ? [] : [`${plural(dropped, "value")} dropped (JSON result)`]),
  ]
}

/** Distinct lessons joined until `budget` bytes; what does not fit is counted, never dropped silently. */
export const notesOf = (receipt: Receipt | undefined, budget: number): ReadonlyArray<string> => {
  if (receipt === undefined) return []
  const lessons: string[] = [...runLessons(receipt.warnings)]
  for (const c of receipt.changes) {
    const l = lessonOf(c)
    if (l !== undefined && !lessons.includes(l)) lessons.push(l)
  }
  const kept: string[] = []
  let used = 0
  for (const [i, lesson] of lessons.entries()) {
    const rest = lessons.length - i - 1
    const more = rest > 0 ? ` (+${rest})` : ""
    if (used + utf8(lesson) + utf8(more) > budget) {
      const left = lessons.length - i
      if (kept.length > 0) kept[kept.length - 1] += ` (+${left})`
      else kept.push(`${left} repair${left === 1 ? "" : "s"} made`)
      break
    }
    kept.push(lesson)
    used += utf8(lesson) + 2
  }
  return kept
}

/** Whole lines up to `budget` bytes, then one line saying how many were left out. */
export const boundedLogs = (logs: ReadonlyArray<string>, budget: number): ReadonlyArray<string> => {
  const kept: string[] = []
  let used = 0
  for (const line of logs) {
    const size = utf8(line) + 1
    if (used + size > budget) break
    kept.push(line)
    used += size
  }
  const left = logs.length - kept.length
  return left === 0 ? kept : [...kept, `… ${left} more log line${left === 1 ? "" : "s"} (in the host's Result)`]
}

const errorOf = (d: Diagnostic): ModelError => ({
  kind: d.kind,
  message: d.message,
  ...(d.location === undefined ? {} : { at: `${d.location.line}:${d.location.column}` }),
  ...(d.suggestions === undefined || d.suggestions.length === 0 ? {} : { fix: d.suggestions.join("; ") }),
  ...(typeof d.resumeToken === "string" ? { resumeToken: d.resumeToken } : {}),
})

/** The model-facing form of a Result (with its receipt when the run had one). */
export const forModel = (
  result: Result & { readonly receipt?: Receipt | undefined },
  options: ModelOutputOptions = {},
): ModelOutput => {
  const noteBytes = options.maxNoteBytes ?? DEFAULT_NOTE_BYTES
  const logs = boundedLogs(result.logs ?? [], options.maxLogBytes ?? DEFAULT_LOG_BYTES)
  const notes = notesOf(result.receipt, (result.ok ? noteBytes : noteBytes * 2) - NOTE_PREFIX.length)
  return {
    ok: result.ok,
    ...(result.ok ? { value: result.value } : { error: errorOf(result.error) }),
    ...(logs.length === 0 ? {} : { logs }),
    ...(notes.length === 0 ? {} : { notes }),
    // A Codex cell cut by max_output_tokens says so in its own text (Codex's header and marker, truncate.ts).
    ...(result.truncated && result.receipt?.options.truncation !== "middle" ? { truncated: true as const } : {}),
    ...(result.notifications === undefined || result.notifications.length === 0
      ? {}
      : { notifications: result.notifications }),
  }
}

/**
 * The same as plain text: the value as JSON (or `Kind at line:column: message` and `fix: …`), then the logs, then
 * one `note:` line; before them, one `notify: …` line per notification. What a host without structured results
 * passes to the model.
 */
export const modelText = (output: ModelOutput): string =>
  [...(output.notifications ?? []).map((n) => `notify: ${n}`), runText(output)].join("\n")

/**
 * The same as separate text items, for hosts whose results hold several (MCP `content`): each notification on its
 * own, as Codex sends `notify` items apart from the cell's output, then the run's text.
 */
export const modelItems = (output: ModelOutput): ReadonlyArray<string> => [
  ...(output.notifications ?? []),
  runText(output),
]

/** The value or diagnostic, the logs and the `note:` line. */
const runText = (output: ModelOutput): string => {
  const lines: string[] = []
  // A run that printed and returned nothing (a Codex cell, a Python script) reads as its lines alone.
  const printedOnly = output.ok && (output.value ?? null) === null && (output.logs?.length ?? 0) > 0
  if (output.ok && !printedOnly) lines.push(JSON.stringify(output.value) ?? "undefined")
  else if (output.error !== undefined) {
    const e = output.error
    lines.push(`${e.kind}${e.at === undefined ? "" : ` at ${e.at}`}: ${e.message}`)
    if (e.fix !== undefined) lines.push(`fix: ${e.fix}`)
    if (e.resumeToken !== undefined) lines.push(`resume token: ${e.resumeToken}`)
  }
  if (output.logs !== undefined) lines.push(...output.logs)
  if (output.truncated) lines.push("(output truncated to the run's maxOutputBytes)")
  const text = lines.join("\n")
  return output.notes === undefined ? text : `${text}${NOTE_PREFIX}${output.notes.join("; ")}`
}
