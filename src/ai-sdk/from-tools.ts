import { asSchema, type FlexibleSchema, type ToolSet } from "ai"
import * as Effect from "effect/Effect"
import { make as makeTool, type Definition, type InputCheck, type JsonSchema } from "../tool/Tool.js"
import { toolError } from "../tool/ToolError.js"
import { JsonSchemaValidators } from "../runtime/validate.js"

export interface FromAiSdkToolsOptions {
  /** The `context` every `execute` receives (tools with a `contextSchema` need it); default `{}`. */
  readonly context?: unknown
}

type Issue = { readonly message?: unknown; readonly path?: ReadonlyArray<unknown> }

/** Standard Schema issues (zod, valibot, …) as `/city: Too small: …`, at most three. */
const describeIssues = (issues: ReadonlyArray<Issue>): string => {
  const lines = issues.map((issue) => {
    const path = (issue.path ?? [])
      .map((p) => String(typeof p === "object" && p !== null && "key" in p ? (p as { key: unknown }).key : p))
      .map((p) => `/${p.replace(/~/g, "~0").replace(/\//g, "~1")}`)
      .join("")
    return `${path === "" ? "input" : path}: ${typeof issue.message === "string" ? issue.message : "is invalid"}`
  })
  const shown = lines.slice(0, 3).join("; ")
  return lines.length > 3 ? `${shown}; and ${lines.length - 3} more` : shown
}

const oneLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, " ").trim() || "is invalid"

const isThenable = (u: unknown): u is PromiseLike<unknown> =>
  typeof u === "object" && u !== null && typeof (u as { then?: unknown }).then === "function"

type Answer = InputCheck | PromiseLike<InputCheck>

/**
 * The tool's own validation, as the AI SDK would run it: a Standard Schema's `validate` (zod 3.24+/4, valibot,
 * ArkType), else the AI SDK schema's `validate` (`jsonSchema(..., { validate })`, zod through `asSchema`), else the
 * JSON Schema itself (ajv, as `validateInputs` does). The answer may be asynchronous.
 */
const validatorOf = (
  schema: FlexibleSchema<unknown>,
  json: JsonSchema,
  name: string,
  validators: JsonSchemaValidators,
): ((value: unknown) => Answer) => {
  const standard = (schema as { "~standard"?: { validate?: (value: unknown) => unknown } })["~standard"]
  if (typeof standard?.validate === "function") {
    const validate = standard.validate
    const read = (r: unknown): InputCheck => {
      const { issues, value } = r as { issues?: ReadonlyArray<Issue>; value?: unknown }
      return issues === undefined ? { ok: true, value } : { ok: false, message: describeIssues(issues) }
    }
    return (value) => {
      const r = validate(value)
      return isThenable(r) ? Promise.resolve(r).then(read) : read(r)
    }
  }
  const sdk = asSchema(schema)
  if (typeof sdk.validate === "function") {
    const validate = sdk.validate.bind(sdk)
    const read = (r: unknown): InputCheck => {
      const result = r as { success: boolean; value?: unknown; error?: unknown }
      return result.success ? { ok: true, value: result.value } : { ok: false, message: oneLine(result.error) }
    }
    return (value) => {
      const r = validate(value)
      return isThenable(r) ? Promise.resolve(r).then(read) : read(r)
    }
  }
  return validators.compile(json, `the AI SDK tool '${name}'`)
}

/** The JSON Schema the AI SDK would send the model for this schema; it must be available synchronously. */
const jsonSchemaOf = (schema: FlexibleSchema<unknown>, name: string, which: string): JsonSchema => {
  const json = asSchema(schema).jsonSchema
  if (isThenable(json))
    throw new TypeError(`fromAiSdkTools: the ${which} schema of '${name}' is asynchronous; resolve it before adapting`)
  return json as JsonSchema
}

/** The last value of an AI SDK `execute` (a value, a promise, or an async iterable of preliminary results). */
const settle = async (output: unknown): Promise<unknown> => {
  const awaited = await output
  if (typeof awaited === "object" && awaited !== null && Symbol.asyncIterator in awaited) {
    let last: unknown
    for await (const chunk of awaited as AsyncIterable<unknown>) last = chunk
    return last
  }
  return awaited
}

let calls = 0

/**
 * An AI SDK tool set as a code-mode tool subtree, for `CodeMode.make({ tools: { ns: fromAiSdkTools(toolSet) } })`.
 * Each tool keeps its description, and its input (and output) schema as the JSON Schema the AI SDK would send the
 * model. Inputs are checked by the tool's own schema before `execute` (see `validatorOf`): a failure reaches the
 * program as `InvalidToolInput` ("Invalid input for tool 'ns.x': /city: Too small: …") and `execute` is not called.
 * A schema whose check is asynchronous (a zod async refinement) is checked inside the call instead, and its failure
 * is a `ToolFailure` with the same message. `execute` receives the validated (parsed) input; its result is the
 * tool's output (the last one for a streaming tool). A `ToolError` thrown by `execute` keeps its message; any other
 * throw is "Tool execution failed" (the error stays host-side). Tools without `execute` are a `TypeError`.
 */
export const fromAiSdkTools = (
  toolSet: ToolSet,
  options: FromAiSdkToolsOptions = {},
): { readonly [name: string]: Definition } => {
  if (typeof toolSet !== "object" || toolSet === null) throw new TypeError("fromAiSdkTools expects a tool set object")
  const validators = new JsonSchemaValidators()
  const tree: Record<string, Definition> = {}
  for (const [name, aiTool] of Object.entries(toolSet)) {
    const execute = (aiTool as { execute?: unknown }).execute
    if (typeof execute !== "function")
      throw new TypeError(
        `fromAiSdkTools: '${name}' has no execute function (provider-executed and client-side tools cannot be called from a program)`,
      )
    const inputSchema = (aiTool as { inputSchema?: FlexibleSchema<unknown> }).inputSchema
    if (inputSchema === undefined) throw new TypeError(`fromAiSdkTools: '${name}' has no inputSchema`)
    const outputSchema = (aiTool as { outputSchema?: FlexibleSchema<unknown> }).outputSchema
    const input = jsonSchemaOf(inputSchema, name, "input")
    const check = validatorOf(inputSchema, input, name, validators)
    let asynchronous = false
    tree[name] = makeTool({
      description: typeof aiTool.description === "string" ? aiTool.description : "",
      input,
      ...(outputSchema !== undefined ? { output: jsonSchemaOf(outputSchema, name, "output") } : {}),
      validate: (value) => {
        const answer = check(value)
        if (!isThenable(answer)) return answer
        // Decided inside the call; the admission check cannot wait.
        asynchronous = true
        return { ok: true, value }
      },
      run: (value: unknown) =>
        Effect.tryPromise({
          try: async (signal) => {
            let parsed = value
            if (asynchronous) {
              const answer = await check(value)
              if (!answer.ok) throw toolError(`Invalid input for tool '${name}': ${answer.message}`)
              parsed = answer.value
            }
            return settle(
              (execute as (input: unknown, options: object) => unknown)(parsed, {
                toolCallId: `codemode-${++calls}`,
                messages: [],
                abortSignal: signal,
                context: options.context ?? {},
              }),
            )
          },
          // A ToolError keeps its message; the runtime turns anything else into "Tool execution failed".
          catch: (error) => error,
        }),
    })
  }
  return tree
}
