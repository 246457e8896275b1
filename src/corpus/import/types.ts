/**
 * The seam between transcript formats and `codemode corpus import`. A format reads one file into every tool call it
 * records (any tool, not only code tools): the import decides which calls are code-tool calls and writes the cases.
 */

/** Where a call was recorded, as precisely as the transcript allows. */
export interface Provenance {
  /** The format id that read it (`TranscriptFormat.id`). */
  readonly format: string
  /** The file as given to the import (relative to the working directory when it was given that way). */
  readonly file: string
  /** 1-based line of the record holding the call (1 for a single JSON document). */
  readonly line: number
  readonly session?: string | undefined
  /** ISO 8601, as the transcript records it. */
  readonly timestamp?: string | undefined
  /** The model the transcript names for the turn that made the call. */
  readonly model?: string | undefined
  /** The call's id in the transcript, used to pair it with its result. */
  readonly callId?: string | undefined
}

/** A tool the session offered the model, when the transcript lists them. */
export interface OfferedTool {
  readonly name: string
  readonly description?: string | undefined
  readonly inputSchema?: unknown
}

/** What the real system returned for the call, when the transcript recorded it. */
export interface RecordedResult {
  /** The result as the model saw it, text parts joined by a newline. */
  readonly text: string
  readonly isError?: boolean | undefined
  /**
   * The program's own output with the system's framing removed (Codex's `Script completed … Output:` header), when
   * the format knows that framing; the replay compares this rather than `text`.
   */
  readonly output?: string | undefined
  /** False when the system reported the program as still running (a yielded Codex cell): no final answer recorded. */
  readonly finished?: boolean | undefined
}

export interface ImportedCall {
  /** The tool's name exactly as recorded (`exec`, `execute_typescript`, `mcp__codemode__execute`, …). */
  readonly tool: string
  /** The arguments exactly as the model sent them: the parsed object for JSON arguments, the string for free-form. */
  readonly input: unknown
  readonly provenance: Provenance
  readonly tools?: ReadonlyArray<OfferedTool> | undefined
  readonly result?: RecordedResult | undefined
}

/** A line or record the format could not read; reported with its position and skipped, never fatal. */
export interface ImportProblem {
  readonly file: string
  readonly line: number
  readonly message: string
}

export interface TranscriptFormat {
  /** `codex-rollout`, `claude-code`, `opencode-export`, `pi-session`, `openai-chat`, `openai-responses`, … */
  readonly id: string
  /** One line for `--help` and the import's summary. */
  readonly description: string
  /** A cheap sniff on the file's name and first 64 KiB: true when this format should read it. */
  readonly detect: (sample: { readonly path: string; readonly head: string }) => boolean
  /** Every tool call the file records, paired with its result by call id where the file records one. */
  readonly read: (
    text: string,
    file: string,
  ) => { readonly calls: ReadonlyArray<ImportedCall>; readonly problems: ReadonlyArray<ImportProblem> }
}
