import * as Effect from "effect/Effect"
import {
  catalogBudgetOf,
  compareSegments,
  discoveryOf,
  ToolRecord,
  searchInputSchema,
  searchOutputSchema,
  searchToolDescription,
  type Discovery,
} from "../discovery/index.js"
import { parseSearchInput, SearchInputError } from "../discovery/search.js"
import type { Definition } from "../tool/Tool.js"
import type { Decoder, PreparedTree } from "./tree.js"
import type { CatalogEntry, DiscoveryOptions } from "./types.js"

// The runtime's seam to discovery (src/discovery/, @opencode-ai/codemode 1.18 "Discovery"): catalog, instructions and the
// `$codemode.search` tool all come from there; this file only adapts it to the runtime's tool entries.

export type { Discovery }

/**
 * Catalog, instructions and search index for the host tree `make` validated and flattened, built on first use: a one-shot
 * `CodeMode.execute` that never searches pays nothing for them. The budget is still checked at once (@opencode-ai/codemode 1.18:
 * RangeError when `make`/`execute` is called); the tree was already validated by `prepareTree`.
 */
export const prepareDiscovery = (tree: PreparedTree, options: DiscoveryOptions | undefined): Discovery => {
  const budget = options?.catalogBudget
  if (budget !== undefined && (typeof budget !== "number" || !Number.isSafeInteger(budget) || budget < 0))
    throw new RangeError("discovery.catalogBudget must be a non-negative safe integer.")
  let prepared: Discovery | undefined
  // The tree `make` flattened (no second walk of the host's objects): `catalog()` keeps its order, the tree's, and
  // discovery's own order (path order, each namespace contiguous) is a sorted copy of the same records.
  const get = () => {
    if (prepared !== undefined) return prepared
    const listed = tree.listed.map((tool) => new ToolRecord(tool.path, tool.name, tool.definition))
    const sorted = [...listed].sort((left, right) => compareSegments(left.segments, right.segments))
    return (prepared = discoveryOf(sorted, catalogBudgetOf(budget), listed))
  }
  return {
    catalog: () => get().catalog(),
    instructions: () => get().instructions(),
    search: (input) => get().search(input),
    signature: (path) => get().signature(path),
    inlined: () => get().inlined(),
  }
}

/**
 * `runtime.catalog()`: the 1.18 contract's entries (`{ path, description, signature }`, nothing more, so a host that
 * compares or forwards them sees exactly that shape), built once from discovery's detailed descriptions, which
 * `runtime.describeTools()` returns as they are.
 */
export const catalogOf = (discovery: Discovery): (() => ReadonlyArray<CatalogEntry>) => {
  let entries: ReadonlyArray<CatalogEntry> | undefined
  return () =>
    (entries ??= Object.freeze(
      discovery.catalog().map(({ path, description, signature }) => Object.freeze({ path, description, signature })),
    ))
}

/** Search input validation as a decoder, so bad input is `InvalidToolInput` and is not admitted (@opencode-ai/codemode 1.18 "Laws"). */
export const decodeSearchInput: Decoder = (value) => {
  try {
    return { ok: true, value: parseSearchInput(value) }
  } catch (error) {
    return { ok: false, message: error instanceof SearchInputError ? error.message : "the search input is invalid" }
  }
}

/** `$codemode.search` as a tool: always registered, counted and recorded like any call (@opencode-ai/codemode 1.18 "Discovery"). */
export const searchTool = (discovery: Discovery): Definition<never> => ({
  _tag: "CodeModeTool",
  // The documented request and page shapes, so the signature a model sees matches the instructions.
  description: searchToolDescription,
  input: searchInputSchema,
  output: searchOutputSchema,
  run: (input: unknown) => Effect.sync(() => discovery.search(input)),
})
