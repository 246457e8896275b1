import type { RewriteContext, ToolPath } from "../../src/frontend/dialect.js"
import { b, type AnyNode } from "../shared/ast.js"

/**
 * Cloudflare providers take positional arguments (`state.writeJson("/report.json", results)`; cloudflare/agents
 * `ToolDispatcher` spreads the argument array into the provider function). A tool here takes one input, so a host
 * declares which input property each argument fills (`Tool.make`'s `positional`); the call becomes one object.
 */

type Entry = { readonly path: ToolPath; readonly positional?: ReadonlyArray<string> | undefined }

const declaredOf = new WeakMap<ReadonlyArray<Entry>, ReadonlyMap<string, ReadonlyArray<string>>>()

/** The positional parameter names the host declared for `path`, or undefined for a one-object tool. */
export const positionalOf = (catalog: ReadonlyArray<Entry>, path: ToolPath): ReadonlyArray<string> | undefined => {
  let declared = declaredOf.get(catalog)
  if (declared === undefined) {
    const map = new Map<string, ReadonlyArray<string>>()
    for (const e of catalog) if (e.positional !== undefined) map.set(e.path.join("\u0000"), e.positional)
    declaredOf.set(catalog, (declared = map))
  }
  return declared.size === 0 ? undefined : declared.get(path.join("\u0000"))
}

/** The prelude helper that packs at run time what the rewrite cannot decide (`$cloudflare.pack(path, ...args)`). */
export const PACK = ["$cloudflare", "pack"] as const

const restName = (name: string): string | undefined => (name.startsWith("...") ? name.slice(3) : undefined)
const plainName = (name: string): string => restName(name) ?? name

/** `{ path, value }` as the receipt shows the packing. */
export const shape = (names: ReadonlyArray<string>): string => `{ ${names.map(plainName).join(", ")} }`

/** Arguments whose value is never an object with own keys: a call with one of them alone is positional. */
const NEVER_AN_OBJECT = new Set([
  "Literal",
  "TemplateLiteral",
  "ArrayExpression",
  "ArrowFunctionExpression",
  "FunctionExpression",
  "UnaryExpression",
  "BinaryExpression",
  "UpdateExpression",
])

const keyName = (property: AnyNode): string | undefined => {
  if (property.type !== "Property" || property.kind !== "init" || property.computed) return undefined
  if (property.key.type === "Identifier") return property.key.name
  return property.key.type === "Literal" && typeof property.key.value === "string" ? property.key.value : undefined
}

/**
 * A lone object literal whose keys are all declared names is the object form (`state.writeJson({ path, value })`),
 * as the state provider reads it: it stays the input as written.
 */
const objectForm = (arg: AnyNode, names: ReadonlyArray<string>): boolean => {
  if (arg.type !== "ObjectExpression" || arg.properties.length === 0) return false
  const plain = new Set(names.map(plainName))
  return arg.properties.every((p: AnyNode) => {
    const key = keyName(p)
    return key !== undefined && plain.has(key)
  })
}

const keyNode = (name: string): AnyNode =>
  (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? b.identifier(name) : b.literal(name)) as unknown as AnyNode

/**
 * How a call of a positional tool is carried across: "packed" (its arguments became one object, in order, so they
 * are evaluated as written), "object" (already the object form), "runtime" (one argument whose kind only the run
 * knows, or a spread: `$cloudflare.pack` packs them then), or "refused" (more arguments than names).
 */
export const packCall = (
  call: AnyNode,
  names: ReadonlyArray<string>,
  written: string,
  ctx: RewriteContext,
): "packed" | "object" | "runtime" | "refused" => {
  const args = call.arguments as AnyNode[]
  if (args.some((a) => a.type === "SpreadElement")) return "runtime"
  const rest = names.length > 0 ? restName(names[names.length - 1]!) : undefined
  const fixed = rest === undefined ? names : names.slice(0, -1)
  if (args.length === 0) return "object"
  if (args.length === 1 && objectForm(args[0]!, names)) return "object"
  if (args.length === 1 && !NEVER_AN_OBJECT.has(args[0]!.type) && args[0]!.type !== "ObjectExpression") return "runtime"
  if (rest === undefined && args.length > fixed.length) {
    ctx.fail(
      `${written}(…) passes ${args.length} positional arguments, but the tool declares ${fixed.length} (${fixed.join(", ")}): the rest would be lost`,
      call as never,
      `pass at most ${fixed.length} arguments, or one object ${shape(names)}`,
    )
    return "refused"
  }
  const properties = fixed
    .slice(0, args.length)
    .map((name, i) => b.property("init", keyNode(name) as never, args[i] as never) as unknown as AnyNode)
  if (rest !== undefined)
    properties.push(
      b.property(
        "init",
        keyNode(rest) as never,
        b.arrayExpression(args.slice(fixed.length) as never) as never,
      ) as unknown as AnyNode,
    )
  call.arguments = [b.objectExpression(properties as never) as unknown as AnyNode]
  return "packed"
}

/**
 * The run-time packing of the prelude's methods, the state provider's rule (cloudflare/agents `packages/shell`
 * `isObjectArgsCall`): one plain object whose keys are all declared names is the input itself; anything else fills
 * the names in order (a `...rest` name takes the remaining arguments). More arguments than names is an error.
 */
export const packArguments = (
  names: ReadonlyArray<string>,
  args: ReadonlyArray<unknown>,
): { readonly input: unknown } | { readonly error: string } => {
  const plain = names.map(plainName)
  const first = args[0]
  if (args.length === 1 && typeof first === "object" && first !== null && !Array.isArray(first)) {
    const keys = Object.keys(first)
    if (keys.length > 0 && keys.every((k) => plain.includes(k))) return { input: first }
  }
  const rest = names.length > 0 ? restName(names[names.length - 1]!) : undefined
  const fixed = rest === undefined ? plain : plain.slice(0, -1)
  if (rest === undefined && args.length > fixed.length)
    return {
      error: `${args.length} positional arguments were passed, but the tool declares ${fixed.length} (${fixed.join(", ")})`,
    }
  const input: Record<string, unknown> = {}
  fixed.forEach((name, i) => {
    if (i < args.length && args[i] !== undefined) input[name] = args[i]
  })
  if (rest !== undefined) input[rest] = args.slice(fixed.length)
  return { input }
}
