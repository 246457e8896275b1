import { describe, expect, it } from "vitest"
import { normalize, dialects } from "../../src/Frontend.js"
import { CodeMode, Tool } from "../../src/index.js"
import { Effect } from "effect"

const catalog = [
  {
    path: ["get_weather"],
    description: "Weather of a city",
    signature: "(input: { city: string; days?: number }) => Promise<unknown>",
  },
  {
    path: ["github", "list_issues"],
    description: "Issues",
    signature: "(input: { repo: string }) => Promise<unknown>",
  },
]

const detected = (code: string, hint?: string) => normalize({ code }, { catalog, ...(hint ? { hint } : {}) })

describe("Python dialects", () => {
  it("detects each system from its program", () => {
    expect(detected('w = get_weather(city="SF")\nfinal_answer(w)').receipt.dialect).toBe("smolagents")
    expect(detected('x = await call_tool("get_weather", {"city": "SF"})\nx').receipt.dialect).toBe("monty")
    expect(
      detected('import asyncio\nr = await asyncio.gather(get_weather(city="a"), get_weather(city="b"))\nprint(r)')
        .receipt.dialect,
    ).toBe("anthropic")
    const n = detected('print(get_weather(city="SF"))')
    expect(n.receipt.language).toBe("python")
    expect(n.receipt.dialect).toBe("smolagents")
  })

  it("keeps JavaScript programs JavaScript", () => {
    const n = detected('const w = await tools.get_weather({ city: "SF" })\nreturn w')
    expect(n.ok).toBe(true)
    expect(n.receipt.language).toBeUndefined()
  })

  it("maps positional arguments through the schema's order and says so", () => {
    const n = detected('print(get_weather("SF", 3))')
    expect(n.ok).toBe(true)
    expect(n.code).toContain('"city": "SF"')
    expect(n.code).toContain('"days": 3')
    expect(n.receipt.changes.some((c) => c.rule === "python-positional-args")).toBe(true)
  })

  it("calls a namespaced tool by its joined name", () => {
    const n = detected('print(github_list_issues(repo="a/b"))')
    expect(n.code).toContain("tools.github.list_issues(")
  })

  it("refuses what the subset does not hold, with the position and the fix", () => {
    const n = detected("import os\nprint(os.listdir('.'))")
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]).toMatchObject({ kind: "UnsupportedSyntax", location: { line: 1, column: 7 } })
    expect(n.diagnostics[0]!.message).toContain("import of os is not supported")
    const c = detected("class A(B):\n    pass\nprint(A())")
    expect(c.diagnostics[0]).toMatchObject({ kind: "UnsupportedSyntax", location: { line: 1, column: 0 } })
    expect(c.diagnostics[0]!.suggestions?.[0]).toContain("dicts")
  })

  it("reports a Python syntax error at its position", () => {
    const n = detected("def f(x):\n    return x +\nprint(f(1))")
    expect(n.diagnostics[0]).toMatchObject({ kind: "ParseError", location: { line: 2 } })
  })

  it("renders instructions in each system's words with Python signatures", () => {
    const runtime = CodeMode.make({
      tools: {
        get_weather: Tool.make({
          description: "Weather of a city",
          input: {
            type: "object",
            properties: { city: { type: "string", description: "City name" }, days: { type: "integer" } },
            required: ["city"],
          },
          run: () => Effect.succeed({}),
        }),
      },
    })
    const ptc = runtime.instructions({ dialect: "anthropic" })
    expect(ptc).toContain("async def get_weather(*, city: str, days: int | None = None) -> Any:")
    expect(ptc).toContain("asyncio.gather")
    const smol = runtime.instructions({ dialect: "smolagents" })
    expect(smol).toContain("def get_weather(city: str, days: int | None = None) -> Any:")
    expect(smol).toContain("city: City name")
    expect(smol).toContain("final_answer")
    expect(runtime.instructions({ dialect: "monty" })).toContain("call_tool")
    expect(dialects.map((d) => d.id)).toEqual(expect.arrayContaining(["anthropic", "smolagents", "monty"]))
  })
})
