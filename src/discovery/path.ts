// Tool paths: canonical segments, the dotted canonical form, and the JavaScript expression rooted at `tools`
// (seed 000 "Discovery": `tools.orders.lookup`, `tools.context7["resolve-library-id"]`).

/** A segment that can follow a `.`; anything else is rendered in brackets as a JSON string literal. */
export const identifierSegment = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** Renders canonical path segments as the call-site expression, e.g. `tools.context7["resolve-library-id"]`. */
export const renderPath = (path: ReadonlyArray<string>): string => {
  let out = "tools"
  for (const segment of path) out += identifierSegment.test(segment) ? `.${segment}` : `[${JSON.stringify(segment)}]`
  return out
}

/** Renders an object key for a TypeScript type literal: bare when it is an identifier, quoted otherwise. */
export const renderKey = (name: string): string => (identifierSegment.test(name) ? name : JSON.stringify(name))

/** The dotted canonical path (`orders.lookup`); segments never contain dots (see `listTools`). */
export const canonicalPath = (path: ReadonlyArray<string>): string => path.join(".")

/**
 * Orders paths segment by segment (code units, locale-independent), so every namespace is one contiguous run
 * and a top-level tool `a` sorts before `a.b` but never between `a-c.x` and `a.b`.
 */
export const comparePaths = (left: ReadonlyArray<string>, right: ReadonlyArray<string>): number => {
  const length = Math.min(left.length, right.length)
  for (let index = 0; index < length; index++) {
    const a = left[index]!
    const b = right[index]!
    if (a !== b) return a < b ? -1 : 1
  }
  return left.length - right.length
}
