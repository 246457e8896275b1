// @opencode-ai/codemode 1.18 README "OpenAPI tools" example, as written there (spec object instead of Bun.file): it must typecheck
// and run, and the program's call must arrive with the bearer token.
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { CodeMode, OpenAPI } from "../../src/index.js"
import { afterAll, beforeAll, expect, it } from "./effect-test.js"
import { startServer, type TestServer } from "./server.js"

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

it("the README example", async () => {
  const token = "readme-token"
  const spec = {
    openapi: "3.1.0",
    info: { title: "opencode", version: "1" },
    servers: [{ url: server.origin }],
    components: { securitySchemes: { BearerAuth: { type: "http", scheme: "bearer" } } },
    security: [{ BearerAuth: [] }],
    paths: {
      "/session/{id}": {
        get: {
          operationId: "v2.session.get",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          responses: { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } },
        },
      },
    },
  }
  const api = OpenAPI.fromSpec({
    spec,
    auth: {
      resolve: ({ name, scopes, operation }) =>
        name === "BearerAuth" && scopes.length === 0 && operation.path === "/session/{id}"
          ? Effect.succeed({ type: "bearer", token })
          : Effect.succeed(undefined),
    },
  })
  const code = `const s = await tools.opencode.v2.session.get({ id: "abc" }); return s.url`
  const runtime = CodeMode.make({ tools: { opencode: api.tools } })
  const result = await Effect.runPromise(runtime.execute(code).pipe(Effect.provide(FetchHttpClient.layer)))
  expect(result).toMatchObject({ ok: true, value: "/session/abc" })
  expect(server.received.at(-1)!.headers["authorization"]).toBe(`Bearer ${token}`)
  expect(api.skipped).toEqual([])
})
