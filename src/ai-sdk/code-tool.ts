import { jsonSchema, tool, type Tool } from "ai"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { dialects } from "../Frontend.js"
import type { DialectId } from "../frontend/dialect.js"
import type { RunResult } from "../runtime/run.js"
import type { Result } from "../runtime/schemas.js"
import type { Runtime } from "../runtime/types.js"
import { forModel, modelText, type ModelOutputOptions } from "../runtime/model-output.js"

/** The input of the code tool: the model's program, in any form `runtime.run` accepts. */
export interface CodeInput {
  readonly code: string
}

/** The run's Result as data; `receipt` says how the frontend read the model's input (absent only on an internal error). */
export type CodeToolOutput = Result & Partial<Pick<RunResult, "receipt" | "lastOutput">>

export interface CodeToolOptions<R = never> {
  /**
   * The dialect the instructions (the tool's description) are written in, also passed to `runtime.run` as the
   * caller's hint; default `"opencode"`. An unknown id is a `TypeError`.
   */
  readonly dialect?: DialectId | undefined
  /** Replaces the generated description (the instructions and tool catalog). */
  readonly description?: string | undefined
  /** Provides the services the runtime's tools need (e.g. an `HttpClient` for OpenAPI tools). */
  readonly layer?: Layer.Layer<R> | undefined
  /**
   * What the model reads back (`toModelOutput`): `"compact"` (default) is the value or the diagnostic, the logs and
   * at most a short note per repair (docs/model-output.md); `"full"` sends the whole output, receipt included.
   */
  readonly modelOutput?: "compact" | "full" | undefined
  /** Bounds of the compact form (log and note bytes). */
  readonly modelOutputLimits?: ModelOutputOptions | undefined
}

const INPUT = jsonSchema<CodeInput>({
  type: "object",
  properties: {
    code: {
      type: "string",
      description:
        "The program: JavaScript or TypeScript using the `tools` object, optionally in a Markdown fence, or a JSON list of tool calls.",
    },
  },
  required: ["code"],
  additionalProperties: false,
})

/**
 * An AI SDK tool that runs the model's program on `runtime`. Its input is `{ code }`; its description is the
 * runtime's instructions in `options.dialect`; its output is the run's Result as data (`ok`, `value` or `error`,
 * `logs`, `toolCalls`, `receipt`) for the host, and the model reads back only the compact text of `modelText`
 * (the value or the diagnostic, the logs, short repair notes). A failed program is a Result with `ok: false` and its
 * diagnostic for the model to fix; it never throws into the agent loop. The agent's abort signal interrupts the run.
 */
export const codeTool = <R = never>(
  runtime: Runtime<R>,
  options: CodeToolOptions<R> = {},
): Tool<CodeInput, CodeToolOutput> => {
  const dialect = options.dialect ?? "opencode"
  if (options.modelOutput !== undefined && options.modelOutput !== "compact" && options.modelOutput !== "full")
    throw new TypeError(`codeTool: modelOutput must be "compact" or "full", got ${String(options.modelOutput)}`)
  if (!dialects.some((d) => d.id === dialect))
    throw new TypeError(`codeTool: unknown dialect '${dialect}' (dialects: ${dialects.map((d) => d.id).join(", ")})`)
  return tool({
    description: options.description ?? runtime.instructions({ dialect }),
    inputSchema: INPUT,
    toModelOutput: modelOutputOf(options),
    execute: (input, { abortSignal }) =>
      runForTool(
        runtime.run(input, options.dialect === undefined ? undefined : { hint: options.dialect }),
        options.layer,
        abortSignal,
      ),
  })
}

/** What the model reads back from a run, per `modelOutput` (shared by `codeTool` and `resumeTool`). */
export const modelOutputOf =
  (options: Pick<CodeToolOptions<any>, "modelOutput" | "modelOutputLimits">) =>
  ({ output }: { output: CodeToolOutput }) =>
    options.modelOutput !== "full"
      ? { type: "text" as const, value: modelText(forModel(output, options.modelOutputLimits)) }
      : { type: "json" as const, value: output as never }

/** Runs one program (a run or a resume) for a tool's `execute`: never throws, except when the agent aborted. */
export const runForTool = async <R>(
  run: Effect.Effect<CodeToolOutput, never, R>,
  layer: Layer.Layer<R> | undefined,
  abortSignal: AbortSignal | undefined,
): Promise<CodeToolOutput> => {
  const provided = (layer === undefined ? run : Effect.provide(run, layer)) as Effect.Effect<
    CodeToolOutput,
    never,
    never
  >
  try {
    return await Effect.runPromise(provided, abortSignal === undefined ? undefined : { signal: abortSignal })
  } catch (error) {
    // The agent aborted the step: that ends the loop, as with any other tool.
    if (abortSignal?.aborted) throw error
    return {
      ok: false,
      error: { kind: "ExecutionFailure", message: "Internal error: the run did not complete." },
      toolCalls: [],
    }
  }
}
