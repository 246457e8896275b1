import { isPlainObject } from "./json.js"
import type { Result } from "./engine.js"

/**
 * The answer of a run (docs/corpus-format.md#the-answer): the returned value when it is not null, otherwise the value passed to the
 * last single-argument output call. Candidates are listed best first: when the runtime exposes the output values we
 * use them as they are; when only formatted log lines exist, the last line is tried both as JSON and as a string
 * (`console.log(42)` and `console.log("42")` print the same line).
 */
export const answerCandidates = (result: Result): unknown[] => {
  if (result.ok && result.value !== null && result.value !== undefined) return [result.value]
  const exposed = exposedOutput(result)
  if (exposed !== undefined) return exposed.found ? [exposed.value] : [null]
  const line = result.logs?.at(-1)
  if (line === undefined) return [null]
  const candidates: unknown[] = []
  try {
    candidates.push(JSON.parse(line))
  } catch {
    // not JSON: the string itself is the only reading
  }
  candidates.push(line)
  return candidates
}

/**
 * The runtime's own record of output values, when it keeps one: `lastOutput` (the value itself; absent key means
 * unknown) or `outputs` (one entry per output call, each the array of its argument values).
 */
const exposedOutput = (result: Result): { found: boolean; value?: unknown } | undefined => {
  if (Object.prototype.hasOwnProperty.call(result, "lastOutput")) return { found: true, value: result.lastOutput }
  const outputs = result.outputs
  if (Array.isArray(outputs)) {
    const last = outputs.at(-1)
    const values = isPlainObject(last) && Array.isArray(last.values) ? last.values : last
    if (Array.isArray(values) && values.length === 1) return { found: true, value: values[0] }
    return { found: false }
  }
  return undefined
}

/**
 * `expect.calls` is a multiset: every listed path must have been called at least as many times as it is listed.
 * Returns the first shortfall as a message, or undefined.
 */
export const missingCalls = (expected: ReadonlyArray<string>, made: ReadonlyArray<string>): string | undefined => {
  const need = new Map<string, number>()
  for (const path of expected) need.set(path, (need.get(path) ?? 0) + 1)
  for (const [path, count] of need) {
    const got = made.filter((m) => m === path).length
    if (got < count)
      return `expected ${count === 1 ? "a call" : `${count} calls`} to ${path}, got ${got}${made.length > 0 ? ` (calls: ${made.join(", ")})` : " (no calls)"}`
  }
  return undefined
}
