/**
 * Line and column of a source offset, found when asked. The parser builds no location objects (acorn
 * `locations: false`: they were close to half of what a parse allocated), so a node's position is computed from its
 * `start` offset through a table of line starts, built once per text, and a binary search.
 *
 * Line breaks are acorn's, which are ECMAScript's line terminators: `\r\n` (one break), `\r`, `\n`, U+2028 and
 * U+2029, inside comments, strings and templates too. So `locate(node.start)` is exactly the `loc.start` acorn
 * would have built (line from 1, column from 0 in UTF-16 units).
 */

export interface LineColumn {
  readonly line: number
  readonly column: number
}

const OTHER_BREAKS = /[\r\u2028\u2029]/

/** The offset at which each line of `text` starts (line 1 at 0). */
export const lineStarts = (text: string): Array<number> => {
  const starts = [0]
  if (!OTHER_BREAKS.test(text)) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
    return starts
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (c === 10 || c === 0x2028 || c === 0x2029) starts.push(i + 1)
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++
      starts.push(i + 1)
    }
  }
  return starts
}

/** The last line (0-based) whose start is at or before `offset` (line 0 for anything before the text), by binary search. */
export const lineAt = (starts: ReadonlyArray<number>, offset: number): number => {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (starts[mid]! <= offset) lo = mid
    else hi = mid - 1
  }
  return lo
}

/** The line and column of `offset` in the text whose line starts are `starts`. */
export const lineColumn = (starts: ReadonlyArray<number>, offset: number): LineColumn => {
  const line = lineAt(starts, offset)
  return { line: line + 1, column: offset - starts[line]! }
}

/** `offset → line and column` for one text; the table of line starts is built on the first question. */
export const locator = (text: string): ((offset: number) => LineColumn) => {
  let starts: Array<number> | undefined
  return (offset) => lineColumn((starts ??= lineStarts(text)), offset)
}
