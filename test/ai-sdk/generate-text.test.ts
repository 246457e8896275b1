import { generateText, isStepCount, jsonSchema, tool } from "ai"
import { Context, Effect, Layer, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { codeTool, fromAiSdkTools } from "../../src/ai-sdk/index.js"
import { CodeMode, Tool, toolError } from "../../src/index.js"
import { scripted, type Prompt, type Step } from "./scripted-model.js"

/**
 * The adapter inside the AI SDK's own agent loop (`generateText` with `stopWhen`), driven by the SDK's own mock
 * model. Each scripted step sees the prompt the SDK built, tool results included, so a step can react to what the
 * previous run returned — as a model fixing its program from a diagnostic does.
 */
type CodeStep = (prompt: Prompt) => { code: string } | { text: string }

/** A step that writes a program becomes a call of the `codemode` tool. */
const codeSteps = (steps: ReadonlyArray<CodeStep>): ReadonlyArray<Step> =>
  steps.map((step) => (prompt) => {
    const next = step(prompt)
    return "code" in next ? { tool: "codemode", input: next } : next
  })

/** The text of the last tool result in the prompt, exactly as the model receives it. */
const lastText = (prompt: Prompt): string => {
  const parts = prompt
    .filter((m) => m.role === "tool")
    .flatMap((m) => m.content as Array<{ type: string; output?: { type: string; value: unknown } }>)
    .filter((p) => p.type === "tool-result")
  const output = parts.at(-1)?.output
  if (output?.type !== "text" || typeof output.value !== "string")
    throw new Error(`expected a text tool result, got ${JSON.stringify(output)}`)
  return output.value
}

/** A successful step's value: the first line of the model's text is the value as JSON. */
const lastValue = (prompt: Prompt): unknown => JSON.parse(lastText(prompt).split("\n")[0]!)

const orders = {
  lookup: Tool.make({
    description: "Look up an order by ID",
    input: Schema.Struct({ id: Schema.String }),
    output: Schema.Struct({ id: Schema.String, status: Schema.String }),
    run: ({ id }: { id: string }) => Effect.succeed({ id, status: id === "o-1" ? "shipped" : "open" }),
  }),
}

const agent = (runtime: CodeMode.Runtime, steps: ReadonlyArray<CodeStep>) => {
  const model = scripted(codeSteps(steps))
  const run = generateText({
    model,
    tools: { codemode: codeTool(runtime) },
    stopWhen: isStepCount(5),
    prompt: "Where is order o-1?",
  })
  return { model, run }
}

describe("codeTool in generateText", () => {
  it("a plain program: the model gets the Result as data and answers from it", async () => {
    const runtime = CodeMode.make({ tools: { orders } })
    const { model, run } = agent(runtime, [
      () => ({ code: `const o = await tools.orders.lookup({ id: "o-1" })\nreturn o.status` }),
      (prompt) => ({ text: `It is ${lastValue(prompt)}.` }),
    ])
    const result = await run
    expect(result.text).toBe("It is shipped.")
    expect(result.steps).toHaveLength(2)
    // The model read the value and nothing else; the host's output keeps the tool calls and receipt.
    expect(lastText(model.doGenerateCalls[1]!.prompt as Prompt)).toBe('"shipped"')
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({
      ok: true,
      value: "shipped",
      toolCalls: [{ name: "orders.lookup" }],
    })
    // The model was told the API: the tool's description is the runtime's instructions, its input `{ code }`.
    const offered = model.doGenerateCalls[0]!.tools as Array<{ name: string; description?: string; inputSchema: any }>
    expect(offered.map((t) => t.name)).toEqual(["codemode"])
    expect(offered[0]!.description).toBe(runtime.instructions({ dialect: "opencode" }))
    expect(offered[0]!.description).toContain("orders.lookup")
    expect(offered[0]!.inputSchema).toMatchObject({ required: ["code"], properties: { code: { type: "string" } } })
  })

  it("a fenced TypeScript program runs, and the receipt says what the frontend did", async () => {
    const runtime = CodeMode.make({ tools: { orders } })
    const fenced =
      'Let me check.\n```ts\nconst o: { status: string } = await tools.orders.lookup({ id: "o-2" })\nreturn o.status\n```'
    const seen: string[] = []
    const { run } = agent(runtime, [
      () => ({ code: fenced }),
      (prompt) => (seen.push(lastText(prompt)), { text: String(lastValue(prompt)) }),
    ])
    const result = await run
    expect(result.text).toBe("open")
    // One short note for the repair the model can learn from, not the receipt.
    expect(seen).toEqual(['"open"\nnote: fence removed'])
    const output = result.steps[0]!.toolResults[0]!.output as CodeMode.RunResult
    expect(output.ok).toBe(true)
    expect(JSON.stringify(output.receipt)).toMatch(/fence/i)
  })

  it("a broken program returns its diagnostic to the model, which fixes it; the loop never throws", async () => {
    const runtime = CodeMode.make({ tools: { orders } })
    const seen: Array<any> = []
    const { run } = agent(runtime, [
      () => ({ code: `const o = await tools.orders.lookup({ id: "o-1" }\nreturn o.status` }),
      (prompt) => {
        seen.push(lastText(prompt))
        return { code: `const o = await tools.orders.lookup({ id: "o-1" })\nreturn o.status` }
      },
      (prompt) => ({ text: `Fixed: ${lastValue(prompt)}` }),
    ])
    const result = await run
    expect(result.text).toBe("Fixed: shipped")
    expect(result.steps).toHaveLength(3)
    // Kind, where in the model's own text, and what is wrong.
    expect(seen[0]).toMatch(/^ParseError at 2:0: /)
    const host = result.steps[0]!.toolResults[0]!.output as CodeMode.RunResult
    expect(host).toMatchObject({ ok: false, error: { kind: "ParseError", location: { line: 2, column: 0 } } })
  })

  it("a runtime failure (unknown tool) is data for the model too", async () => {
    const runtime = CodeMode.make({ tools: { orders } })
    const { run } = agent(runtime, [
      () => ({ code: `return await tools.orders.find({ id: "o-1" })` }),
      (prompt) => ({ text: lastText(prompt).split(" ")[0]! }),
    ])
    expect((await run).text).toBe("UnknownTool")
  })

  it("the agent's abort signal interrupts the run and its tool calls", async () => {
    let interrupted = 0
    const runtime = CodeMode.make({
      tools: {
        slow: Tool.make({
          description: "Never finishes",
          input: { type: "object" },
          run: () => Effect.never.pipe(Effect.onInterrupt(() => Effect.sync(() => interrupted++))),
        }),
      },
    })
    const controller = new AbortController()
    const execute = codeTool(runtime).execute!
    const pending = execute(
      { code: "return await tools.slow({})" },
      {
        toolCallId: "c",
        messages: [],
        abortSignal: controller.signal,
        context: {},
      },
    ) as Promise<unknown>
    setTimeout(() => controller.abort(), 30)
    await expect(pending).rejects.toBeDefined()
    expect(interrupted).toBe(1)
  })

  it("layer provides the services the runtime's tools need", async () => {
    class Greeting extends Context.Service<Greeting, { readonly word: string }>()("test/Greeting") {}
    const greet = Tool.make({
      description: "Greets",
      input: { type: "object" },
      run: () =>
        Effect.gen(function* () {
          return `${(yield* Greeting).word}!`
        }),
    })
    const runtime = CodeMode.make({ tools: { greet } })
    const output = await codeTool(runtime, { layer: Layer.succeed(Greeting, { word: "hello" }) }).execute!(
      { code: "return await tools.greet({})" },
      { toolCallId: "c", messages: [], context: {} },
    )
    expect(output).toMatchObject({ ok: true, value: "hello!" })
  })

  it("modelOutput: 'full' hands the model the whole output; another value is a TypeError", async () => {
    const runtime = CodeMode.make({ tools: { orders } })
    const full = codeTool(runtime, { modelOutput: "full" })
    const output = await full.execute!(
      { code: 'return (await tools.orders.lookup({ id: "o-1" })).status' },
      { toolCallId: "c", messages: [], context: {} },
    )
    const shown = await full.toModelOutput!({ toolCallId: "c", input: { code: "" }, output: output as never })
    expect(shown).toMatchObject({
      type: "json",
      value: { ok: true, value: "shipped", receipt: { dialect: "opencode" } },
    })
    expect(() => codeTool(runtime, { modelOutput: "all" as never })).toThrow(/modelOutput must be/)
  })

  it("an unknown dialect is a TypeError", () => {
    expect(() => codeTool(CodeMode.make({}), { dialect: "nope" as never })).toThrow(/unknown dialect 'nope'/)
  })
})

describe("fromAiSdkTools", () => {
  const executed: Array<unknown> = []
  const weather = {
    get: tool({
      description: "Current weather in a city",
      inputSchema: z.object({ city: z.string().min(2), unit: z.enum(["C", "F"]).default("C") }),
      execute: async ({ city, unit }) => (executed.push({ city, unit }), { city, unit, degrees: 21 }),
    }),
    alerts: tool({
      description: "Weather alerts for a region code",
      inputSchema: jsonSchema<{ region: string }>({
        type: "object",
        properties: { region: { type: "string", pattern: "^[A-Z]{2}$" } },
        required: ["region"],
        additionalProperties: false,
      }),
      execute: async ({ region }) => {
        if (region === "XX") throw toolError("No such region: XX")
        if (region === "ZZ") throw new Error("upstream token sk-secret expired")
        return [`${region}: wind`]
      },
    }),
    forecast: tool({
      description: "Streams preliminary forecasts; the last one is final",
      inputSchema: z.object({ days: z.number().int() }),
      execute: async function* ({ days }) {
        yield { days, status: "partial" }
        yield { days, status: "final" }
      },
    }),
  }

  it("a zod validation failure reaches the program as InvalidToolInput; the model fixes the call", async () => {
    executed.length = 0
    const runtime = CodeMode.make({ tools: { weather: fromAiSdkTools(weather) } })
    const seen: Array<any> = []
    const { run } = agent(runtime, [
      () => ({ code: `return await tools.weather.get({ city: "X" })` }),
      (prompt) => {
        seen.push(lastText(prompt))
        return { code: `return await tools.weather.get({ city: "Paris" })` }
      },
      (prompt) => ({ text: JSON.stringify(lastValue(prompt)) }),
    ])
    const result = await run
    expect(seen[0]).toBe(
      "InvalidToolInput at 1:13: Invalid input for tool 'weather.get': /city: Too small: expected string to have >=2 characters",
    )
    // execute ran once, with zod's parsed input (the default filled in).
    expect(executed).toEqual([{ city: "Paris", unit: "C" }])
    expect(JSON.parse(result.text)).toEqual({ city: "Paris", unit: "C", degrees: 21 })
  })

  it("the catalog shows each tool's JSON Schema as the AI SDK would send it", () => {
    const runtime = CodeMode.make({ tools: { weather: fromAiSdkTools(weather) } })
    const get = runtime.describeTools().find((t) => t.path === "weather.get")!
    expect(get.description).toBe("Current weather in a city")
    expect(get.input).toMatchObject({
      type: "object",
      properties: { city: { type: "string", minLength: 2 } },
      required: ["city"],
    })
    expect(get.signature).toContain("city")
  })

  it("a JSON-Schema tool without a validate function is checked against its schema; errors keep their rules", async () => {
    executed.length = 0
    const runtime = CodeMode.make({ tools: { weather: fromAiSdkTools(weather) } })
    const result = await Effect.runPromise(
      runtime.execute(`
        const out = []
        for (const input of [{ region: "fr" }, { region: "FR", extra: 1 }, { region: "XX" }, { region: "ZZ" }, { region: "FR" }]) {
          try { out.push(await tools.weather.alerts(input)) } catch (e) { out.push(e.message) }
        }
        out.push(await tools.weather.forecast({ days: 2 }))
        return out`),
    )
    expect(result).toMatchObject({
      ok: true,
      value: [
        `Invalid input for tool 'weather.alerts': /region: must match pattern "^[A-Z]{2}$"`,
        "Invalid input for tool 'weather.alerts': /extra: is not allowed (the schema admits no additional properties)",
        "No such region: XX",
        "Tool execution failed",
        ["FR: wind"],
        { days: 2, status: "final" },
      ],
    })
    expect(JSON.stringify(result)).not.toContain("sk-secret")
  })

  it("an asynchronous zod refinement is checked inside the call (ToolFailure with the schema's message)", async () => {
    let ran = 0
    const tools = fromAiSdkTools({
      reserve: tool({
        description: "Reserves a name",
        inputSchema: z.object({ name: z.string().refine(async (n) => n !== "taken", "that name is taken") }),
        execute: async ({ name }) => (ran++, name),
      }),
    })
    const result = await Effect.runPromise(
      CodeMode.make({ tools }).execute(
        `const a = await tools.reserve({ name: "free" }); try { await tools.reserve({ name: "taken" }) } catch (e) { return [a, e.message] }`,
      ),
    )
    expect(result).toMatchObject({
      ok: true,
      value: ["free", "Invalid input for tool 'reserve': /name: that name is taken"],
    })
    expect(ran).toBe(1)
  })

  it("tools without execute are refused with their name", () => {
    expect(() =>
      fromAiSdkTools({
        ask: tool({ description: "client-side", inputSchema: z.object({}), outputSchema: z.string() }),
      }),
    ).toThrow(/'ask' has no execute function/)
  })
})
