import * as Effect from "effect/Effect"
import { diagnostic } from "../diagnostic.js"
import type { Receipt } from "../Frontend.js"
import { toData } from "../runtime/data.js"
import { acceptCode, failed, journalFor } from "../runtime/execute.js"
import type { Executor, ExecutorInput } from "../runtime/executor.js"
import { afterRun, emptyReceipt, frontendCatalog, type RunOptions, type RunResult } from "../runtime/run.js"
import type { DataValue } from "../runtime/schemas.js"
import { prepareIsolation, runIsolated } from "./supervisor.js"

/**
 * The executor of `isolation: "worker" | "process"`: parsing, normalization, compilation and interpretation happen in
 * a sandbox; tool calls come back to the runtime's `Execution` (supervisor.ts).
 */
export const isolatedExecutor = (
  mode: "worker" | "process",
  { prepared, discovery, typecheck }: ExecutorInput,
): Executor => {
  // The check runs in the sandbox, after normalizing there; the declarations are rendered here once and sent along.
  const check = (options: RunOptions | undefined) => {
    const chosen = options?.typecheck ?? typecheck?.mode ?? "off"
    return chosen === "off" || typecheck === undefined
      ? {}
      : { typecheck: { mode: chosen, declarations: typecheck.declarations() } }
  }
  const isolation = prepareIsolation(mode, prepared, frontendCatalog(prepared, discovery))
  return {
    mode,
    execute: (code, limits, session, journal) =>
      Effect.suspend(() => {
        const accepted = acceptCode(code)
        if (typeof accepted !== "string") return Effect.succeed(accepted)
        const journaled = journal ?? journalFor(prepared, { kind: "execute", code: accepted })
        return Effect.map(
          runIsolated(prepared, isolation, { kind: "execute", code: accepted }, limits, session, undefined, journaled),
          (run) => run.result,
        )
      }),
    run: (input, options, limits, session, journal) =>
      Effect.map(
        runIsolated(
          prepared,
          isolation,
          { kind: "run", input, hint: options?.hint, ...check(options) },
          limits,
          session,
          options,
          journal ?? journalFor(prepared, { kind: "run", input, hint: options?.hint }),
        ),
        (run): RunResult => {
          let lastOutput: { lastOutput?: DataValue } = {}
          if (run.lastOutput !== undefined)
            try {
              lastOutput = { lastOutput: toData(run.lastOutput.value, true) as DataValue }
            } catch {}
          const receipt = (run.receipt as Receipt | undefined) ?? emptyReceipt(input)
          // A truncated Codex cell answers with its one text item, as in-process (run.ts `lastOutputOf`).
          const { result } = run
          if (receipt.options.truncation === "middle" && result.truncated && result.logs?.length === 1)
            lastOutput = { lastOutput: result.logs[0]! }
          return { ...result, receipt: afterRun(receipt, result, input, run.notes), ...lastOutput }
        },
      ),
    executeParsed: (parsed, limits, session) =>
      Effect.suspend(() => {
        // A dialect's prelude globals are host functions: they cannot cross into the sandbox, and running the
        // program here instead would leave the isolation the host chose. `runtime.run(input)` normalizes there.
        const globals = Object.keys(parsed.compile?.globals ?? {})
        if (globals.length > 0)
          return Effect.succeed(
            failed(
              diagnostic(
                "ExecutionFailure",
                `This program uses a dialect's prelude (${globals.slice(0, 5).join(", ")}), which cannot cross ` +
                  `into the ${mode} sandbox: run the raw input with runtime.run(input) instead.`,
              ),
            ),
          )
        const request = {
          kind: "parsed" as const,
          program: parsed.program,
          source: parsed.source,
          toolFailure: parsed.compile?.toolFailure,
          result: parsed.compile?.result,
        }
        return Effect.map(runIsolated(prepared, isolation, request, limits, session), (run) => run.result)
      }),
  }
}
