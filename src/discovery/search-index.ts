// The precomputed index behind `tools.$codemode.search` (seed 000 "Discovery"). Matching is substring-based, but a
// query form holds only [a-z0-9], so any match lies inside one maximal [a-z0-9] run ("word") of the lowercased
// field: the index keeps each distinct word once, with the tools whose path, description or searchable text hold
// it. A query scans the short word list instead of every tool's text.

export interface IndexedTool {
  readonly segments: ReadonlyArray<string>
  /** Canonical dotted path. */
  readonly path: string
  /** Call expression rooted at `tools`. */
  readonly expression: string
  readonly namespace: string
  readonly description: string
  readonly signature: string
  /** Input property names and their descriptions (seed 000: part of the searchable text). */
  readonly inputProperties: ReadonlyArray<{ readonly name: string; readonly description?: string | undefined }>
}

/** The three substring fields, in weight order: path (8), description (4), searchable text (2). */
export const fieldWeights = [8, 4, 2] as const

export interface SearchIndex {
  /** Tools sorted by path segments: the id of a tool is its position, so id order is path order. */
  readonly tools: ReadonlyArray<IndexedTool>
  /** Contiguous id range `[start, end)` of each namespace. */
  readonly namespaces: ReadonlyMap<string, { readonly start: number; readonly end: number }>
  readonly byPath: ReadonlyMap<string, number>
  readonly byExpression: ReadonlyMap<string, number>
  /** Lowercased path segment → ids of the tools having that segment (the exact segment match, weight 20). */
  readonly segments: ReadonlyMap<string, ReadonlyArray<number>>
  /** Every distinct word, each preceded by a NUL separator, so one `indexOf` scan finds the words holding a form. */
  readonly vocabulary: string
  /** Start offset of each word in `vocabulary` (ascending). */
  readonly starts: Int32Array
  /** Per word, per field: ascending ids of the tools whose field contains the word. */
  readonly postings: ReadonlyArray<readonly [Array<number>, Array<number>, Array<number>]>
}

const words = (text: string): Array<string> => text.toLowerCase().match(/[a-z0-9]+/g) ?? []

/** Builds the index over tools already sorted by path segments. */
export const buildSearchIndex = (tools: ReadonlyArray<IndexedTool>): SearchIndex => {
  const namespaces = new Map<string, { start: number; end: number }>()
  const byPath = new Map<string, number>()
  const byExpression = new Map<string, number>()
  const segments = new Map<string, Array<number>>()
  const wordIds = new Map<string, number>()
  const vocabulary: Array<string> = []
  const postings: Array<[Array<number>, Array<number>, Array<number>]> = []

  const post = (word: string, field: 0 | 1 | 2, id: number): void => {
    let wordId = wordIds.get(word)
    if (wordId === undefined) {
      wordId = vocabulary.length
      wordIds.set(word, wordId)
      vocabulary.push(word)
      postings.push([[], [], []])
    }
    const list = postings[wordId]![field]
    if (list[list.length - 1] !== id) list.push(id)
  }

  tools.forEach((tool, id) => {
    const range = namespaces.get(tool.namespace)
    if (range === undefined) namespaces.set(tool.namespace, { start: id, end: id + 1 })
    else range.end = id + 1
    byPath.set(tool.path, id)
    byExpression.set(tool.expression, id)
    for (const segment of new Set(tool.segments.map((s) => s.toLowerCase()))) {
      const ids = segments.get(segment)
      if (ids === undefined) segments.set(segment, [id])
      else ids.push(id)
    }
    const pathWords = words(tool.path)
    const descriptionWords = words(tool.description)
    for (const word of pathWords) post(word, 0, id)
    for (const word of descriptionWords) post(word, 1, id)
    // The searchable text is the path, the description and every input property name and description.
    for (const word of pathWords) post(word, 2, id)
    for (const word of descriptionWords) post(word, 2, id)
    for (const property of tool.inputProperties) {
      for (const word of words(property.name)) post(word, 2, id)
      if (property.description !== undefined) for (const word of words(property.description)) post(word, 2, id)
    }
  })

  const starts = new Int32Array(vocabulary.length)
  let offset = 0
  vocabulary.forEach((word, index) => {
    starts[index] = offset + 1
    offset += word.length + 1
  })
  return {
    tools,
    namespaces,
    byPath,
    byExpression,
    segments,
    vocabulary: vocabulary.length === 0 ? "" : "\u0000" + vocabulary.join("\u0000"),
    starts,
    postings,
  }
}

/** Ids of the words containing `form` (a non-empty [a-z0-9] string), in vocabulary order. */
export const wordsContaining = (index: SearchIndex, form: string): Array<number> => {
  const found: Array<number> = []
  const { vocabulary, starts } = index
  let position = vocabulary.indexOf(form)
  while (position !== -1) {
    // The word holding `position`: the last start at or before it.
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >>> 1
      if (starts[middle]! <= position) low = middle
      else high = middle - 1
    }
    found.push(low)
    if (low + 1 >= starts.length) break
    position = vocabulary.indexOf(form, starts[low + 1]!)
  }
  return found
}
