// The warm checker (one per catalog, reused by every check) against a program built for each check alone: the same
// diagnostics, in the same order, for programs checked one after another against two catalogs in turn.
import { Effect } from "effect"
import type * as TS from "typescript"
import { describe, expect, it } from "vitest"
import { CodeMode, Tool } from "../../src/index.js"
import { checkText } from "../../src/typecheck/compiler.js"
import { catalogDeclarations, preludeDeclarations } from "../../src/typecheck/index.js"

const orderOutput = {
  type: "object",
  properties: {
    id: { type: "string" },
    total: { type: "number" },
    lines: {
      type: "array",
      items: { type: "object", properties: { sku: { type: "string" }, qty: { type: "number" } } },
    },
  },
  required: ["id", "total"],
}
const catalogOf = (input: Record<string, unknown>) =>
  catalogDeclarations(
    CodeMode.make({
      tools: {
        orders: {
          get: Tool.make({ description: "Get an order", input, output: orderOutput, run: () => Effect.succeed({}) }),
          list: Tool.make({ description: "List", input: { type: "object" }, run: () => Effect.succeed([]) }),
        },
      },
    }).describeTools(),
  )
const strict = catalogOf({
  type: "object",
  properties: { id: { type: "string" }, status: { type: "string", enum: ["open", "closed"] } },
  required: ["id"],
  additionalProperties: false,
})
const loose = catalogOf({ type: "object", properties: { id: { type: "number" } } })
const prelude = preludeDeclarations(["searchTools"])

// Each kind of finding, plain JavaScript, and names one program declares that the next one uses undeclared.
const PROGRAMS = [
  `const o = await tools.orders.get({ id: "a", status: "open" })\nreturn o.lines.map((l) => l.sku).filter(Boolean)`,
  `const o = await tools.orders.get({ orderId: "a" })\nreturn o.totl`,
  `function helper(n) { return n * 2 }\nconst o = await tools.orders.get({ id: 42 })\nreturn helper(o.total)`,
  `return helper(1) + (await tools.orders.gett({ id: "a" })).total`,
  `const p = tools.orders.get({ id: "a" })\nfor (const x of p) {}\nreturn p.total`,
  `const data = JSON.parse("{}")\nreturn data?.a?.b ?? (await searchTools("x")).length`,
  `const rows = await tools.orders.list({})\nreturn rows.reduce((acc, r) => acc + r.n, 0)`,
  `// @ts-ignore\nconst o = await tools.orders.get({ wrong: 1 })\nreturn o.totl`,
  `let s = "open"\nconst o = await tools.orders.get({ id: "a", status: s })\nreturn [o.id, o.total].join()`,
  `return tools.orders.get()`,
]

const shape = (ts: typeof TS, diagnostics: ReadonlyArray<TS.Diagnostic>) =>
  diagnostics.map((d) => `${d.code}@${d.start}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`)

describe("the warm checker", () => {
  it("reports what a program built for the one check reports", () => {
    let compared = 0
    let found = 0
    for (const round of [0, 1])
      for (const catalog of [strict, loose])
        for (const code of PROGRAMS) {
          const warm = checkText(`${code} // ${round}`, catalog, prelude)
          const fresh = checkText(`${code} // ${round}`, catalog, prelude, true)
          expect(shape(warm.ts, warm.diagnostics)).toEqual(shape(fresh.ts, fresh.diagnostics))
          compared++
          found += fresh.diagnostics.length
        }
    expect(compared).toBe(40)
    // The programs do draw diagnostics, so equal lists are not two empty ones.
    expect(found).toBeGreaterThan(20)
  })
})
