import type { CatalogEntry, Prelude, ToolPath } from "../../src/frontend/dialect.js"
import type { NativeContext, NativeGlobal } from "../../src/interpreter/api.js"
import { NEVER_A_TOOL_ROOT } from "../shared/globals.js"
import { canonicalText, parseCanonicalText } from "../shared/names.js"
import { sanitize, spell } from "./naming.js"
import { openApiGlobals, withOpenApi } from "./openapi.js"
import { spellingIndex } from "../shared/spelling.js"
import { PACK, packArguments, positionalOf } from "./positional.js"

interface SearchItem {
  readonly path: string
  readonly description: string
  readonly signature: string
}
interface SearchPage {
  readonly items: ReadonlyArray<SearchItem>
  readonly remaining: number
}

/** Cloudflare caps a search at 50 results (docs/dialects.md#discovery-helpers). */
const LIMIT = 50

const search = (ctx: NativeContext, input: Record<string, unknown>): Promise<SearchPage> =>
  ctx.callTool(["$codemode", "search"], input) as Promise<SearchPage>

/** Cloudflare's `connector.method` address of a canonical path: single tools live on the `codemode` connector. */
const address = (path: ToolPath): { connector: string; method: string } =>
  path.length === 1
    ? { connector: "codemode", method: sanitize(path[0]!) }
    : { connector: sanitize(path[0]!), method: sanitize(path.slice(1).join(".")) }

/**
 * `codemode.search(query)` → `{ results: [{ path, connector, method, description, kind, score }], total, truncated }`
 * on top of the canonical `$codemode.search` (docs/dialects.md#discovery-helpers). `score` is rank-derived (1 for the best hit, falling
 * linearly): Cloudflare's own scoring is not specified.
 */
const searchGlobal: NativeGlobal = {
  kind: "function",
  call: async ([query], ctx) => {
    const page = await search(ctx, { query: typeof query === "string" ? query : "", limit: LIMIT })
    const n = page.items.length
    const results = page.items.flatMap((item, i) => {
      const path = parseCanonicalText(item.path)
      if (path === undefined) return []
      const { connector, method } = address(path)
      const score = Math.round(((n - i) / n) * 1000) / 1000
      return [
        { path: `${connector}.${method}`, connector, method, description: item.description, kind: "method", score },
      ]
    })
    return { results, total: n + page.remaining, truncated: page.remaining > 0 }
  },
}

/**
 * `codemode.describe("conn.method" | "conn")` → `{ path, description, types, kind }`; an unknown path gives
 * Cloudflare's text `"x" not found.` (returned, not thrown: unverified which one the real runtime does).
 */
const describeGlobal = (tools: ReadonlyArray<ToolPath>): NativeGlobal => {
  const index = spellingIndex(tools, (path) => [...spell(path), `${address(path).connector}.${address(path).method}`])
  return {
    kind: "function",
    call: async ([target], ctx) => {
      const written = typeof target === "string" ? target : String(target)
      const hit = index(written.includes(".") ? written : `codemode.${written}`)
      if (hit.kind === "path") {
        const page = await search(ctx, { query: canonicalText(hit.path), limit: 1 })
        const item = page.items[0]
        if (item !== undefined)
          return { path: written, description: item.description, types: item.signature, kind: "method" }
      }
      const connector = tools.filter((p) => p.length > 1 && sanitize(p[0]!) === written)
      if (connector.length > 0) {
        const page = await search(ctx, { query: "", namespace: connector[0]![0], limit: LIMIT })
        const types = page.items.map((i) => i.signature).join("\n\n")
        return { path: written, description: `Connector ${written}`, types, kind: "method" }
      }
      return `"${written}" not found.`
    },
  }
}

/**
 * Names a provider namespace may not take (docs/dialects.md#cloudflare "Reserved namespace names include codemode, console, Promise, Error,
 * setTimeout"), plus the canonical globals: a tool namespace with such a name stays reachable only as `tools.<ns>`.
 */
const NOT_A_PROVIDER = new Set([...NEVER_A_TOOL_ROOT, "setTimeout", "clearTimeout", "globalThis", "fetch"])

/**
 * A connector method: Cloudflare forwards the first argument as the tool input (`input ?? {}`). A tool the host
 * declared positional gets its arguments packed by name (`positional.ts`); for any other tool a provider call with
 * more positional arguments would lose them here (a tool takes one input): it throws instead of dropping them.
 */
const method = (path: ToolPath, provider: boolean, names: ReadonlyArray<string> | undefined): NativeGlobal => ({
  kind: "function",
  call: (args, ctx) => {
    if (names !== undefined) {
      const packed = packArguments(names, args)
      if ("error" in packed) return ctx.throwError("TypeError", `${canonicalText(path)}: ${packed.error}`)
      return ctx.callTool(path, packed.input)
    }
    if (provider && args.length > 1)
      return ctx.throwError(
        "TypeError",
        `${canonicalText(path)} takes one input, but ${args.length} positional arguments were passed: pass one object holding them all`,
      )
    return ctx.callTool(path, args[0] ?? {})
  },
})

/** `$cloudflare.pack("state.readJson", ...args)`: a positional call's input, packed when the run sees the arguments. */
const packGlobal = (catalog: ReadonlyArray<CatalogEntry>): NativeGlobal => ({
  kind: "function",
  call: ([pathText, ...args], ctx) => {
    const path = typeof pathText === "string" ? parseCanonicalText(pathText) : undefined
    const names = path === undefined ? undefined : positionalOf(catalog, path)
    if (names === undefined) return ctx.throwError("TypeError", `${String(pathText)} declares no positional arguments`)
    const packed = packArguments(names, args)
    return "error" in packed ? ctx.throwError("TypeError", `${String(pathText)}: ${packed.error}`) : packed.input
  },
})

/**
 * The runtime objects a Cloudflare program reaches dynamically (corpus `*-discovery` cases:
 * `target[hit.method](…)` after `codemode.search`, `{ codemode, github }`, `globalThis[hit.connector]`): `codemode`
 * carries search/describe plus every tool under its sanitized flat name; each first path segment is a provider
 * namespace with the sanitized rest as methods; `globalThis` holds them all, as in a Worker. Static calls never
 * reach these: the rewrite rules turn them into canonical `tools.…` calls first.
 */
const globals = (
  tools: ReadonlyArray<ToolPath>,
  catalog: ReadonlyArray<CatalogEntry> = [],
): Record<string, NativeGlobal> => {
  const codemode: Record<string, NativeGlobal> = {}
  const providers = new Map<string, Record<string, NativeGlobal>>()
  for (const path of tools) {
    const names = positionalOf(catalog, path)
    codemode[sanitize(path.join("."))] ??= method(path, false, names)
    if (path.length < 2) continue
    const { connector, method: name } = address(path)
    if (NOT_A_PROVIDER.has(connector)) continue
    const members = providers.get(connector) ?? {}
    members[name] ??= method(path, true, names)
    providers.set(connector, members)
  }
  codemode.search = searchGlobal
  codemode.describe = describeGlobal(tools)
  const openapi = openApiGlobals(tools, catalog)
  if (openapi !== undefined) withOpenApi(openapi, codemode, providers)
  const result: Record<string, NativeGlobal> = { codemode: { kind: "namespace", members: codemode } }
  for (const [name, members] of providers) result[name] = { kind: "namespace", members }
  if (openapi?.spec !== undefined && !providers.has("spec")) result.spec = openapi.spec
  result.globalThis = { kind: "namespace", members: { ...result } }
  if (catalog.some((e) => e.positional !== undefined))
    result[PACK[0]] = { kind: "namespace", members: { [PACK[1]]: packGlobal(catalog) } }
  return result
}

// No `toolFailure`: Cloudflare failures are plain `Error`s, the canonical shape.
export const prelude: Prelude = { globals }
