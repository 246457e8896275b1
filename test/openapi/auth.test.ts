import { Effect } from "effect"
import { FetchHttpClient } from "effect/http"
import { CodeMode } from "../../src/index.js"
import { fromSpec, type AuthRequest, type Credential } from "../../src/OpenAPI.js"
import { afterAll, beforeAll, describe, expect, it } from "./effect-test.js"
import { call, failure, toolAt } from "./helpers.js"
import { startServer, type TestServer } from "./server.js"
import { makeSpec } from "./spec.js"

let server: TestServer
const last = () => server.received[server.received.length - 1]!
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const TOKEN = "tok-SECRET-bearer-7f3a"
const KEY = "key-SECRET-apikey-91c2"
const PASSWORD = "pw-SECRET-basic-55d0"

/** A host resolver answering from a table and recording every request it gets. */
const resolver = (table: Record<string, Credential | undefined>) => {
  const asked: Array<AuthRequest> = []
  return {
    asked,
    auth: {
      resolve: (r: AuthRequest) => Effect.sync(() => (asked.push(r), table[r.name])),
    },
  }
}
const build = (table: Record<string, Credential | undefined>) => {
  const r = resolver(table)
  return { ...r, tools: fromSpec({ spec: makeSpec(server.origin), auth: r.auth }).tools }
}
const ALL = {
  Bearer: { type: "bearer", token: TOKEN },
  Basic: { type: "basic", username: "ada", password: PASSWORD },
  HeaderKey: { type: "apiKey", value: KEY },
  QueryKey: { type: "apiKey", value: KEY },
  OAuth: { type: "bearer", token: TOKEN },
} as const

describe("auth schemes on the wire", () => {
  it.effect("bearer, basic, header and query API keys", () =>
    Effect.gen(function* () {
      const { tools, asked } = build(ALL)
      yield* call(tools, "auth.bearer", {})
      expect(last().headers["authorization"]).toBe(`Bearer ${TOKEN}`)
      expect(asked[0]).toEqual({
        name: "Bearer",
        scopes: [],
        operation: { method: "GET", path: "/auth/bearer", operationId: "auth.bearer" },
      })
      yield* call(tools, "auth.basic", {})
      expect(last().headers["authorization"]).toBe(`Basic ${Buffer.from(`ada:${PASSWORD}`).toString("base64")}`)
      yield* call(tools, "auth.header", {})
      expect(last().headers["x-api-key"]).toBe(KEY)
      expect(last().headers["authorization"]).toBeUndefined()
      yield* call(tools, "auth.query", {})
      expect(last().url).toBe(`/doc/auth/query?api_key=${KEY}`)
    }),
  )

  it.effect("a credential echoed in a text response (a 2XX range response) is redacted", () =>
    Effect.gen(function* () {
      expect(yield* call(build(ALL).tools, "auth.textEcho", {})).toBe("auth=Bearer [REDACTED]")
      expect(last().headers["authorization"]).toBe(`Bearer ${TOKEN}`)
    }),
  )

  it.effect("requirements are ANDed: every scheme of the alternative is sent", () =>
    Effect.gen(function* () {
      yield* call(build(ALL).tools, "auth.and", {})
      expect(last().headers["authorization"]).toBe(`Bearer ${TOKEN}`)
      expect(last().url).toBe(`/doc/auth/and?api_key=${KEY}`)
    }),
  )

  it.effect("ANDed bearer-kind schemes share one Authorization header only when given the same token", () =>
    Effect.gen(function* () {
      yield* call(build({ OAuth: ALL.OAuth, OAuthB: ALL.OAuth }).tools, "auth.twoFlows", {})
      expect(last().headers["authorization"]).toBe(`Bearer ${TOKEN}`)
      const before = server.received.length
      const other = { type: "bearer", token: "other" } as const
      expect(yield* failure(build({ OAuth: ALL.OAuth, OAuthB: other }).tools, "auth.twoFlows", {})).toBe(
        "authentication resolves multiple credentials for header 'authorization' (schemes 'OAuth' and 'OAuthB' of one security requirement); nothing was sent",
      )
      expect(server.received.length).toBe(before)
    }),
  )

  it.effect("two ANDed schemes writing one header or query parameter fail the call, naming both; nothing is sent", () =>
    Effect.gen(function* () {
      const spec = (carrier: "header" | "query") => ({
        openapi: "3.1.0",
        servers: [{ url: `${server.origin}/doc` }],
        paths: { "/dup": { get: { operationId: "dup", security: [{ first: [], second: [] }], responses: {} } } },
        components: {
          securitySchemes: {
            first: { type: "apiKey", in: carrier, name: "X-Key" },
            second: { type: "apiKey", in: carrier, name: carrier === "header" ? "x-key" : "X-Key" },
          },
        },
      })
      const key = { type: "apiKey", value: KEY } as const
      const before = server.received.length
      const header = fromSpec({ spec: spec("header"), auth: resolver({ first: key, second: key }).auth })
      expect(header.skipped).toEqual([])
      expect(yield* failure(header.tools, "dup", {})).toBe(
        "authentication resolves multiple credentials for header 'x-key' (schemes 'first' and 'second' of one security requirement); nothing was sent",
      )
      const query = fromSpec({ spec: spec("query"), auth: resolver({ first: key, second: key }).auth })
      expect(yield* failure(query.tools, "dup", {})).toBe(
        "authentication resolves multiple credentials for query 'X-Key' (schemes 'first' and 'second' of one security requirement); nothing was sent",
      )
      expect(server.received.length).toBe(before)
    }),
  )

  it.effect("alternatives are ORed in order; the cookie alternative is discarded; scopes reach the host", () =>
    Effect.gen(function* () {
      const both = build(ALL)
      yield* call(both.tools, "auth.or", {})
      expect(last().headers["authorization"]).toBe(`Bearer ${TOKEN}`)
      expect(last().headers["x-api-key"]).toBeUndefined()
      expect(both.asked.map((a) => [a.name, a.scopes])).toEqual([["OAuth", ["read", "write"]]])
      const keyOnly = build({ HeaderKey: ALL.HeaderKey })
      yield* call(keyOnly.tools, "auth.or", {})
      expect(last().headers["x-api-key"]).toBe(KEY)
      expect(last().headers["authorization"]).toBeUndefined()
      expect(keyOnly.asked.map((a) => a.name)).toEqual(["OAuth", "HeaderKey"])
    }),
  )

  it.effect("an anonymous alternative is used only when no credentialed one is satisfied", () =>
    Effect.gen(function* () {
      yield* call(build({}).tools, "auth.optional", {})
      expect(last().headers["authorization"]).toBeUndefined()
      yield* call(build(ALL).tools, "auth.optional", {})
      expect(last().headers["authorization"]).toBe(`Bearer ${TOKEN}`)
    }),
  )

  it.effect("fails closed: nothing is sent without a satisfied alternative, a misfit or a failing resolver", () =>
    Effect.gen(function* () {
      const before = server.received.length
      expect(yield* failure(build({}).tools, "auth.bearer", {})).toBe("no credentials are available for this operation")
      expect(yield* failure(build({ Bearer: ALL.Basic }).tools, "auth.bearer", {})).toBe(
        "the host's credentials for this operation do not fit its security schemes",
      )
      const failing = fromSpec({
        spec: makeSpec(server.origin),
        auth: { resolve: () => Effect.fail(new Error(`vault said ${TOKEN}`)) },
      }).tools
      expect(yield* failure(failing, "auth.bearer", {})).toBe("authentication failed for this operation")
      const throwing = fromSpec({
        spec: makeSpec(server.origin),
        auth: {
          resolve: () => {
            throw new Error("boom")
          },
        },
      }).tools
      expect(yield* failure(throwing, "auth.bearer", {})).toBe("authentication failed for this operation")
      expect(server.received.length).toBe(before)
    }),
  )

  it.effect("without `auth` no credential is attached and the parameter slot of an API key is not an input", () =>
    Effect.gen(function* () {
      const tools = fromSpec({ spec: makeSpec(server.origin) }).tools
      yield* call(tools, "auth.bearer", {})
      expect(last().headers["authorization"]).toBeUndefined()
      expect(yield* failure(tools, "auth.header", { "X-Api-Key": "forged" })).toContain(
        "unknown input field 'X-Api-Key'",
      )
    }),
  )
})

describe("credentials never leak", () => {
  it.effect("not into results, logs, failures, signatures or instructions, even when the server echoes them", () =>
    Effect.gen(function* () {
      const { tools } = build(ALL)
      const dead = fromSpec({
        spec: makeSpec(server.origin),
        baseUrl: "http://127.0.0.1:1",
        auth: resolver(ALL).auth,
      }).tools
      const runtime = CodeMode.make({ tools: { api: tools, dead } })
      const code = `
        const echoed = await tools.api.auth.and({})
        console.log(echoed)
        const basic = await tools.api.auth.basic({})
        const errors = []
        for (const f of [() => tools.api.auth.echoError({}), () => tools.dead.auth.query({})]) {
          try { await f() } catch (e) { errors.push(String(e && e.message)); console.log(e) }
        }
        return { echoed, basic, errors }`
      const result = yield* runtime.execute(code).pipe(Effect.provide(FetchHttpClient.layer))
      const text = JSON.stringify(result)
      expect(result.ok).toBe(true)
      expect(text).toContain("[REDACTED]")
      expect(text).toContain("returned HTTP 404")
      expect(text).toContain("could not reach the server")
      const failed = yield* runtime
        .execute("return await tools.api.auth.echoError({})")
        .pipe(Effect.provide(FetchHttpClient.layer))
      expect(failed.ok).toBe(false)
      const everything = [
        text,
        JSON.stringify(failed),
        runtime.instructions(),
        JSON.stringify(runtime.describeTools()),
        JSON.stringify(tools, (_k, v) => (typeof v === "function" ? String(v) : v)),
      ].join("\n")
      const basic64 = Buffer.from(`ada:${PASSWORD}`).toString("base64")
      for (const secret of [TOKEN, KEY, PASSWORD, basic64]) expect(everything).not.toContain(secret)
      // The server did receive them: the assertions above are not vacuous.
      expect(JSON.stringify(server.received)).toContain(TOKEN)
      expect(toolAt(tools, "auth.and").description).toBe("GET /auth/and")
    }),
  )
})
