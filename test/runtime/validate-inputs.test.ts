import "./setup.js"
import { Effect, Schema } from "effect"
import { describe, expect, it } from "./effect-test.js"
import { CodeMode, Tool } from "../../src/index.js"

const recordingTool = (input: Tool.JsonSchema, seen: Array<unknown>) =>
  Tool.make({
    description: "Records its input",
    input,
    run: (value: unknown) => Effect.sync(() => (seen.push(value), "ran")),
  })

const strictId = {
  type: "object",
  properties: { id: { type: "string" } },
  required: ["id"],
  additionalProperties: false,
}

const run = (input: Tool.JsonSchema, code: string, validateInputs = true) =>
  Effect.gen(function* () {
    const seen: Array<unknown> = []
    const result = yield* CodeMode.execute({ tools: { t: { get: recordingTool(input, seen) } }, validateInputs, code })
    return { result, seen }
  })

describe("validateInputs", () => {
  it.effect("off by default: a JSON Schema is render-only and the host receives whatever the program sent", () =>
    Effect.gen(function* () {
      const seen: Array<unknown> = []
      const result = yield* CodeMode.execute({
        tools: { t: { get: recordingTool(strictId, seen) } },
        code: `return await tools.t.get({ id: 42, extra: true })`,
      })
      expect(result).toMatchObject({ ok: true, value: "ran" })
      expect(seen).toEqual([{ id: 42, extra: true }])
    }),
  )

  it.effect("on: { id: 42, extra: true } fails InvalidToolInput naming each bad field; not admitted, never run", () =>
    Effect.gen(function* () {
      const { result, seen } = yield* run(strictId, `return await tools.t.get({ id: 42, extra: true })`)
      expect(result).toEqual({
        ok: false,
        error: {
          kind: "InvalidToolInput",
          message:
            "Invalid input for tool 't.get': /extra: is not allowed (the schema admits no additional properties); " +
            "/id: must be string",
          location: expect.anything(),
        },
        toolCalls: [],
      })
      expect(seen).toEqual([])
    }),
  )

  it.effect("a missing required field is reported at its own path, and the program can catch it", () =>
    Effect.gen(function* () {
      const { result } = yield* run(strictId, `try { await tools.t.get({}) } catch (e) { return e.message }`)
      expect(result).toMatchObject({
        ok: true,
        value: "Invalid input for tool 't.get': /id: must have required property 'id'",
      })
    }),
  )

  it.effect("a valid input reaches the tool unchanged: no defaults filled in, no coercion", () =>
    Effect.gen(function* () {
      const schema = {
        type: "object",
        properties: { id: { type: "string" }, limit: { type: "integer", default: 10 } },
        required: ["id"],
      }
      const { result, seen } = yield* run(schema, `return await tools.t.get({ id: "7" })`)
      expect(result).toMatchObject({ ok: true, value: "ran" })
      expect(seen).toEqual([{ id: "7" }])
      const coerced = yield* run(schema, `return await tools.t.get({ id: 7 })`)
      expect(coerced.result).toMatchObject({ ok: false, error: { kind: "InvalidToolInput" } })
    }),
  )

  it.effect("nested paths through $ref and $defs, array indices, and formats", () =>
    Effect.gen(function* () {
      const schema = {
        type: "object",
        properties: {
          owner: { $ref: "#/$defs/person" },
          items: { type: "array", items: { $ref: "#/definitions/qty" } },
        },
        $defs: {
          person: {
            type: "object",
            properties: { email: { type: "string", format: "email" }, since: { type: "string", format: "date" } },
          },
        },
        definitions: { qty: { type: "integer", minimum: 1 } },
      }
      const bad = yield* run(
        schema,
        `return await tools.t.get({ owner: { email: "not-an-email", since: "2024-13-45" }, items: [3, 0] })`,
      )
      expect(bad.result).toMatchObject({
        ok: false,
        error: {
          kind: "InvalidToolInput",
          message:
            `Invalid input for tool 't.get': /owner/email: must match format "email"; ` +
            `/owner/since: must match format "date"; /items/1: must be >= 1`,
        },
      })
      const good = yield* run(
        schema,
        `return await tools.t.get({ owner: { email: "a@b.example", since: "2024-02-29" }, items: [3, 1] })`,
      )
      expect(good.result).toMatchObject({ ok: true, value: "ran" })
    }),
  )

  it.effect("long error lists are capped at three, saying how many more", () =>
    Effect.gen(function* () {
      const schema = {
        type: "object",
        properties: Object.fromEntries("abcde".split("").map((k) => [k, { type: "string" }])),
      }
      const { result } = yield* run(schema, `return await tools.t.get({ a: 1, b: 2, c: 3, d: 4, e: 5 })`)
      expect(result).toMatchObject({
        error: {
          message:
            "Invalid input for tool 't.get': /a: must be string; /b: must be string; /c: must be string; and 2 more",
        },
      })
    }),
  )

  it.effect("$schema picks the dialect: 2020-12 prefixItems are enforced; draft-04 is read as draft-07", () =>
    Effect.gen(function* () {
      const tuple = {
        $schema: "https://json-schema.org/draft/2020-12/schema",
        type: "object",
        properties: { pair: { type: "array", prefixItems: [{ type: "string" }, { type: "number" }], items: false } },
      }
      const bad = yield* run(tuple, `return await tools.t.get({ pair: ["a", "b"] })`)
      expect(bad.result).toMatchObject({
        error: { message: "Invalid input for tool 't.get': /pair/1: must be number" },
      })
      const long = yield* run(tuple, `return await tools.t.get({ pair: ["a", 1, 2] })`)
      expect(long.result).toMatchObject({ ok: false, error: { kind: "InvalidToolInput" } })
      const old = yield* run(
        { $schema: "http://json-schema.org/draft-04/schema#", type: "object", required: ["q"] },
        `return await tools.t.get({})`,
      )
      expect(old.result).toMatchObject({
        error: { message: "Invalid input for tool 't.get': /q: must have required property 'q'" },
      })
    }),
  )

  it.effect("boolean schemas: true accepts anything, false refuses every call", () =>
    Effect.gen(function* () {
      expect((yield* run(true, `return await tools.t.get({ any: 1 })`)).result).toMatchObject({ ok: true })
      expect((yield* run(false, `return await tools.t.get({})`)).result).toMatchObject({
        error: { kind: "InvalidToolInput", message: "Invalid input for tool 't.get': input: boolean schema is false" },
      })
    }),
  )

  it.effect("two tools may declare the same $id; Effect-Schema tools still decode as before", () =>
    Effect.gen(function* () {
      const seen: Array<unknown> = []
      const result = yield* CodeMode.execute({
        validateInputs: true,
        tools: {
          a: recordingTool({ $id: "https://example.com/item", type: "object", required: ["a"] }, seen),
          b: recordingTool({ $id: "https://example.com/item", type: "object", required: ["b"] }, seen),
          c: Tool.make({
            description: "Effect Schema",
            input: Schema.Struct({ n: Schema.NumberFromString }),
            run: ({ n }: { n: number }) => Effect.succeed(n + 1),
          }),
        },
        code: `
          const errors = []
          try { await tools.a({ b: 1 }) } catch (e) { errors.push(e.message) }
          try { await tools.b({ a: 1 }) } catch (e) { errors.push(e.message) }
          return { errors, c: await tools.c({ n: "1" }) }`,
      })
      expect(result).toMatchObject({
        ok: true,
        value: {
          errors: [
            "Invalid input for tool 'a': /a: must have required property 'a'",
            "Invalid input for tool 'b': /b: must have required property 'b'",
          ],
          c: 2,
        },
      })
      expect(seen).toEqual([])
    }),
  )

  it("a schema that cannot be compiled is a TypeError at make naming the tool", () => {
    const tool = recordingTool({ type: "object", properties: { x: { $ref: "#/$defs/missing" } } }, [])
    expect(() => CodeMode.make({ tools: { ns: { broken: tool } }, validateInputs: true })).toThrow(
      /^CodeMode: the input schema of tools\.ns\.broken cannot be used for validation: .*missing/,
    )
    // Without validation the schema stays render-only, as before.
    expect(() => CodeMode.make({ tools: { ns: { broken: tool } } })).not.toThrow()
  })

  it.effect("a tool's own validate runs before admission whatever validateInputs says; a throwing one refuses", () =>
    Effect.gen(function* () {
      const seen: Array<unknown> = []
      const checked = (validate: (input: unknown) => Tool.InputCheck) =>
        Tool.make({
          description: "Checked by its own validator",
          input: { type: "object" },
          validate,
          run: (value: unknown) => Effect.sync(() => (seen.push(value), "ran")),
        })
      const result = yield* CodeMode.execute({
        tools: {
          upper: checked((input) =>
            typeof (input as { s?: unknown }).s === "string"
              ? { ok: true, value: { s: (input as { s: string }).s.toUpperCase() } }
              : { ok: false, message: "/s: expected a string" },
          ),
          broken: checked(() => {
            throw new Error("validator-secret")
          }),
        },
        code: `
          const out = [await tools.upper({ s: "a" })]
          for (const call of [() => tools.upper({ s: 1 }), () => tools.broken({})])
            try { await call() } catch (e) { out.push(e.message) }
          return out`,
      })
      expect(result).toEqual({
        ok: true,
        value: [
          "ran",
          "Invalid input for tool 'upper': /s: expected a string",
          "Invalid input for tool 'broken': the value could not be validated",
        ],
        toolCalls: [{ name: "upper" }],
      })
      expect(seen).toEqual([{ s: "A" }])
      expect(() =>
        Tool.make({
          description: "x",
          input: Schema.Struct({}),
          validate: () => ({ ok: true, value: 1 }),
          run: () => Effect.void,
        }),
      ).toThrow(/validate is for JSON-Schema inputs/)
    }),
  )

  it("validateInputs must be a boolean", () => {
    expect(() => CodeMode.make({ validateInputs: "yes" as never })).toThrow(
      new TypeError("CodeMode: validateInputs must be a boolean."),
    )
  })
})
