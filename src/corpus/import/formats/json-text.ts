import { readJsonLines } from "../lines.js"
import type { ImportProblem } from "../types.js"

/** Reading a transcript file's JSON: one document, JSON Lines, or values back to back, each with its line. */

/** A JSON value read from a file, with the 1-based line its record starts on. */
export interface JsonRecord {
  readonly value: unknown
  readonly line: number
}

export interface Parsed {
  readonly records: ReadonlyArray<JsonRecord>
  readonly problems: ReadonlyArray<ImportProblem>
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error))

const LITERAL = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y

/**
 * The offset where `text` stops being JSON: a small recursive-descent check, run only after JSON.parse failed, since
 * V8's messages name a position for some errors and not for others (`Unexpected token 'o', …`).
 */
const syntaxErrorOffset = (text: string): number => {
  let i = 0
  const ws = (): void => {
    while (i < text.length && (text[i] === " " || text[i] === "\t" || text[i] === "\n" || text[i] === "\r")) i++
  }
  const fail = (): never => {
    throw i
  }
  const string = (): void => {
    i++
    while (i < text.length) {
      const c = text.charCodeAt(i)
      if (c === 34) return void i++
      if (c < 32) fail()
      i += c === 92 ? 2 : 1
    }
    fail()
  }
  const members = (close: string, member: () => void): void => {
    i++
    ws()
    if (text[i] === close) return void i++
    for (;;) {
      member()
      ws()
      if (text[i] === close) return void i++
      if (text[i] !== ",") fail()
      i++
    }
  }
  const value = (): void => {
    ws()
    const c = text[i]
    if (c === "{") {
      return members("}", () => {
        ws()
        if (text[i] !== '"') fail()
        string()
        ws()
        if (text[i] !== ":") fail()
        i++
        value()
      })
    }
    if (c === "[") return members("]", value)
    if (c === '"') return string()
    LITERAL.lastIndex = i
    if (!LITERAL.test(text)) fail()
    i = LITERAL.lastIndex
  }
  try {
    value()
    ws()
    return i < text.length ? i : text.length
  } catch (at) {
    return typeof at === "number" ? at : 0
  }
}

/** The 1-based line of `text` where it stops being JSON. */
const errorLine = (text: string): number => {
  const offset = syntaxErrorOffset(text)
  let count = 1
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) count++
  return count
}

/** One JSON document: the value, or a problem at the line where parsing stopped. */
export const parseDocument = (text: string, file: string): Parsed => {
  try {
    return { records: [{ value: JSON.parse(text), line: 1 }], problems: [] }
  } catch (error) {
    return { records: [], problems: [{ file, line: errorLine(text), message: `not JSON: ${message(error)}` }] }
  }
}

/** JSON Lines: each non-blank line on its own; a line that does not parse is a problem and is skipped. */
export const parseLines = (text: string, file: string): Parsed => {
  const { lines, problems } = readJsonLines(text, file)
  return { records: lines, problems }
}

const firstLine = (text: string): string => {
  const start = text.search(/\S/)
  if (start < 0) return ""
  const end = text.indexOf("\n", start)
  return end < 0 ? text.slice(start) : text.slice(start, end)
}

const parses = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Whole JSON values written one after another (Python's ConsoleSpanExporter prints pretty-printed spans back to back):
 * each value runs to the bracket that closes its first one. A value that does not parse is a problem at its line.
 */
export const parseConcatenated = (text: string, file: string): Parsed => {
  const records: JsonRecord[] = []
  const problems: ImportProblem[] = []
  let line = 1
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === "\n") line++
    if (c === " " || c === "\t" || c === "\r" || c === "\n") {
      i++
      continue
    }
    const start = i
    const startLine = line
    if (c !== "{" && c !== "[") {
      const end = text.indexOf("\n", i)
      i = end < 0 ? text.length : end
    } else {
      let depth = 0
      let inString = false
      for (; i < text.length; i++) {
        const d = text[i]
        if (d === "\n") line++
        if (inString) {
          if (d === "\\") i++
          else if (d === '"') inString = false
        } else if (d === '"') inString = true
        else if (d === "{" || d === "[") depth++
        else if (d === "}" || d === "]") {
          depth--
          if (depth === 0) {
            i++
            break
          }
        }
      }
    }
    const slice = text.slice(start, i)
    try {
      records.push({ value: JSON.parse(slice), line: startLine })
    } catch (error) {
      problems.push({ file, line: startLine + errorLine(slice) - 1, message: `not JSON: ${message(error)}` })
    }
  }
  return { records, problems }
}

/**
 * A whole JSON document; else JSON Lines when the first line is JSON on its own; else JSON values written back to
 * back. A syntax error in a multi-line document is one problem at its line, not one per line.
 */
export const parseRecords = (text: string, file: string): Parsed => {
  const whole = parseDocument(text, file)
  if (whole.problems.length === 0) return whole
  return parses(firstLine(text)) ? parseLines(text, file) : parseConcatenated(text, file)
}

/** The first record of a file's head for `detect`: the whole head when it parses, else its first line. */
export const firstRecord = (head: string): unknown => {
  try {
    return JSON.parse(head)
  } catch {
    try {
      return JSON.parse(firstLine(head))
    } catch {
      return undefined
    }
  }
}

/** The first values of a file's head for `detect`: the whole head when it parses, else its first object lines. */
export const headRecords = (head: string, max = 5): ReadonlyArray<unknown> => {
  try {
    return [JSON.parse(head)]
  } catch {
    const values: unknown[] = []
    for (const line of head.split("\n")) {
      if (values.length >= max) break
      if (line.trim() === "") continue
      try {
        const value: unknown = JSON.parse(line)
        // a line of a pretty-printed document may parse alone as a string or number; a record is an object
        if (typeof value === "object" && value !== null) values.push(value)
      } catch {
        // a cut-off last line, or not JSON Lines at all
      }
    }
    return values
  }
}
