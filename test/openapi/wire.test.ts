import { afterAll, beforeAll, describe, expect, it } from "./effect-test.js"
import { Effect } from "effect"
import { fromSpec } from "../../src/OpenAPI.js"
import { isToolError } from "../../src/tool/ToolError.js"
import { FetchHttpClient, HttpClient, HttpClientResponse } from "effect/http"
import { call, failure, toolAt } from "./helpers.js"
import { startServer, type TestServer } from "./server.js"
import { makeSpec } from "./spec.js"
import fc from "fast-check"
import { form } from "../../src/openapi/serialize.js"

let server: TestServer
let tools: ReturnType<typeof fromSpec>["tools"]
const last = () => server.received[server.received.length - 1]!

beforeAll(async () => {
  server = await startServer()
  tools = fromSpec({ spec: makeSpec(server.origin) }).tools
})
afterAll(() => server.close())

describe("parameters on the wire", () => {
  it.effect("path simple, query form explode, header simple; server variables take their defaults", () =>
    Effect.gen(function* () {
      const out = (yield* call(tools, "v2.users.get", { id: 7, tags: ["a b", "c&d"], "X-Trace": "t-1" })) as {
        url: string
      }
      expect(last().method).toBe("GET")
      expect(last().url).toBe("/doc/users/7?tags=a+b&tags=c%26d")
      expect(last().headers["x-trace"]).toBe("t-1")
      expect(last().headers["accept"]).toBe("application/json")
      expect(out.url).toBe(last().url)
    }),
  )

  it.effect(
    "an undeclared path template variable is sent as an encoded string; leaving it out fails before sending",
    () =>
      Effect.gen(function* () {
        const spec = {
          openapi: "3.1.0",
          servers: [{ url: `${server.origin}/doc` }],
          paths: { "/orgs/{org}/users/{id}": { get: { responses: { 200: { description: "echo" } } } } },
        }
        const implied = fromSpec({ spec }).tools
        yield* call(implied, "getOrgsByOrgUsersById", { org: "a/b", id: 7 })
        expect(last().url).toBe("/doc/orgs/a%2Fb/users/7")
        const before = server.received.length
        expect(yield* failure(implied, "getOrgsByOrgUsersById", { org: "a" })).toContain("'id'")
        expect(server.received.length).toBe(before)
      }),
  )

  it.effect("query form without explode, object explode, deepObject; fallback name getSearch", () =>
    Effect.gen(function* () {
      yield* call(tools, "getSearch", {
        ids: [1, 2, 3],
        point: { x: 1, y: 2.5 },
        flat: { a: "x,y" },
        filter: { status: "open", min: 3 },
        q: "é/?",
      })
      expect(last().url).toBe(
        "/doc/search?ids=1,2,3&x=1&y=2.5&flat=a,x%2Cy&filter%5Bstatus%5D=open&filter%5Bmin%5D=3&q=%C3%A9%2F%3F",
      )
    }),
  )

  it.effect("path and header simple with arrays and objects (explode on and off)", () =>
    Effect.gen(function* () {
      yield* call(tools, "items.get", {
        list: ["a", "b/c"],
        obj: { k: "v", n: 1 },
        objx: { k: "v", n: 1 },
        "X-List": [1, 2],
        "X-Obj": { a: "1", b: "2" },
      })
      expect(last().url).toBe("/doc/items/a,b%2Fc/k,v,n,1/k=v,n=1")
      expect(last().headers["x-list"]).toBe("1,2")
      expect(last().headers["x-obj"]).toBe("a=1,b=2")
    }),
  )

  it.effect("omitted optional parameters are not sent; missing required ones fail before sending", () =>
    Effect.gen(function* () {
      yield* call(tools, "v2.users.get", { id: 1 })
      expect(last().url).toBe("/doc/users/1")
      const before = server.received.length
      expect(yield* failure(tools, "v2.users.get", { tags: ["x"] })).toContain("Missing required path parameter 'id'")
      expect(yield* failure(tools, "v2.users.get", { id: 1, nope: 1 })).toContain("unknown input field 'nope'")
      expect(yield* failure(tools, "v2.users.get", { id: { deep: { x: 1 } } })).toContain("Parameter 'id' contains")
      expect(yield* failure(tools, "v2.users.get", { id: ".." })).toContain("cannot be '.' or '..'")
      expect(yield* failure(tools, "items.get", { list: ["."], obj: {}, objx: {} })).toContain("cannot be")
      expect(server.received.length).toBe(before)
    }),
  )

  it.effect(
    "null is sent as the text null where the parameter's schema admits it, and is missing where it does not",
    () =>
      Effect.gen(function* () {
        const q = (name: string, schema: unknown, required = true) => ({ name, in: "query", required, schema })
        const spec = {
          openapi: "3.1.0",
          info: { title: "nulls", version: "1" },
          servers: [{ url: server.origin }],
          paths: {
            "/nulls": {
              get: {
                operationId: "nulls",
                parameters: [
                  q("list", { type: ["string", "null"] }),
                  q("union", { anyOf: [{ type: "integer" }, { type: "null" }] }, false),
                  q("plain", { type: "string" }, false),
                  q("marks", { type: "array", items: { type: "string" } }, false),
                ],
                responses: { "200": { description: "ok", content: { "application/json": {} } } },
              },
            },
          },
        }
        const nulls = fromSpec({ spec }).tools
        yield* call(nulls, "nulls", { list: null, union: null, plain: null })
        expect(last().url).toBe("/nulls?list=null&union=null")
        // Form-urlencoded as URLSearchParams writes it: the sub-delimiters encodeURIComponent leaves alone are
        // escaped too, but `*` stays.
        yield* call(nulls, "nulls", { list: "a!*", marks: ["(x)", "it's"] })
        expect(last().url).toBe("/nulls?list=a%21*&marks=%28x%29&marks=it%27s")
        expect(yield* failure(nulls, "nulls", { list: "x", marks: [{ a: 1 }] })).toContain(
          "Parameter 'marks' contains an unsupported nested value. Found a nested object",
        )
        const before = server.received.length
        const required = { ...spec.paths["/nulls"].get, parameters: [q("plain", { type: "string" })] }
        const strict = fromSpec({ spec: { ...spec, paths: { "/nulls": { get: required } } } }).tools
        expect(yield* failure(strict, "nulls", { plain: null })).toContain("Missing required query parameter 'plain'")
        expect(server.received.length).toBe(before)
      }),
  )
})

describe("parameters whose schema leaves the value open", () => {
  it.effect("bare object and array schemas: the tool exists, values are checked when it is called", () =>
    Effect.gen(function* () {
      const spec = {
        openapi: "3.1.0",
        servers: [{ url: `${server.origin}/doc` }],
        paths: {
          "/open": {
            get: {
              operationId: "open",
              parameters: [
                { name: "tags", in: "query", style: "form", explode: true, schema: { type: "array" } },
                { name: "filter", in: "query", style: "form", explode: true, schema: { type: "object" } },
                { name: "location", in: "query", style: "deepObject", explode: true, schema: { type: "object" } },
                {
                  name: "nested",
                  in: "query",
                  style: "deepObject",
                  schema: { additionalProperties: { type: "object" } },
                },
              ],
              responses: { "200": { description: "echo" } },
            },
          },
        },
      }
      // A declared nested member is still refused when the tool is built: deepObject does not define it.
      expect(fromSpec({ spec }).skipped).toEqual([
        {
          method: "GET",
          path: "/open",
          reason: "deepObject query parameter 'nested' is not an object of primitive values",
        },
      ])
      const get = { ...spec.paths["/open"].get, parameters: spec.paths["/open"].get.parameters.slice(0, 3) }
      const built = fromSpec({ spec: { ...spec, paths: { "/open": { get } } } })
      expect(built.skipped).toEqual([])
      const open = built.tools
      const values = {
        tags: ["first value", "second&value"],
        filter: { state: "open now", page: 2 },
        location: { directory: "/tmp/a b", workspace: "work&1" },
      }
      yield* call(open, "open", values)
      // The query string URLSearchParams writes for the same pairs: the URL standard's form-urlencoded serializer.
      const expected = new URLSearchParams([
        ...values.tags.map((t): [string, string] => ["tags", t]),
        ["state", "open now"],
        ["page", "2"],
        ["location[directory]", "/tmp/a b"],
        ["location[workspace]", "work&1"],
      ])
      expect(last().url).toBe(`/doc/open?${expected}`)
      const before = server.received.length
      expect(yield* failure(open, "open", { tags: [{}] })).toBe(
        "GET /open: Parameter 'tags' contains an unsupported nested value. Found a nested object; a query value is a string, number or boolean.",
      )
      expect(yield* failure(open, "open", { filter: { state: {} } })).toContain(
        "Query parameter 'filter' contains an unsupported nested value. Found a nested object",
      )
      expect(yield* failure(open, "open", { location: { directory: [] } })).toContain(
        "Deep-object parameter 'location' contains an unsupported nested value. Found a nested array",
      )
      expect(yield* failure(open, "open", { location: "x" })).toContain(
        "Deep-object parameter 'location' must be an object.",
      )
      expect(server.received.length).toBe(before)
    }),
  )

  it("query text is encoded as URLSearchParams encodes it, for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        expect(form(text)).toBe(new URLSearchParams([["", text]]).toString().slice(1))
      }),
      { numRuns: 300 },
    )
  })
})

describe("bodies", () => {
  it.effect("a closed object body is flattened; readOnly fields are not inputs", () =>
    Effect.gen(function* () {
      yield* call(tools, "v2.users.create", { name: "Ada", age: 36 })
      expect(last().method).toBe("POST")
      expect(last().headers["content-type"]).toBe("application/json")
      expect(JSON.parse(last().body)).toEqual({ name: "Ada", age: 36 })
      expect(yield* failure(tools, "v2.users.create", { name: "Ada", id: 3 })).toContain("unknown input field 'id'")
    }),
  )

  it.effect("cross-location collisions get location prefixes", () =>
    Effect.gen(function* () {
      yield* call(tools, "v2.users.replace", { path_id: 5, query_id: "q", name: "B" })
      expect(last().method).toBe("PUT")
      expect(last().url).toBe("/doc/users/5?id=q")
      expect(JSON.parse(last().body)).toEqual({ name: "B" })
    }),
  )

  it.effect("array and dictionary bodies stay whole under `body`", () =>
    Effect.gen(function* () {
      yield* call(tools, "bulk.create", { body: ["x", "y"] })
      expect(JSON.parse(last().body)).toEqual(["x", "y"])
      yield* call(tools, "bulk.tag", { body: { a: "1" } })
      expect(last().method).toBe("PATCH")
      expect(JSON.parse(last().body)).toEqual({ a: "1" })
      yield* call(tools, "bulk.tag", {})
      expect(last().body).toBe("")
    }),
  )

  it.effect("an optional flattened body is sent only when a field is given, with its +json media type", () =>
    Effect.gen(function* () {
      const out = yield* call(tools, "vnd.optional", {})
      expect(last().body).toBe("")
      expect((out as { method: string }).method).toBe("POST")
      yield* call(tools, "vnd.optional", { note: "n" })
      expect(last().headers["content-type"]).toBe("application/vnd.test+json")
      expect(JSON.parse(last().body)).toEqual({ note: "n" })
    }),
  )
})

describe("responses", () => {
  it.effect("text and empty responses", () =>
    Effect.gen(function* () {
      expect(yield* call(tools, "kinds.text", {})).toBe("hello text")
      expect(last().headers["accept"]).toBe("text/plain")
      expect(yield* call(tools, "kinds.empty", {})).toBe(null)
      expect(last().method).toBe("DELETE")
    }),
  )

  it.effect("non-2xx becomes a ToolError with the status and a capped body summary", () =>
    Effect.gen(function* () {
      const e = yield* Effect.flip(call(tools, "errors.missing", {}))
      expect(isToolError(e)).toBe(true)
      expect((e as Error).message).toMatch(/^GET \/missing returned HTTP 404 Not Found: \{"error":"no such thing"/)
      const huge = yield* failure(tools, "errors.huge", {})
      expect(huge).toContain("HTTP 500")
      expect(huge).toContain("(truncated)")
      expect(huge.length).toBeLessThan(1_200)
    }),
  )

  it.effect("undecodable bodies become ToolErrors", () =>
    Effect.gen(function* () {
      expect(yield* failure(tools, "errors.badJson", {})).toBe(
        "GET /badjson returned malformed JSON: the response body does not parse",
      )
      expect(yield* failure(tools, "errors.octets", {})).toContain("content type 'application/octet-stream'")
    }),
  )

  it.effect("a response over 50 MiB fails while streaming, without reading it all", () =>
    Effect.gen(function* () {
      expect(yield* failure(tools, "errors.big", {})).toBe(
        "GET /big: the response exceeds 50 MiB, the limit for one response",
      )
      yield* Effect.promise(() => new Promise((r) => setTimeout(r, 50)))
      expect(server.bigAborted()).toBe(true)
    }),
  )

  it.effect("a body without Content-Length that never ends is read to just past 50 MiB, then cancelled", () =>
    Effect.gen(function* () {
      // An in-memory Web body (the HttpClient hands over a Response it built itself): it would produce bytes forever.
      const chunk = new Uint8Array(4 * 1024 * 1024)
      let pulled = 0
      let cancelled = false
      const endless = () =>
        new ReadableStream<Uint8Array>({
          pull: (controller) => {
            pulled += chunk.byteLength
            controller.enqueue(chunk)
          },
          cancel: () => void (cancelled = true),
        })
      const client = HttpClient.make((request) =>
        Effect.succeed(HttpClientResponse.fromWeb(request, new Response(endless()))),
      )
      const spec = { openapi: "3.1.0", paths: { "/feed": { get: { operationId: "feed", responses: { 200: {} } } } } }
      const feed = toolAt(fromSpec({ spec, baseUrl: "https://api.test" }).tools, "feed")
      const message = yield* (feed.run({}) as Effect.Effect<unknown, Error, HttpClient.HttpClient>).pipe(
        Effect.provideService(HttpClient.HttpClient, client),
        Effect.flip,
        Effect.map((e) => e.message),
      )
      expect(message).toBe("GET /feed: the response exceeds 50 MiB, the limit for one response")
      expect(cancelled).toBe(true)
      // Stopped at the first chunk past the limit (the stream may have queued one more ahead of the reader).
      expect(pulled).toBeGreaterThan(50 * 1024 * 1024)
      expect(pulled).toBeLessThanOrEqual(50 * 1024 * 1024 + 2 * chunk.byteLength)
    }),
  )

  it.effect("a declared Content-Length over 50 MiB fails before the body is read", () =>
    Effect.gen(function* () {
      expect(yield* failure(tools, "errors.declaredHuge", {})).toBe(
        "GET /declared-huge: the response exceeds 50 MiB, the limit for one response",
      )
    }),
  )

  it.effect("transport failures are model-safe ToolErrors", () =>
    Effect.gen(function* () {
      const dead = fromSpec({ spec: makeSpec(server.origin), baseUrl: "http://127.0.0.1:1" }).tools
      expect(yield* failure(dead, "kinds.text", {})).toBe("GET /text: the request failed (could not reach the server)")
    }),
  )
})

describe("redirects are the client's policy", () => {
  it.effect("fetch follows by default; a client with redirect: manual gets a ToolError carrying the 302", () =>
    Effect.gen(function* () {
      expect(yield* call(tools, "kinds.moved", {})).toBe("hello text")
      expect(last().url).toBe("/doc/text")
      const manual = yield* Effect.flip(
        (toolAt(tools, "kinds.moved").run({}) as Effect.Effect<unknown, unknown, any>).pipe(
          Effect.provide(FetchHttpClient.layer),
          Effect.provideService(FetchHttpClient.RequestInit, { redirect: "manual" }),
        ) as Effect.Effect<unknown, unknown, never>,
      )
      expect((manual as Error).message).toBe("GET /moved returned HTTP 302 Found")
    }),
  )
})

describe("servers", () => {
  it.effect("operation servers beat path servers beat document servers; baseUrl beats all", () =>
    Effect.gen(function* () {
      yield* call(tools, "servers.path", {})
      expect(last().url).toBe("/path-level/where")
      yield* call(tools, "servers.op", {})
      expect(last().url).toBe("/op-level/where")
      yield* call(tools, "servers.doc", {})
      expect(last().url).toBe("/doc/doc-level")
      const based = fromSpec({ spec: makeSpec(server.origin), baseUrl: `${server.origin}/base/` }).tools
      yield* call(based, "servers.op", {})
      expect(last().url).toBe("/base/where")
    }),
  )
})

describe("parameter shapes of real-world generators", () => {
  it.effect("a nullable deepObject (anyOf [object, null]) becomes a tool; null leaves the parameter out", () =>
    Effect.gen(function* () {
      const nullableString = { anyOf: [{ type: "string" }, { type: "null" }] }
      const location = {
        name: "location",
        in: "query",
        style: "deepObject",
        explode: true,
        schema: {
          anyOf: [
            { type: "object", properties: { directory: nullableString, workspace: nullableString } },
            { type: "null" },
          ],
        },
      }
      const spec = {
        openapi: "3.1.0",
        servers: [{ url: `${server.origin}/doc` }],
        paths: {
          "/loc": { get: { operationId: "loc", parameters: [location], responses: { 200: { description: "ok" } } } },
        },
      }
      const built = fromSpec({ spec })
      expect(built.skipped).toEqual([])
      yield* call(built.tools, "loc", { location: { directory: "/tmp", workspace: null } })
      expect(last().url).toBe("/doc/loc?location%5Bdirectory%5D=%2Ftmp")
      yield* call(built.tools, "loc", { location: null })
      expect(last().url).toBe("/doc/loc")
    }),
  )

  it.effect("a parameter named like a refused object key is exposed under a writable name, sent under its own", () =>
    Effect.gen(function* () {
      const q = (name: string) => ({ name, in: "query", schema: { type: "string" } })
      const spec = {
        openapi: "3.1.0",
        servers: [{ url: `${server.origin}/doc` }],
        paths: {
          "/c": {
            get: {
              operationId: "c",
              parameters: [q("constructor"), q("constructor_2"), q("prototype")],
              responses: { 200: { description: "ok" } },
            },
          },
        },
      }
      const built = fromSpec({ spec })
      const input = toolAt(built.tools, "c").input as { properties: Record<string, unknown> }
      expect(Object.keys(input.properties)).toEqual(["constructor_3", "constructor_2", "prototype_2"])
      yield* call(built.tools, "c", { constructor_3: "a", constructor_2: "b", prototype_2: "c" })
      expect(last().url).toBe("/doc/c?constructor=a&constructor_2=b&prototype=c")
    }),
  )
})
