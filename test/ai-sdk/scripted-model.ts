import { MockLanguageModelV4 } from "ai/test"

/**
 * The AI SDK's own mock model driven by a script: each step sees the prompt the SDK built (tool results included)
 * and answers with one tool call or with text, as a model reacting to the previous step does.
 */
export type Prompt = ReadonlyArray<{ role: string; content: unknown }>
export type Step = (prompt: Prompt) => { tool: string; input: unknown } | { text: string }

export const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
}

export const scripted = (steps: ReadonlyArray<Step>) => {
  let n = 0
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      const step = steps[n++]
      if (step === undefined) throw new Error("the script has no more steps")
      const next = step(prompt as Prompt)
      return "tool" in next
        ? {
            content: [
              { type: "tool-call", toolCallId: `call-${n}`, toolName: next.tool, input: JSON.stringify(next.input) },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          }
        : {
            content: [{ type: "text", text: next.text }],
            finishReason: { unified: "stop", raw: undefined },
            usage,
            warnings: [],
          }
    },
  })
}
