import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"

const echo = Tool.make({
  description: "Echo",
  input: Schema.Struct({ text: Schema.String }),
  run: ({ text }: { text: string }) => Effect.succeed(text),
})
const runtime = CodeMode.make({ tools: { fs: { read: echo }, memory: { search: echo }, ping: echo } })
const execute = (code: string) => Effect.runPromise(runtime.execute(code))

describe("an unknown namespace", () => {
  it("names the namespaces that exist when nothing is near", async () => {
    const result = await execute("return await tools.github.list_issues({})")
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe("UnknownTool")
    expect(result.error.message).toBe(
      "Unknown tool 'github.list_issues'. There is no namespace 'github'; the namespaces are fs, memory, $codemode.",
    )
    expect(result.error.suggestions).toEqual([
      "There is no namespace 'github'; the namespaces are fs, memory, $codemode.",
    ])
  })

  it("keeps the near-miss suggestion when there is one", async () => {
    const result = await execute("return await tools.memory.serch({ text: 'x' })")
    expect(!result.ok && result.error.message).toMatch(/Did you mean tools\.memory\.search\?/)
  })
})
