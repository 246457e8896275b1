// The generated tools called from programs through CodeMode.execute, with the server asserting the wire.
import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { CodeMode } from "../../src/index.js"
import { fromSpec } from "../../src/OpenAPI.js"
import { afterAll, beforeAll, describe, expect, it } from "./effect-test.js"
import { startServer, type TestServer } from "./server.js"
import { makeSpec } from "./spec.js"

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const run = (code: string) => {
  const api = fromSpec({ spec: makeSpec(server.origin) })
  return CodeMode.execute({ tools: { api: api.tools }, code }).pipe(Effect.provide(FetchHttpClient.layer))
}

describe("programs over OpenAPI tools", () => {
  it.effect(
    "an undefined member of an object parameter: a program's is dropped at the boundary, a host's refused",
    () =>
      Effect.gen(function* () {
        const before = server.received.length
        const result = yield* run(`return (await tools.api.getSearch({ filter: { status: undefined, min: 2 } })).url`)
        expect(result).toMatchObject({ ok: true, value: "/doc/search?filter%5Bmin%5D=2" })
        const direct = fromSpec({ spec: makeSpec(server.origin) }).tools as Record<string, any>
        const refused = yield* Effect.flip(
          (direct["getSearch"].run({ filter: { status: undefined } }) as Effect.Effect<unknown, Error, any>).pipe(
            Effect.provide(FetchHttpClient.layer),
          ) as Effect.Effect<unknown, Error>,
        )
        expect(refused.message).toBe(
          "GET /search: Deep-object parameter 'filter' contains an unsupported nested value. Found undefined; a query value is a string, number or boolean.",
        )
        expect(server.received.length).toBe(before + 1)
      }),
  )

  it.effect("parallel calls, a caught HTTP failure and a text response", () =>
    Effect.gen(function* () {
      const result = yield* run(`
        const [user, created, text] = await Promise.all([
          tools.api.v2.users.get({ id: 3, tags: ["x", "y"] }),
          tools.api.v2.users.create({ name: "Ada" }),
          tools.api.kinds.text({}),
        ])
        let failure = null
        try { await tools.api.errors.missing({}) } catch (e) { failure = e.message }
        return { userUrl: user.url, createdBody: created.body, text, failure }`)
      expect(result).toMatchObject({
        ok: true,
        value: {
          userUrl: "/doc/users/3?tags=x&tags=y",
          createdBody: '{"name":"Ada"}',
          text: "hello text",
          failure: expect.stringMatching(/^GET \/missing returned HTTP 404 Not Found/),
        },
      })
      const urls = server.received.map((r) => `${r.method} ${r.url}`)
      expect(urls).toEqual(
        expect.arrayContaining([
          "GET /doc/users/3?tags=x&tags=y",
          "POST /doc/users",
          "GET /doc/text",
          "GET /doc/missing",
        ]),
      )
    }),
  )

  it.effect("an uncaught HTTP failure is a ToolFailure diagnostic carrying the status", () =>
    Effect.gen(function* () {
      const result = yield* run(`return await tools.api.errors.huge({})`)
      expect(result.ok).toBe(false)
      if (result.ok) return
      expect(result.error.kind).toBe("ToolFailure")
      expect(result.error.message).toContain("HTTP 500")
    }),
  )

  it.effect("a timeout interrupts the call and the request is dropped on the wire", () =>
    Effect.gen(function* () {
      const api = fromSpec({ spec: makeSpec(server.origin) })
      const result = yield* CodeMode.execute({
        tools: { api: api.tools },
        code: "return await tools.api.errors.slow({})",
        limits: { timeoutMs: 300 },
      }).pipe(Effect.provide(FetchHttpClient.layer))
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.kind).toBe("TimeoutExceeded")
      yield* Effect.promise(() => server.slowDropped())
    }),
  )

  it.effect("the generated signatures reach the instructions", () =>
    Effect.sync(() => {
      const runtime = CodeMode.make({ tools: { api: fromSpec({ spec: makeSpec(server.origin) }).tools } })
      const search = runtime.catalog().find((t) => t.path === "api.getSearch")
      expect(search?.signature).toContain("filter?:")
      expect(runtime.instructions()).toContain("api")
    }),
  )
})
