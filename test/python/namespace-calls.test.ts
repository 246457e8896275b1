import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const tool = (...path: string[]) => ({
  path,
  description: path.join("."),
  signature: "(input: { queries?: string[] }) => Promise<unknown>",
})

const run = (code: string, catalog: ReturnType<typeof tool>[]) => normalize({ code }, { catalog })
const namespaceNotes = (n: ReturnType<typeof run>) =>
  n.receipt.changes.filter((c) => c.rule === "python-namespace-call").map((c) => c.note)

describe("tool calls through a namespace the program does not define (Gemini)", () => {
  it("default_api.<tool> calls the tool and says how it was resolved", () => {
    const n = run("print(default_api.turn_on_the_lights())", [tool("turn_on_the_lights")])
    expect(n.ok).toBe(true)
    expect(n.code).toContain("tools.turn_on_the_lights(")
    expect(namespaceNotes(n)).toEqual([
      "default_api.turn_on_the_lights(…): default_api is not defined in the program; resolved to the tool turn_on_the_lights (default_api taken as a namespace object)",
    ])
  })

  it("google_search.search reaches the tool at that path, or a tool named google_search", () => {
    const byPath = run('google_search.search(queries=["q"])', [tool("google_search", "search")])
    expect(byPath.code).toContain("tools.google_search.search(")
    expect(namespaceNotes(byPath)[0]).toContain("(the tool's own path)")
    const byTool = run('google_search.search(queries=["q"])', [tool("google_search")])
    expect(byTool.code).toContain("tools.google_search(")
    expect(namespaceNotes(byTool)[0]).toContain("(search taken as a method of the tool google_search)")
  })

  it("refuses an ambiguous call and names every candidate", () => {
    const n = run('google_search.search(queries=["q"])', [tool("google_search"), tool("search")])
    expect(n.ok).toBe(false)
    expect(n.diagnostics[0]!.kind).toBe("UnsupportedSyntax")
    expect(n.diagnostics[0]!.message).toContain("ambiguous")
    expect(n.diagnostics[0]!.message).toContain("search (google_search taken as a namespace object)")
    expect(n.diagnostics[0]!.message).toContain("google_search (search taken as a method of the tool google_search)")
  })

  it("a name the program defines or imports keeps its meaning", () => {
    const local = run("default_api = {}\nprint(default_api.turn_on_the_lights())", [tool("turn_on_the_lights")])
    expect(local.code).not.toContain("tools.turn_on_the_lights(")
    expect(namespaceNotes(local)).toEqual([])
    const imported = run("import json\nprint(json.dumps([1]))", [tool("dumps")])
    expect(imported.code).not.toContain("tools.dumps(")
    expect(namespaceNotes(imported)).toEqual([])
    const builtin = run("print(str.upper('a'))", [tool("upper")])
    expect(builtin.code).not.toContain("tools.upper(")
  })

  it("leaves an unknown attribute of an undefined name to fail as Python would", () => {
    const n = run("default_api.no_such_tool()", [tool("turn_on_the_lights")])
    expect(n.ok).toBe(true)
    expect(n.code).not.toContain("tools.")
    expect(namespaceNotes(n)).toEqual([])
  })
})
