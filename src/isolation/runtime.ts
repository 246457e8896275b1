import * as Effect from "effect/Effect"
import type { Receipt } from "../Frontend.js"
import { toData } from "../runtime/data.js"
import { acceptCode } from "../runtime/execute.js"
import type { Prepared } from "../runtime/execution.js"
import type { ResolvedLimits } from "../runtime/limits.js"
import { afterRun, type RunOptions, type RunResult } from "../runtime/run.js"
import type { DataValue, Result } from "../runtime/schemas.js"
import { runIsolated, type Isolation } from "./supervisor.js"

/** `runtime.execute(code)` in a sandbox: the same checks on `code` as in-process, then the supervised run. */
export const isolatedExecute = <R>(
  prepared: Prepared<R>,
  isolation: Isolation,
  code: unknown,
  limits: ResolvedLimits,
): Effect.Effect<Result, never, R> =>
  Effect.suspend(() => {
    const accepted = acceptCode(code)
    if (typeof accepted !== "string") return Effect.succeed(accepted)
    return Effect.map(
      runIsolated(prepared, isolation, { kind: "execute", code: accepted }, limits),
      (run) => run.result,
    )
  })

/** The receipt of a run whose frontend never finished (the deadline passed during normalization). */
const unfinishedReceipt = (input: unknown): Receipt => ({
  version: 1,
  dialect: undefined,
  evidence: [],
  stages: [],
  changes: [],
  warnings: [],
  preludes: [],
  options: {},
  input,
  code: "",
})

/** `runtime.run(input)` in a sandbox: normalization happens there too, under the run's deadline. */
export const isolatedRun = <R>(
  prepared: Prepared<R>,
  isolation: Isolation,
  input: unknown,
  options: RunOptions | undefined,
  limits: ResolvedLimits,
): Effect.Effect<RunResult, never, R> =>
  Effect.map(
    runIsolated(prepared, isolation, { kind: "run", input, hint: options?.hint }, limits),
    (run): RunResult => {
      let lastOutput: { lastOutput?: DataValue } = {}
      if (run.lastOutput !== undefined)
        try {
          lastOutput = { lastOutput: toData(run.lastOutput.value, true) as DataValue }
        } catch {}
      const receipt = (run.receipt as Receipt | undefined) ?? unfinishedReceipt(input)
      return { ...run.result, receipt: afterRun(receipt, run.result, input, run.notes), ...lastOutput }
    },
  )
