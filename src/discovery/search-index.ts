// The precomputed index behind `tools.$codemode.search` (@opencode-ai/codemode 1.18 "Discovery"). Matching is substring-based, but a
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
}

/** Input property names and their descriptions (@opencode-ai/codemode 1.18: part of the searchable text). */
export type InputProperties = ReadonlyArray<{ readonly name: string; readonly description?: string | undefined }>

/** The three substring fields, in weight order: path (8), description (4), searchable text (2). */
export const fieldWeights = [8, 4, 2] as const
export const pathBit = 1
export const descriptionBit = 2
export const textBit = 4

export interface SearchIndex {
  /** Tools sorted by path segments: the id of a tool is its position, so id order is path order. */
  readonly tools: ReadonlyArray<IndexedTool>
  /** Contiguous id range `[start, end)` of each namespace. */
  readonly namespaces: ReadonlyMap<string, { readonly start: number; readonly end: number }>
  readonly byPath: ReadonlyMap<string, number>
  /** Lowercased path segment → ids of the tools having that segment (the exact segment match, weight 20). */
  readonly segments: ReadonlyMap<string, ReadonlyArray<number>>
  /** Every distinct word, each preceded by a NUL separator, so one `indexOf` scan finds the words holding a form. */
  readonly vocabulary: string
  /** Start offset of each word in `vocabulary` (ascending). */
  readonly starts: Int32Array
  /**
   * Per word: ascending ids of the tools holding it, and per id a mask of the fields that do
   * (`pathBit | descriptionBit | textBit`; the searchable text includes the path and the description).
   */
  readonly postings: ReadonlyArray<{ readonly ids: Array<number>; readonly masks: Array<number> }>
}

/** Maximal [a-z0-9] runs of the lowercased text (a char-code loop: a regex per field dominated index builds). */
const words = (text: string): Array<string> => {
  const lower = text.toLowerCase()
  const out: Array<string> = []
  let start = -1
  for (let position = 0; position <= lower.length; position++) {
    const code = position < lower.length ? lower.charCodeAt(position) : 0
    const alphanumeric = (code >= 97 && code <= 122) || (code >= 48 && code <= 57)
    if (alphanumeric) {
      if (start === -1) start = position
    } else if (start !== -1) {
      out.push(lower.slice(start, position))
      start = -1
    }
  }
  return out
}

/** Builds the index over tools already sorted by path segments. */
export const buildSearchIndex = <Tool extends IndexedTool>(
  tools: ReadonlyArray<Tool>,
  inputProperties: (tool: Tool) => InputProperties,
): SearchIndex => {
  const namespaces = new Map<string, { start: number; end: number }>()
  const byPath = new Map<string, number>()
  const segments = new Map<string, Array<number>>()
  const wordIds = new Map<string, number>()
  const vocabulary: Array<string> = []
  const postings: Array<{ ids: Array<number>; masks: Array<number> }> = []

  const idOf = (word: string): number => {
    let wordId = wordIds.get(word)
    if (wordId === undefined) {
      wordId = vocabulary.length
      wordIds.set(word, wordId)
      vocabulary.push(word)
      postings.push({ ids: [], masks: [] })
    }
    return wordId
  }
  // Path segments, property names and descriptions repeat across tools (a namespace, `limit`, "Results per page"):
  // tokenize each text once.
  const textWords = new Map<string, Array<number>>()
  const wordsOf = (text: string): Array<number> => {
    let found = textWords.get(text)
    if (found === undefined) {
      found = words(text).map(idOf)
      textWords.set(text, found)
    }
    return found
  }
  const post = (wordId: number, bits: number, id: number): void => {
    const { ids, masks } = postings[wordId]!
    const last = ids.length - 1
    if (ids[last] === id) masks[last]! |= bits
    else {
      ids.push(id)
      masks.push(bits)
    }
  }

  tools.forEach((tool, id) => {
    const range = namespaces.get(tool.namespace)
    if (range === undefined) namespaces.set(tool.namespace, { start: id, end: id + 1 })
    else range.end = id + 1
    byPath.set(tool.path, id)
    const lowered = tool.segments.map((segment) => segment.toLowerCase())
    lowered.forEach((segment, position) => {
      if (lowered.indexOf(segment) !== position) return // a tool is listed once under a repeated segment
      const ids = segments.get(segment)
      if (ids === undefined) segments.set(segment, [id])
      else ids.push(id)
    })
    // The searchable text is the path, the description and every input property name and description. The path's
    // words are its segments' words, in order (the dots between them separate words).
    for (const segment of tool.segments) for (const word of wordsOf(segment)) post(word, pathBit | textBit, id)
    // Tool descriptions are unique: caching them would only add a hash of a long string.
    for (const word of words(tool.description)) post(idOf(word), descriptionBit | textBit, id)
    for (const property of inputProperties(tool)) {
      for (const word of wordsOf(property.name)) post(word, textBit, id)
      if (property.description !== undefined) for (const word of wordsOf(property.description)) post(word, textBit, id)
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
