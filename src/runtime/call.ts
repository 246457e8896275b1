import { Cause, Effect, Exit } from "effect"
import { diagnostic, type Diagnostic } from "../diagnostic.js"
import { ToolError } from "../tool/ToolError.js"
import { toData } from "./data.js"
import type { ToolEntry } from "./tree.js"
import type { ToolCallHooks } from "./types.js"

/** How an admitted call settled; interruption is not a settlement (the fiber's exit carries it). */
export type CallResult =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly diagnostic: Diagnostic }

const GENERIC_FAILURE = "Tool execution failed"

/**
 * Seed 000 "Diagnostics": a `ToolError` message is the only model-visible failure text; every other failure, defect
 * or throwing `run` becomes "Tool execution failed" (the cause stays host-side and is dropped here).
 */
const sanitize = (cause: Cause.Cause<unknown>): Diagnostic => {
  const error = Cause.squash(cause)
  if (error instanceof ToolError && typeof error.message === "string") return diagnostic("ToolFailure", error.message)
  return diagnostic("ToolFailure", GENERIC_FAILURE)
}

const invalidOutput = (name: string): CallResult => ({
  ok: false,
  diagnostic: diagnostic("InvalidToolOutput", `Invalid output from tool '${name}'.`),
})

/** Output is decoded (Effect Schema) and then copied to plain data; any failure is sanitized (seed 000 "Laws"). */
const settle = (entry: ToolEntry, exit: Exit.Exit<unknown, unknown>): Effect.Effect<CallResult> => {
  if (Exit.isFailure(exit)) {
    if (Cause.hasInterruptsOnly(exit.cause)) return Effect.interrupt
    return Effect.succeed({ ok: false, diagnostic: sanitize(exit.cause) })
  }
  let value: unknown = exit.value
  try {
    if (entry.decodeOutput !== undefined) {
      const decoded = entry.decodeOutput(value)
      if (!decoded.ok) return Effect.succeed(invalidOutput(entry.name))
      value = decoded.value
    }
    return Effect.succeed({ ok: true, value: toData(value) })
  } catch {
    return Effect.succeed(invalidOutput(entry.name))
  }
}

const runTool = (entry: ToolEntry, input: unknown): Effect.Effect<unknown, unknown, any> =>
  Effect.suspend(() => {
    const effect = entry.definition.run(input)
    return Effect.isEffect(effect) ? effect : Effect.die(new TypeError("run did not return an Effect"))
  })

/** The Effect of one admitted call: start hook, run, settle, end hook. Built per call, no schema work. */
export const callEffect = <R>(
  entry: ToolEntry,
  index: number,
  input: unknown,
  hooks: ToolCallHooks<R>,
): Effect.Effect<CallResult, never, R> => {
  const body = Effect.flatMap(Effect.exit(runTool(entry, input)), (exit) => settle(entry, exit))
  const { onToolCallStart: onStart, onToolCallEnd: onEnd } = hooks
  if (onStart === undefined && onEnd === undefined) return body as Effect.Effect<CallResult, never, R>
  const name = entry.name
  // durationMs measures the tool itself: the clock starts after the start hook (seed 000 "Tool-call hooks").
  const timed =
    onEnd === undefined
      ? body
      : Effect.suspend(() => {
          const started = Date.now()
          return Effect.tap(body, (result) =>
            onEnd(
              result.ok
                ? { index, name, input, durationMs: Date.now() - started, outcome: "success" }
                : {
                    index,
                    name,
                    input,
                    durationMs: Date.now() - started,
                    outcome: "failure",
                    message: result.diagnostic.message,
                  },
            ),
          )
        })
  const observed =
    onStart === undefined ? timed : Effect.suspend(() => Effect.andThen(onStart({ index, name, input }), timed))
  return observed as Effect.Effect<CallResult, never, R>
}
