import type { Dialect, DialectId, ToolPath } from "./dialect.js"
import { editDistance, fuzzyKey, rawJoins, renderPath } from "./naming.js"

/** How a written name was resolved (reported in the receipt). */
export type ResolvedVia = "exact" | "dialect" | "raw" | "naming" | "fuzzy"

export interface Resolution {
  readonly path: ToolPath
  readonly via: ResolvedVia
  readonly dialect?: DialectId | undefined
}

/**
 * Tool-name resolution of docs/dialects.md#tool-paths, shared by the `resolve` stage, dialect rules (`ctx.resolveName`) and the
 * runtime (dynamic `tools[expr]` paths resolve at run time). `written` is the dotted text as the program spells it,
 * root included: `tools.mcp__dev_radius__search`, `codemode.delete_`, `external_my_tool`.
 */
export interface Resolver {
  readonly resolve: (written: string) => Resolution | undefined
  /** Up to three canonical call expressions close to `written` ("did you mean"). */
  readonly suggest: (written: string) => ReadonlyArray<string>
  readonly isTool: (path: ToolPath) => boolean
  readonly isNamespace: (path: ToolPath) => boolean
  readonly tools: ReadonlyArray<ToolPath>
}

const SEP = "\u0000"
const keyOf = (path: ToolPath) => path.join(SEP)

const addFirst = (index: Map<string, ToolPath>, key: string, path: ToolPath) => {
  if (!index.has(key)) index.set(key, path)
}

const stripRoot = (written: string) => (written.startsWith("tools.") ? written.slice(6) : written)

const build = (tools: ReadonlyArray<ToolPath>, dialects: ReadonlyArray<Dialect>) => {
  // Sorted so collisions (`web-search` vs `web_search`) resolve the same way on every run (docs/dialects.md#tool-paths).
  const sorted = [...tools].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
  const exact = new Set(sorted.map(keyOf))
  const namespaces = new Set<string>()
  for (const path of sorted) for (let i = 1; i < path.length; i++) namespaces.add(keyOf(path.slice(0, i)))
  const raw = new Map<string, ToolPath>()
  const fuzzy = new Map<string, ToolPath | null>()
  const perDialect = new Map<DialectId, Map<string, ToolPath>>()
  for (const path of sorted) {
    for (const join of rawJoins(path)) {
      addFirst(raw, `tools.${join}`, path)
      const key = fuzzyKey(join)
      const seen = fuzzy.get(key)
      if (seen === undefined) fuzzy.set(key, path)
      else if (seen !== null && keyOf(seen) !== keyOf(path)) fuzzy.set(key, null) // ambiguous: removed (docs/dialects.md#tool-paths)
    }
    for (const dialect of dialects) {
      if (!dialect.naming) continue
      let index = perDialect.get(dialect.id)
      if (!index) perDialect.set(dialect.id, (index = new Map()))
      for (const spelling of dialect.naming.spell(path)) addFirst(index, spelling, path)
    }
  }
  return { sorted, exact, namespaces, raw, fuzzy, perDialect }
}

const cache = new WeakMap<ReadonlyArray<ToolPath>, WeakMap<ReadonlyArray<Dialect>, ReturnType<typeof build>>>()

export const makeResolver = (
  tools: ReadonlyArray<ToolPath>,
  dialects: ReadonlyArray<Dialect>,
  detected: DialectId | undefined,
): Resolver => {
  let byDialects = cache.get(tools)
  if (!byDialects) cache.set(tools, (byDialects = new WeakMap()))
  let index = byDialects.get(dialects)
  if (!index) byDialects.set(dialects, (index = build(tools, dialects)))
  const { sorted, exact, namespaces, raw, fuzzy, perDialect } = index

  const resolve = (written: string): Resolution | undefined => {
    if (written.startsWith("tools.")) {
      const path = written.slice(6).split(".")
      if (exact.has(keyOf(path))) return { path, via: "exact" }
    }
    const own = detected === undefined ? undefined : perDialect.get(detected)?.get(written)
    if (own) return { path: own, via: "dialect", dialect: detected }
    const rawHit = raw.get(written)
    if (rawHit) return { path: rawHit, via: "raw" }
    for (const [id, spellings] of perDialect) {
      const hit = spellings.get(written)
      if (hit) return { path: hit, via: "naming", dialect: id }
    }
    const key = fuzzyKey(stripRoot(written))
    const hit = fuzzy.get(key) ?? (key.startsWith("mcp_") ? fuzzy.get(key.slice(4)) : fuzzy.get(`mcp_${key}`))
    return hit ? { path: hit, via: "fuzzy" } : undefined
  }

  const suggest = (written: string): ReadonlyArray<string> => {
    const key = fuzzyKey(stripRoot(written))
    const limit = Math.max(2, Math.floor(key.length / 3))
    return sorted
      .map((path) => ({ path, d: Math.min(...rawJoins(path).map((j) => editDistance(key, fuzzyKey(j)))) }))
      .filter((x) => x.d <= limit)
      .sort((a, b) => a.d - b.d)
      .slice(0, 3)
      .map((x) => renderPath(x.path))
  }

  return {
    resolve,
    suggest,
    isTool: (path) => exact.has(keyOf(path)),
    isNamespace: (path) => path.length === 0 || namespaces.has(keyOf(path)),
    tools: sorted,
  }
}
