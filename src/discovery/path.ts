// Tool paths: canonical segments, the dotted canonical form, and the JavaScript expression rooted at `tools`
// (@opencode-ai/codemode 1.18 "Discovery": `tools.orders.lookup`, `tools.context7["resolve-library-id"]`).

/** A segment that can follow a `.`; anything else is rendered in brackets as a JSON string literal. */
export const identifierSegment = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Renders canonical path segments as the call-site expression, e.g. `tools.context7["resolve-library-id"]`. */
export const renderPath = (path: ReadonlyArray<string>): string => {
  let out = "tools"
  for (const segment of path) out += isIdentifier(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`
  return out
}

/** `renderPath(path).length` without building the text. */
export const pathLength = (path: ReadonlyArray<string>): number => {
  let length = 5 // tools
  for (const segment of path) length += isIdentifier(segment) ? 1 + segment.length : 2 + JSON.stringify(segment).length
  return length
}

/** `identifierSegment.test(name)` as a char-code loop: it runs once per rendered field of every signature. */
export const isIdentifier = (name: string): boolean => {
  if (name.length === 0) return false
  for (let index = 0; index < name.length; index++) {
    const code = name.charCodeAt(index)
    const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36
    if (!letter && !(index > 0 && code >= 48 && code <= 57)) return false
  }
  return true
}

/** Renders an object key for a TypeScript type literal: bare when it is an identifier, quoted otherwise. */
export const renderKey = (name: string): string => (isIdentifier(name) ? name : JSON.stringify(name))

/** The dotted canonical path (`orders.lookup`); segments never contain dots (see `listTools`). */
export const canonicalPath = (path: ReadonlyArray<string>): string => path.join(".")

/**
 * The segments of a call expression as `renderPath` writes it (`tools.a["b-c"]` → `["a", "b-c"]`); `undefined` when
 * the text is not of that form. Lenient about what a `.` segment holds: callers compare the rendering back.
 */
export const expressionSegments = (text: string): Array<string> | undefined => {
  if (!text.startsWith("tools")) return undefined
  const segments: Array<string> = []
  let at = 5
  while (at < text.length) {
    if (text[at] === ".") {
      let end = at + 1
      while (end < text.length && text[end] !== "." && text[end] !== "[") end++
      segments.push(text.slice(at + 1, end))
      at = end
    } else if (text.startsWith('["', at)) {
      let end = at + 2
      while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1
      if (end >= text.length || text[end + 1] !== "]") return undefined
      try {
        segments.push(JSON.parse(text.slice(at + 1, end + 1)) as string)
      } catch {
        return undefined
      }
      at = end + 2
    } else return undefined
  }
  return segments.length === 0 ? undefined : segments
}
