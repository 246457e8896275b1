import type { Case } from "./cases.js"
import type { Attempt } from "./execute.js"
import { brief, isPlainObject, jsonEqual } from "./json.js"

/**
 * The replay column of an imported case (docs/corpus-import.md#the-replay-column): our run compared with the result
 * the original system returned, as its transcript recorded it. "same" is claimed only when it is shown: the original
 * finished without error, the program calls no tool (no transcript records the answers of the calls a program makes
 * from inside its cell) and reads no clock or random source, and our output equals the recorded output as text or as
 * JSON. Everything that cannot be compared that way is "not comparable", never "same".
 */

export type ReplayVerdict = "same" | "different" | "not comparable"

export interface Replay {
  readonly verdict: ReplayVerdict
  /** Why, in one line (for "same": how the outputs matched). */
  readonly reason: string
}

/** Tool access of every dialect: `tools.x`, `tools["x"]`, Cloudflare `codemode.x`, Pi/Codex `ALL_TOOLS`, … */
const TOOL_ACCESS =
  /\b(?:tools\s*(?:\?\.|\.|\[)|codemode\s*\.|ALL_TOOLS\b|searchTools\b|callTool\b|call_tool\b|external_\w+\s*\(|mcp__\w+|\w+__\w+\s*\()/
/** Sources whose value differs between two runs of the same program. */
const UNSTABLE =
  /\b(?:Date\b|Math\.random\b|performance\.now\b|crypto\.|process\.hrtime\b|setTimeout\b|setInterval\b)|\b(?:import\s+(?:random|time|uuid|secrets)\b|from\s+(?:random|time|uuid|secrets|datetime)\s+import\b|datetime\.(?:now|today|utcnow)\b|date\.today\b|time\.(?:time|perf_counter|monotonic)\b|(?:np|numpy)\.random\b|os\.urandom\b)/
/** Codex cuts long outputs (`…123 tokens truncated…`); other systems say "truncated" too. */
const TRUNCATED = /tokens truncated|\[truncated\]|output truncated/i

const programText = (input: unknown): string => (typeof input === "string" ? input : (JSON.stringify(input) ?? ""))

/** Line ends and trailing spaces do not count: `a \r\nb\n` reads as `a\nb`. */
const normalize = (text: string): string =>
  text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .trim()

const asJson = (text: string): { value: unknown } | undefined => {
  try {
    return { value: JSON.parse(text) }
  } catch {
    return undefined
  }
}

/** What our run showed the model: its logs (output calls) one per line, and its returned value as text. */
const renderings = (attempt: Attempt): Array<{ what: string; text: string }> => {
  const result = attempt.result
  const out: Array<{ what: string; text: string }> = []
  const logs = result?.logs ?? []
  if (logs.length > 0) out.push({ what: "output", text: logs.join("\n") })
  const value = result?.value
  if (value !== undefined && value !== null)
    out.push({
      what: "returned value",
      text: typeof value === "string" ? value : (JSON.stringify(value) ?? String(value)),
    })
  return out
}

const notComparable = (reason: string): Replay => ({ verdict: "not comparable", reason })

const escape = (name: string): string => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")

/** A call of one of the session's offered tools by its bare name (`rollDie()`, Anthropic programmatic tool calling). */
const callsOffered = (program: string, toolNames: ReadonlyArray<string>): boolean =>
  toolNames.some((name) => /^[A-Za-z_$][\w$]*$/.test(name) && new RegExp(`\\b${escape(name)}\\s*\\(`).test(program))

/**
 * The verdict for one imported case; undefined when the transcript recorded no result for it. `toolNames` are the
 * tools of the case's toolsets (the session's offered tools, when the transcript lists them).
 */
export const replayOf = (
  c: Case,
  attempt: Attempt,
  fixtureCalls: ReadonlyArray<string>,
  toolNames: ReadonlyArray<string> = [],
): Replay | undefined => {
  const recorded = c.recorded
  if (recorded === undefined) return undefined
  if (recorded.finished === false) return notComparable("the original had not finished (the cell yielded)")
  if (recorded.isError) return notComparable("the original failed; failures are not compared")
  const theirs = recorded.output ?? recorded.text
  if (TRUNCATED.test(theirs)) return notComparable("the recorded result is truncated")
  if (normalize(theirs) === "") return notComparable("the original returned no output to compare")
  const program = programText(c.input)
  const calledTools =
    fixtureCalls.length > 0 ||
    (attempt.result?.toolCalls ?? []).length > 0 ||
    attempt.diagnostic?.kind === "UnknownTool"
  if (calledTools || TOOL_ACCESS.test(program) || callsOffered(program, toolNames))
    return notComparable("the program calls tools whose answers the transcript does not record")
  // A run of ours that failed where the original finished is a difference whatever the program reads.
  if (UNSTABLE.test(program) && attempt.failedAt === undefined)
    return notComparable("the program reads the clock, a timer or a random source")
  // Without the session's tool list, a name our run lacks may be one of its tools (`await rollDie()`).
  if (
    attempt.failedAt !== undefined &&
    toolNames.length === 0 &&
    /\bis not defined\b/.test(attempt.diagnostic?.message ?? "")
  )
    return notComparable("the program uses a name the transcript does not define (its tools are not listed)")
  if (attempt.failedAt !== undefined)
    return {
      verdict: "different",
      reason: `the original completed; here it failed at ${attempt.failedAt}: ${attempt.diagnostic?.message ?? "no diagnostic"}`,
    }
  const ours = renderings(attempt)
  const want = normalize(theirs)
  const wantJson = asJson(want)
  for (const r of ours) {
    const got = normalize(r.text)
    if (got === want) return { verdict: "same", reason: `the ${r.what} equals the recorded result` }
    const gotJson = asJson(got)
    if (wantJson && gotJson && jsonEqual(wantJson.value, gotJson.value))
      return { verdict: "same", reason: `the ${r.what} equals the recorded result as JSON` }
  }
  // MCP code-mode servers often answer `{ "result": value, "logs": […] }`: the value is the answer.
  const value = attempt.result?.value
  if (wantJson && isPlainObject(wantJson.value) && "result" in wantJson.value && value !== undefined && value !== null)
    if (jsonEqual(wantJson.value.result, value))
      return { verdict: "same", reason: "the returned value equals the recorded result's `result` member" }
  return {
    verdict: "different",
    reason: `the original returned ${brief(want, 60)}; here: ${ours.length === 0 ? "no output" : brief(ours[0]!.text, 60)}`,
  }
}
