// The catalog's cost of a tool is measured without rendering its signature when the schema is simple: the measure
// must be exactly the rendered length, or absent (the caller then renders). Differential against renderType.
import fc from "fast-check"
import { describe, expect, test } from "vitest"
import { Effect, Schema } from "effect"
import { prepareDiscovery, renderType } from "../../src/discovery/index.js"
import { measureType } from "../../src/discovery/measure.js"
import { make } from "../../src/tool/Tool.js"

const description = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("The id", "  padded  ", "", "   ", "two\nlines", "a */ b", "\n\nlead\r\ntrail \n", "x\n\n*/y"),
  fc.string({ maxLength: 12 }),
)
const tags = fc.record(
  {
    default: fc.oneof(
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constantFrom(-0, 1e21, 123456, 999999, 1000000, "a*/b", undefined),
      fc.string({ maxLength: 6 }),
      fc.constant(null),
      fc.constant({ a: [1] }),
    ),
    format: fc.oneof(fc.constantFrom("uri", "date-time"), fc.integer()),
    minItems: fc.oneof(fc.nat(5), fc.constant("2"), fc.double()),
    maxItems: fc.oneof(fc.nat(5), fc.integer()),
    deprecated: fc.oneof(fc.boolean(), fc.constant("yes")),
  },
  { requiredKeys: [] },
)
const name = fc.oneof(fc.constantFrom("id", "owner", "x-api-key", "$ok", "_a1", "1st", "", "a b"), fc.string())

const { schema } = fc.letrec<{ schema: unknown }>((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(true, false, null, 3, "string"),
    fc
      .record({
        type: fc.constantFrom("string", "number", "integer", "boolean", "null", "bogus", undefined),
        description,
        tags,
      })
      .map(({ type, description, tags }) => ({ ...(type === undefined ? {} : { type }), description, ...tags })),
    fc
      .record({
        type: fc.constantFrom("array", undefined),
        items: fc.oneof(tie("schema"), fc.constant(undefined), fc.array(tie("schema"), { maxLength: 2 })),
        description,
        tags,
      })
      .map(({ type, items, description, tags }) => ({ type, items, description, ...tags })),
    fc
      .record({
        type: fc.constantFrom("object", undefined),
        properties: fc.oneof(fc.dictionary(name, tie("schema"), { maxKeys: 4 }), fc.constant(undefined)),
        required: fc.oneof(fc.array(name, { maxLength: 3 }), fc.constant(["id", 1])),
        additionalProperties: fc.oneof(fc.constant(undefined), fc.boolean(), tie("schema")),
        description,
      })
      .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))),
    // Constructs the measure leaves to the renderer.
    fc.constantFrom(
      { $ref: "#" },
      { enum: ["a", "b"] },
      { anyOf: [{ type: "string" }, { type: "number" }] },
      { type: ["string", "null"] },
      { prefixItems: [{ type: "string" }] },
      { nullable: true, type: "string" },
      { const: 1 },
    ),
  ),
}))

describe("measureType", () => {
  test("is the rendered length, or undefined", () => {
    fc.assert(
      fc.property(schema, (value) => {
        const measured = measureType(value)
        if (measured !== undefined) expect(measured).toBe(renderType(value).length)
      }),
      { numRuns: 400 },
    )
  })

  test("measures the usual shape of a tool input (described primitives, arrays, nested objects)", () => {
    const input = {
      type: "object",
      properties: {
        owner: { type: "string", description: "Repository owner" },
        labels: { type: "array", items: { type: "string" }, maxItems: 10 },
        page: { type: "object", properties: { size: { type: "integer", default: 30 } } },
        "x-trace": { type: "boolean", description: "multi\nline */ text" },
      },
      required: ["owner"],
    }
    expect(measureType(input)).toBe(renderType(input).length)
    expect(measureType({ ...input, properties: { ...input.properties, ref: { $ref: "#" } } })).toBeUndefined()
    // Read through a null prototype as through Object.prototype; any other prototype goes to the renderer.
    const bare = Object.assign(Object.create(null), { type: "object", properties: input.properties })
    expect(measureType(bare)).toBe(renderType(bare).length)
    class Schema {
      type = "string"
    }
    expect(measureType(new Schema())).toBeUndefined()
    expect(measureType({ type: "object", properties: { a: new Schema() } })).toBeUndefined()
    const deep: Record<string, unknown> = { type: "string" }
    let nested = deep
    for (let level = 0; level < 12; level++) nested = { type: "object", properties: { next: nested } }
    expect(measureType(nested)).toBe(renderType(nested).length)
    // Past the depth limit a field renders `unknown` with its own doc comment; without a description of its own,
    // the renderer would look one up through its `$ref` or combinators: that is left to the renderer.
    for (const leaf of [
      { $ref: "#/$defs/x", description: "own" },
      { anyOf: [{ type: "string" }], default: 3 },
      { description: "deep", maxItems: 2 },
    ]) {
      let deeper: Record<string, unknown> = { type: "object", properties: { leaf } }
      for (let level = 0; level < 9; level++) deeper = { type: "object", properties: { next: deeper } }
      const measured = measureType(deeper)
      if (measured !== undefined) expect(measured).toBe(renderType(deeper).length)
      else expect(leaf.description).toBeUndefined()
    }
  })
  test("counts the text of every kind of default and item bound", () => {
    const values: Array<unknown> = [0, 7, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000]
    values.push(-1, -0, 0.5, 1e21, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, "x*/y", { a: 1 }, 10n)
    for (const value of values) {
      const bound = typeof value === "number" ? value : 3
      const input = {
        type: "object",
        properties: { f: { type: "integer", default: value, maxItems: bound }, g: { type: "array", minItems: bound } },
      }
      expect(measureType(input), String(value)).toBe(renderType(input).length)
    }
  })
})

describe("catalog costs without rendering", () => {
  // Instructions select entries by their measured cost; every signature the instructions show is the rendered one,
  // and a tool's signature read later is the same text.
  test("selection over mixed tools matches the rendered entries' costs", () => {
    const run = () => Effect.succeed(null)
    const tools: Record<string, Record<string, ReturnType<typeof make>>> = {}
    for (let n = 0; n < 4; n++) {
      const group: Record<string, ReturnType<typeof make>> = {}
      for (let t = 0; t < 6; t++)
        group[`tool${t}`] = make({
          description: `tool ${t} of ${n}${"!".repeat(t * n)}`,
          input:
            t % 3 === 0
              ? { type: "object", properties: { ["p".repeat(t + 1)]: { type: "string", description: "d".repeat(n) } } }
              : t % 3 === 1
                ? { anyOf: [{ type: "string" }, { type: "object", properties: { a: { type: "number" } } }] }
                : Schema.Struct({ id: Schema.String, count: Schema.optionalKey(Schema.Number) }),
          output: t % 2 === 0 ? undefined : { type: "object", properties: { ok: { type: "boolean" } } },
          run,
        })
      tools[`ns${n}`] = group
    }
    for (const budget of [0, 40, 90, 200, 10_000]) {
      const discovery = prepareDiscovery(tools, { catalogBudget: budget })
      const text = discovery.instructions()
      // The rendered entries decide what fits: replay the round-robin over them.
      const entries = discovery.catalog().map((tool) => {
        const summary = tool.description.trim()
        const line = `  - ${tool.signature} // ${summary}`
        return { tool, cost: Math.max(0, Math.round(line.length / 4)), line }
      })
      const queues = [0, 1, 2, 3].map((n) =>
        entries
          .filter((e) => e.tool.namespace === `ns${n}`)
          .sort((a, b) => a.cost - b.cost || (a.tool.path < b.tool.path ? -1 : 1)),
      )
      const picked = new Set<string>()
      let used = 0
      let active = queues.map((queue) => ({ queue, next: 0 }))
      while (active.length > 0) {
        active = active.filter((group) => {
          const entry = group.queue[group.next]!
          if (used + entry.cost > budget) return false
          used += entry.cost
          picked.add(entry.line)
          group.next++
          return group.next < group.queue.length
        })
      }
      const shown = text.split("\n").filter((line) => line.startsWith("  - tools."))
      expect(shown.length).toBe(picked.size)
      for (const line of picked) expect(text).toContain(line)
      expect(discovery.inlined().length).toBe(picked.size)
    }
  })
})
