// Property: whatever strings a program passes, the server decodes exactly those values from the wire (OAS "Style
// Examples": delimiters stay literal; query values form-urlencoded, path values percent-encoded).
import { Effect } from "effect"
import fc from "fast-check"
import { fromSpec } from "../../src/OpenAPI.js"
import { afterAll, beforeAll, describe, expect, it } from "./effect-test.js"
import { call } from "./helpers.js"
import { startServer, type TestServer } from "./server.js"
import { makeSpec } from "./spec.js"

let server: TestServer
beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.close())

const text = fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 })

describe("values survive the wire", () => {
  it("query form (explode on and off), deepObject and path simple arrays", async () => {
    const tools = fromSpec({ spec: makeSpec(server.origin) }).tools
    await fc.assert(
      fc.asyncProperty(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        text,
        fc.array(text, { minLength: 1, maxLength: 3 }),
        async (tags, q, list) => {
          await Effect.runPromise(call(tools, "v2.users.get", { id: 1, tags }))
          const first = new URL(server.received.at(-1)!.url, "http://x")
          expect(first.searchParams.getAll("tags")).toEqual(tags)

          await Effect.runPromise(call(tools, "getSearch", { q, filter: { status: q }, flat: { a: q } }))
          const second = new URL(server.received.at(-1)!.url, "http://x")
          expect(second.searchParams.get("q")).toBe(q)
          expect(second.searchParams.get("filter[status]")).toBe(q)
          // Undecoded, the only literal comma is the delimiter: a comma inside the value arrives as %2C.
          const raw = /[?&]flat=([^&]*)/.exec(server.received.at(-1)!.url)![1]!
          expect(raw.split(",").map((part) => decodeURIComponent(part.replaceAll("+", " ")))).toEqual(["a", q])

          await Effect.runPromise(call(tools, "items.get", { list, obj: {}, objx: {} }))
          const segment = server.received.at(-1)!.url.split("/")[3]!
          expect(segment.split(",").map(decodeURIComponent)).toEqual(list)
        },
      ),
      { numRuns: 40 },
    )
  })
})
