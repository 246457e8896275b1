// Every rendered type must be valid TypeScript: generated JSON Schemas are rendered and parsed by the TypeScript
// compiler (syntax only; @opencode-ai/codemode 1.18 calls signatures "complete TypeScript signatures").
import { describe, expect } from "vitest"
import { fc, test } from "@fast-check/vitest"
import ts from "typescript"
import { renderJsonSchemaSignature, renderType } from "../../src/discovery/index.js"

const syntaxErrors = (source: string): Array<string> => {
  const output = ts.transpileModule(source, {
    reportDiagnostics: true,
    compilerOptions: { target: ts.ScriptTarget.ES2022 },
  })
  return (output.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"))
}

const key = fc.oneof(
  fc.constantFrom("id", "x-api-key", "$ok", "0", "with space", 'q"uote', "*/", "__proto__"),
  fc.string({ maxLength: 6 }),
)
const text = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 20 }),
  fc.constantFrom("ends */ early", "a\n\nb", "@default"),
)

const { schema } = fc.letrec((tie) => ({
  schema: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.record(
      {
        type: fc.constantFrom("string", "number", "integer", "boolean", "null", "bogus"),
        description: text,
        format: fc.option(fc.string({ maxLength: 5 }), { nil: undefined }),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({
      enum: fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null), fc.boolean()), {
        maxLength: 4,
      }),
    }),
    fc.record({ const: fc.jsonValue({ maxDepth: 2 }) }),
    fc.record(
      { type: fc.constant("array"), items: tie("schema"), minItems: fc.option(fc.nat(3), { nil: undefined }) },
      { requiredKeys: ["type"] },
    ),
    fc.record(
      {
        type: fc.constant("array"),
        prefixItems: fc.array(tie("schema"), { maxLength: 3 }),
        items: fc.oneof(fc.constant(false), tie("schema")),
        minItems: fc.option(fc.nat(3), { nil: undefined }),
      },
      { requiredKeys: ["type", "prefixItems"] },
    ),
    fc.record(
      {
        type: fc.constant("object"),
        properties: fc.dictionary(key, tie("schema"), { maxKeys: 4 }),
        required: fc.array(key, { maxLength: 3 }),
        additionalProperties: fc.oneof(fc.boolean(), tie("schema")),
        description: text,
        default: fc.jsonValue({ maxDepth: 1 }),
        deprecated: fc.boolean(),
      },
      { requiredKeys: ["type"] },
    ),
    fc.record({ anyOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record(
      { oneOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }), type: fc.constant("object") },
      { requiredKeys: ["oneOf"] },
    ),
    fc.record({ allOf: fc.array(tie("schema"), { minLength: 1, maxLength: 3 }) }),
    fc.record({
      type: fc.array(fc.constantFrom("string", "number", "null", "object", "array"), { minLength: 1, maxLength: 3 }),
    }),
    fc.record({ $ref: fc.constantFrom("#", "#/$defs/A", "#/definitions/B", "#/nope", "http://x/y") }),
    fc.constantFrom(true, false, {}),
  ),
}))

const document = fc
  .record({ root: schema, A: schema, B: schema })
  .map(({ root, A, B }) =>
    typeof root === "object" && root !== null ? { ...root, $defs: { A }, definitions: { B } } : root,
  )

describe("rendered types parse as TypeScript", () => {
  test.prop([document], { numRuns: 300 })("type alias of any generated schema", (generated) => {
    const type = renderType(generated)
    expect(syntaxErrors(`type Rendered = ${type}\n`)).toEqual([])
  })

  test.prop([document, document], { numRuns: 100 })(
    "signatures with a bracketed path, as call declarations",
    (input, output) => {
      const signature = renderJsonSchemaSignature('tools.context7["resolve-library-id"]', input, output)
      // `tools.x["y"](input: T): Promise<U>` is the call form; as a method signature it must parse too.
      const method = signature.replace(/^tools\.context7\["resolve-library-id"\]/, '"resolve-library-id"')
      expect(syntaxErrors(`interface Context7 {\n${method}\n}\n`)).toEqual([])
    },
  )
})
