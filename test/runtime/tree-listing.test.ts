// `make` flattens the host's tree in one walk; namespaces whose object has no dotted key take its keys as they are,
// others merge segment by segment. Differential against a direct model: dotted keys expanded into nested maps in
// key order, later definitions replacing earlier ones at the same path.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { Effect } from "effect"
import { make } from "../../src/tool/Tool.js"
import { prepareTree } from "../../src/runtime/tree.js"

const run = () => Effect.succeed(null)
const tools = [0, 1, 2].map((n) => make({ description: `t${n}`, input: {}, run }))

interface Model {
  readonly children: Map<string, Model>
  tool: unknown
}

const model = (tree: Record<string, unknown>) => {
  const root: Model = { children: new Map(), tool: undefined }
  const walk = (node: Record<string, unknown>, at: Model) => {
    for (const key of Object.keys(node)) {
      let here = at
      for (const segment of key.split(".")) {
        let next = here.children.get(segment)
        if (next === undefined) here.children.set(segment, (next = { children: new Map(), tool: undefined }))
        here = next
      }
      const value = node[key]
      if (tools.includes(value as never)) here.tool = value
      else walk(value as Record<string, unknown>, here)
    }
  }
  walk(tree, root)
  const namespaces = new Map<string, Array<string>>()
  const found = new Map<string, unknown>()
  const collect = (at: Model, path: string, isNamespace: boolean) => {
    if (isNamespace) namespaces.set(path, [...at.children.keys()])
    for (const [name, child] of at.children) {
      const dotted = path === "" ? name : `${path}.${name}`
      if (child.tool !== undefined) found.set(dotted, child.tool)
      // A path is a namespace when an object stands there or a dotted key passes through it.
      collect(child, dotted, child.tool === undefined || child.children.size > 0)
    }
  }
  collect(root, "", true)
  return { namespaces, found }
}

describe("prepareTree", () => {
  test("namespaces and tools match a nested-map model of the tree", () => {
    const key = fc.constantFrom("a", "b", "c", "a.b", "b.c", "a.b.c", "c.a")
    const tree = fc.letrec<{ node: Record<string, unknown> }>((tie) => ({
      node: fc.dictionary(key, fc.oneof({ depthSize: "small" }, fc.constantFrom(...tools), tie("node")), {
        maxKeys: 4,
      }),
    })).node
    fc.assert(
      fc.property(tree, (value) => {
        const prepared = prepareTree(value)
        const expected = model(value)
        for (const [name, children] of expected.namespaces)
          if (children.length > 0) expect(prepared.namespaces.get(name)).toEqual(children)
        expect(new Map([...prepared.tools].map(([name, entry]) => [name, entry.definition]))).toEqual(expected.found)
        expect(prepared.listed.map((tool) => tool.name)).toEqual(prepared.entries.map((entry) => entry.name))
      }),
      { numRuns: 300 },
    )
  })
})
