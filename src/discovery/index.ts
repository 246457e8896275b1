// Discovery (@opencode-ai/codemode 1.18 "Discovery"): everything is computed once by `prepareDiscovery`, so `catalog()`,
// `instructions()` and `signature()` are lookups and `search()` runs over a precomputed index.
//
// Decisions (documented in src/discovery/README.md):
// - A top-level tool (path of one segment) is its own namespace, named after itself: `### ping (1 tool)`, and
//   `search({ namespace: "ping" })` finds it.
// - `$codemode.search` itself is not part of `catalog()`, the counts, or search results: it is the runtime's
//   tool, always callable, and its signature is shown only when the catalog is partial.
import type { Tree } from "../tool/Tool.js"
import {
  catalogBudgetOf,
  describeTool,
  inputProperties,
  ToolRecord,
  plainDescription,
  selectCatalog,
  type ToolDescription,
} from "./catalog.js"
import { renderInstructions } from "./instructions.js"
import { canonicalPath } from "./path.js"
import { parseSearchInput, runSearch, type SearchResult } from "./search.js"
import { buildSearchIndex, type SearchIndex } from "./search-index.js"
export type { SearchIndex } from "./search-index.js"
import { listTools } from "./tools.js"

export interface DiscoveryOptions {
  /** Estimated-token budget for inlined catalog entries; a non-negative safe integer, default 2,000. */
  readonly catalogBudget?: number | undefined
}

export interface Discovery {
  /**
   * Every tool with its signature and JSON Schemas, in the order `discoveryOf` was given (the runtime's: the tree's,
   * a path defined twice in its first place; `prepareDiscovery`'s: path order).
   */
  readonly catalog: () => ReadonlyArray<ToolDescription>
  /** The model-facing markdown instructions with the budgeted catalog. */
  readonly instructions: () => string
  /** `tools.$codemode.search`: throws `SearchInputError` on invalid input. */
  readonly search: (input: unknown) => SearchResult
  /** The signature of the tool at `path` (segments or dotted canonical path); `undefined` when there is none. */
  readonly signature: (path: ReadonlyArray<string> | string) => string | undefined
  /** Tools inlined in the instructions, in path order. */
  readonly inlined: () => ReadonlyArray<ToolDescription>
}

/**
 * Prepares discovery for a tool tree. Throws a RangeError for an invalid `catalogBudget` and a TypeError for an
 * invalid tree (see `listTools`). The search index is built on the first `search` call and then reused.
 */
export const prepareDiscovery = (tree: Tree<any>, options: DiscoveryOptions = {}): Discovery => {
  const budget = catalogBudgetOf(options.catalogBudget)
  return discoveryOf(listTools(tree).map(describeTool), budget)
}

/**
 * Discovery over tools already listed: `records` in `listTools` order (see `compareSegments`), one per path, which
 * the instructions, the round-robin and search ties follow; `order` is the same records in the order `catalog()`
 * lists them (default: `records`). The runtime passes the tree it flattened at `make`, so the tree is walked once.
 */
export const discoveryOf = (
  tools: ReadonlyArray<ToolRecord>,
  budget: number,
  order: ReadonlyArray<ToolRecord> = tools,
): Discovery => {
  let byPath: Map<string, ToolDescription> | undefined

  const groups: Array<{ name: string; ids: Array<number> }> = []
  tools.forEach((tool, id) => {
    const last = groups[groups.length - 1]
    if (last !== undefined && last.name === tool.namespace) last.ids.push(id)
    else groups.push({ name: tool.namespace, ids: [id] })
  })
  groups.sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0))
  const costs = tools.map((tool) => tool.cost)
  const picked = selectCatalog(
    groups.map((group) => group.ids),
    costs,
    budget,
  )
  const instructions = renderInstructions({
    // A group's ids ascend in path order: its inlined tools are the picked ones, in that order.
    namespaces: groups.map((group) => ({
      name: group.name,
      count: group.ids.length,
      inlined: group.ids.filter((id) => picked.has(id)).map((id) => tools[id]!),
    })),
    shown: picked.size,
    total: tools.length,
  })
  // Host-facing copies, built on first request: they hold every signature, rendered.
  let catalog: ReadonlyArray<ToolDescription> | undefined
  const listCatalog = () => (catalog ??= Object.freeze(order.map(plainDescription)))
  // The copy of `tools[id]` in `catalog()`, so an inlined entry is the very object the catalog lists.
  let copies: Map<ToolRecord, ToolDescription> | undefined
  const described = (id: number): ToolDescription => {
    if (order === tools) return listCatalog()[id]!
    copies ??= new Map(listCatalog().map((copy, position) => [order[position]!, copy] as const))
    return copies.get(tools[id]!)!
  }
  let inlined: ReadonlyArray<ToolDescription> | undefined

  let index: SearchIndex | undefined
  const searchIndex = (): SearchIndex => (index ??= indexOf(tools))

  return {
    catalog: listCatalog,
    instructions: () => instructions,
    inlined: () => (inlined ??= Object.freeze([...picked].sort((a, b) => a - b).map(described))),
    search: (input) => runSearch(searchIndex(), parseSearchInput(input)),
    signature: (path) => {
      byPath ??= new Map(tools.map((tool) => [tool.path, tool] as const))
      return byPath.get(typeof path === "string" ? path : canonicalPath(path))?.signature
    },
  }
}

// The tools themselves, not copies: a copy would read (and so render) every lazy signature.
const indexOf = (tools: ReadonlyArray<ToolDescription>): SearchIndex =>
  buildSearchIndex(tools, (tool) => inputProperties(tool.input))

/** The search index of a tree on its own (tests, benches); `prepareDiscovery` builds the same one. */
export const prepareSearchIndex = (tree: Tree<any>): SearchIndex => indexOf(listTools(tree).map(describeTool))

export { renderPath, renderKey, identifierSegment, canonicalPath } from "./path.js"
export { jsonSchemaOf, type JsonSchemaObject, type Side } from "./json-schema.js"
export { renderType, resolveRef, type RenderOptions } from "./render.js"
export { toolSignature, inputType, outputType, renderJsonSchemaSignature } from "./signature.js"
export { listTools, compareSegments, reservedNamespace, type ToolLeaf } from "./tools.js"
export { ToolRecord } from "./catalog.js"
export { estimateTokens, defaultCatalogBudget, catalogBudgetOf, type ToolDescription } from "./catalog.js"
export {
  SearchInputError,
  tokenize,
  termForms,
  scoreQuery,
  runSearch,
  parseSearchInput,
  type SearchResult,
  type SearchItem,
} from "./search.js"
export {
  searchInputSchema,
  searchOutputSchema,
  searchSignature,
  searchSignatureBrief,
  searchToolDescription,
  searchToolPath,
  defaultSearchLimit,
} from "./search-schema.js"
