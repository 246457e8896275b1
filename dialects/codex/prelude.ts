import type { Prelude, ToolPath } from "../../src/frontend/dialect.js"
import { CircularValue, type NativeContext, type NativeGlobal } from "../../src/interpreter/api.js"
import { piIdentifier } from "../shared/names.js"

/** What the frontend may know about each tool (its `CatalogEntry`); descriptions are optional. */
export interface CatalogLike {
  readonly path: ToolPath
  readonly description?: string | undefined
  /** The canonical signature, `tools.<path>(input: …): Promise<…>` (discovery's rendering). */
  readonly signature?: string | undefined
}

/**
 * Codex `text(v)`: strings verbatim, other values through `JSON.stringify` ("when possible": `undefined` as text). A
 * circular value throws the `TypeError` `JSON.stringify` throws in V8.
 */
const render = (value: unknown, ctx: NativeContext): string => {
  if (value instanceof CircularValue) return ctx.throwError("TypeError", "Converting circular structure to JSON")
  return typeof value === "string"
    ? value
    : value === undefined
      ? "undefined"
      : (JSON.stringify(value) ?? String(value))
}

/**
 * The name Codex gives a nested tool (`ALL_TOOLS`, `tools.<name>`): nested tools are MCP tools there, keyed
 * `mcp__<server>__<tool>` and normalized to an identifier (`rmcp.echo` → `mcp__rmcp__echo`); a top-level tool keeps
 * its own identifier.
 */
export const codexName = (path: ToolPath): string =>
  piIdentifier(path.length >= 2 ? `mcp__${path[0]}__${path.slice(1).join(".")}` : path[0]!)

/**
 * A tool's `ALL_TOOLS` description as Codex builds it (`augment_tool_definition`): the description, a blank line,
 * `exec tool declaration:` and a TypeScript block declaring the tool under its Codex name. The types are the
 * catalog's own rendering, not Codex's `render_json_schema_to_typescript`.
 */
export const codexDescription = (name: string, description: string, signature: string | undefined): string => {
  const open = signature?.indexOf("(") ?? -1
  if (signature === undefined || open === -1) return description
  const declaration = `${name}${signature.slice(open).replace(/^\(input:/, "(args:")}`
  return `${description}\n\nexec tool declaration:\n\`\`\`ts\ndeclare const tools: { ${declaration}; };\n\`\`\``
}

/** The runtime's own search is not a Codex tool: it is neither listed nor named. */
export const codexTools = (tools: ReadonlyArray<ToolPath>): ReadonlyArray<ToolPath> =>
  tools.filter((p) => p[0] !== "$codemode")

const IMAGE_DETAILS: ReadonlyArray<unknown> = ["auto", "low", "high", "original"]

const fn = (call: Extract<NativeGlobal, { kind: "function" }>["call"]): NativeGlobal => ({ kind: "function", call })

/**
 * Codex compat (docs/dialects.md#codex, docs/dialects.md#output-and-errors): `ALL_TOOLS` (`{ name, description }[]`, `name` Codex's identifier),
 * `text`, `image` (no image channel: a placeholder line), `store`/`load` (the session's store; non-string keys throw
 * `TypeError` as Codex's helpers do), `exit()`; failed tool calls reject with the message string.
 * `catalog` is an optional second argument (requested of the frontend) that supplies descriptions.
 */
export const globals = (tools: ReadonlyArray<ToolPath>, catalog?: ReadonlyArray<CatalogLike>) => {
  // Every tool the program can call, described or not in the instructions, sorted by name as Codex sorts them;
  // built on first use, since it renders every signature.
  let all: ReadonlyArray<{ name: string; description: string }> | undefined
  const allTools = () => {
    const byPath = new Map(catalog?.map((c) => [c.path.join("\u0000"), c]))
    return codexTools(tools)
      .map((path) => {
        const name = codexName(path)
        const found = byPath.get(path.join("\u0000"))
        return { name, description: codexDescription(name, found?.description ?? "", found?.signature) }
      })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }
  const key = (k: unknown, throwError: (n: string, m: string) => never): string =>
    typeof k === "string" ? k : throwError("TypeError", "store key must be a string")
  const result: Record<string, NativeGlobal> = {
    ALL_TOOLS: {
      kind: "value",
      get value() {
        return (all ??= allTools())
      },
    },
    text: fn(([value], ctx) => void ctx.output(render(value, ctx), [value])),
    // `notify(v)` sends the model an output item of its own, apart from the cell's text (Codex injects it while the
    // cell runs): stringified like `text`, refused when blank, never an output line or the answer.
    notify: fn(([value], ctx) => {
      const message = render(value, ctx)
      if (message.trim() === "") ctx.throwError("TypeError", "notify expects non-empty text")
      ctx.notify(message)
    }),
    // `yield_control()` hands the output so far to the model while the script keeps running; here all output
    // arrives when the program ends, so it only returns (the receipt says so).
    yield_control: fn(() => undefined),
    // `Object.keys(tools)` in a Codex program (rewritten by `codex-object-keys`): the names Codex's `tools` has.
    $codex_toolNames: fn(() => codexTools(tools).map(codexName)),
    image: fn(([value, detail], ctx) => {
      // Codex checks the detail (the second argument wins over the object's own) before it appends anything.
      const asked =
        detail ?? (typeof value === "object" && value !== null ? (value as { detail?: unknown }).detail : undefined)
      if (asked !== undefined && asked !== null && !IMAGE_DETAILS.includes(asked as string))
        ctx.throwError("Error", `image detail must be one of: ${IMAGE_DETAILS.join(", ")}`)
      const label = typeof value === "string" ? value.slice(0, 80) : "block"
      ctx.output(`[image: ${label}]`, [value])
    }),
    store: fn(([k, v], ctx) => void ctx.store.set(key(k, ctx.throwError), v)),
    load: fn(([k], ctx) => ctx.store.get(key(k, ctx.throwError))),
    exit: fn((_args, ctx) => ctx.exit()),
  }
  return result
}

export const prelude: Prelude = { globals, toolFailure: { kind: "string" } }
