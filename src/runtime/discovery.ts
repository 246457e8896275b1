import { Effect } from "effect"
import { prepareDiscovery as prepare, type Discovery } from "../discovery/index.js"
import { parseSearchInput, SearchInputError } from "../discovery/search.js"
import type { Definition, Tree } from "../tool/Tool.js"
import type { Decoder } from "./tree.js"
import type { DiscoveryOptions } from "./types.js"

// The runtime's seam to discovery (src/discovery/, seed 000 "Discovery"): catalog, instructions and the
// `$codemode.search` tool all come from there; this file only adapts it to the runtime's tool entries.

export type { Discovery }

/** Catalog, instructions and search index for a validated host tree (RangeError for a bad catalogBudget). */
export const prepareDiscovery = (tools: unknown, options: DiscoveryOptions | undefined): Discovery =>
  prepare((tools ?? {}) as Tree<any>, options ?? {})

/** Search input validation as a decoder, so bad input is `InvalidToolInput` and is not admitted (seed 000 "Laws"). */
export const decodeSearchInput: Decoder = (value) => {
  try {
    return { ok: true, value: parseSearchInput(value) }
  } catch (error) {
    return { ok: false, message: error instanceof SearchInputError ? error.message : "the search input is invalid" }
  }
}

/** `$codemode.search` as a tool: always registered, counted and recorded like any call (seed 000 "Discovery"). */
export const searchTool = (discovery: Discovery): Definition<never> => ({
  _tag: "CodeModeTool",
  description: "Search available Code Mode tools",
  input: { type: "object" },
  run: (input: unknown) => Effect.sync(() => discovery.search(input)),
})
