// `tools.$codemode.search` (@opencode-ai/codemode 1.18 "Discovery"): deterministic, additive, field-weighted matching over the
// precomputed index, exact-path lookup, namespace scope and offset pagination.
import { expressionSegments } from "./path.js"
import { defaultSearchLimit } from "./search-schema.js"
import { descriptionBit, fieldWeights, pathBit, textBit, wordsContaining, type SearchIndex } from "./search-index.js"

export interface SearchRequest {
  readonly query: string
  readonly namespace: string | undefined
  readonly limit: number
  readonly offset: number
}

export interface SearchItem {
  /** The call expression, e.g. `tools.context7["resolve-library-id"]`. */
  readonly path: string
  readonly description: string
  readonly signature: string
}

export interface SearchResult {
  readonly items: Array<SearchItem>
  /** Matches after this page. */
  readonly remaining: number
  /** `{ offset }` of the next page, or `null` on the last page; spread it into the original request. */
  readonly next: { readonly offset: number } | null
}

/** Invalid search input; the runtime reports it as an `InvalidToolInput` diagnostic. */
export class SearchInputError extends TypeError {
  override readonly name = "SearchInputError"
}

const describeValue = (value: unknown): string =>
  value === null
    ? "null"
    : Array.isArray(value)
      ? "an array"
      : typeof value === "string"
        ? JSON.stringify(value)
        : typeof value === "object"
          ? "an object"
          : String(value)

/**
 * Longest query searched (characters). A model's query is a few words; a megabyte one made hundreds of thousands of
 * terms, each scored against the index, in the host and outside the run's deadline. Longer ones are refused with
 * a catchable InvalidToolInput naming the limit, never cut silently.
 */
export const MAX_QUERY_LENGTH = 1000

/**
 * Validates `{ query?, namespace?, limit?, offset? }`: `limit` an integer > 0 (default 10), `offset` an integer
 * ≥ 0 (default 0). Missing input browses everything; other keys are ignored, as an Effect Struct ignores them.
 */
export const parseSearchInput = (input: unknown): SearchRequest => {
  if (input === undefined) return { query: "", namespace: undefined, limit: defaultSearchLimit, offset: 0 }
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw new SearchInputError(
      `search expects one object such as { query: "order status" }, got ${describeValue(input)}`,
    )
  const { query, namespace, limit, offset } = input as Record<string, unknown>
  if (query !== undefined && typeof query !== "string")
    throw new SearchInputError(`search: query must be a string, got ${describeValue(query)}`)
  if (typeof query === "string" && query.length > MAX_QUERY_LENGTH)
    throw new SearchInputError(
      `search: the query is ${query.length} characters, over the limit of ${MAX_QUERY_LENGTH}: search with a few words`,
    )
  if (namespace !== undefined && typeof namespace !== "string")
    throw new SearchInputError(`search: namespace must be a string, got ${describeValue(namespace)}`)
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) > 0))
    throw new SearchInputError(`search: limit must be an integer greater than 0, got ${describeValue(limit)}`)
  if (offset !== undefined && !(Number.isSafeInteger(offset) && (offset as number) >= 0))
    throw new SearchInputError(`search: offset must be an integer of at least 0, got ${describeValue(offset)}`)
  return {
    query: query ?? "",
    namespace,
    limit: (limit as number | undefined) ?? defaultSearchLimit,
    offset: (offset as number | undefined) ?? 0,
  }
}

/** Query terms: camelCase boundaries split, every non-alphanumeric is a separator, empties and `*` dropped. */
export const tokenize = (query: string): Array<string> =>
  query
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((term) => term.length > 0 && term !== "*")

/** A term and its naive singular variants: trailing `es` and trailing `s` stripped (`issues` → `issu`, `issue`). */
export const termForms = (term: string): Array<string> => {
  const forms = [term]
  if (term.endsWith("es") && term.length > 3) forms.push(term.slice(0, -2))
  if (term.endsWith("s") && term.length > 2) forms.push(term.slice(0, -1))
  return forms
}

const item = (index: SearchIndex, id: number): SearchItem => {
  const tool = index.tools[id]!
  return { path: tool.expression, description: tool.description, signature: tool.signature }
}

const result = (items: Array<SearchItem>, total: number, request: SearchRequest): SearchResult => {
  const remaining = Math.max(0, total - request.offset - items.length)
  return { items, remaining, next: remaining > 0 ? { offset: request.offset + items.length } : null }
}

/** Reusable per-index buffers: a query touches only the tools it credits, so nothing is cleared in bulk. */
interface Scratch {
  readonly scores: Int32Array
  /** stamps[field][id] = the term stamp that last credited that field, so a field counts once per term. */
  readonly stamps: ReadonlyArray<Int32Array>
  epoch: number
}
const scratches = new WeakMap<SearchIndex, Scratch>()
const scratchOf = (index: SearchIndex): Scratch => {
  let scratch = scratches.get(index)
  if (scratch === undefined || scratch.epoch > 0x3fffffff) {
    const count = index.tools.length
    scratch = { scores: new Int32Array(count), stamps: [0, 1, 2, 3].map(() => new Int32Array(count)), epoch: 0 }
    scratches.set(index, scratch)
  }
  return scratch
}

/**
 * The tool whose call expression is exactly `text` (`tools.context7["resolve-library-id"]`): the path read back
 * from the expression, looked up, and the tool's own expression compared, so only the exact rendering matches.
 */
const expressionId = (index: SearchIndex, text: string): number | undefined => {
  const segments = expressionSegments(text)
  if (segments === undefined) return undefined
  const id = index.byPath.get(segments.join("."))
  return id !== undefined && index.tools[id]!.expression === text ? id : undefined
}

/** Runs one validated search. */
export const runSearch = (index: SearchIndex, request: SearchRequest): SearchResult => {
  const count = index.tools.length
  const range =
    request.namespace === undefined
      ? { start: 0, end: count }
      : (index.namespaces.get(request.namespace) ?? { start: 0, end: 0 })

  // A query naming one tool path exactly (canonical, `tools.`-prefixed, or the rendered expression) is a lookup.
  const trimmed = request.query.trim()
  const canonical = trimmed.startsWith("tools.") ? trimmed.slice("tools.".length) : trimmed
  const exact = trimmed === "" ? undefined : (index.byPath.get(canonical) ?? expressionId(index, trimmed))
  if (exact !== undefined && exact >= range.start && exact < range.end)
    return result(request.offset === 0 ? [item(index, exact)] : [], 1, request)

  const terms = tokenize(request.query)
  if (terms.length === 0) {
    // Empty query: browse the scope alphabetically by path (ids are in path order).
    const items: Array<SearchItem> = []
    const end = Math.min(range.end, range.start + request.offset + request.limit)
    for (let id = range.start + request.offset; id < end; id++) items.push(item(index, id))
    return result(items, range.end - range.start, request)
  }

  const { touched, scores } = scoreTerms(index, terms, range)
  const ranked = topRanked(touched, scores, request.offset + request.limit)
  const items: Array<SearchItem> = []
  for (let position = request.offset; position < ranked.length; position++) items.push(item(index, ranked[position]!))
  for (const id of touched) scores[id] = 0
  return result(items, touched.length, request)
}

/**
 * Additive field-weighted scoring (@opencode-ai/codemode 1.18): per term, exact path or path segment 20, path substring 8,
 * description substring 4, searchable-text substring 2; a field passes when the term or a singular variant
 * matches. Returns the ids scoring above zero, in no particular order; the caller must zero `scores[id]` after.
 */
const scoreTerms = (index: SearchIndex, terms: ReadonlyArray<string>, range: { start: number; end: number }) => {
  const scratch = scratchOf(index)
  const { scores, stamps } = scratch
  const touched: Array<number> = []
  for (const term of terms) {
    const stamp = ++scratch.epoch
    const forms = termForms(term)
    const creditOne = (id: number, field: number, weight: number): void => {
      const marks = stamps[field]!
      if (marks[id] === stamp) return
      marks[id] = stamp
      if (scores[id] === 0) touched.push(id)
      scores[id] += weight
    }
    for (const form of forms)
      for (const id of index.segments.get(form) ?? []) if (id >= range.start && id < range.end) creditOne(id, 3, 20)
    // Every variant is a prefix of the term, so "the term or any variant is a substring" is exactly
    // "the shortest variant is a substring".
    const shortest = forms.reduce((a, b) => (b.length < a.length ? b : a))
    for (const word of wordsContaining(index, shortest)) {
      const { ids, masks } = index.postings[word]!
      for (let position = 0; position < ids.length; position++) {
        const id = ids[position]!
        if (id < range.start || id >= range.end) continue
        const mask = masks[position]!
        if (mask & pathBit) creditOne(id, 0, fieldWeights[0])
        if (mask & descriptionBit) creditOne(id, 1, fieldWeights[1])
        if (mask & textBit) creditOne(id, 2, fieldWeights[2])
      }
    }
  }
  return { touched, scores }
}

/** The score of every tool matching `query` (canonical path → score), for tests and diagnostics. */
export const scoreQuery = (index: SearchIndex, query: string): Map<string, number> => {
  const { touched, scores } = scoreTerms(index, tokenize(query), { start: 0, end: index.tools.length })
  const out = new Map<string, number>()
  for (const id of touched) {
    out.set(index.tools[id]!.path, scores[id]!)
    scores[id] = 0
  }
  return out
}

/** The first `k` ids by score descending, ties by id (path order); a bounded insertion keeps this O(n·k) at worst. */
const topRanked = (ids: ReadonlyArray<number>, scores: Int32Array, k: number): Array<number> => {
  const before = (a: number, b: number) => scores[a]! > scores[b]! || (scores[a] === scores[b] && a < b)
  if (k > 256) return [...ids].sort((a, b) => scores[b]! - scores[a]! || a - b).slice(0, k)
  const top: Array<number> = []
  for (const id of ids) {
    if (top.length === k && !before(id, top[k - 1]!)) continue
    let position = top.length === k ? k - 1 : top.length
    while (position > 0 && before(id, top[position - 1]!)) {
      top[position] = top[position - 1]!
      position--
    }
    top[position] = id
  }
  return top
}
