import { Exit, Schema } from "effect"
import { isDefinition, isEffectSchema, type Definition } from "../tool/Tool.js"
import type { JsonSchemaValidators } from "./validate.js"

/** Namespace reserved for the runtime's own tools (@opencode-ai/codemode 1.18 "Discovery": hosts cannot define `$codemode`). */
export const RESERVED_NAMESPACE = "$codemode"

const MAX_TREE_DEPTH = 32

/** A decoder compiled once at make(): returns the decoded value or an error message. */
export type Decoder = (
  value: unknown,
) => { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly message: string }

/** One callable tool, flattened from the host tree. */
export interface ToolEntry {
  /** Canonical dotted name, as recorded in `toolCalls` and shown to hooks. */
  readonly name: string
  readonly path: ReadonlyArray<string>
  readonly definition: Definition<any>
  /**
   * Undefined for JSON Schema (render-only) inputs/outputs: values pass through. With `validateInputs`, a JSON-Schema
   * input has an ajv decoder that validates and returns the value unchanged.
   */
  readonly decodeInput: Decoder | undefined
  readonly decodeOutput: Decoder | undefined
}

export interface PreparedTree {
  /** Tools by canonical dotted name. */
  readonly tools: ReadonlyMap<string, ToolEntry>
  /** Child names of every namespace by dotted path ("" is the root), in tree order. */
  readonly namespaces: ReadonlyMap<string, ReadonlyArray<string>>
  /** Tools in tree order. */
  readonly entries: ReadonlyArray<ToolEntry>
}

// Hosts share schemas across tools (one `Id` struct, one page shape): compile each schema object once.
const decoders = new WeakMap<object, Decoder>()

export const compileDecoder = (schema: unknown): Decoder | undefined => {
  if (!isEffectSchema(schema)) return undefined
  let decoder = decoders.get(schema)
  if (decoder === undefined) decoders.set(schema, (decoder = decoderOf(schema)))
  return decoder
}

const decoderOf = (schema: Schema.Top): Decoder => {
  // Compiled once per tool; schemas needing decoding services are outside the contract (render them as JSON Schema).
  const decode = Schema.decodeUnknownExit(schema as Schema.Codec<unknown, unknown>)
  return (value) => {
    try {
      const exit = decode(value)
      return Exit.isSuccess(exit) ? { ok: true, value: exit.value } : { ok: false, message: issueMessage(exit.cause) }
    } catch (error) {
      return { ok: false, message: "the value could not be decoded" }
    }
  }
}

/** A tool's own `validate` as a decoder: a throw or a malformed answer is a failed check, never a host crash. */
const ownCheck =
  (check: (input: unknown) => unknown): Decoder =>
  (value) => {
    try {
      const answer = check(value) as { ok?: unknown; value?: unknown; message?: unknown } | undefined
      if (answer?.ok === true) return { ok: true, value: answer.value }
      if (answer?.ok === false && typeof answer.message === "string") return { ok: false, message: answer.message }
    } catch {
      // fall through
    }
    return { ok: false, message: "the value could not be validated" }
  }

/** A SchemaError's text on one line, e.g. `Expected string at ["id"]` (the model's own input: safe to show). */
const issueMessage = (cause: unknown): string => {
  const error = (cause as { reasons?: ReadonlyArray<{ error?: unknown }> })?.reasons?.[0]?.error
  const raw = error instanceof Error ? error.message : String(error ?? "the value could not be decoded")
  const text = raw.replace(/\s*\n\s*/g, " ").trim()
  return text.startsWith("(") && text.endsWith(")") ? text.slice(1, -1) : text
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}

const describePath = (path: ReadonlyArray<string>): string => (path.length === 0 ? "tools" : `tools.${path.join(".")}`)

/**
 * Validates a host tool tree and flattens it (@opencode-ai/codemode 1.18 `CodeMode.make`). Namespaces are plain objects, leaves are
 * `Tool.make` definitions; a dotted key is split into namespace segments, as the original does. A path may hold a tool
 * and child tools at once (a callable namespace: `{ issues: t, "issues.list": u }`), and any segment name is allowed
 * (`constructor`, `__proto__`: the tree lives in Maps, and programs reach it only through tool references). Throws
 * `TypeError`.
 * With `validators` (`validateInputs: true`), JSON-Schema inputs are compiled to validating decoders here, once.
 */
export const prepareTree = (tools: unknown, validators?: JsonSchemaValidators): PreparedTree => {
  if (tools === undefined) tools = {}
  if (!isPlainObject(tools))
    throw new TypeError("CodeMode: tools must be a plain object tree of Tool.make definitions.")
  const entries: Array<ToolEntry> = []
  const byName = new Map<string, ToolEntry>()
  const namespaces = new Map<string, Array<string>>([["", []]])
  const seen = new Set<object>()

  // Membership per namespace in a Set beside the ordered list: `includes` on the list made a namespace of n tools
  // cost n² (10,000 top-level tools: seconds).
  const members = new Map<string, Set<string>>()
  const addChild = (key: string, name: string) => {
    let seenNames = members.get(key)
    if (seenNames === undefined) members.set(key, (seenNames = new Set(namespaces.get(key)!)))
    if (seenNames.has(name)) return
    seenNames.add(name)
    namespaces.get(key)!.push(name)
  }

  // `prefix` is `path` joined with dots, carried down so no key joins its whole path again.
  const visit = (node: Record<string, unknown>, path: ReadonlyArray<string>, prefix: string) => {
    if (path.length > MAX_TREE_DEPTH)
      throw new TypeError(`CodeMode: the tool tree is deeper than ${MAX_TREE_DEPTH} levels.`)
    if (seen.has(node)) throw new TypeError(`CodeMode: the tool tree is circular at ${describePath(path)}.`)
    seen.add(node)
    for (const key of Object.keys(node)) {
      const value = node[key]
      const definition = isDefinition(value)
      const segments = key.includes(".") ? key.split(".") : [key]
      let dotted = prefix
      for (let i = 0; i < segments.length; i++) {
        const segment = segments[i]!
        if (segment === "")
          throw new TypeError(`CodeMode: tool name '${key}' at ${describePath(path)} has an empty segment.`)
        if (dotted === "" && segment === RESERVED_NAMESPACE)
          throw new TypeError(
            `CodeMode: the top-level namespace '${RESERVED_NAMESPACE}' is reserved for CodeMode discovery tools (tools.$codemode.search).`,
          )
        addChild(dotted, segment)
        dotted = dotted === "" ? segment : `${dotted}.${segment}`
        if ((i < segments.length - 1 || !definition) && !namespaces.has(dotted)) namespaces.set(dotted, [])
      }
      const current = path.length === 0 ? segments : [...path, ...segments]
      if (definition) {
        if (typeof value.run !== "function")
          throw new TypeError(`CodeMode: ${describePath(current)} has no run function.`)
        const entry: ToolEntry = {
          name: dotted,
          path: current,
          definition: value,
          decodeInput:
            typeof value.validate === "function"
              ? ownCheck(value.validate)
              : validators !== undefined && !isEffectSchema(value.input)
                ? validators.compile(value.input, describePath(current))
                : compileDecoder(value.input),
          decodeOutput: compileDecoder(value.output),
        }
        // The same canonical path twice (`{ "a.b": t1, a: { b: t2 } }`): the later definition wins, in the earlier
        // one's place, as the reference's later line does.
        const earlier = byName.get(dotted)
        if (earlier !== undefined) entries[entries.indexOf(earlier)] = entry
        else entries.push(entry)
        byName.set(dotted, entry)
      } else if (isPlainObject(value)) {
        visit(value, current, dotted)
      } else {
        throw new TypeError(
          `CodeMode: ${describePath(current)} must be a Tool.make definition or a namespace object, got ${
            value === null ? "null" : Array.isArray(value) ? "an array" : typeof value
          }.`,
        )
      }
    }
    seen.delete(node)
  }
  visit(tools, [], "")
  return { tools: byName, namespaces, entries }
}
