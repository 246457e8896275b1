// Cloudflare's OpenAPI code-mode shape over OpenAPI.fromSpec tools: `spec` read-only, `request` routed to the
// operation tools, checked against a real server on 127.0.0.1 (docs/openapi.md#cloudflare-shape).
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { CodeMode } from "../../src/index.js"
import { fromSpec } from "../../src/OpenAPI.js"
import { startUsersServer, usersDocument, type UsersServer } from "./users-api.js"

const TOKEN = "s3cret-token"
let server: UsersServer
beforeAll(async () => {
  server = await startUsersServer()
})
afterAll(() => server.close())

const runtimeFor = (namespace = "api") => {
  const api = fromSpec({
    spec: usersDocument(server.origin),
    auth: { resolve: () => Effect.succeed({ type: "bearer" as const, token: TOKEN }) },
  })
  return CodeMode.make({ tools: { [namespace]: api.tools }, validateInputs: true })
}

const run = (code: string, runtime = runtimeFor()) =>
  Effect.runPromise(runtime.run({ code }, { hint: "cloudflare" }).pipe(Effect.provide(FetchHttpClient.layer)))

describe("Cloudflare's OpenAPI shape", () => {
  it("a search program reads the global spec with its $refs resolved", async () => {
    const result = await run(`async () => {
  const results = [];
  for (const [path, methods] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (op.tags?.some(t => t.toLowerCase() === 'admin')) {
        results.push({ method: method.toUpperCase(), path, summary: op.summary });
      }
    }
  }
  const body = spec.paths['/users'].post.requestBody.content['application/json'].schema;
  return { results, required: body.required, manager: spec.components.schemas.User.properties.manager };
}`)
    expect(result.ok ? result.value : result.error).toEqual({
      results: [{ method: "DELETE", path: "/users/{id}", summary: "Delete user" }],
      required: ["name"],
      manager: {
        type: "object",
        properties: {
          id: { type: "string" },
          name: { type: "string" },
          manager: { $circular: "#/components/schemas/User" },
        },
      },
    })
    expect(result.toolCalls).toEqual([])
  })

  it("codemode.spec() answers the same document, and a write to spec throws", async () => {
    const result = await run(`async () => {
  const doc = await codemode.spec();
  let refused = null;
  try { spec.paths["/users"].get.summary = "changed" } catch (e) { refused = e.constructor.name }
  return { paths: Object.keys(doc.paths), refused, summary: spec.paths["/users"].get.summary };
}`)
    expect(result.ok ? result.value : result.error).toEqual({
      paths: ["/users", "/users/me", "/users/{id}", "/teams/{team}/members"],
      refused: "TypeError",
      summary: "List users",
    })
  })

  it("spec refuses every kind of write, in every run of the runtime that shares it", async () => {
    const runtime = runtimeFor()
    const code = `async () => {
  const tries = [];
  for (const change of [
    () => { spec.x = 1 },
    () => { delete spec.info },
    () => Object.defineProperty(spec.paths, "/y", { value: 1 }),
    () => Object.setPrototypeOf(spec.info, { polluted: true }),
    () => { spec.paths["/users"].get.tags.push("x") },
    () => Object.assign(spec.components.schemas.User, { type: "string" }),
  ]) {
    try { change(); tries.push("changed") } catch (e) { tries.push(e.constructor.name) }
  }
  return { tries, tags: spec.paths["/users"].get.tags, type: spec.components.schemas.User.type, absent: !("x" in spec) };
}`
    const expected = {
      tries: ["TypeError", "TypeError", "TypeError", "TypeError", "TypeError", "TypeError"],
      tags: ["users"],
      type: "object",
      absent: true,
    }
    for (const result of [await run(code, runtime), await run(code, runtime)])
      expect(result.ok ? result.value : result.error).toEqual(expected)
  })

  it("a write contained in one run is not seen by the next", async () => {
    const runtime = runtimeFor()
    const first = await run(
      `async () => { const doc = await codemode.spec(); doc.info.title = "mine"; return doc.info.title }`,
      runtime,
    )
    const second = await run(`async () => [spec.info.title, (await codemode.spec()).info.title]`, runtime)
    expect(first.ok && first.value).toBe("mine")
    expect(second.ok && second.value).toEqual(["Users", "Users"])
  })

  it("request is routed to the operation tool: path values, query, a flattened body, auth and redaction", async () => {
    const before = server.received.length
    const result = await run(`async () => {
  const list = await codemode.request({ method: "GET", path: "/users", query: { limit: 1, team: "core", skip: undefined } });
  const me = await codemode.request({ method: "get", path: "/users/me" });
  const one = await api.request({ method: "GET", path: "/users/a%2Fb" });
  const made = await codemode.request({ method: "POST", path: "/users", body: { name: "Eve", team: "ops" } });
  await codemode.request({ method: "DELETE", path: "/users/u9" });
  return { list, me, one, made };
}`)
    expect(result.ok ? result.value : result.error).toEqual({
      list: [{ id: "u1", name: "Ada", team: "core" }],
      me: { id: "me", seen: "Bearer [REDACTED]" },
      one: { id: "a/b", name: "Ada" },
      made: { id: "u3", name: "Eve", team: "ops" },
    })
    expect(server.received.slice(before).map((r) => `${r.method} ${r.url} ${r.body}`)).toEqual([
      "GET /users?limit=1&team=core ",
      "GET /users/me ",
      "GET /users/a%2Fb ",
      'POST /users {"name":"Eve","team":"ops"}',
      "DELETE /users/u9 ",
    ])
    // The operation's security applies: the credential went on the wire, and its echo was redacted.
    expect(server.received.slice(before).every((r) => r.authorization === `Bearer ${TOKEN}`)).toBe(true)
    // The difference from Cloudflare's request is said once in the receipt, nothing else is.
    expect(result.receipt.warnings.map((w) => w.message)).toEqual([
      "request is routed to the OpenAPI document's operations: a request the document does not describe fails " +
        "before anything is sent, and the answer is the response body (Cloudflare hands any request to its host)",
    ])
    expect(result.toolCalls.map((c) => c.name)).toEqual([
      "api.users.list",
      "api.users.me",
      "api.users.get",
      "api.users.create",
      "api.users.remove",
    ])
  })

  it("a request no operation takes is an error naming the near paths, and nothing is sent", async () => {
    const before = server.received.length
    const result = await run(`async () => {
  const errors = [];
  for (const options of [
    { method: "GET", path: "/user/u1" },
    { method: "PUT", path: "/users/u1" },
    { method: "GET", path: "/users", query: { colour: "red" } },
    { method: "POST", path: "/users", body: { name: "Eve", age: 3 } },
    { method: "GET", path: "/users/{id}" },
    { method: "GET", path: "/users?limit=1" },
    { method: "POST", path: "/users", body: "x", rawBody: true },
  ]) {
    try { await codemode.request(options); errors.push("sent") } catch (e) { errors.push(e.message) }
  }
  return errors;
}`)
    expect(result.ok ? result.value : result.error).toEqual([
      "no operation matches GET /user/u1; the nearest paths are /users/me, /users/{id}",
      "/users/{id} has no PUT operation (it has GET, DELETE)",
      "GET /users has no query parameter 'colour' (its query parameters: limit, team)",
      "POST /users: the body has no field 'age' (its fields: name, team)",
      "GET /users/{id}: the path parameter 'id' is not filled in (/users/{id})",
      "the path /users?limit=1 holds a query string: pass the parameters as query: { … }",
      "POST /users: rawBody is not supported here: pass body as a value (sent as JSON)",
    ])
    expect(server.received.length).toBe(before)
  })

  it("a routed call is validated as the operation's own call", async () => {
    const before = server.received.length
    const result = await run(`async () => codemode.request({ method: "GET", path: "/users", query: { limit: "two" } })`)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.message).toBe(
      "Uncaught: Invalid input for tool 'api.users.list': /limit: must be integer",
    )
    expect(server.received.length).toBe(before)
  })

  it("two documents: no spec (which one would it be), and each namespace's request routes to its own", async () => {
    const doc = usersDocument(server.origin)
    const other = { ...doc, info: { title: "Other", version: "1" }, paths: { "/users/me": doc.paths["/users/me"] } }
    const auth = { resolve: () => Effect.succeed({ type: "bearer" as const, token: TOKEN }) }
    const runtime = CodeMode.make({
      tools: { a: fromSpec({ spec: doc, auth }).tools, b: fromSpec({ spec: other, auth }).tools },
    })
    const result = await run(
      `async () => {
  const me = await b.request({ method: "GET", path: "/users/me" });
  let missing = null;
  try { await b.request({ method: "GET", path: "/users" }) } catch (e) { missing = e.message }
  return { spec: typeof spec, specFn: typeof codemode.spec, me: me.id, missing };
}`,
      runtime,
    )
    expect(result.ok ? result.value : result.error).toEqual({
      spec: "undefined",
      specFn: "undefined",
      me: "me",
      missing: "no operation matches GET /users; the nearest paths are /users/me",
    })
    expect(result.toolCalls.map((c) => c.name)).toEqual(["b.users.me"])
  })
})
