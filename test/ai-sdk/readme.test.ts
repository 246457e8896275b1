import { readFileSync } from "node:fs"
import * as ai from "ai"
import { MockLanguageModelV4 } from "ai/test"
import * as effect from "effect"
import { describe, expect, it } from "vitest"
import * as zod from "zod"
import * as adapter from "../../src/ai-sdk/index.js"
import * as root from "../../src/index.js"
import { usage } from "./scripted-model.js"

/**
 * The README's AI SDK example, run as written: its imports are bound to the real modules (the package's own
 * sources for `codemode-polyglot`), except the provider, whose `openai(...)` returns the AI SDK's mock model playing
 * a model that writes one program and then answers from its Result.
 */
const readme = readFileSync("README.md", "utf8")
const section = readme.slice(readme.indexOf("\n## AI SDK\n"))
const example = /```ts\n([\s\S]*?)```/.exec(section)?.[1]

const PROGRAM = `const [p, o] = await Promise.all([tools.weather.get({ city: "Paris" }), tools.weather.get({ city: "Oslo" })])
let refund = "refunded"
try { await tools.orders.refund({ id: "o-1" }) } catch (e) { refund = e.message }
return { warmer: p.degrees > o.degrees ? p.city : o.city, refund }`

const model = () => {
  let step = 0
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) => {
      step++
      if (step === 1)
        return {
          content: [
            { type: "tool-call", toolCallId: "c1", toolName: "codemode", input: JSON.stringify({ code: PROGRAM }) },
          ],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        }
      const result = prompt.flatMap((m) => (m.role === "tool" ? m.content : [])).find((p) => p.type === "tool-result")
      // The model reads the compact text: the value as JSON on the first line (docs/model-output.md).
      const text = (result as unknown as { output: { type: string; value: string } }).output.value
      const value = JSON.parse(text.split("\n")[0]!) as { warmer: string; refund: string }
      return {
        content: [{ type: "text", text: `${value.warmer} is warmer. (${value.refund})` }],
        finishReason: { unified: "stop", raw: undefined },
        usage,
        warnings: [],
      }
    },
  })
}

const modules: Record<string, unknown> = {
  ai,
  "@ai-sdk/openai": { openai: () => model() },
  zod,
  effect,
  "codemode-polyglot": root,
  "codemode-polyglot/ai-sdk": adapter,
}

describe("README: AI SDK", () => {
  it("the agent example runs as written", async () => {
    expect(example).toBeDefined()
    const body = example!.replace(/^import (\{[^}]*\}) from "([^"]+)"$/gm, (_, names: string, from: string) => {
      if (!(from in modules)) throw new Error(`the example imports an unexpected module: ${from}`)
      return `const ${names.replace(/ as /g, ": ")} = modules[${JSON.stringify(from)}]`
    })
    const logged: Array<unknown> = []
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
      ...args: string[]
    ) => (...args: unknown[]) => Promise<void>
    await new AsyncFunction("modules", "console", body)(modules, { log: (x: unknown) => logged.push(x) })
    expect(logged).toEqual(["Paris is warmer. (Tool call 'orders.refund' was denied: refunds need a human)"])
  })
})
