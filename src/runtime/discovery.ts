import { Effect, Schema } from "effect"
import type { Definition } from "../tool/Tool.js"
import type { PreparedTree } from "./tree.js"
import type { DiscoveryOptions, ToolDescription } from "./types.js"

/**
 * The runtime's seam to discovery (catalog, instructions, `$codemode.search`). This is a minimal stand-in until
 * `src/discovery/` lands: swapping is the body of `prepareDiscovery`. Seed 000 "Discovery" is the contract.
 */
export interface Discovery {
  readonly catalog: () => ReadonlyArray<ToolDescription>
  readonly instructions: () => string
  readonly search: (input: SearchInput) => SearchOutput
}

const PositiveInt = Schema.Int.check(Schema.isGreaterThan(0))
const NonNegativeInt = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

export const SearchInput = Schema.Struct({
  query: Schema.optionalKey(Schema.String),
  namespace: Schema.optionalKey(Schema.String),
  limit: Schema.optionalKey(PositiveInt),
  offset: Schema.optionalKey(NonNegativeInt),
})
export type SearchInput = typeof SearchInput.Type

export interface SearchOutput {
  readonly items: ReadonlyArray<ToolDescription>
  readonly remaining: number
  readonly next: { readonly offset: number } | null
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/
export const expression = (path: ReadonlyArray<string>): string =>
  "tools" + path.map((s) => (IDENTIFIER.test(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("")

const tokenize = (query: string): Array<string> =>
  query
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t !== "")

const forms = (term: string): Array<string> => {
  const out = [term]
  if (term.length > 3 && term.endsWith("es")) out.push(term.slice(0, -2))
  if (term.length > 2 && term.endsWith("s")) out.push(term.slice(0, -1))
  return out
}

export const prepareDiscovery = (tree: PreparedTree, options?: DiscoveryOptions): Discovery => {
  const budget = options?.catalogBudget
  if (budget !== undefined && (!Number.isSafeInteger(budget) || budget < 0))
    throw new RangeError("discovery.catalogBudget must be a non-negative safe integer.")
  const catalog: Array<ToolDescription> = tree.entries.map((e) => ({
    path: expression(e.path),
    description: e.definition.description,
    signature: `${expression(e.path)}(input: unknown): Promise<unknown>`,
  }))
  const indexed = tree.entries.map((e, i) => ({
    dotted: e.name.toLowerCase(),
    namespace: e.path[0]!,
    description: e.definition.description.toLowerCase(),
    item: catalog[i]!,
  }))
  const instructions = [
    "This is a restricted JavaScript language for calling tools, not a general-purpose runtime.",
    "",
    "## Available tools",
    "",
    ...catalog.map((t) => `- ${t.signature} // ${t.description.split("\n", 1)[0]}`),
  ].join("\n")
  const search = (input: SearchInput): SearchOutput => {
    const scoped = input.namespace === undefined ? indexed : indexed.filter((e) => e.namespace === input.namespace)
    const query = (input.query ?? "").trim()
    const bare = query.startsWith("tools.") ? query.slice(6) : query
    const exact = scoped.find((e) => e.item.path === query || e.dotted === bare.toLowerCase())
    const terms = tokenize(query).map(forms)
    const ranked = exact
      ? [exact]
      : scoped
          .map((e) => ({
            e,
            score: terms.reduce(
              (sum, fs) =>
                sum +
                (fs.some((f) => e.dotted === f || e.dotted.endsWith(`.${f}`)) ? 20 : 0) +
                (fs.some((f) => e.dotted.includes(f)) ? 8 : 0) +
                (fs.some((f) => e.description.includes(f)) ? 4 : 0),
              0,
            ),
          }))
          .filter((r) => terms.length === 0 || r.score > 0)
          .sort((a, b) => b.score - a.score || (a.e.dotted < b.e.dotted ? -1 : a.e.dotted > b.e.dotted ? 1 : 0))
          .map((r) => r.e)
    const offset = input.offset ?? 0
    const items = ranked.slice(offset, offset + (input.limit ?? 10)).map((e) => e.item)
    const remaining = Math.max(0, ranked.length - offset - items.length)
    return { items, remaining, next: remaining > 0 ? { offset: offset + items.length } : null }
  }
  return { catalog: () => catalog, instructions: () => instructions, search }
}

/** `$codemode.search` as a tool: always registered, counted and recorded like any call (seed 000 "Discovery"). */
export const searchTool = (discovery: Discovery): Definition<never> => ({
  _tag: "CodeModeTool",
  description: "Search available Code Mode tools",
  input: SearchInput,
  run: (input: SearchInput) => Effect.sync(() => discovery.search(input)),
})
