import type { ExecutionOptions } from "./dialect.js"
import type { State } from "./types.js"
import type { Position } from "../position.js"

/** Largest timeout a pragma may ask for (Pi's `timeout_ms` range, docs/dialects.md#pi). */
export const MAX_TIMEOUT_MS = 2_147_483_647

/**
 * `timeout` without a unit: pre-0.99 Pi and old pi-codemode meant seconds, UTCP means milliseconds (docs/dialects.md#pitfalls). Resolved
 * conservatively: below 1000 it cannot be a sensible millisecond budget, so it is read as seconds; the receipt says so.
 */
export const timeoutFromAmbiguous = (value: number): { ms: number; seconds: boolean } =>
  value < 1000 ? { ms: value * 1000, seconds: true } : { ms: value, seconds: false }

/** Reads a non-negative integer from a number or numeric string (docs/dialects.md#pragmas "numeric strings ok"). */
export const readInt = (value: unknown, min: number, max: number): number | undefined => {
  const n = typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value
  if (typeof n !== "number" || !Number.isFinite(n)) return undefined
  const i = Math.floor(n)
  return i >= min && i <= max ? i : undefined
}

/**
 * Applies requested execution options under the host ceilings: a request may lower `timeoutMs`/`maxOutputBytes`,
 * never raise them (brief: "host limits are ceilings"). A clamp is reported.
 */
export const requestOptions = (state: State, requested: ExecutionOptions, origin: string, loc?: Position): void => {
  for (const key of ["timeoutMs", "maxOutputBytes"] as const) {
    const want = requested[key]
    if (want === undefined) continue
    const ceiling = state.limits[key]
    const current = state.exec[key]
    let value = want
    if (ceiling !== undefined && want > ceiling) {
      value = ceiling
      state.warnings.push({
        message: `${origin}: ${key} ${want} is above the host limit ${ceiling}; kept ${ceiling}`,
        loc,
      })
    }
    state.exec[key] = current === undefined ? value : Math.min(current, value)
  }
}
