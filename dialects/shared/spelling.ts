import type { ToolPath } from "../../src/frontend/dialect.js"

/** Result of reading a name written in a dialect back to canonical paths. */
export type Spelled =
  | { readonly kind: "path"; readonly path: ToolPath }
  | { readonly kind: "ambiguous"; readonly paths: ReadonlyArray<ToolPath> }
  | { readonly kind: "none" }

/**
 * Reverse index of a dialect's spelling rule over the live tool list. Two paths spelled alike (Cloudflare
 * `a-b` and `a.b` both give `a_b`) are kept as an ambiguity for the caller to report, never silently picked.
 */
export const spellingIndex = (
  tools: ReadonlyArray<ToolPath>,
  spell: (path: ToolPath) => ReadonlyArray<string>,
): ((written: string) => Spelled) => {
  // Every rule of every normalize call rebuilds the same index: keep the last one per spelling rule, keyed by the
  // tool list's content (a host may reuse and edit one array), so a warm call only joins the paths.
  const key = tools.map((p) => p.join("\u0000")).join("\u0001")
  const cached = lastIndex.get(spell)
  if (cached !== undefined && cached.key === key) return cached.lookup
  const lookup = buildIndex(tools, spell)
  lastIndex.set(spell, { key, lookup })
  return lookup
}

const lastIndex = new WeakMap<object, { key: string; lookup: (written: string) => Spelled }>()

const buildIndex = (
  tools: ReadonlyArray<ToolPath>,
  spell: (path: ToolPath) => ReadonlyArray<string>,
): ((written: string) => Spelled) => {
  const index = new Map<string, ToolPath[]>()
  for (const path of tools) {
    for (const written of new Set(spell(path))) {
      const list = index.get(written) ?? []
      list.push(path)
      index.set(written, list)
    }
  }
  return (written) => {
    const paths = index.get(written)
    if (paths === undefined) return { kind: "none" }
    if (paths.length === 1) return { kind: "path", path: paths[0]! }
    return { kind: "ambiguous", paths }
  }
}

export const samePath = (a: ToolPath, b: ToolPath): boolean => a.length === b.length && a.every((s, i) => s === b[i])

export const hasPath = (tools: ReadonlyArray<ToolPath>, path: ToolPath): boolean => tools.some((t) => samePath(t, path))
