// Property: whatever operationIds a document has, every operation becomes exactly one tool at a distinct path of
// identifier segments the interpreter can reach (no blocked keys), and no leaf shadows a namespace.
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { fromSpec } from "../../src/OpenAPI.js"
import * as Tool from "../../src/Tool.js"

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const BLOCKED = new Set(["__proto__", "constructor", "prototype"])

const leaves = (tree: unknown, prefix: Array<string> = []): Array<Array<string>> =>
  Object.entries(tree as object).flatMap(([k, v]) =>
    Tool.isDefinition(v) ? [[...prefix, k]] : leaves(v, [...prefix, k]),
  )

const idPart = fc.constantFrom(
  "a",
  "b",
  "toString",
  "hasOwnProperty",
  "get",
  "v2",
  "users",
  "constructor",
  "__proto__",
  "9x",
  "-",
  "/",
  ".",
  "",
  "é",
  "$",
)
const operationId = fc.option(
  fc.array(idPart, { maxLength: 5 }).map((parts) => parts.join("")),
  { nil: undefined },
)

describe("tool names", () => {
  it("one tool per operation, distinct reachable identifier paths", () => {
    fc.assert(
      fc.property(fc.array(operationId, { minLength: 1, maxLength: 12 }), (ids) => {
        const paths: Record<string, unknown> = {}
        ids.forEach((id, i) => {
          paths[`/r${i}/{p}`] = {
            get: {
              ...(id === undefined ? {} : { operationId: id }),
              parameters: [{ name: "p", in: "path", required: true }],
              responses: { "204": { description: "" } },
            },
          }
        })
        const spec = { openapi: "3.0.0", info: {}, servers: [{ url: "https://x.example" }], paths }
        const { tools, skipped } = fromSpec({ spec })
        expect(skipped).toEqual([])
        const found = leaves(tools)
        expect(found).toHaveLength(ids.length)
        expect(new Set(found.map((p) => p.join("."))).size).toBe(ids.length)
        for (const path of found)
          for (const segment of path) {
            expect(segment).toMatch(IDENTIFIER)
            expect(BLOCKED.has(segment)).toBe(false)
          }
      }),
      { numRuns: 300 },
    )
  })
})
