/** The one position type of the project: line from 1, column from 0 (UTF-16 units), offset from 0. */
export interface Position {
  readonly line: number
  readonly column: number
  readonly offset: number
}

/** A span of source text. */
export interface Span {
  readonly start: Position
  readonly end: Position
}

/** Position of a 0-based offset in `text` (line from 1, column from 0). */
export const positionAt = (text: string, offset: number): Position => {
  let line = 1
  let lineStart = 0
  const end = Math.min(Math.max(offset, 0), text.length)
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart, offset: end }
}

/** Offset of a (line, column) pair in `text`; clamps to the text. */
export const offsetAt = (text: string, line: number, column: number): number => {
  let current = 1
  let i = 0
  while (current < line && i < text.length) {
    if (text.charCodeAt(i) === 10) current++
    i++
  }
  return Math.min(i + column, text.length)
}

/** Renders `line:column`, the offending line and a caret under the column. */
export const renderCaret = (text: string, line: number, column: number): string => {
  const lines = text.split("\n")
  const source = lines[line - 1] ?? ""
  return `${line}:${column}\n${source}\n${" ".repeat(Math.max(0, column))}^`
}
