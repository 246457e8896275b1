import { describe, expect, it } from "vitest"
import { toolSignature } from "../../src/discovery/index.js"
import { fromSpec } from "../../src/OpenAPI.js"
import * as Tool from "../../src/Tool.js"
import { Effect } from "effect"
import { failure, toolAt } from "./helpers.js"

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } }
const doc = (paths: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: "3.1.0",
  info: { title: "t", version: "1" },
  servers: [{ url: "https://api.example.com/v1" }],
  paths,
  ...extra,
})
/** One operation: POST when it has a body (unless `method` says otherwise), else GET. */
const one = (op: Record<string, unknown>, extra: Record<string, unknown> = {}, path = "/x", method?: string) =>
  fromSpec({
    spec: doc({ [path]: { [method ?? (op["requestBody"] ? "post" : "get")]: { responses: ok, ...op } } }, extra),
  })
const reason = (op: Record<string, unknown>, extra: Record<string, unknown> = {}, path = "/x", method?: string) => {
  const r = one(op, extra, path, method)
  expect(Object.keys(r.tools)).toEqual([])
  expect(r.skipped).toHaveLength(1)
  return r.skipped[0]!.reason
}
const keys = (tree: unknown): unknown =>
  Tool.isDefinition(tree) ? "tool" : Object.fromEntries(Object.entries(tree as object).map(([k, v]) => [k, keys(v)]))

describe("names", () => {
  it("dotted operationIds nest, missing ones fall back to method/path, names are sanitized and de-duplicated", () => {
    const r = fromSpec({
      spec: doc({
        "/users/{id}": {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          get: { operationId: "v2.users.get", responses: ok },
          delete: { responses: ok },
        },
        "/repos/{owner}/content": {
          parameters: [{ name: "owner", in: "path", required: true }],
          get: { operationId: "repos/get-content", responses: ok },
          put: { operationId: "repos/get-content", responses: ok },
          post: { operationId: "v2.users", responses: ok },
          patch: { operationId: "9lives..constructor", responses: ok },
        },
      }),
    })
    expect(r.skipped).toEqual([])
    expect(keys(r.tools)).toEqual({
      v2: { users: { get: "tool" } },
      v2_users_2: "tool",
      deleteUsersById: "tool",
      reposGetContent: "tool",
      reposGetContent_2: "tool",
      _9lives: { operation: { constructor_: "tool" } }, // the empty segment between the dots is named "operation"
    })
  })

  it("operations without an operationId are named from method and path, each word lower-cased then capitalized", () => {
    const r = fromSpec({
      spec: doc({
        "/users": { get: { responses: ok }, post: { responses: ok } },
        "/organizations/{organizationId}/user-profiles/{ID}": {
          parameters: ["organizationId", "ID"].map((name) => ({ name, in: "path", required: true })),
          get: { responses: ok },
        },
        "/v2/SKU_items": { delete: { responses: ok } },
      }),
    })
    expect(keys(r.tools)).toEqual({
      getUsers: "tool",
      postUsers: "tool",
      getOrganizationsByOrganizationidUserProfilesById: "tool",
      deleteV2SkuItems: "tool",
    })
  })

  it("Paths Object extensions are not operations", () => {
    const r = fromSpec({ spec: doc({ "x-root": "/api", "/a": { get: { operationId: "a", responses: ok } } }) })
    expect(keys(r.tools)).toEqual({ a: "tool" })
    expect(r.skipped).toEqual([])
  })

  it("descriptions: the description's first paragraph, else the summary, else the HTTP route", () => {
    const described = one({
      operationId: "a",
      summary: "Lists things.",
      description: "Lists the things\nof the caller.\n\nPaged.",
      deprecated: true,
    })
    expect(toolAt(described.tools, "a").description).toBe("[deprecated] Lists the things of the caller.")
    expect(toolAt(one({ operationId: "a", summary: "Lists things.", description: " " }).tools, "a").description).toBe(
      "Lists things.",
    )
    expect(toolAt(one({ operationId: "a" }).tools, "a").description).toBe("GET /x")
    const long = toolAt(one({ operationId: "a", description: "x".repeat(600) }).tools, "a").description
    expect(long).toBe(`${"x".repeat(497)}...`)
  })
})

describe("skipped with a precise reason", () => {
  const p = (extra: Record<string, unknown>) => ({
    parameters: [{ name: "p", in: "query", schema: { type: "string" }, ...extra }],
  })
  it.each([
    [p({ in: "cookie" }), "cookie parameter 'p' is not supported"],
    [p({ style: 42 }), "parameter 'p' has an invalid style"],
    [p({ style: "spaceDelimited" }), "query parameter 'p' has unsupported style 'spaceDelimited'"],
    [p({ in: "header", style: "form" }), "header parameter 'p' has unsupported style 'form'"],
    [p({ allowReserved: true }), "parameter 'p' uses unsupported allowReserved encoding"],
    [p({ content: { "application/json": {} }, schema: undefined }), "query parameter 'p' uses a content media type"],
    [
      p({ style: "deepObject", schema: { type: "object", properties: { a: { type: "array" } } } }),
      "deepObject query parameter 'p' is not an object of primitive values",
    ],
    [{ parameters: [{ $ref: "other.json#/P" }] }, "external $ref 'other.json#/P' in parameter"],
    [
      { parameters: [{ $ref: "#/components/parameters/Nope" }] },
      "unresolvable $ref '#/components/parameters/Nope' in parameter",
    ],
    [
      { requestBody: { content: { "multipart/form-data": { schema: { type: "object" } } } } },
      "non-JSON request body (multipart/form-data)",
    ],
    [
      { responses: { "200": { description: "f", content: { "application/octet-stream": {} } } } },
      "binary responses are not supported",
    ],
    [
      { responses: { "200": { description: "x", content: { "application/xml": {} } } } },
      "response 200 is neither JSON nor text (application/xml)",
    ],
    [
      {
        responses: {
          "200": { description: "b", content: { "text/plain": { schema: { type: "string", format: "binary" } } } },
        },
      },
      "binary responses are not supported",
    ],
    [
      { responses: { "200": { description: "s", content: { "text/event-stream": {} } } } },
      "SSE operations are not supported",
    ],
    [
      { responses: { "200": { description: "n", content: { "application/x-ndjson": {} } } } },
      "streaming response 200 (application/x-ndjson)",
    ],
    [{ "x-websocket": true }, "WebSocket operations are not supported"],
    [{ security: [{ Missing: [] }] }, "security requirement references missing or malformed scheme: Missing"],
    [{ security: { Missing: [] } }, "security declaration is not an array"],
    [{ security: null }, "security declaration is not an array"],
    // A parameter that cannot be sent is reported before broken security, whichever comes first in the document.
    [{ ...p({ in: "cookie" }), security: [{ Missing: [] }] }, "cookie parameter 'p' is not supported"],
  ])("%#: %s", (op, expected) => {
    expect(reason(op as Record<string, unknown>)).toBe(expected)
  })

  it("path parameters: an undeclared template variable is an implied required string; label style is unsupported", () => {
    const tool = toolAt(one({ operationId: "a" }, {}, "/x/{id}/y/{id}").tools, "a")
    expect(tool.input).toEqual({
      type: "object",
      properties: {
        id: {
          type: "string",
          description:
            "Not declared by the API description: implied by the path template /x/{id}/y/{id}, sent as text.",
        },
      },
      required: ["id"],
      additionalProperties: false,
    })
    expect(reason({}, {}, "/x/{}")).toBe("path template has an empty variable '{}'")
    const label = { parameters: [{ name: "id", in: "path", required: true, style: "label" }] }
    expect(reason(label, {}, "/x/{id}")).toBe("path parameter 'id' has unsupported style 'label'")
  })

  it("security: cookie-only alternatives skip; a malformed alternative fails closed even beside a good one", () => {
    const schemes = {
      components: {
        securitySchemes: {
          C: { type: "apiKey", in: "cookie", name: "sid" },
          B: { type: "http", scheme: "bearer" },
          D: { type: "http", scheme: "digest" },
          Bad: { type: "apiKey", in: "header" },
          K: { type: "apiKey", in: "header", name: "Authorization" },
        },
      },
    }
    expect(reason({ security: [{ C: [] }, { D: [] }] }, schemes)).toBe(
      "no supported security alternative (cookie apiKey scheme 'C'; http 'digest' scheme 'D')",
    )
    expect(reason({ security: [{ C: [] }] }, schemes)).toBe("cookie authentication 'C' is not supported")
    expect(reason({ security: [{ B: [] }, { Bad: [] }] }, schemes)).toBe(
      "malformed security: apiKey scheme 'Bad' has no name",
    )
    // Two schemes of one requirement writing one header are built; the call fails then (see the auth tests).
    expect(one({ security: [{ B: [], K: [] }] }, schemes).skipped).toEqual([])
    expect(reason({ security: [{ B: "x" }] }, schemes)).toBe(
      "malformed security: scopes of 'B' are not a list of strings",
    )
    expect(one({ security: [{ C: [] }, { B: [] }] }, schemes).skipped).toEqual([])
    expect(reason({}, { ...schemes, security: [{ C: [] }] })).toBe("cookie authentication 'C' is not supported")
  })

  it("servers: relative or variable-less URLs need baseUrl; baseUrl overrides them", () => {
    const spec = (servers: unknown) => ({ ...doc({ "/x": { get: { responses: ok } } }), servers })
    expect(fromSpec({ spec: spec([{ url: "/api" }]) }).skipped[0]!.reason).toBe(
      "server URL '/api' is not an absolute HTTP(S) URL; pass baseUrl",
    )
    expect(fromSpec({ spec: spec(undefined) }).skipped[0]!.reason).toBe("no server URL in the document; pass baseUrl")
    expect(fromSpec({ spec: spec([{ url: "https://h.example/api?k=v" }]) }).skipped[0]!.reason).toBe(
      "server URL 'https://h.example/api?k=v' contains an unsupported query string or fragment",
    )
    expect(fromSpec({ spec: spec([{ url: "https://{h}/" }]) }).skipped[0]!.reason).toBe(
      "server variable 'h' is not declared",
    )
    expect(fromSpec({ spec: spec([{ url: "/api" }]), baseUrl: "https://h.example" }).skipped).toEqual([])
    expect(fromSpec({ spec: spec(undefined) }).skipped[0]).toEqual({
      method: "GET",
      path: "/x",
      reason: "no server URL in the document; pass baseUrl",
    })
  })

  it("a baseUrl that cannot prefix a path skips every operation, saying why; misused options throw", () => {
    const spec = doc({ "/x": { get: { responses: ok }, post: { responses: ok } }, "/y": { get: { responses: ok } } })
    const skippedBy = (baseUrl: string) => {
      const result = fromSpec({ spec, baseUrl })
      expect(result.tools).toEqual({})
      return result.skipped
    }
    // A query string or fragment would swallow every request path appended to it (`…/api?tenant=one/x`).
    const query = "baseUrl 'https://h.example/api?tenant=one' contains an unsupported query string or fragment"
    expect(skippedBy("https://h.example/api?tenant=one")).toEqual([
      { method: "GET", path: "/x", reason: query },
      { method: "POST", path: "/x", reason: query },
      { method: "GET", path: "/y", reason: query },
    ])
    expect(skippedBy("https://h.example/api#top")[0]!.reason).toContain("unsupported query string or fragment")
    expect(skippedBy("ftp://x")[0]!.reason).toBe("baseUrl 'ftp://x' is not an absolute HTTP(S) URL")
    expect(skippedBy("https:/h.example")[0]!.reason).toBe("baseUrl 'https:/h.example' is not an absolute HTTP(S) URL")
    expect(() => fromSpec({ spec: { swagger: "2.0", paths: {} } })).toThrow(TypeError)
    expect(() => fromSpec({ spec, baseUrl: 42 as never })).toThrow(TypeError)
    expect(() => fromSpec({ spec: doc({}), auth: {} as never })).toThrow(TypeError)
  })
})

describe("input and output schemas", () => {
  it("a schema's own $defs join the tool's table; its local references resolve in it before the document's", () => {
    const media = (schema: unknown) => ({ "200": { description: "ok", content: { "application/json": { schema } } } })
    const local = {
      $ref: "#/$defs/Item",
      $defs: {
        Item: { type: "object", properties: { next: { $ref: "#/$defs/Item" }, n: { $ref: "#/$defs/N" } } },
        N: { type: "integer" },
        Unused: { type: "string" },
      },
    }
    const output = toolAt(one({ operationId: "a", responses: media(local) }).tools, "a").output
    // The recursion is a reference back to the definition; a definition nothing reaches is left out.
    expect(output).toEqual({
      $ref: "#/$defs/Item",
      $defs: {
        Item: { type: "object", properties: { next: { $ref: "#/$defs/Item" }, n: { $ref: "#/$defs/N" } } },
        N: { type: "integer" },
      },
    })
    // `#/$defs/N` means the schema's own table (JSON Schema resolves it against the schema resource), not a
    // same-named member at the document's top level; without a local one the document's is used.
    const shadowed = { $ref: "#/$defs/N", $defs: { N: { type: "string" } } }
    const spec = { $defs: { N: { type: "boolean" } } }
    const defsOf = (schema: unknown) =>
      (toolAt(one({ operationId: "a", responses: media(schema) }, spec).tools, "a").output as any).$defs
    expect(Object.values(defsOf(shadowed))).toEqual([{ type: "string" }])
    expect(Object.values(defsOf({ $ref: "#/$defs/N" }))).toEqual([{ type: "boolean" }])
  })

  const components = {
    components: {
      schemas: {
        Pet: {
          type: "object",
          required: ["name", "id"],
          properties: {
            id: { type: "integer", readOnly: true },
            name: { type: "string", nullable: true },
            secret: { type: "string", writeOnly: true },
            parent: { $ref: "#/components/schemas/Pet" },
          },
        },
      },
    },
  }
  const pet = { content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } } }

  it("flattens a closed body next to parameters; readOnly drops from input, writeOnly from output; cycles end", () => {
    const r = one(
      {
        operationId: "pets.put",
        parameters: [{ name: "name", in: "query", schema: { type: "string" } }],
        requestBody: { required: true, ...pet },
        responses: { "200": { description: "ok", ...pet } },
      },
      components,
    )
    const t = toolAt(r.tools, "pets.put")
    const input = t.input as { properties: Record<string, any>; required: Array<string> }
    expect(Object.keys(input.properties)).toEqual(["query_name", "body_name", "secret", "parent"])
    expect(input.required).toEqual(["body_name"])
    expect(input.properties["body_name"].type).toEqual(["string", "null"])
    // The cycle is a reference back to Pet, whose input definition lacks the readOnly id (and does not require it).
    expect(input.properties["parent"]).toEqual({ $ref: "#/$defs/Pet" })
    const inputPet = (t.input as any).$defs.Pet
    expect(Object.keys(inputPet.properties)).toEqual(["name", "secret", "parent"])
    expect(inputPet.required).toEqual(["name"])
    expect(inputPet.properties.parent).toEqual({ $ref: "#/$defs/Pet" })
    const output = t.output as any
    expect(output.$ref).toBe("#/$defs/Pet")
    expect(Object.keys(output.$defs.Pet.properties)).toEqual(["id", "name", "parent"])
    expect(output.$defs.Pet.required).toEqual(["name", "id"])
    expect(toolSignature(["api", "pets", "put"], t)).toContain("api.pets.put(input: {")
  })

  it("a name required by an object but declared readOnly in an allOf branch (even through refs) is not required", () => {
    const base = { type: "object", properties: { id: { type: "string", readOnly: true }, name: { type: "string" } } }
    // A diamond of references, 24 levels deep: each level merges the next twice, so visiting every path would not end.
    const schemas: Record<string, unknown> = { L24: base }
    for (let i = 23; i >= 0; i--)
      schemas[`L${i}`] = {
        allOf: [{ $ref: `#/components/schemas/L${i + 1}` }, { $ref: `#/components/schemas/L${i + 1}` }],
      }
    const body = { type: "object", required: ["id", "name"], allOf: [{ $ref: "#/components/schemas/L0" }] }
    const r = one(
      { operationId: "op", requestBody: { required: true, content: { "application/json": { schema: body } } } },
      { components: { schemas } },
    )
    const input = (toolAt(r.tools, "op").input as any).properties.body
    expect(input.required).toEqual(["name"])
    const direct = one({
      operationId: "op",
      requestBody: {
        required: true,
        content: { "application/json": { schema: { ...body, allOf: [{ ...base, required: ["id", "name"] }] } } },
      },
    })
    const branchy = (toolAt(direct.tools, "op").input as any).properties.body
    expect([branchy.required, branchy.allOf[0].required, Object.keys(branchy.allOf[0].properties)]).toEqual([
      ["name"],
      ["name"],
      ["name"],
    ])
  })

  it("composed, dictionary, nullable, non-object and conditionally-required bodies stay under `body`", () => {
    const bodies = [
      { allOf: [{ type: "object" }] },
      { type: "object", additionalProperties: { type: "string" } },
      { type: "object", nullable: true, properties: { a: { type: "string" } } },
      { type: "string" },
      { type: "object", properties: { a: {} }, if: { required: ["a"] }, then: { required: ["b"] } },
    ]
    for (const schema of bodies) {
      const r = one({ operationId: "op", requestBody: { required: true, content: { "application/json": { schema } } } })
      expect(Object.keys((toolAt(r.tools, "op").input as any).properties)).toEqual(["body"])
    }
    const optional = one({
      operationId: "op",
      requestBody: {
        content: { "application/json": { schema: { type: "object", required: ["a"], properties: { a: {} } } } },
      },
    })
    const input = toolAt(optional.tools, "op").input as any
    expect(Object.keys(input.properties)).toEqual(["body"])
    expect(input.required).toEqual([])
  })

  it("GET bodies: a required one skips, an optional one is left out (fetch cannot send either)", () => {
    const body = { content: { "application/json": { schema: { type: "object" } } } }
    expect(reason({ requestBody: { ...body, required: true } }, {}, "/x", "get")).toBe(
      "GET with a required request body",
    )
    const r = one({ operationId: "op", requestBody: body }, {}, "/x", "get")
    expect((toolAt(r.tools, "op").input as any).properties).toEqual({})
  })

  it("output: text is a string, empty is null, several success responses are a union, no schema is unknown", () => {
    const out = (responses: unknown) => toolAt(one({ operationId: "op", responses }).tools, "op").output
    expect(out({ "200": { description: "", content: { "text/plain": {} } } })).toEqual({ type: "string" })
    expect(out({ "204": { description: "" } })).toEqual({ type: "null" })
    expect(
      out({
        "200": { description: "", content: { "application/json": { schema: { type: "integer" } } } },
        "204": { description: "" },
      }),
    ).toEqual({ anyOf: [{ type: "integer" }, { type: "null" }] })
    expect(out({ "200": { description: "", content: { "application/json": {} } } })).toBeUndefined()
  })

  it("a required field named like an Object.prototype member must really be given", async () => {
    const r = one(
      { operationId: "op", parameters: [{ name: "toString", in: "path", required: true, schema: { type: "string" } }] },
      {},
      "/x/{toString}",
    )
    expect(await Effect.runPromise(failure(r.tools, "op", {}))).toBe(
      "GET /x/{toString}: Missing required path parameter 'toString' (input field 'toString')",
    )
  })

  it("a missing required input is named by where it goes; a body JSON cannot carry is refused before sending", async () => {
    const body = (schema: unknown) => ({ required: true, content: { "application/json": { schema } } })
    const query = one(
      { operationId: "op", parameters: [{ name: "q", in: "query", required: true, schema: { type: "string" } }] },
      {},
      "/x",
      "get",
    )
    expect(await Effect.runPromise(failure(query.tools, "op", {}))).toBe(
      "GET /x: Missing required query parameter 'q' (input field 'q')",
    )
    const fields = { type: "object", properties: { name: { type: "string" } }, required: ["name"] }
    const flat = one({ operationId: "op", requestBody: body(fields) }, {}, "/x", "post")
    expect(await Effect.runPromise(failure(flat.tools, "op", {}))).toBe(
      "POST /x: Missing required request body field 'name' (input field 'name')",
    )
    const whole = one({ operationId: "op", requestBody: body({ type: "object" }) }, {}, "/x", "post")
    expect(await Effect.runPromise(failure(whole.tools, "op", {}))).toContain("POST /x: Missing required request body")
    const cyclic: Record<string, unknown> = {}
    cyclic["self"] = cyclic
    expect(await Effect.runPromise(failure(whole.tools, "op", { body: cyclic }))).toMatch(
      /^POST \/x: Invalid JSON body: .*circular/i,
    )
  })

  it("parameters shadowed by an apiKey credential are never inputs", () => {
    const r = one(
      {
        operationId: "op",
        security: [{ K: [] }],
        parameters: [
          { name: "x-key", in: "header", schema: { type: "string" } },
          { name: "Authorization", in: "header", schema: { type: "string" } },
          { name: "keep", in: "query" },
        ],
      },
      { components: { securitySchemes: { K: { type: "apiKey", in: "header", name: "X-Key" } } } },
    )
    expect(Object.keys((toolAt(r.tools, "op").input as any).properties)).toEqual(["keep"])
  })
})
