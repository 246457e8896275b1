/**
 * Vercel and TanStack send the model a JSON-serialised result: a Map or a Set in it arrives as `{}`. The run does
 * the same (what their systems do) and says so in the receipt, naming where and how many entries were lost, through
 * the library as a user calls it (`runtime.run` on raw model input: frontend, interpreter, runtime).
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import type { RunResult } from "../../src/runtime/run.js"

const runtime = CodeMode.make({
  tools: {
    echo: Tool.make({
      description: "echo",
      input: { type: "object" },
      run: (input: unknown) => Effect.succeed({ input }),
    }),
  },
  limits: { timeoutMs: 10_000 },
})

const run = (input: unknown): Promise<RunResult> => Effect.runPromise(runtime.run(input))
const warnings = (r: RunResult) => r.receipt.warnings.map((w) => w.message)

const PROGRAM = `const r = await tools.echo({})
const byId = new Map([["a", 1], ["b", 2]])
return { byId, tags: new Set(["x"]), nested: [new Map()], kept: Object.fromEntries(byId) }`

describe("a Map or Set in a JSON result is named in the receipt", () => {
  it.each([
    ["vercel", { js: PROGRAM }],
    ["tanstack", { typescriptCode: PROGRAM.replace("tools.echo", "external_echo") }],
  ])("%s", async (_dialect, input) => {
    const r = await run(input)
    // What their systems send: JSON.stringify of the value.
    expect(r).toMatchObject({ ok: true, value: { byId: {}, tags: {}, nested: [{}], kept: { a: 1, b: 2 } } })
    expect(warnings(r)).toEqual([
      "result.byId is a Map of 2 entries: sent as {}, as JSON.stringify gives it; convert it first (Object.fromEntries(map) or [...map])",
      "result.tags is a Set of 1 entry: sent as {}, as JSON.stringify gives it; convert it first ([...set])",
      "result.nested[0] is a Map of 0 entries: sent as {}, as JSON.stringify gives it; convert it first (Object.fromEntries(map) or [...map])",
    ])
  })

  it("a canonical program's result keeps the 1.18 contract's {} without a JSON-result note", async () => {
    const r = await run({ code: `return { m: new Map([["a", 1]]) }` })
    expect(r).toMatchObject({ ok: true, value: { m: {} } })
    expect(warnings(r).filter((w) => w.includes("Map"))).toEqual([])
  })
})
