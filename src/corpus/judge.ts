import { missingCalls } from "./answer.js"
import type { Case } from "./cases.js"
import type { Cause } from "./cause.js"
import type { CaseTypecheck } from "./typecheck.js"
import type { Attempt } from "./execute.js"
import type { Replay } from "./replay.js"
import { brief, jsonEqual } from "./json.js"

/** The furthest stage a case reached, in order (docs/corpus-format.md#report). */
export const STAGES = ["envelope", "normalize", "execute", "answer", "ok"] as const
export type Stage = (typeof STAGES)[number]

export interface CaseReport {
  readonly id: string
  readonly dialect: string
  readonly detected: string | null
  readonly stage: Stage
  /** First diagnostic or mismatch, one line; "" when ok. */
  readonly message: string
  /** Only on a silently wrong answer: whose fault it is, by a differential re-run under V8 (attribute.ts). */
  readonly cause?: Cause | undefined
  /** The model family that wrote the case (`source.model`'s first word, e.g. "Claude"), for coverage by family. */
  readonly family?: string | undefined
  /** With `--typecheck`: the check's findings and how the run failed (src/corpus/typecheck.ts). */
  readonly typecheck?: CaseTypecheck | undefined
  /** Imported cases only (docs/corpus-import.md): where the call came from, and the replay column's verdict. */
  readonly imported?: ImportedReport | undefined
  /** Ok only as JSON text (docs/corpus-format.md#the-answer): the answer and the expected value differ as values. */
  readonly asText?: true | undefined
}

export interface ImportedReport {
  readonly format: string
  /** The model the transcript names for the turn, or "unknown". */
  readonly model: string
  /** The arguments' shape: `text` (free-form) or the object's keys, e.g. `{code}`. */
  readonly envelope: string
  /** Absent when the transcript recorded no result for the call. */
  readonly replay?: Replay | undefined
}

/** A model id's family by its name (after any `provider/` prefix); the first match wins. */
const FAMILY_BY_ID: ReadonlyArray<readonly [RegExp, string]> = [
  [/^claude/, "Claude"],
  [/^(gpt|chatgpt|o[1-9](-|$)|codex)/, "GPT"],
  [/^(gemini|gemma)/, "Gemini"],
  [/^(qwen|qwq)/, "Qwen"],
  [/^deepseek/, "DeepSeek"],
  [/^(glm|chatglm)/, "GLM"],
  [/^(llama|meta-llama)/, "Llama"],
  [/^(mistral|mixtral|codestral|magistral|devstral|ministral)/, "Mistral"],
  [/^(kimi|moonshot)/, "Kimi"],
  [/^grok/, "Grok"],
  [/^(command|c4ai)/, "Cohere"],
  [/^granite/, "Granite"],
  [/^(nova|amazon\.nova)/, "Nova"],
]

/**
 * "Claude (Anthropic), as a helper agent …" → "Claude"; a recorded model id ("claude-3-sonnet-20240229",
 * "openai/gpt-4o", "accounts/fireworks/models/llama-v3p1-8b") → its family; a vendor's own material → "vendor";
 * else the first word, or "unknown".
 */
export const modelFamily = (model: string): string => {
  const m = /^\s*([A-Za-z][\w.\-/:]*)/.exec(model)
  if (m === null || m[1]!.toLowerCase() === "unknown") return "unknown"
  const id = m[1]!.toLowerCase().split("/").pop()!
  for (const [pattern, family] of FAMILY_BY_ID) if (pattern.test(id)) return family
  return /^[A-Za-z][\w.-]*/.exec(m[1]!)![0]
}

/**
 * The prefix of a silently wrong answer: the program ran, reported success, and returned the wrong thing (docs/design.md
 * "Corpus and coverage": the worst outcome, reported separately). The coverage report keys on it.
 */
export const WRONG_ANSWER = "wrong answer:"

const oneLine = (text: string, max = 200): string => {
  const line = text.replace(/\s+/g, " ").trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/**
 * docs/corpus-format.md#the-answer: a system that answers only in text (Codex `text()`, a console line) is right when
 * its text is the expected value's JSON — a string answer that parses as JSON to the expected value, or an expected
 * string that is the answer's JSON text (`text({ json: true })` prints `{"json":true}`).
 */
export const jsonTextEqual = (answer: unknown, expected: unknown): boolean => {
  if (typeof answer === "string" && typeof expected !== "string") {
    try {
      return jsonEqual(JSON.parse(answer), expected)
    } catch {
      return false
    }
  }
  if (typeof expected === "string" && typeof answer !== "string" && answer !== undefined) {
    try {
      return JSON.stringify(answer) === expected
    } catch {
      return false
    }
  }
  return false
}

const describeFailure = (a: Attempt): string =>
  a.diagnostic ? `${a.diagnostic.kind}: ${a.diagnostic.message}` : "failed without a diagnostic"

/**
 * Judges one attempt against `expect`. `calls` are the dotted paths the fixtures saw. `checkDialect` is off for the
 * frontend-off baseline, which detects nothing.
 */
export const judge = (c: Case, a: Attempt, calls: ReadonlyArray<string>, checkDialect: boolean): CaseReport => {
  const base = { id: c.id, dialect: c.dialect, detected: a.detected ?? null }
  const report = (stage: Stage, message = ""): CaseReport => ({ ...base, stage, message: oneLine(message) })
  const e = c.expect
  let asText = false
  if (e.ok) {
    if (a.failedAt) return report(a.failedAt, describeFailure(a))
    if (e.hasValue && !a.answers.some((v) => jsonEqual(v, e.value))) {
      if (!a.answers.some((v) => jsonTextEqual(v, e.value)))
        return report(
          "answer",
          `${WRONG_ANSWER} expected ${brief(e.value, 80)}, got ${brief(a.answers[0] ?? null, 80)}`,
        )
      asText = true
    }
  } else {
    if (!a.failedAt)
      return report(
        "answer",
        `expected a failure${e.diagnostic ? ` (${e.diagnostic})` : ""}, but it ran: ${brief(a.answers[0] ?? null, 80)}`,
      )
    if (e.diagnostic !== undefined && a.diagnostic?.kind !== e.diagnostic)
      return report(a.failedAt, `expected ${e.diagnostic}, got ${describeFailure(a)}`)
    if (e.message !== undefined && !(a.diagnostic?.message ?? "").includes(e.message))
      return report(a.failedAt, `expected a failure saying "${e.message}", got ${describeFailure(a)}`)
  }
  const shortfall = e.calls ? missingCalls(e.calls, calls) : undefined
  if (shortfall) return report("answer", shortfall)
  if (checkDialect && e.dialect !== undefined && a.detected !== e.dialect)
    return report("answer", `detected ${a.detected ?? "no dialect"}, expected ${e.dialect}`)
  return asText ? { ...report("ok"), asText: true } : report("ok")
}
