import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
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

/** A tool as `make` lists it: its canonical name, segments and definition (no decoders yet). */
export interface ListedTool {
  readonly name: string
  readonly path: ReadonlyArray<string>
  readonly definition: Definition<any>
}

export interface PreparedTree {
  /** Tools by canonical dotted name (built with their decoders on first use). */
  readonly tools: ReadonlyMap<string, ToolEntry>
  /** Child names of every namespace by dotted path ("" is the root), in tree order. */
  readonly namespaces: ReadonlyMap<string, ReadonlyArray<string>>
  /** Tools in tree order (built with their decoders on first use). */
  readonly entries: ReadonlyArray<ToolEntry>
  /** Tools in tree order, one per canonical name, as validated at `make`: what discovery lists. */
  readonly listed: ReadonlyArray<ListedTool>
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
 * With `validators` (`validateInputs: true`), JSON-Schema inputs are compiled to validating decoders here, once;
 * otherwise the tools' entries and decoders are built on first use (a catalog of 10,000 tools whose host only asks
 * for the instructions never builds them).
 */
export const prepareTree = (tools: unknown, validators?: JsonSchemaValidators): PreparedTree => {
  if (tools === undefined) tools = {}
  if (!isPlainObject(tools))
    throw new TypeError("CodeMode: tools must be a plain object tree of Tool.make definitions.")
  const listed: Array<ListedTool> = []
  const namespaces = new Map<string, Array<string>>([["", []]])
  const seen = new Set<object>()
  // Only a dotted key can name a path twice (`{ "a.b": t1, a: { b: t2 } }`).
  let dottedKeys = false

  // Membership per namespace in a Set beside the ordered list: `includes` on the list made a namespace of n tools
  // cost n² (10,000 top-level tools: seconds). Built only for a namespace that more than one object fills.
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
    const keys = Object.keys(node)
    // An object without dotted keys that opens its namespace: its children are its keys, in order.
    let plain = namespaces.get(prefix)!.length === 0
    for (const key of keys) if (plain && key.includes(".")) plain = false
    if (plain) {
      const children = namespaces.get(prefix)!
      for (const key of keys) children.push(key)
    }
    for (const key of keys) {
      const value = node[key]
      const definition = isDefinition(value)
      let dotted = prefix
      let current: ReadonlyArray<string>
      if (!key.includes(".")) {
        if (key === "")
          throw new TypeError(`CodeMode: tool name '${key}' at ${describePath(path)} has an empty segment.`)
        if (prefix === "" && key === RESERVED_NAMESPACE) throw reserved()
        if (!plain) addChild(prefix, key)
        dotted = prefix === "" ? key : `${prefix}.${key}`
        if (!definition && !namespaces.has(dotted)) namespaces.set(dotted, [])
        current = append(path, key)
      } else {
        dottedKeys = true
        const segments = key.split(".")
        for (let i = 0; i < segments.length; i++) {
          const segment = segments[i]!
          if (segment === "")
            throw new TypeError(`CodeMode: tool name '${key}' at ${describePath(path)} has an empty segment.`)
          if (dotted === "" && segment === RESERVED_NAMESPACE) throw reserved()
          addChild(dotted, segment)
          dotted = dotted === "" ? segment : `${dotted}.${segment}`
          if ((i < segments.length - 1 || !definition) && !namespaces.has(dotted)) namespaces.set(dotted, [])
        }
        current = path.length === 0 ? segments : [...path, ...segments]
      }
      if (definition) {
        if (typeof value.run !== "function")
          throw new TypeError(`CodeMode: ${describePath(current)} has no run function.`)
        listed.push({ name: dotted, path: current, definition: value })
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
  const unique = dottedKeys ? laterWins(listed) : listed
  let built: { tools: Map<string, ToolEntry>; entries: Array<ToolEntry> } | undefined
  const build = () => {
    if (built !== undefined) return built
    const entries = unique.map((tool) => entryOf(tool, validators))
    return (built = { tools: new Map(entries.map((entry) => [entry.name, entry])), entries })
  }
  // Validation happens at make: an input schema ajv cannot compile is a TypeError from `make`.
  if (validators !== undefined) build()
  return {
    namespaces,
    listed: unique,
    get tools() {
      return build().tools
    },
    get entries() {
      return build().entries
    },
  }
}

const reserved = () =>
  new TypeError(
    `CodeMode: the top-level namespace '${RESERVED_NAMESPACE}' is reserved for CodeMode discovery tools (tools.$codemode.search).`,
  )

const append = (path: ReadonlyArray<string>, segment: string): Array<string> => {
  const out = new Array<string>(path.length + 1)
  for (let index = 0; index < path.length; index++) out[index] = path[index]!
  out[path.length] = segment
  return out
}

/**
 * The same canonical path twice (`{ "a.b": t1, a: { b: t2 } }`): the later definition wins, in the earlier one's
 * place, as the reference's later line does.
 */
const laterWins = (listed: ReadonlyArray<ListedTool>): Array<ListedTool> => {
  const at = new Map<string, number>()
  const out: Array<ListedTool> = []
  for (const tool of listed) {
    const earlier = at.get(tool.name)
    if (earlier !== undefined) out[earlier] = tool
    else at.set(tool.name, out.push(tool) - 1)
  }
  return out
}

const entryOf = (tool: ListedTool, validators: JsonSchemaValidators | undefined): ToolEntry => {
  const { definition } = tool
  return {
    name: tool.name,
    path: tool.path,
    definition,
    decodeInput:
      typeof definition.validate === "function"
        ? ownCheck(definition.validate)
        : validators !== undefined && !isEffectSchema(definition.input)
          ? validators.compile(definition.input, describePath(tool.path))
          : compileDecoder(definition.input),
    decodeOutput: compileDecoder(definition.output),
  }
}
