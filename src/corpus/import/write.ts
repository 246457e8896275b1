import { createHash } from "node:crypto"
import { basename } from "node:path"
import type { ImportOrigin, Recorded } from "../cases.js"
import { redactCall, redactHomePath, type RedactOptions } from "./redact.js"
import { dialectOf } from "./select.js"
import type { ImportedCall, OfferedTool } from "./types.js"

/**
 * Turns kept calls into corpus cases (docs/corpus-format.md#imported-cases) and the toolsets they name. Nothing is
 * written here: the import writes the documents this returns, or only counts them (`--dry-run`).
 */

/** The toolset of a session whose transcript lists no tools: every tool call fails, and the description says why. */
export const NO_TOOLS = "imported-no-tools"

const NO_ANSWER = "the transcript does not record what this tool answered"

export interface CaseDocument {
  readonly id: string
  readonly dialect: string
  readonly hint?: string
  readonly toolset: string
  readonly task: string
  readonly source: {
    readonly kind: "model-output"
    readonly model: string
    readonly notes: string
    readonly import: ImportOrigin
  }
  readonly input: unknown
  readonly expect: { readonly ok: true }
  readonly recorded?: Recorded
}

export interface ToolsetDocument {
  readonly name: string
  readonly description: string
  readonly tools: ReadonlyArray<unknown>
}

const hash = (text: string): string => createHash("sha256").update(text).digest("hex").slice(0, 8)

export const noToolsToolset = (): ToolsetDocument => ({
  name: NO_TOOLS,
  description:
    "The transcript lists no tools for this session: this toolset answers nothing, so every tool call fails with " +
    "`no fixture for this input`.",
  tools: [],
})

/** The tools a session offered, each answering with a tool error, since no transcript records every answer. */
export const offeredToolset = (format: string, tools: ReadonlyArray<OfferedTool>): ToolsetDocument => {
  const seen = new Set<string>()
  const unique = tools.filter((t) => !seen.has(t.name) && seen.add(t.name))
  const name = `imported-${format}-${hash(JSON.stringify(unique))}`
  return {
    name,
    description: `The tools the session offered, as its transcript lists them; each call fails with "${NO_ANSWER}".`,
    tools: unique.map((t) => ({
      path: [t.name],
      description: t.description ?? "",
      input: t.inputSchema ?? {},
      default: { error: NO_ANSWER },
    })),
  }
}

/** Where the cases of one transcript file go, relative to the output folder: `<format>/<stem>-<hash>.cases.json`. */
export const caseFileOf = (format: string, file: string): { path: string; stem: string } => {
  const stem = `${basename(file)
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9._-]+/g, "-")
    .slice(0, 60)}-${hash(file)}`
  return { path: `${format}/${stem}.cases.json`, stem }
}

/** One case per kept call; `ids` holds the ids already used in this output so a second call on a line gets `-2`. */
export const caseOf = (
  call: ImportedCall,
  stem: string,
  toolset: string,
  redact: RedactOptions,
  ids: Set<string>,
): CaseDocument => {
  const p = call.provenance
  const { input, results, count } = redactCall(call.input, [call.result?.text, call.result?.output] as const, redact)
  const [text, output] = results
  let id = `import-${p.format}-${stem}-L${p.line}`
  for (let n = 2; ids.has(id); n++) id = `import-${p.format}-${stem}-L${p.line}-${n}`
  ids.add(id)
  const dialect = dialectOf(call)
  const file = redact.home ? redactHomePath(p.file) : p.file
  const origin: ImportOrigin = {
    format: p.format,
    file,
    line: p.line,
    tool: call.tool,
    ...(p.session !== undefined ? { session: p.session } : {}),
    ...(p.timestamp !== undefined ? { timestamp: p.timestamp } : {}),
    ...(p.model !== undefined ? { model: p.model } : {}),
    ...(p.callId !== undefined ? { callId: p.callId } : {}),
    redacted: count,
  }
  const redactedNote = count > 0 ? `; ${count} value${count === 1 ? "" : "s"} redacted, nothing else changed` : ""
  return {
    id,
    dialect: dialect ?? "unknown",
    ...(dialect !== undefined ? { hint: dialect } : {}),
    toolset,
    task: `not recorded: a call to ${call.tool} imported from ${file}:${p.line}`,
    source: {
      kind: "model-output",
      model: p.model ?? "unknown",
      notes: `imported by codemode corpus import from a ${p.format} transcript${redactedNote}`,
      import: origin,
    },
    input,
    expect: { ok: true },
    ...(call.result && text !== undefined
      ? {
          recorded: {
            text,
            ...(output !== undefined ? { output } : {}),
            ...(call.result.isError !== undefined ? { isError: call.result.isError } : {}),
            ...(call.result.finished !== undefined ? { finished: call.result.finished } : {}),
          },
        }
      : {}),
  }
}
