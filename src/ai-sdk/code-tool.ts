import { jsonSchema, tool, type Tool } from "ai"
import * as Effect from "effect/Effect"
import type * as Layer from "effect/Layer"
import { dialects } from "../Frontend.js"
import type { DialectId } from "../frontend/dialect.js"
import type { RunResult } from "../runtime/run.js"
import type { Result } from "../runtime/schemas.js"
import type { Runtime } from "../runtime/types.js"

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
 * `logs`, `toolCalls`, `receipt`). A failed program is a Result with `ok: false` and its diagnostic (kind, message,
 * line and column, suggestions) for the model to fix; it never throws into the agent loop. The agent's abort signal
 * interrupts the run.
 */
export const codeTool = <R = never>(
  runtime: Runtime<R>,
  options: CodeToolOptions<R> = {},
): Tool<CodeInput, CodeToolOutput> => {
  const dialect = options.dialect ?? "opencode"
  if (!dialects.some((d) => d.id === dialect))
    throw new TypeError(`codeTool: unknown dialect '${dialect}' (dialects: ${dialects.map((d) => d.id).join(", ")})`)
  return tool({
    description: options.description ?? runtime.instructions({ dialect }),
    inputSchema: INPUT,
    execute: async (input, { abortSignal }): Promise<CodeToolOutput> => {
      const run = runtime.run(input, options.dialect === undefined ? undefined : { hint: options.dialect })
      const provided = (options.layer === undefined ? run : Effect.provide(run, options.layer)) as Effect.Effect<
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
    },
  })
}
