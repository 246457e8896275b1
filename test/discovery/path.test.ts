// Paths: the call expressions search returns and the tree flattening every discovery output is built from.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { Effect } from "effect"
import { CodeMode } from "../../src/index.js"
import { make, type Tree } from "../../src/tool/Tool.js"
import {
  compareSegments,
  identifierSegment,
  listTools,
  prepareDiscovery,
  renderPath,
} from "../../src/discovery/index.js"
import { isIdentifier } from "../../src/discovery/path.js"

const run = () => Effect.succeed(null)
const t = make({ description: "d", input: {}, run })

describe("renderPath", () => {
  test.each([
    [["orders", "lookup"], "tools.orders.lookup"],
    [["context7", "resolve-library-id"], 'tools.context7["resolve-library-id"]'],
    [["$codemode", "search"], "tools.$codemode.search"],
    [["v2", "session", "get"], "tools.v2.session.get"],
    [["a", "0"], 'tools.a["0"]'],
    [["a", "with space"], 'tools.a["with space"]'],
    [["a", 'q"uote'], 'tools.a["q\\"uote"]'],
    [["_private", "delete"], "tools._private.delete"],
  ])("%j → %s", (path, expected) => {
    expect(renderPath(path)).toBe(expected)
  })
})

test("isIdentifier agrees with identifierSegment", () => {
  for (const name of ["a", "A_1", "$x", "_", "1a", "", "a-b", "é", "a b", "x9$", "9"])
    expect(isIdentifier(name)).toBe(identifierSegment.test(name))
})

describe("listTools", () => {
  test("dotted keys are namespace separators, as if nested (OpenAPI operationIds)", () => {
    const tree: Tree<any> = { api: { "v2.session.get": t, v2: { "session.list": t } } }
    expect(listTools(tree).map((leaf) => leaf.segments)).toEqual([
      ["api", "v2", "session", "get"],
      ["api", "v2", "session", "list"],
    ])
  })

  test("sorted by segments so a namespace is contiguous; a top-level tool is its own namespace", () => {
    const tree: Tree<any> = { "a-c": { x: t }, a: { b: t }, "a.z": t, ping: t }
    expect(listTools(tree).map((leaf) => [leaf.path, leaf.namespace])).toEqual([
      ["a.b", "a"],
      ["a.z", "a"],
      ["a-c.x", "a-c"],
      ["ping", "ping"],
    ])
  })

  test("names holding a NUL are listed as written (no two paths share a sort key)", () => {
    const tree: Tree<any> = { "a.b": { "a\u0000b": t }, "a\u0000b": { "a\u0000b": t } }
    expect(listTools(tree).map((leaf) => leaf.segments)).toEqual([
      ["a", "b", "a\u0000b"],
      ["a\u0000b", "a\u0000b"],
    ])
  })

  test.each([
    [{ "a..b": t }, "empty segment"],
    [{ $codemode: { search: t } }, "reserved"],
    [{ "$codemode.x": t }, "reserved"],
    [{ a: 5 }, "neither a tool nor a namespace"],
    [{ a: [t] }, "neither a tool nor a namespace"],
  ])("%j is rejected (%s)", (tree, message) => {
    expect(() => listTools(tree as unknown as Tree<any>)).toThrow(message)
    expect(() => prepareDiscovery(tree as unknown as Tree<any>)).toThrow(TypeError)
  })

  test("signature() looks up by segments or dotted path", () => {
    const discovery = prepareDiscovery({ orders: { lookup: t } })
    expect(discovery.signature(["orders", "lookup"])).toBe("tools.orders.lookup(input: unknown): Promise<unknown>")
    expect(discovery.signature("orders.lookup")).toBe(discovery.signature(["orders", "lookup"]))
    expect(discovery.signature("orders")).toBeUndefined()
  })

  // The runtime does not walk the host's tree a second time: it sorts the entries `make` flattened. Its catalog lists
  // them in the tree's order (first appearance; a path given twice keeps its first place and takes the later
  // definition), and sorted they are exactly `listTools` over the same tree, whose order the instructions follow —
  // for prefix-related names (`a`, `a-c`, `a.b`) and names holding a NUL too.
  test("a runtime's catalog is the tree's order of discovery's tools, and its instructions are discovery's", () => {
    const key = fc.constantFrom("a", "a-c", "a.b", "b.a", "a\u0000", "a\u0000b", "ab", "A", "é", "z.a.b", "7")
    const leaf = fc.integer({ min: 0, max: 9 }).map((n) => make({ description: `tool ${n}`, input: {}, run }))
    const tree = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
      node: fc.dictionary(key, fc.oneof({ depthSize: "small" }, leaf, tie("node")), { maxKeys: 4 }),
    })).node
    // The order a reader of the tree meets the tools in: keys in property order, a dotted key as its segments.
    const treeOrder = (tools: Record<string, unknown>): Array<[string, string]> => {
      const found = new Map<string, string>()
      const walk = (node: Record<string, unknown>, prefix: string) => {
        for (const [name, value] of Object.entries(node)) {
          const path = prefix === "" ? name : `${prefix}.${name}`
          if (typeof value === "object" && value !== null && "run" in value)
            found.set(path, (value as unknown as { description: string }).description)
          else walk(value as Record<string, unknown>, path)
        }
      }
      walk(tools, "")
      return [...found]
    }
    fc.assert(
      fc.property(tree, fc.constantFrom(0, 10, 2_000), (tools, catalogBudget) => {
        const runtime = CodeMode.make({ tools: tools as Tree<any>, discovery: { catalogBudget } })
        const discovery = prepareDiscovery(tools as Tree<any>, { catalogBudget })
        const listed = runtime.catalog().map((tool) => [tool.path, tool.description])
        expect(listed).toEqual(treeOrder(tools))
        expect(runtime.describeTools().map((tool) => [tool.path, tool.description])).toEqual(listed)
        const byPath = new Map(listed.map(([path, description]) => [path, description]))
        expect(listTools(tools as Tree<any>).map((l) => [l.path, l.definition.description])).toEqual(
          [...byPath.keys()]
            .sort((left, right) => compareSegments(left.split("."), right.split(".")))
            .map((path) => [path, byPath.get(path)]),
        )
        expect(runtime.instructions()).toBe(discovery.instructions())
      }),
      { numRuns: 150 },
    )
  })
})
