// Effect Schema rendering: through Effect 4's JSON Schema document (input = encoded side, output = type side).
import { describe, expect, test } from "vitest"
import { Effect, Schema } from "effect"
import { make } from "../../src/tool/Tool.js"
import { inputType, jsonSchemaOf, outputType, toolSignature } from "../../src/discovery/index.js"

const lines = (...text: Array<string>) => text.join("\n")
const run = () => Effect.succeed(null)
const tool = (input: Schema.Top, output?: Schema.Top) =>
  make({ description: "test", input, ...(output === undefined ? {} : { output }), run })

describe("Effect Schema signatures", () => {
  test("the 1.18 README's quick-start tool", () => {
    const lookup = tool(
      Schema.Struct({ id: Schema.String }),
      Schema.Struct({ id: Schema.String, status: Schema.String }),
    )
    expect(toolSignature(["orders", "lookup"], lookup)).toBe(
      lines(
        "tools.orders.lookup(input: {",
        "  id: string,",
        "}): Promise<{",
        "  id: string,",
        "  status: string,",
        "}>",
      ),
    )
  })

  test("Struct with descriptions, optional keys, Array, Union, Literal(s), NullOr and Record", () => {
    const input = Schema.Struct({
      id: Schema.String.annotate({ description: "Order identifier" }),
      verbose: Schema.optionalKey(Schema.Boolean),
      count: Schema.optionalKey(Schema.Number.annotate({ description: "How many" })),
      tags: Schema.Array(Schema.String),
      kind: Schema.Literals(["a", "b"]),
      three: Schema.Literal(3),
      either: Schema.Union([Schema.String, Schema.Number]),
      maybe: Schema.NullOr(Schema.String),
      scores: Schema.Record(Schema.String, Schema.Number),
      "x-trace": Schema.String,
      // `optional` admits `undefined`: an absent key, never `null`.
      opt: Schema.optional(Schema.String.annotate({ description: "Maybe" })),
    })
    expect(inputType(tool(input))).toBe(
      lines(
        "{",
        "  /** Order identifier */",
        "  id: string,",
        "  verbose?: boolean,",
        "  /** How many */",
        "  count?: number,",
        "  tags: Array<string>,",
        '  kind: "a" | "b",',
        "  three: 3,",
        "  either: string | number,",
        "  maybe: string | null,",
        "  scores: Record<string, number>,",
        '  "x-trace": string,',
        "  /** Maybe */",
        "  opt?: string,",
        "}",
      ),
    )
  })

  test("a key annotation documents the field", () => {
    const input = Schema.Struct({ q: Schema.String.pipe(Schema.annotateKey({ description: "Search words" })) })
    expect(inputType(tool(input))).toBe(lines("{", "  /** Search words */", "  q: string,", "}"))
  })

  test("tuples, tagged unions of structs, and identified (shared) schemas via $defs", () => {
    const User = Schema.Struct({ login: Schema.String }).annotate({ identifier: "User" })
    const input = Schema.Struct({
      pair: Schema.Tuple([Schema.String, Schema.Number]),
      event: Schema.Union([
        Schema.Struct({ type: Schema.Literal("open") }),
        Schema.Struct({ type: Schema.Literal("close"), reason: Schema.String }),
      ]),
      author: User,
      reviewer: User,
    })
    expect(inputType(tool(input))).toBe(
      lines(
        "{",
        "  pair: [string, number],",
        "  event: {",
        '    type: "open",',
        "  } | {",
        '    type: "close",',
        "    reason: string,",
        "  },",
        "  author: {",
        "    login: string,",
        "  },",
        "  reviewer: {",
        "    login: string,",
        "  },",
        "}",
      ),
    )
  })

  test("input is the encoded side and output the decoded side", () => {
    const t = tool(Schema.Struct({ n: Schema.NumberFromString }), Schema.Struct({ n: Schema.NumberFromString }))
    expect(inputType(t)).toBe(lines("{", "  n: string,", "}"))
    expect(outputType(t)).toBe(lines("{", "  n: number,", "}"))
  })

  test("no output schema advertises Promise<unknown>", () => {
    expect(toolSignature(["ping"], tool(Schema.Struct({})))).toBe("tools.ping(input: {}): Promise<unknown>")
  })

  test("declarations go through Effect's JSON codec: a Class renders its fields, a Date its ISO string", () => {
    class Person extends Schema.Class<Person>("Person")({
      name: Schema.String.annotate({ description: "Full name" }),
    }) {}
    expect(outputType(tool(Schema.Struct({}), Person))).toBe(lines("{", "  /** Full name */", "  name: string,", "}"))
    expect(inputType(tool(Schema.Struct({ when: Schema.Date })))).toBe(lines("{", "  when: string,", "}"))
  })

  test("recursive schemas stay bounded", () => {
    interface Category {
      readonly name: string
      readonly children: ReadonlyArray<Category>
    }
    const Category: Schema.Codec<Category> = Schema.Struct({
      name: Schema.String,
      children: Schema.Array(Schema.suspend((): Schema.Codec<Category> => Category)),
    }).annotate({ identifier: "Category" })
    expect(inputType(tool(Category))).toBe(lines("{", "  name: string,", "  children: Array<unknown>,", "}"))
  })

  test("jsonSchemaOf returns a self-contained document and passes JSON Schema through", () => {
    const User = Schema.Struct({ login: Schema.String }).annotate({ identifier: "User" })
    const document = jsonSchemaOf(Schema.Struct({ a: User, b: Schema.Number })) as Record<string, any>
    expect(document.properties.a).toEqual({ $ref: "#/$defs/User" })
    expect(document.$defs.User.properties.login).toEqual({ type: "string" })
    // Effect's JSON codec spells non-finite numbers as strings; a model sends numbers.
    expect(document.properties.b).toEqual({ type: "number" })
    const raw = { type: "object", properties: {} }
    expect(jsonSchemaOf(raw)).toBe(raw)
  })
})
