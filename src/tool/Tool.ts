import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"

/** A JSON Schema document: render-only, values are not validated against it (@opencode-ai/codemode 1.18, `Tool.make`). */
export type JsonSchema = { readonly [key: string]: unknown } | boolean

/** An Effect Schema that validates (and may transform) values. */
export type EffectSchema = Schema.Top

/** Either a validating Effect Schema or a render-only JSON Schema. */
export type SchemaType = EffectSchema | JsonSchema

/** What a tool's own input check answers: the value the tool receives, or a model-safe message. */
export type InputCheck =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string }

export interface Options<R = never> {
  readonly description: string
  readonly input: SchemaType
  readonly output?: SchemaType | undefined
  /**
   * The tool's own synchronous check of a JSON-Schema input (for tools adapted from another SDK whose schema
   * validates, e.g. zod through `codemode-polyglot/ai-sdk`): run before admission whatever `validateInputs` says; a
   * failure is `InvalidToolInput` ("Invalid input for tool 'x': <message>") and the tool does not run; on success
   * the tool receives `value`. Not allowed with an Effect Schema input, which already decodes.
   */
  readonly validate?: ((input: unknown) => InputCheck) | undefined
  /**
   * Positional arguments for systems whose programs call a tool with several of them (Cloudflare providers:
   * `state.writeJson("/report.json", results)`): the input property each argument fills, in order, so the call
   * becomes `{ path, value }`. A last name written `...rest` takes the remaining arguments as an array; `true` takes the
   * JSON Schema input's `properties` in declaration order. Without it such a call is refused, never truncated.
   */
  readonly positional?: ReadonlyArray<string> | true | undefined
  /** Receives the decoded input; returns the encoded form of an Effect Schema `output`, or any data. */
  readonly run: (input: any) => Effect.Effect<unknown, unknown, R>
}

export interface Definition<R = never> extends Options<R> {
  readonly _tag: "CodeModeTool"
}

export const isEffectSchema = (schema: unknown): schema is EffectSchema => Schema.isSchema(schema)

export const isJsonSchema = (schema: unknown): schema is JsonSchema =>
  typeof schema === "boolean" || (typeof schema === "object" && schema !== null && !Schema.isSchema(schema))

/**
 * `isEffectSchema(schema) || isJsonSchema(schema)`, asking Effect only about a value that is not an object (a host
 * building 10,000 tools from JSON Schemas pays no Effect check).
 */
const isSchemaObject = (schema: unknown): boolean =>
  (typeof schema === "object" && schema !== null) || typeof schema === "boolean" || isEffectSchema(schema)

/**
 * Defines a tool. The description and schemas are the model-visible contract. The definition is a new object of one
 * fixed shape holding exactly the options above (as @opencode-ai/codemode 1.18 builds it): a host building 10,000
 * tools pays a few property reads each, where copying the options object with a spread cost ten times as much.
 */
export const make = <R = never>(options: Options<R>): Definition<R> => {
  if (typeof options !== "object" || options === null) throw new TypeError("Tool.make expects an options object")
  const { description, input, output, validate, positional, run } = options
  if (typeof description !== "string") throw new TypeError("Tool.make: description must be a string")
  if (!isSchemaObject(input)) throw new TypeError("Tool.make: input must be an Effect Schema or a JSON Schema object")
  if (output !== undefined && !isSchemaObject(output))
    throw new TypeError("Tool.make: output must be an Effect Schema or a JSON Schema object")
  if (typeof run !== "function") throw new TypeError("Tool.make: run must be a function")
  if (validate !== undefined && typeof validate !== "function")
    throw new TypeError("Tool.make: validate must be a function")
  if (validate !== undefined && isEffectSchema(input))
    throw new TypeError("Tool.make: validate is for JSON-Schema inputs; an Effect Schema input already decodes")
  checkPositional(positional)
  return { _tag: "CodeModeTool", description, input, output, validate, positional, run }
}

/** `positional`: `true`, or distinct non-empty names of which only the last may be a `...rest`. */
const checkPositional = (positional: unknown): void => {
  if (positional === undefined || positional === true) return
  const fail = (why: string) => {
    throw new TypeError(`Tool.make: positional ${why}`)
  }
  if (!Array.isArray(positional)) fail("must be true or an array of input property names")
  const names = positional as ReadonlyArray<unknown>
  names.forEach((name, i) => {
    if (typeof name !== "string" || name.replace(/^\.\.\./, "") === "") fail(`[${i}] must be a non-empty name`)
    if ((name as string).startsWith("...") && i !== names.length - 1) fail(`[${i}]: only the last name may be ...rest`)
  })
  if (new Set(names.map((n) => (n as string).replace(/^\.\.\./, ""))).size !== names.length)
    fail("names must be distinct")
}

/** An own `_tag` only: a namespace whose prototype is a definition (`{ "__proto__": tool }`) must not pass for one. */
export const isDefinition = (u: unknown): u is Definition<any> =>
  typeof u === "object" && u !== null && Object.hasOwn(u, "_tag") && (u as { _tag?: unknown })._tag === "CodeModeTool"

/** A tree of tools: namespaces are plain objects, leaves are definitions. */
export interface Tree<R = never> {
  readonly [name: string]: Definition<R> | Tree<R>
}

/**
 * A namespace declared positional as a whole (Cloudflare's provider-level `positionalArgs`): a copy of `tree` in
 * which every tool that declares no `positional` of its own takes `true` (its input's properties in order).
 */
export const positional = <R>(tree: Tree<R>): Tree<R> => {
  const out: Record<string, Definition<R> | Tree<R>> = {}
  for (const [name, node] of Object.entries(tree))
    out[name] = isDefinition(node)
      ? node.positional === undefined
        ? { ...node, positional: true }
        : node
      : positional(node)
  return out
}
