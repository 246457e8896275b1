import { generateText, isStepCount, type ModelMessage } from "ai"
import { Effect, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { codeTool, resumeTool } from "../../src/ai-sdk/index.js"
import { CodeMode, Store, Tool } from "../../src/index.js"
import { scripted, type Prompt, type Step } from "./scripted-model.js"

/**
 * A call a program defers, approved through the AI SDK's own tool-approval flow: `generateText` with the SDK's mock
 * model stops at a `tool-approval-request` for the resume tool, and the app answers with a `tool-approval-response`.
 * Counters on the tools prove that a journaled call is never made again.
 */
/** The last tool result in the prompt, as the model receives it. */
const lastOutput = (prompt: Prompt): { type: string; value?: unknown; reason?: string } => {
  const parts = prompt
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content as Array<{ type: string; output?: { type: string; value?: unknown; reason?: string } }>)
    .filter((p) => p.type === "tool-result")
  return parts.at(-1)!.output!
}

const PROGRAM = `
  const first = await tools.ledger.add({})
  const paid = await tools.ledger.pay({ amount: first.count * 10 })
  const second = await tools.ledger.add({})
  return { first: first.count, paid, second: second.count }`

const setup = () => {
  const counts = { add: 0, pay: [] as Array<number> }
  const ledger = {
    add: Tool.make({
      description: "Adds one to the counter",
      input: Schema.Struct({}),
      run: () => Effect.sync(() => ({ count: ++counts.add })),
    }),
    pay: Tool.make({
      description: "Pays an amount",
      input: Schema.Struct({ amount: Schema.Number }),
      run: ({ amount }: { amount: number }) => Effect.sync(() => (counts.pay.push(amount), { paid: amount })),
    }),
  }
  const runtime = CodeMode.make({
    tools: { ledger },
    approve: ({ name }) =>
      Effect.succeed(name === "ledger.pay" ? { defer: true, reason: "payments need a person" } : { allow: true }),
    store: Store.memory(),
  })
  const tools = { codemode: codeTool(runtime), resume: resumeTool(runtime) }
  return { counts, runtime, tools }
}

/** Step 1 runs the program; step 2 passes the token from the ApprovalPending text to the resume tool. */
const untilApproval = (seen: { token?: string }): Array<Step> => [
  () => ({ tool: "codemode", input: { code: PROGRAM } }),
  (prompt) => {
    const text = String(lastOutput(prompt).value)
    expect(text).toMatch(/^ApprovalPending/)
    seen.token = /resume token: (\S+)/.exec(text)![1]!
    return { tool: "resume", input: { token: seen.token } }
  },
]

const first = async (steps: Array<Step>, tools: ReturnType<typeof setup>["tools"]) => {
  const model = scripted(steps)
  const messages: Array<ModelMessage> = [{ role: "user", content: "Pay for the first order" }]
  const result = await generateText({ model, tools, messages, stopWhen: isStepCount(5) })
  const request = result.content.find((p) => p.type === "tool-approval-request")
  return { model, messages: [...messages, ...result.response.messages], request }
}

describe("resumeTool: a deferred call through the AI SDK's tool approval", () => {
  it("stops at an approval request; approving resumes the program without repeating a call", async () => {
    const { counts, tools } = setup()
    const seen: { token?: string } = {}
    let finalOutput: unknown
    const steps: Array<Step> = [
      ...untilApproval(seen),
      (prompt) => {
        finalOutput = lastOutput(prompt)
        return { text: "paid" }
      },
    ]
    const { model, messages, request } = await first(steps, tools)
    expect(request).toMatchObject({ type: "tool-approval-request", toolCall: { toolName: "resume" } })
    expect((request as any).toolCall.input).toEqual({ token: seen.token })
    expect(counts).toEqual({ add: 1, pay: [] })

    const approved: ModelMessage = {
      role: "tool",
      content: [{ type: "tool-approval-response", approvalId: (request as any).approvalId, approved: true }],
    }
    const done = await generateText({ model, tools, messages: [...messages, approved], stopWhen: isStepCount(5) })
    expect(done.text).toBe("paid")
    expect(finalOutput).toEqual({ type: "text", value: '{"first":1,"paid":{"paid":10},"second":2}' })
    // The journaled add was answered from the journal: two adds in all, one payment.
    expect(counts).toEqual({ add: 2, pay: [10] })
  })

  it("a denial never runs the program: the model is told, nothing is paid, the token stays unused", async () => {
    const { counts, runtime, tools } = setup()
    const seen: { token?: string } = {}
    let finalOutput: { type: string; reason?: string } | undefined
    const steps: Array<Step> = [
      ...untilApproval(seen),
      (prompt) => {
        finalOutput = lastOutput(prompt)
        return { text: "not paid" }
      },
    ]
    const { model, messages, request } = await first(steps, tools)
    const denied: ModelMessage = {
      role: "tool",
      content: [
        {
          type: "tool-approval-response",
          approvalId: (request as any).approvalId,
          approved: false,
          reason: "over budget",
        },
      ],
    }
    await generateText({ model, tools, messages: [...messages, denied], stopWhen: isStepCount(5) })
    expect(finalOutput).toMatchObject({ type: "execution-denied", reason: "over budget" })
    expect(counts).toEqual({ add: 1, pay: [] })
    // The app may still let the program handle the denial: the token was not used.
    const handled = await Effect.runPromise(runtime.resume(seen.token!, { allow: false, reason: "over budget" }))
    expect(handled.ok).toBe(false)
    expect(!handled.ok && handled.error.message).toMatch(/denied: over budget/)
    expect(counts).toEqual({ add: 1, pay: [] })
  })
})
