import type { NativeContext, NativeGlobal } from "../../src/interpreter/api.js"
import type { CatalogEntry, Prelude, ToolPath } from "../../src/frontend/dialect.js"
import { piIdentifier, rawJoins } from "../../src/frontend/dialect-helpers.js"
import { MAX_QUERY_LENGTH } from "../../src/discovery/search.js"

/** Pi's flat name for a canonical path: the `_`-joined raw name as a codemode identifier (docs/dialects.md#tool-names). */
export const piName = (path: ToolPath): string => piIdentifier(path.join("_"))

interface Entry {
  readonly name: string
  readonly path: ToolPath
  readonly description: string
  readonly signature: string | undefined
}

const entries = (tools: ReadonlyArray<ToolPath>, catalog: ReadonlyArray<CatalogEntry>): Entry[] => {
  const info = new Map(catalog.map((c) => [c.path.join("\u0000"), c]))
  // The runtime's own search is not a Pi tool.
  return tools
    .filter((p) => p[0] !== "$codemode")
    .map((path) => {
      const c = info.get(path.join("\u0000"))
      return { name: piName(path), path, description: c?.description ?? "", signature: c?.signature }
    })
}

/** A name as a Pi program writes it (identifier or raw) → the entry. */
const finder = (list: ReadonlyArray<Entry>) => {
  const byName = new Map<string, Entry>()
  for (const e of list) {
    byName.set(e.name, e)
    for (const raw of rawJoins(e.path)) {
      if (!byName.has(raw)) byName.set(raw, e)
      if (!byName.has(piIdentifier(raw))) byName.set(piIdentifier(raw), e)
    }
  }
  return (name: unknown) => (typeof name === "string" ? byName.get(name.replace(/^tools\./, "")) : undefined)
}

const terms = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 0)

/**
 * `searchTools` ranking: a small BM25 over name + description (Pi ranks with BM25, default limit 8, docs/dialects.md#discovery-helpers).
 * Deterministic: ties break by name.
 */
export const rank = (list: ReadonlyArray<Entry>, query: string, limit: number, namespace?: string): Entry[] => {
  const pool = namespace ? list.filter((e) => e.path[0] === namespace || e.name.startsWith(`${namespace}_`)) : list
  // Each distinct term once (a repeated term adds the same score each time: kept as a weight).
  const weights = new Map<string, number>()
  for (const t of terms(query)) weights.set(t, (weights.get(t) ?? 0) + 1)
  if (weights.size === 0) return [...pool].sort((a, b) => (a.name < b.name ? -1 : 1)).slice(0, limit)
  const docs = pool.map((e) => terms(`${e.path.join(" ")} ${e.name} ${e.description}`))
  const avg = docs.reduce((s, d) => s + d.length, 0) / Math.max(1, docs.length)
  const dfs = new Map<string, number>()
  const df = (t: string) => {
    let n = dfs.get(t)
    if (n === undefined) dfs.set(t, (n = docs.filter((d) => d.includes(t)).length))
    return n
  }
  const scored = pool.map((e, i) => {
    const d = docs[i]!
    let score = 0
    for (const [t, w] of weights) {
      const tf = d.filter((x) => x === t || x.startsWith(t)).length
      if (tf === 0) continue
      const idf = Math.log(1 + (pool.length - df(t) + 0.5) / (df(t) + 0.5))
      score += (w * (idf * tf * 2.2)) / (tf + 1.2 * (0.25 + (0.75 * d.length) / (avg || 1)))
    }
    return { e, score }
  })
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || (a.e.name < b.e.name ? -1 : 1))
    .slice(0, limit)
    .map((s) => s.e)
}

const fn = (call: (args: ReadonlyArray<unknown>, ctx: NativeContext) => unknown): NativeGlobal => ({
  kind: "function",
  call,
})

const format = (v: unknown): string =>
  typeof v === "string" ? v : v === undefined ? "undefined" : (JSON.stringify(v, null, 2) ?? String(v))

/**
 * Pi's compat helpers (docs/dialects.md#pi, docs/dialects.md#discovery-helpers), host-side: `ALL_TOOLS`, async `searchTools`/`describeTool`/
 * `describeNamespace`, `text`, `image` (no image channel: a placeholder line), `exit`, `store`/`load`.
 */
export const prelude: Prelude = {
  globals: (tools, catalog = []) => {
    const list = entries(tools, catalog)
    const find = finder(list)
    return {
      ALL_TOOLS: {
        kind: "value",
        value: Object.freeze(list.map((e) => Object.freeze({ name: e.name, description: e.description }))),
      },
      searchTools: fn(async (args, ctx) => {
        const query = String(args[0] ?? "")
        // The same limit as `$codemode.search`: ranking is host work outside the run's step counter.
        if (query.length > MAX_QUERY_LENGTH)
          return ctx.throwError(
            "RangeError",
            `searchTools: the query is ${query.length} characters, over the limit of ${MAX_QUERY_LENGTH}: search with a few words`,
          )
        const options = (args[1] ?? {}) as { limit?: unknown; namespace?: unknown }
        const limit = typeof options.limit === "number" && options.limit > 0 ? Math.floor(options.limit) : 8
        const namespace = typeof options.namespace === "string" ? options.namespace : undefined
        return rank(list, query, limit, namespace).map((e) => ({
          name: e.name,
          description: e.description,
        }))
      }),
      describeTool: fn(async (args) => {
        const e = find(args[0])
        if (!e) return undefined
        return [e.description, e.signature ?? `declare function ${e.name}(input: unknown): Promise<unknown>`]
          .filter(Boolean)
          .join("\n")
      }),
      describeNamespace: fn(async (args) => {
        const name = String(args[0] ?? "")
        const inside = list.filter((e) => e.path.length > 1 && e.path[0] === name)
        return inside.length === 0 ? undefined : { name, tools: inside.map((e) => e.name) }
      }),
      text: fn((args, ctx) => {
        ctx.output(format(args[0]), [args[0]])
        return undefined
      }),
      image: fn((_args, ctx) => {
        ctx.output("[image omitted: this runtime has no image channel]", [])
        return undefined
      }),
      exit: fn((args, ctx) => ctx.exit(...(args.length > 0 ? [args[0]] : []))),
      store: fn((args, ctx) => {
        if (typeof args[0] !== "string") return ctx.throwError("TypeError", "store key must be a string")
        ctx.store.set(args[0], args[1] === undefined ? undefined : JSON.parse(JSON.stringify(args[1])))
        return undefined
      }),
      load: fn((args, ctx) => (typeof args[0] === "string" ? ctx.store.get(args[0]) : undefined)),
    }
  },
}
