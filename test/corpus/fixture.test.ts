import { Cause, Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { answerFor, buildTree, matches, NO_FIXTURE } from "../../src/corpus/fixture.js"
import { jsonEqual } from "../../src/corpus/json.js"
import { readToolset, type FixtureToolset } from "../../src/corpus/toolset.js"
import { httpOperationOf } from "../../src/openapi/http-operation.js"
import { shop } from "./helpers.js"

const toolset = (raw: unknown): FixtureToolset => {
  const { toolset, problems } = readToolset("t.json", raw, (raw as { name: string }).name)
  if (!toolset) throw new Error(JSON.stringify(problems.list))
  return toolset
}

/** Calls a fixture tool the way the runtime does: its `run` Effect. */
const call = async (tree: unknown, path: string[], input: unknown) => {
  const def = path.reduce<any>((n, k) => n[k], tree)
  const exit = await Effect.runPromiseExit(def.run(input) as Effect.Effect<unknown, { message: string; _tag: string }>)
  if (Exit.isSuccess(exit)) return { result: exit.value }
  const error = Cause.findErrorOption(exit.cause)
  return { error: error._tag === "Some" ? `${error.value._tag}: ${error.value.message}` : "defect" }
}

describe("JSON equality (docs/corpus-format.md#matching)", () => {
  it("ignores object key order but not array order", () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true)
    expect(jsonEqual([1, 2], [2, 1])).toBe(false)
    expect(jsonEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false)
    expect(jsonEqual({ a: "1" }, { a: 1 })).toBe(false)
    expect(jsonEqual(null, {})).toBe(false)
    expect(jsonEqual([], {})).toBe(false)
  })
})

describe("fixture matching", () => {
  it("matches when every `when` key is present and equal; other input keys are ignored", () => {
    expect(matches({ status: "open" }, { status: "open", limit: 5 })).toBe(true)
    expect(matches({ status: "open" }, { limit: 5 })).toBe(false)
    expect(matches({ filter: { a: 1, b: 2 } }, { filter: { b: 2, a: 1 } })).toBe(true)
    expect(matches({ filter: { a: 1 } }, { filter: { a: 1, b: 2 } })).toBe(false) // deep equality, not a subset
    expect(matches({ id: null }, {})).toBe(false)
    expect(matches({}, { anything: true })).toBe(true)
    expect(matches({}, undefined)).toBe(true)
    expect(matches({ id: "x" }, "x")).toBe(false)
  })

  it("tries cases in order, then default", () => {
    const tool = toolset({
      name: "t",
      tools: [
        {
          path: ["a"],
          description: "",
          input: {},
          cases: [
            { when: { x: 1 }, result: "first" },
            { when: {}, result: "catch-all" },
            { when: { x: 1, y: 2 }, result: "never reached" },
          ],
        },
        {
          path: ["b"],
          description: "",
          input: {},
          cases: [{ when: { x: 1 }, result: null }],
          default: { error: "nope" },
        },
      ],
    }).tools
    expect(answerFor(tool[0]!, { x: 1, y: 2 })).toEqual({ result: "first" })
    expect(answerFor(tool[0]!, { x: 2 })).toEqual({ result: "catch-all" })
    expect(answerFor(tool[1]!, { x: 1 })).toEqual({ result: null })
    expect(answerFor(tool[1]!, { x: 3 })).toEqual({ error: "nope" })
  })
})

describe("fixture tools", () => {
  const tree = () => {
    const t = buildTree([toolset(shop)])
    if ("conflict" in t) throw new Error(t.conflict)
    return t
  }

  it("builds the nested tool tree with JSON Schema inputs", () => {
    const { tools } = tree()
    expect(Object.keys(tools)).toEqual(["orders", "ping"])
    const list = (tools as any).orders.list
    expect(list._tag).toBe("CodeModeTool")
    expect(list.description).toBe("List orders")
    expect(list.input).toEqual(shop.tools[0]!.input)
  })

  it("returns results, model-visible errors, the default, and `no fixture for this input`", async () => {
    const { tools, calls } = tree()
    expect(await call(tools, ["orders", "list"], { status: "open" })).toEqual({ result: [{ id: "o3" }, { id: "o1" }] })
    expect(await call(tools, ["orders", "list"], { status: "lost" })).toEqual({ error: "ToolError: No such status" })
    expect(await call(tools, ["orders", "list"], { status: "shipped" })).toEqual({ result: [] })
    expect(await call(tools, ["orders", "get"], { id: "o9" })).toEqual({ error: `ToolError: ${NO_FIXTURE}` })
    expect(await call(tools, ["ping"], {})).toEqual({ result: "pong" })
    expect(calls).toEqual(["orders.list", "orders.list", "orders.list", "orders.get", "ping"])
  })

  it("hands out a fresh copy on every call", async () => {
    const { tools } = tree()
    const first = (await call(tools, ["orders", "get"], { id: "o1" })).result as { total: number }
    first.total = 999
    expect(await call(tools, ["orders", "get"], { id: "o1" })).toEqual({ result: { id: "o1", total: 5 } })
  })

  it("gives every tree its own call log", async () => {
    const a = tree()
    const b = tree()
    await call(a.tools, ["ping"], {})
    expect(a.calls).toEqual(["ping"])
    expect(b.calls).toEqual([])
  })

  it("rejects a path that is both a tool and a namespace", () => {
    const t = toolset({
      name: "t",
      tools: [
        { path: ["a"], description: "", input: {} },
        { path: ["a", "b"], description: "", input: {} },
      ],
    })
    expect(buildTree([t])).toEqual({ conflict: "tool a.b of toolset t is under a, a tool of toolset t" })
  })
})

describe("OpenAPI toolsets (docs/corpus-format.md#openapi-toolsets)", () => {
  const document = {
    openapi: "3.0.0",
    paths: { "/users/{id}": { get: { parameters: [{ name: "id", in: "path", required: true }], responses: {} } } },
  }
  it("a tool at an operation's path takes its input schema and HTTP shape, and answers from the fixture", async () => {
    const set = toolset({
      name: "t",
      openapi: { namespace: "api", document },
      tools: [{ path: ["api", "getUsersById"], description: "d", input: {}, default: { result: { id: "7" } } }],
    })
    const tree = buildTree([set])
    if ("conflict" in tree) throw new Error(tree.conflict)
    const def = (tree.tools as any).api.getUsersById
    expect(def.input).toMatchObject({ properties: { id: {} }, required: ["id"] })
    expect(httpOperationOf(def)).toMatchObject({ method: "GET", path: "/users/{id}", document })
    expect(await call(tree.tools, ["api", "getUsersById"], { id: "7" })).toEqual({ result: { id: "7" } })
    expect(tree.calls).toEqual(["api.getUsersById"])
  })
  it("a malformed openapi entry is a problem naming the field", () => {
    const { toolset, problems } = readToolset("t.json", { name: "t", openapi: { document: 3 }, tools: [] }, "t")
    expect(toolset).toBeUndefined()
    expect(problems.list.map((p) => p.field)).toEqual(["openapi.namespace", "openapi.document"])
  })
})
