import type { Diagnostic } from "../diagnostic.js"
import type { DataValue, Result } from "./schemas.js"

const utf8Length = (text: string): number => Buffer.byteLength(text, "utf8")

/** The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a code point. */
export const truncateUtf8 = (text: string, maxBytes: number): string => {
  let bytes = 0
  let end = 0
  for (const char of text) {
    const code = char.codePointAt(0)!
    // A lone surrogate encodes as U+FFFD (3 bytes), like Buffer.byteLength counts it.
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    if (bytes + width > maxBytes) break
    bytes += width
    end += char.length
  }
  return text.slice(0, end)
}

/** The longest suffix of `text` whose UTF-8 encoding fits in `maxBytes`, never splitting a code point. */
const truncateUtf8Tail = (text: string, maxBytes: number): string => {
  const chars = Array.from(text)
  let bytes = 0
  let start = chars.length
  while (start > 0) {
    const code = chars[start - 1]!.codePointAt(0)!
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    if (bytes + width > maxBytes) break
    bytes += width
    start--
  }
  return chars.slice(start).join("")
}

/** Lines as Rust's `str::lines` counts them: a final line break ends the last line, it does not start another. */
const lineCount = (text: string): number => {
  if (text === "") return 0
  let n = 0
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++
  return text.endsWith("\n") ? n : n + 1
}

/** Codex's token estimate: 4 bytes a token, rounded up (codex-rs/utils/string `approx_token_count`). */
const approxTokens = (bytes: number): number => Math.ceil(bytes / 4)

/**
 * Codex's `formatted_truncate_text` under a token policy (codex-rs/utils/output-truncation): text over `budget`
 * bytes (4 per token of `max_output_tokens`) becomes `Total output lines: L` and a blank line, then its first
 * ⌊budget/2⌋ bytes, the marker `…N tokens truncated…` (N = the bytes over the budget, in tokens) and its last
 * ⌈budget/2⌉ bytes, cut on character boundaries. Undefined when the text fits.
 */
export const codexTruncate = (text: string, budget: number): string | undefined => {
  const bytes = utf8Length(text)
  if (bytes <= budget) return undefined
  const cut = budget === 0 ? bytes : bytes - budget
  const marker = `…${approxTokens(cut)} tokens truncated…`
  const half = Math.floor(budget / 2)
  const body = budget === 0 ? marker : truncateUtf8(text, half) + marker + truncateUtf8Tail(text, budget - half)
  return `Total output lines: ${lineCount(text)}\n\n${body}`
}

/**
 * Codex cells (`@exec` `max_output_tokens`): the text items joined with line breaks (an empty leading item adds
 * none), and past the budget one item in Codex's truncated form; undefined when they fit.
 */
const boundCodex = (logs: ReadonlyArray<string>, budget: number): Array<string> | undefined => {
  let text = ""
  for (const line of logs) text = text === "" ? line : `${text}\n${line}`
  const cut = codexTruncate(text, budget)
  return cut === undefined ? undefined : [cut]
}

/**
 * A diagnostic within `maxOutputBytes` (its own allowance, apart from value and logs): the message cut with a marker
 * saying how long it was, then suggestions while they fit, each cut the same way; undefined when it already fits.
 * A 100 KB error message or unknown tool name used to come back whole whatever the limit.
 */
export const boundDiagnostic = (d: Diagnostic, maxOutputBytes: number): Diagnostic | undefined => {
  const suggestions = d.suggestions ?? []
  const bytes = utf8Length(d.message) + suggestions.reduce((n, s) => n + utf8Length(s), 0)
  if (bytes <= maxOutputBytes) return undefined
  const cut = (text: string, room: number): string => {
    const size = utf8Length(text)
    return size <= room
      ? text
      : `${truncateUtf8(text, room)} [truncated: ${size} bytes exceeds the ${maxOutputBytes}-byte output limit]`
  }
  const message = cut(d.message, maxOutputBytes)
  let room = Math.max(0, maxOutputBytes - utf8Length(d.message))
  const kept: Array<string> = []
  for (const s of suggestions) {
    const size = utf8Length(s)
    if (size <= room) {
      kept.push(s)
      room -= size
    } else break
  }
  if (kept.length < suggestions.length) kept.push(`[${suggestions.length - kept.length} more suggestions truncated]`)
  const { suggestions: _all, ...rest } = d
  return { ...rest, message, ...(kept.length > 0 ? { suggestions: kept } : {}) }
}

/**
 * The last output value of a raw run (`lastOutput`) within `maxOutputBytes`, like the result value: past the limit
 * it becomes its truncated JSON text with a marker; undefined when it fits.
 */
export const boundLastOutput = (value: DataValue, maxOutputBytes: number): DataValue | undefined => {
  const serialized = JSON.stringify(value) ?? "null"
  const bytes = utf8Length(serialized)
  if (bytes <= maxOutputBytes) return undefined
  return (
    `${truncateUtf8(serialized, maxOutputBytes)} [last output truncated: ${bytes} bytes exceeds the ` +
    `${maxOutputBytes}-byte output limit]`
  )
}

/**
 * Bounds model-facing output to `maxOutputBytes` (@opencode-ai/codemode 1.18 "Execution Limits"): an oversized value is replaced by
 * its truncated serialized text plus a marker; logs are kept from the start until the remaining budget is spent,
 * then one marker line; a failure's diagnostic is bounded by `boundDiagnostic`; `truncated: true`. Never turns a
 * Success into a Failure.
 */
export const boundOutput = (result: Result, maxOutputBytes: number, mode: "head" | "middle" = "head"): Result => {
  let truncated = false
  let value: DataValue = null
  let valueBytes = 0
  if (result.ok) {
    const serialized = JSON.stringify(result.value) ?? "null"
    const bytes = utf8Length(serialized)
    if (bytes > maxOutputBytes) {
      truncated = true
      value =
        `${truncateUtf8(serialized, maxOutputBytes)} [result truncated: ${bytes} bytes exceeds the ` +
        `${maxOutputBytes}-byte output limit; return a smaller value]`
      valueBytes = maxOutputBytes
    } else {
      value = result.value
      valueBytes = bytes
    }
  }
  const logs = result.logs ?? []
  let kept: Array<string> = []
  // A Codex cell's output is its text items alone (its value is null): they get the whole budget.
  const budget = Math.max(
    0,
    maxOutputBytes - (mode === "middle" && result.ok && result.value === null ? 0 : valueBytes),
  )
  const middle = mode === "middle" ? boundCodex(logs, budget) : undefined
  if (middle !== undefined) {
    truncated = true
    kept = middle
  } else if (mode === "middle") kept = [...logs]
  else {
    let used = 0
    for (const line of logs) {
      const cost = utf8Length(line) + 1 // one newline per line, as a host would join them
      if (used + cost > budget) break
      used += cost
      kept.push(line)
    }
    if (kept.length < logs.length) {
      truncated = true
      kept.push(`[logs truncated: showing ${kept.length} of ${logs.length} lines]`)
    }
  }
  const error = result.ok ? undefined : boundDiagnostic(result.error, maxOutputBytes)
  if (error !== undefined) truncated = true
  if (!truncated) return result
  // Notifications are items of their own, outside the budget (Codex does not count `notify` items either).
  const rest = {
    ...(kept.length > 0 ? { logs: kept } : {}),
    ...(result.notifications === undefined ? {} : { notifications: result.notifications }),
    truncated: true,
    toolCalls: result.toolCalls,
  }
  return result.ok
    ? { ok: true, value: value as DataValue, ...rest }
    : { ok: false, error: error ?? result.error, ...rest }
}
