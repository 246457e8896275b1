// `tools.$codemode.search` (seed 000 "Discovery"): deterministic, additive, field-weighted matching over the
// precomputed index, exact-path lookup, namespace scope and offset pagination.
import { defaultSearchLimit } from "./search-schema.js"
import { fieldWeights, wordsContaining, type SearchIndex } from "./search-index.js"

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

const page = (index: SearchIndex, ranked: ArrayLike<number>, total: number, request: SearchRequest): SearchResult => {
  const items: Array<SearchItem> = []
  const end = Math.min(total, request.offset + request.limit)
  for (let position = request.offset; position < end; position++) {
    const tool = index.tools[ranked[position]!]!
    items.push({ path: tool.expression, description: tool.description, signature: tool.signature })
  }
  const remaining = Math.max(0, total - request.offset - items.length)
  return { items, remaining, next: remaining > 0 ? { offset: request.offset + items.length } : null }
}

/** Runs one validated search. */
export const runSearch = (index: SearchIndex, request: SearchRequest): SearchResult => {
  const count = index.tools.length
  const range =
    request.namespace === undefined
      ? { start: 0, end: count }
      : (index.namespaces.get(request.namespace) ?? { start: 0, end: 0 })
  const inScope = (id: number) => id >= range.start && id < range.end

  // A query naming one tool path exactly (canonical, `tools.`-prefixed, or the rendered expression) is a lookup.
  const trimmed = request.query.trim()
  const canonical = trimmed.startsWith("tools.") ? trimmed.slice("tools.".length) : trimmed
  const exact = trimmed === "" ? undefined : (index.byPath.get(canonical) ?? index.byExpression.get(trimmed))
  if (exact !== undefined && inScope(exact)) return page(index, [exact], 1, request)

  const terms = tokenize(request.query)
  if (terms.length === 0) {
    // Empty query: browse the scope alphabetically by path (ids are in path order).
    const ids = { length: range.end - range.start } as { length: number; [position: number]: number }
    for (let position = 0; position < ids.length; position++) ids[position] = range.start + position
    return page(index, ids, ids.length, request)
  }

  const scores = new Int32Array(count)
  // stamps[field][id] = 1 + the term that last credited the field, so a field counts once per term.
  const stamps = [new Int32Array(count), new Int32Array(count), new Int32Array(count), new Int32Array(count)]
  const touched: Array<number> = []
  const credit = (id: number, field: number, weight: number, stamp: number) => {
    if (stamps[field]![id] === stamp || !inScope(id)) return
    stamps[field]![id] = stamp
    if (scores[id] === 0) touched.push(id)
    scores[id] += weight
  }
  terms.forEach((term, termIndex) => {
    const stamp = termIndex + 1
    const forms = termForms(term)
    for (const form of forms) for (const id of index.segments.get(form) ?? []) credit(id, 3, 20, stamp)
    // Every variant is a prefix of the term, so "the term or any variant is a substring" is exactly
    // "the shortest variant is a substring".
    const shortest = forms.reduce((a, b) => (b.length < a.length ? b : a))
    for (const word of wordsContaining(index, shortest)) {
      const lists = index.postings[word]!
      for (let field = 0; field < 3; field++)
        for (const id of lists[field]!) credit(id, field, fieldWeights[field]!, stamp)
    }
  })
  // Score descending, ties by path (id order).
  touched.sort((left, right) => scores[right]! - scores[left]! || left - right)
  return page(index, touched, touched.length, request)
}
