import { jsonSchema, tool, type Tool } from "ai"
import type { Runtime } from "../runtime/types.js"
import { modelOutputOf, runForTool, type CodeToolOptions, type CodeToolOutput } from "./code-tool.js"

/** The input of the resume tool: only the token; the decision is the app's approval, never the model's. */
export interface ResumeInput {
  readonly token: string
}

export type ResumeToolOptions<R = never> = Pick<
  CodeToolOptions<R>,
  "layer" | "modelOutput" | "modelOutputLimits" | "description"
>

const INPUT = jsonSchema<ResumeInput>({
  type: "object",
  properties: {
    token: { type: "string", description: "The resume token of an ApprovalPending result" },
  },
  required: ["token"],
  additionalProperties: false,
})

const DESCRIPTION =
  "Continue a program that stopped with ApprovalPending: pass the resume token from that result. The user is asked " +
  "to approve the waiting call; once approved, the program continues from where it stopped and this returns its result."

/**
 * The AI SDK face of a deferred approval (docs/resume.md "AI SDK"): a tool with `needsApproval: true` whose input is
 * the token of a program `codeTool` left `ApprovalPending`. The SDK stops with a `tool-approval-request`; the app's
 * `tool-approval-response` with `approved: true` makes the SDK run it, which resumes the program with `{ allow: true }`.
 * A denial never reaches `execute`: the SDK tells the model the call was denied, and the token stays unused until it
 * expires (the app may `runtime.resume(token, { allow: false, reason })` to let the program handle it).
 */
export const resumeTool = <R = never>(
  runtime: Runtime<R>,
  options: ResumeToolOptions<R> = {},
): Tool<ResumeInput, CodeToolOutput> =>
  tool({
    description: options.description ?? DESCRIPTION,
    inputSchema: INPUT,
    needsApproval: true,
    toModelOutput: modelOutputOf(options),
    execute: ({ token }, { abortSignal }) =>
      runForTool(runtime.resume(token, { allow: true }), options.layer, abortSignal),
  })
