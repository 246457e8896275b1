import { Effect } from "effect"
import vm from "node:vm"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import type { RunResult } from "../../src/runtime/run.js"

/**
 * DeepSeek programs whose tool names hold `-` or `$` (issue 32). DeepSeek's SDK shows an identifier name bare
 * (`tools.a$b`) and any other quoted (`tools["get-weather"]`); the binding's members are the exact names.
 */
const calls: string[] = []
const tool = (name: string) =>
  Tool.make({
    description: `tool ${name}`,
    input: { type: "object" },
    run: (input: unknown) =>
      Effect.sync(() => {
        calls.push(name)
        return { tool: name, input }
      }),
  })

const NAMES = ["get-weather", "a$b", "$lookup", "web-search$v2"]
const runtime = CodeMode.make({
  tools: Object.fromEntries(NAMES.map((n) => [n, tool(n)])),
  limits: { timeoutMs: 10_000 },
})

const run = async (code: string, on = runtime): Promise<RunResult> => {
  calls.length = 0
  return Effect.runPromise(on.run({ code, description: "call the weather tool" }))
}

describe("deepseek tool names with - and $", () => {
  it("runs DeepSeek's own spellings as its binding does (differential against node:vm)", async () => {
    const programs = [
      `const w = await tools["get-weather"]({ city: "Paris" }); return w`,
      `return [await tools.a$b({ n: 1 }), await tools.$lookup({}), await tools["web-search$v2"]({ q: "x" })]`,
      `const r = await Promise.all([tools["a$b"]({}), tools["get-weather"]({})]); return r.map((x) => x.tool)`,
      `return Object.keys(tools).sort()`,
    ]
    for (const code of programs) {
      // DeepSeek's `tools` binding: one async member per exact name, answering as the tools above do.
      const tools = Object.fromEntries(NAMES.map((n) => [n, async (input: unknown) => ({ tool: n, input })]))
      const expected = JSON.parse(
        JSON.stringify(await vm.runInContext(`(async () => { ${code} })()`, vm.createContext({ tools }))),
      )
      const r = await run(code)
      expect(r.receipt.dialect, code).toBe("deepseek")
      expect(r.ok && r.value, code).toEqual(expected)
    }
  })

  it("resolves the identifier a model makes of a quoted name, and says so", async () => {
    const r = await run(`return [await tools.get_weather({}), await tools.web_search$v2({})]`)
    expect(r.ok).toBe(true)
    expect(calls).toEqual(["get-weather", "web-search$v2"])
    const notes = r.receipt.changes.filter((c) => c.rule === "deepseek-identifier-name").map((c) => c.note)
    expect(notes).toEqual(['tools.get_weather → tools["get-weather"]', 'tools.web_search$v2 → tools["web-search$v2"]'])
  })

  it("refuses an identifier two tools could stand for, naming both", async () => {
    const two = CodeMode.make({ tools: { "get-weather": tool("get-weather"), "get+weather": tool("get+weather") } })
    const r = await run(`return await tools.get_weather({})`, two)
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toContain('tools["get-weather"], tools["get+weather"]')
    expect(calls).toEqual([])
  })
})
