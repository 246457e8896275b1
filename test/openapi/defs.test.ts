// Referenced schemas stay references: each tool schema carries a `$defs` table of what it reaches, and every consumer
// (ajv validation, signatures, the catalog, the wire) resolves it.
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { CodeMode } from "../../src/index.js"
import { fromSpec } from "../../src/OpenAPI.js"
import { afterAll, beforeAll, describe, expect, it } from "./effect-test.js"
import { toolAt } from "./helpers.js"
import { startServer, type TestServer } from "./server.js"

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const json = (schema: unknown) => ({ content: { "application/json": { schema } } })
const ok = (schema?: unknown) => ({ "200": { description: "ok", ...(schema === undefined ? {} : json(schema)) } })

/** A tree node: `id` is the server's, `children` recurse; `Unused` is declared and reached by nothing. */
const spec = (origin: string, openapi = "3.1.0", extra: Record<string, unknown> = {}) => ({
  openapi,
  servers: [{ url: `${origin}/doc` }],
  paths: {
    "/nodes": {
      post: {
        operationId: "create",
        requestBody: { required: true, ...json({ $ref: "#/components/schemas/Node" }) },
        responses: ok({ $ref: "#/components/schemas/Node" }),
      },
      put: {
        operationId: "replace",
        requestBody: { required: true, ...json({ type: "array", items: { $ref: "#/components/schemas/Node" } }) },
        responses: ok(),
      },
    },
  },
  components: {
    schemas: {
      Node: {
        type: "object",
        required: ["id", "label"],
        properties: {
          id: { type: "string", readOnly: true },
          label: { type: "string", description: "What the node is called" },
          children: { type: "array", items: { $ref: "#/components/schemas/Node" } },
        },
      },
      Unused: { type: "string" },
      ...extra,
    },
  },
})

describe("$defs tables of OpenAPI tools", () => {
  it("a cycle is a reference back; only reached definitions are attached, projected once per direction", () => {
    const tools = fromSpec({ spec: spec("http://unused.test") }).tools
    const create = toolAt(tools, "create")
    const input = create.input as any
    const output = create.output as any
    expect(Object.keys(input.$defs)).toEqual(["Node"])
    expect(input.properties.children).toEqual({ type: "array", items: { $ref: "#/$defs/Node" } })
    expect(input.required).toEqual(["label"])
    expect(Object.keys(input.$defs.Node.properties)).toEqual(["label", "children"])
    expect(input.$defs.Node.required).toEqual(["label"])
    expect(output).toMatchObject({ $ref: "#/$defs/Node" })
    expect(Object.keys(output.$defs.Node.properties)).toEqual(["id", "label", "children"])
    // A definition is built once per document and direction: two tools share the same object.
    const replace = toolAt(tools, "replace").input as any
    expect(replace.$defs.Node).toBe(input.$defs.Node)
  })

  it("3.1 keeps a $ref's sibling keywords (projected too); 3.0 ignores all but annotations", () => {
    const record = {
      $ref: "#/components/schemas/Node",
      description: "A record",
      properties: { extra: { type: "string", readOnly: true }, note: { type: "string" } },
      required: ["extra", "note", "id"],
    }
    const body = (openapi: string) =>
      toolAt(
        fromSpec({
          spec: {
            ...spec("http://unused.test", openapi),
            paths: {
              "/r": {
                post: {
                  operationId: "r",
                  requestBody: { required: true, ...json({ type: "object", properties: { record } }) },
                  responses: ok(),
                },
              },
            },
          },
        }).tools,
        "r",
      ).input as any
    const v31 = body("3.1.0").properties.record
    // `id` is the referenced schema's readOnly property, `extra` the sibling's own: neither is asked for.
    expect(v31).toEqual({
      $ref: "#/$defs/Node",
      description: "A record",
      properties: { note: { type: "string" } },
      required: ["note"],
    })
    expect(body("3.0.3").properties.record).toEqual({ $ref: "#/$defs/Node", description: "A record" })
  })

  it("a diamond of references 40 levels deep is projected once per level", () => {
    const levels: Record<string, unknown> = {
      D40: { type: "object", properties: { id: { type: "string", readOnly: true }, name: { type: "string" } } },
    }
    // Each level merges the next twice: visiting every path would take 2^40 steps.
    for (let i = 39; i >= 0; i--)
      levels[`D${i}`] = {
        allOf: [{ $ref: `#/components/schemas/D${i + 1}` }, { $ref: `#/components/schemas/D${i + 1}` }],
      }
    const s = spec("http://unused.test", "3.1.0", levels)
    s.paths["/nodes"].post.requestBody = { required: true, ...json({ $ref: "#/components/schemas/D0" }) }
    const input = toolAt(fromSpec({ spec: s }).tools, "create").input as any
    expect(Object.keys(input.$defs)).toHaveLength(41)
    expect(Object.keys(input.$defs.D40.properties)).toEqual(["name"])
    expect(input.$defs.D0).toEqual({ allOf: [{ $ref: "#/$defs/D1" }, { $ref: "#/$defs/D1" }] })
  })

  it("a component name that clashes with a schema's own definition gets a suffix, each reference its own", () => {
    const s = spec("http://unused.test")
    s.paths["/nodes"].post.requestBody = {
      required: true,
      ...json({
        type: "object",
        properties: { own: { $ref: "#/$defs/Node" }, shared: { $ref: "#/components/schemas/Node" } },
        $defs: { Node: { type: "integer" } },
      }),
    }
    const input = toolAt(fromSpec({ spec: s }).tools, "create").input as any
    const own = input.properties.own.$ref.slice("#/$defs/".length)
    const shared = input.properties.shared.$ref.slice("#/$defs/".length)
    expect(own).not.toBe(shared)
    expect(input.$defs[own]).toEqual({ type: "integer" })
    expect(input.$defs[shared].type).toBe("object")
  })

  it.effect("validation, signatures and the wire all follow the references", () =>
    Effect.gen(function* () {
      const tools = fromSpec({ spec: spec(server.origin) }).tools
      const runtime = CodeMode.make({ tools: { api: tools }, validateInputs: true })
      const create = runtime.describeTools().find((t) => t.path === "api.create")!
      // The referenced shape is written out where it is used; the recursion ends as `unknown`.
      expect(create.signature).toContain("/** What the node is called */")
      expect(create.signature).toMatch(/children\?: Array<\{[^]*children\?: Array<unknown>/)
      const run = (code: string) => runtime.execute(code).pipe(Effect.provide(FetchHttpClient.layer))

      const before = server.received.length
      const bad = yield* run(
        `return await tools.api.create({ label: "root", children: [{ label: "a", children: [{ label: 7 }] }] })`,
      )
      expect(bad).toMatchObject({ ok: false })
      expect(JSON.stringify(bad)).toContain("/children/0/children/0/label: must be string")
      expect(server.received.length).toBe(before)

      const good = yield* run(
        `const r = await tools.api.create({ label: "root", children: [{ label: "a", children: [{ label: "b" }] }] })
         return JSON.parse(r.body)`,
      )
      expect(good).toMatchObject({
        ok: true,
        value: { label: "root", children: [{ label: "a", children: [{ label: "b" }] }] },
      })
    }),
  )
})
