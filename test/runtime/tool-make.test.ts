// Tool.make accepts an Effect Schema or a JSON Schema (an object or a boolean) as input and output, and nothing else.
import { describe, expect, test } from "vitest"
import { Effect, Schema } from "effect"
import { make } from "../../src/tool/Tool.js"

const run = () => Effect.succeed(null)

describe("Tool.make schemas", () => {
  test.each([
    ["a JSON Schema object", { type: "object" }],
    ["an empty JSON Schema", {}],
    ["a boolean schema", true],
    ["an Effect Schema", Schema.Struct({ id: Schema.String })],
    ["an Effect primitive schema", Schema.String],
  ])("accepts %s as input and output", (_, schema) => {
    const tool = make({ description: "d", input: schema as never, output: schema as never, run })
    expect(tool._tag).toBe("CodeModeTool")
    expect(tool.input).toBe(schema)
  })

  test.each([
    ["null", null],
    ["a number", 3],
    ["a string", "object"],
    ["a plain function", () => ({})],
    ["undefined input", undefined],
  ])("rejects %s", (_, schema) => {
    expect(() => make({ description: "d", input: schema as never, run })).toThrow(
      "Tool.make: input must be an Effect Schema or a JSON Schema object",
    )
    if (schema !== undefined)
      expect(() => make({ description: "d", input: {}, output: schema as never, run })).toThrow(
        "Tool.make: output must be an Effect Schema or a JSON Schema object",
      )
  })

  test("an own validate is for JSON-Schema inputs only", () => {
    const validate = (input: unknown) => ({ ok: true as const, value: input })
    expect(make({ description: "d", input: {}, validate, run }).validate).toBe(validate)
    expect(() => make({ description: "d", input: Schema.String, validate, run })).toThrow("validate is for JSON-Schema")
  })
})
