import type { Prelude, ToolPath } from "../../src/frontend/dialect.js"
import type { NativeGlobal } from "../../src/interpreter/api.js"
import { spell } from "./naming.js"

/** What the frontend may know about each tool (its `CatalogEntry`); descriptions are optional. */
export interface CatalogLike {
  readonly path: ToolPath
  readonly description?: string | undefined
}

/** Codex `text(v)`: strings verbatim, other values as JSON (unverified for exotic values; `undefined` as text). */
const render = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined ? "undefined" : (JSON.stringify(value) ?? String(value))

const fn = (call: Extract<NativeGlobal, { kind: "function" }>["call"]): NativeGlobal => ({ kind: "function", call })

/**
 * Codex compat (docs/dialects.md#codex, docs/dialects.md#output-and-errors): `ALL_TOOLS` (`{ name, description }[]`, `name` the identifier),
 * `text`, `image` (no image channel: a placeholder line), `store`/`load` (per-runtime store; non-string keys throw
 * `TypeError` as Codex's helpers do), `exit()`; failed tool calls reject with the message string.
 * `catalog` is an optional second argument (requested of the frontend) that supplies descriptions.
 */
export const globals = (tools: ReadonlyArray<ToolPath>, catalog?: ReadonlyArray<CatalogLike>) => {
  const describe = (path: ToolPath) =>
    catalog?.find((c) => c.path.length === path.length && c.path.every((s, i) => s === path[i]))?.description ?? ""
  const all = tools.map((path) => ({ name: spell(path)[0]!.slice("tools.".length), description: describe(path) }))
  const key = (k: unknown, throwError: (n: string, m: string) => never): string =>
    typeof k === "string" ? k : throwError("TypeError", "store key must be a string")
  const result: Record<string, NativeGlobal> = {
    ALL_TOOLS: { kind: "value", value: all },
    text: fn(([value], ctx) => void ctx.output(render(value), [value])),
    image: fn(([value], ctx) => {
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
