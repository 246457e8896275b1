import { createHash } from "node:crypto"
import { clipName, diagnostic, type Diagnostic } from "../diagnostic.js"
import type { SessionState } from "./session-state.js"

/** `limits.maxRepeats` when the host sets none: identical calls (same tool, same input) one run may make. */
export const DEFAULT_MAX_REPEATS = 1000

/** Keys longer than this are kept as a digest, so the guard holds a bounded amount per distinct input. */
const MAX_KEY_CHARS = 256

/** Counts shared by every run of one session (`limits.perTool` applies per run and per session). */
export type QuotaCounts = Map<string, number>

const SLOT = Symbol("codemode-polyglot/perTool")

/** The session's per-tool counts (its `slots` entry, made on first use); a direct run's session is its own. */
export const sessionCounts = (session: SessionState): QuotaCounts => {
  let counts = session.slots.get(SLOT) as QuotaCounts | undefined
  if (counts === undefined) session.slots.set(SLOT, (counts = new Map()))
  return counts
}

/** The repeat guard's key of one input: its JSON text, or a digest of it; `undefined` when it has no JSON form. */
const keyOf = (input: unknown): string | undefined => {
  let text: string | undefined
  try {
    text = JSON.stringify(input)
  } catch {
    return undefined
  }
  if (text === undefined) text = "undefined"
  return text.length <= MAX_KEY_CHARS ? text : `#${createHash("sha256").update(text).digest("base64")}`
}

/** What the repeat guard knows of one tool in one run. */
interface Repeats {
  /** Calls so far. */
  calls: number
  /** Inputs of the first calls, kept until the tool reaches `maxRepeats` calls (only then can one repeat that often). */
  pending: Array<unknown> | undefined
  /** Calls per input key, built once the tool reaches `maxRepeats` calls. */
  counts: Map<string, number> | undefined
}

/**
 * `limits.perTool` and `limits.maxRepeats` for one run. The repeat guard counts every call of a known tool whatever
 * becomes of it (invalid input, over quota, denied), so a program that catches the failures still stops. Inputs are
 * only keyed (JSON text) once a tool has been called `maxRepeats` times: a tool called fewer times costs one array
 * push per call.
 */
export class CallQuota {
  private readonly repeats = new Map<string, Repeats>()
  private readonly perRun = new Map<string, number>()

  constructor(
    private readonly perTool: ReadonlyMap<string, number> | undefined,
    private readonly maxRepeats: number | undefined,
    private readonly session: QuotaCounts | undefined,
  ) {}

  /** A diagnostic that stops the run when this call makes `maxRepeats` identical calls of `tool`. */
  repeated(tool: string, shown: string, input: unknown): Diagnostic | undefined {
    const max = this.maxRepeats
    if (max === undefined) return undefined
    let state = this.repeats.get(tool)
    if (state === undefined) this.repeats.set(tool, (state = { calls: 0, pending: [], counts: undefined }))
    state.calls++
    if (state.counts === undefined) {
      if (state.calls < max) {
        state.pending!.push(input)
        return undefined
      }
      // At exactly `max` calls only an all-identical history can hit: comparing the first input with this one spares
      // keying them all when they differ (a tool called exactly `max` times with varied inputs keys nothing).
      if (state.calls === max && max > 1 && keyOf(state.pending![0]) !== keyOf(input)) {
        state.pending!.push(input)
        return undefined
      }
      state.counts = new Map()
      for (const earlier of state.pending!) this.count(state.counts, earlier)
      state.pending = undefined
    }
    const times = this.count(state.counts, input)
    if (times < max) return undefined
    return diagnostic(
      "ToolCallLimitExceeded",
      `Execution stopped: tool '${clipName(shown)}' was called ${times} times with the same input ` +
        `(limits.maxRepeats is ${max}); input: ${preview(input)}`,
      { suggestions: ["Change the input between calls, or stop the loop once the answer is known."] },
    )
  }

  private count(counts: Map<string, number>, input: unknown): number {
    const key = keyOf(input)
    if (key === undefined) return 0
    const times = (counts.get(key) ?? 0) + 1
    counts.set(key, times)
    return times
  }

  /**
   * Takes one call of `tool` from its quota, per run and per session; the catchable failure when either is spent
   * (the call then does not count).
   */
  admit(tool: string, shown: string): Diagnostic | undefined {
    const quotas = this.perTool
    if (quotas === undefined) return undefined
    const pattern = quotas.has(tool) ? tool : "*"
    const quota = quotas.get(pattern)
    if (quota === undefined) return undefined
    const key = pattern === "*" ? `*${tool}` : tool
    const run = this.perRun.get(key) ?? 0
    const session = this.session?.get(key) ?? 0
    if (run >= quota || session >= quota) {
      const which = pattern === "*" ? `limits.perTool["*"]` : `limits.perTool[${JSON.stringify(tool)}]`
      const scope = run >= quota ? "this run" : "this session"
      return diagnostic(
        "ToolCallLimitExceeded",
        `Tool '${clipName(shown)}' reached its quota of ${quota} calls in ${scope} (${which}).`,
      )
    }
    this.perRun.set(key, run + 1)
    this.session?.set(key, session + 1)
    return undefined
  }
}

/** At most 120 characters of an input's JSON, for a diagnostic. */
const preview = (input: unknown): string => {
  let text: string | undefined
  try {
    text = JSON.stringify(input)
  } catch {}
  text ??= String(input)
  return text.length <= 120 ? text : `${text.slice(0, 117)}...`
}
