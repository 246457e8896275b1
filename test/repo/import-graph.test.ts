/**
 * The sources' import graph keeps its layers (scripts/import-graph.ts, docs/architecture.md#layers): every module has
 * a layer, no import goes up a layer, and no circle remains but the compiler's, apart from the imports listed with
 * their reasons in scripts/import-exceptions.ts; a listed import that is gone fails, so the list cannot go stale.
 */
import { resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { checkGraph, circles, importGraph } from "../../scripts/import-graph.js"

const root = resolve(import.meta.dirname, "../..")

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)] as const))

describe("the import graph", () => {
  it("keeps its layers, with no circle but the compiler's", () => {
    const report = checkGraph(importGraph(root))
    expect(report).toEqual({ unlayered: [], upward: [], circles: [], stale: [] })
  })

  it("sees value imports, dynamic ones included, and not type-only ones", () => {
    const g = importGraph(root)
    expect(g.get("src/cli/io.ts")?.has("src/cli/approve.ts")).toBe(true) // import("./approve.js")
    expect(g.get("src/interpreter/values.ts")?.has("src/interpreter/run-state.ts")).toBe(false) // import type
    expect(g.get("src/CodeMode.ts")?.has("src/compose.ts")).toBe(true)
  })

  it("reports an upward import, a circle outside the compiler and a stale exception", () => {
    const low = "src/interpreter/values.ts"
    const high = "src/interpreter/builtins/array.ts"
    const other = "src/interpreter/builtins/string.ts"
    expect(checkGraph(graph({ [low]: [high], [high]: [] }), []).upward).toEqual([`${low} -> ${high}`])
    expect(checkGraph(graph({ [high]: [other], [other]: [high] }), []).circles).toEqual([[high, other]])
    const compile = ["src/interpreter/compile/a.ts", "src/interpreter/compile/b.ts"]
    expect(checkGraph(graph({ [compile[0]!]: [compile[1]!], [compile[1]!]: [compile[0]!] }), []).circles).toEqual([])
    const listed = [{ from: low, to: high, reason: "r" }]
    expect(checkGraph(graph({ [low]: [high], [high]: [] }), listed)).toMatchObject({ upward: [], stale: [] })
    expect(checkGraph(graph({ [low]: [], [high]: [] }), listed).stale).toEqual([`${low} -> ${high}`])
    expect(checkGraph(graph({ "src/elsewhere.ts": [] }), []).unlayered).toEqual(["src/elsewhere.ts"])
  })

  it("finds circles", () => {
    expect(circles(graph({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c"]])
  })
})
