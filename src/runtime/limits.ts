import { DEFAULT_MAX_REPEATS } from "./quota.js"
/**
 * Resource budgets of one execution (@opencode-ai/codemode 1.18 "Execution Limits"): the three 1.18 knobs plus `maxMemoryBytes`
 * (this project's whole-run allocation budget, SECURITY.md), none with a default, so the 1.18 behaviour is unchanged when unset.
 */
export interface ExecutionLimits {
  /** Wall-clock execution time in milliseconds; at least 1. Absent: no timeout. */
  readonly timeoutMs?: number | undefined
  /** Tool calls admitted during one execution; may be 0. Absent: unlimited. */
  readonly maxToolCalls?: number | undefined
  /** UTF-8 bytes of model-facing output (serialized value plus logs); may be 0. Absent: no truncation. */
  readonly maxOutputBytes?: number | undefined
  /**
   * Allocation budget in bytes, at least 1: an estimate of what the program allocates (never credited), so an
   * upper bound of what it can retain (SECURITY.md "Memory"). Exceeding it ends the run uncatchably. Absent: none.
   */
  readonly maxMemoryBytes?: number | undefined
  /**
   * Calls per tool, counted per run and, in a session, per session: a canonical dotted tool name, or `"*"` for each
   * tool not named (`{ "fs.write_file": 5, "*": 200 }`). A call past its quota fails `ToolCallLimitExceeded`, which
   * the program can catch; calls the `approve` hook denies count. Absent: no per-tool quota.
   */
  readonly perTool?: Readonly<Record<string, number>> | undefined
  /**
   * The repeat guard: the same tool called with identical input (same JSON) this many times in one run stops the
   * run (`ToolCallLimitExceeded`, not catchable) with a diagnostic naming the call and the count. Every call of a
   * known tool counts, refused or denied ones too. At least 1; `false` turns the guard off. Absent: 1000.
   */
  readonly maxRepeats?: number | false | undefined
}

/** Limits after validation; `undefined` means unset. */
export interface ResolvedLimits {
  readonly timeoutMs: number | undefined
  readonly maxToolCalls: number | undefined
  readonly maxOutputBytes: number | undefined
  readonly maxMemoryBytes: number | undefined
  /** `perTool` as a map; undefined when unset or empty. */
  readonly perTool?: ReadonlyMap<string, number> | undefined
  /** The repeat guard's threshold; undefined when turned off. */
  readonly maxRepeats?: number | undefined
  /** How output over `maxOutputBytes` is cut: from the end (default), or in the middle as Codex cuts (truncate.ts). */
  readonly truncation?: "head" | "middle" | undefined
}

const check = (name: string, value: unknown, minimum: number): number | undefined => {
  // An explicitly undefined value is the same as leaving the limit unset (@opencode-ai/codemode 1.18).
  if (value === undefined) return undefined
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < minimum)
    throw new RangeError(`${name} must be a safe integer greater than or equal to ${minimum}.`)
  return value
}

/** Validates limits; throws `RangeError` at `make`/`execute` time for invalid configuration (@opencode-ai/codemode 1.18). */
export const resolveLimits = (limits: ExecutionLimits | undefined): ResolvedLimits => {
  if (limits !== undefined && (typeof limits !== "object" || limits === null))
    throw new RangeError("limits must be an object with timeoutMs, maxToolCalls, maxOutputBytes and/or maxMemoryBytes.")
  return {
    timeoutMs: check("timeoutMs", limits?.timeoutMs, 1),
    maxToolCalls: check("maxToolCalls", limits?.maxToolCalls, 0),
    maxOutputBytes: check("maxOutputBytes", limits?.maxOutputBytes, 0),
    maxMemoryBytes: check("maxMemoryBytes", limits?.maxMemoryBytes, 1),
    perTool: perTool(limits?.perTool),
    maxRepeats:
      limits?.maxRepeats === false ? undefined : (check("maxRepeats", limits?.maxRepeats, 1) ?? DEFAULT_MAX_REPEATS),
  }
}

const perTool = (value: unknown): ReadonlyMap<string, number> | undefined => {
  if (value === undefined) return undefined
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new RangeError('perTool must be an object of tool names (or "*") to call counts.')
  const quotas = new Map<string, number>()
  for (const [name, quota] of Object.entries(value)) {
    if (name === "") throw new RangeError("perTool cannot have an empty tool name.")
    const checked = check(`perTool[${JSON.stringify(name)}]`, quota, 0)
    if (checked !== undefined) quotas.set(name, checked)
  }
  return quotas.size === 0 ? undefined : quotas
}

const lower = (base: number | undefined, override: number | undefined): number | undefined =>
  override === undefined ? base : base === undefined ? override : Math.min(base, override)

/**
 * Applies per-run overrides (dialect pragmas, envelope fields: docs/design.md#frontend-stages) under the host's
 * ceilings: an override can only lower a limit, never raise or remove it.
 */
export const lowerLimits = (
  base: ResolvedLimits,
  overrides:
    | {
        readonly timeoutMs?: number | undefined
        readonly maxOutputBytes?: number | undefined
        readonly maxMemoryBytes?: number | undefined
        readonly truncation?: "head" | "middle" | undefined
      }
    | undefined,
): ResolvedLimits => {
  if (overrides === undefined) return base
  const checked = resolveLimits({
    timeoutMs: overrides.timeoutMs,
    maxOutputBytes: overrides.maxOutputBytes,
    maxMemoryBytes: overrides.maxMemoryBytes,
  })
  return {
    timeoutMs: lower(base.timeoutMs, checked.timeoutMs),
    maxToolCalls: base.maxToolCalls,
    maxOutputBytes: lower(base.maxOutputBytes, checked.maxOutputBytes),
    maxMemoryBytes: lower(base.maxMemoryBytes, checked.maxMemoryBytes),
    perTool: base.perTool,
    maxRepeats: base.maxRepeats,
    ...(overrides.truncation !== undefined ? { truncation: overrides.truncation } : {}),
  }
}
