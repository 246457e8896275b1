/** Leaf values: literals of every type, and the small constant pools operators and methods draw from. */
import type { Choices } from "./choices.js"

/** Negative literals are parenthesized so `x ** 2`, `.toFixed` and unary contexts stay valid. */
export const intLit = (c: Choices, min = -9, max = 9): string => {
  const n = c.int(min, max)
  return n < 0 ? `(${n})` : String(n)
}
export const numLit = (c: Choices): string =>
  c.pick(6) === 5 ? c.one(["0.5", "(-0.25)", "1.5", "(-0)", "1e3", "0.1"]) : intLit(c)

/** Strings chosen to exercise unicode, separators, numeric text and empty input. */
export const STRINGS = [
  "",
  "a",
  "ab",
  "abc",
  "Hello World",
  "x-y-z",
  " pad ",
  "ünï",
  "1,2,3",
  "42",
  "a b",
  "😀x",
  "0x1f",
  "A",
]
export const strLit = (c: Choices): string => JSON.stringify(c.one(STRINGS))
export const SEPARATORS = ['""', '","', '"-"', '" "', '"b"']
export const sepLit = (c: Choices): string => c.one(SEPARATORS)

export const arrLit = (c: Choices): string =>
  `[${Array.from({ length: c.pick(5) }, () => intLit(c, -5, 12)).join(", ")}]`
export const sarrLit = (c: Choices): string => `[${Array.from({ length: c.pick(4) }, () => strLit(c)).join(", ")}]`

/** Own keys objects are built with, plus one that is never present. */
export const KEYS = ['"n"', '"s"', '"xs"', '"z"', '"42"']

/** A total preorder (NaN compares as 0), so the sorted order is defined by the spec, not by the sort algorithm. */
export const numCmp = (c: Choices): string =>
  c.one([
    "(a, b) => (a || 0) - (b || 0)",
    "(a, b) => (b || 0) - (a || 0)",
    "(a, b) => ((a || 0) < (b || 0) ? -1 : (a || 0) > (b || 0) ? 1 : 0)",
    "(a, b) => Math.abs(a || 0) - Math.abs(b || 0)",
  ])
export const strCmp = (c: Choices): string =>
  c.one([
    "(a, b) => (a < b ? -1 : a > b ? 1 : 0)",
    "(a, b) => a.length - b.length",
    "(a, b) => (b < a ? -1 : b > a ? 1 : 0)",
  ])
