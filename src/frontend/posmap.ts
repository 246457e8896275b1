/**
 * Offset maps between the texts of the frontend's text stages (docs/design.md#data-flow
 * refers to the input the model sent"). Each text stage that changes the text pushes one map from its output back to
 * its input; composing them in reverse gives the offset in the model's own text.
 */
import { lineAt } from "../syntax/lines.js"

export interface OffsetMap {
  /** Offset in the stage's input text for an offset in its output text. */
  readonly toInput: (offset: number) => number
}

/** Output = input.slice(start, end): one copied region. */
export const sliceMap = (start: number): OffsetMap => ({ toInput: (offset) => start + offset })

/** Output is generated text unrelated to the input (JSON programs): everything maps to `at`. */
export const constantMap = (at: number): OffsetMap => ({ toInput: () => at })

/**
 * Output equals input except that `[at, at + removed)` was replaced by `inserted` characters (a same-line edit, e.g.
 * a `#` pragma turned into `//`). Offsets inside the replacement map to its start.
 */
export const spliceMap = (at: number, removed: number, inserted: number): OffsetMap => ({
  toInput: (offset) => (offset < at ? offset : offset < at + inserted ? at : offset - inserted + removed),
})

/** The offset where each line of `text` starts (line 0 at 0). */
export const lineStarts = (text: string): number[] => {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1)
  return starts
}

// The last line whose start is at or before an offset: src/syntax/lines.ts, shared with the interpreter's positions.
export { lineAt }

/**
 * For a line-preserving rewrite (sucrase's TypeScript strip, docs/dialects.md#typescript): line N of the output came from line N
 * of the input with tokens removed, so each output character is matched greedily to the next equal input character
 * on the same line. Computed lazily, one line at a time: the first offset asked for on a line matches that whole line
 * once (the print stage relocates every node, so a per-offset match would cost the line's length per node).
 */
export const lineAlignMap = (input: string, output: string): OffsetMap => {
  let cache: { inStarts: number[]; outStarts: number[]; lines: Map<number, Int32Array> } | undefined
  return {
    toInput: (offset) => {
      cache ??= { inStarts: lineStarts(input), outStarts: lineStarts(output), lines: new Map() }
      const { inStarts, outStarts, lines } = cache
      const line = lineAt(outStarts, offset)
      const outStart = outStarts[line]!
      const outEnd = line + 1 < outStarts.length ? outStarts[line + 1]! : output.length + 1
      if (offset < outStart || offset >= outEnd) return alignOne(input, output, inStarts, line, outStart, offset)
      let table = lines.get(line)
      if (table === undefined) lines.set(line, (table = alignLine(input, output, inStarts, line, outStart, outEnd)))
      return table[offset - outStart]!
    },
  }
}

const lineEnd = (input: string, inStarts: ReadonlyArray<number>, line: number): number =>
  line + 1 < inStarts.length ? inStarts[line + 1]! - 1 : input.length

/** The input offset of every output offset in `[outStart, outEnd)` of one line, by one greedy pass over it. */
const alignLine = (
  input: string,
  output: string,
  inStarts: ReadonlyArray<number>,
  line: number,
  outStart: number,
  outEnd: number,
): Int32Array => {
  const inStart = inStarts[Math.min(line, inStarts.length - 1)]!
  const inEnd = lineEnd(input, inStarts, line)
  const table = new Int32Array(outEnd - outStart)
  // j: where the next output character's match starts; failed: an earlier character of the line had no match.
  let j = inStart
  let failed = false
  for (let offset = outStart; offset < outEnd; offset++) {
    if (failed) {
      table[offset - outStart] = Math.min(inStart + (offset - outStart), inEnd)
      continue
    }
    // Skip characters the strip removed in front of the target character (also the target's own greedy match).
    let k = j
    while (offset < output.length && k < inEnd && input.charCodeAt(k) !== output.charCodeAt(offset)) k++
    table[offset - outStart] = k < inEnd || j >= inEnd ? Math.min(k, inEnd) : j
    if (offset < output.length) {
      if (k >= inEnd) failed = true
      else j = k + 1
    }
  }
  return table
}

/** The same match for one offset outside the line's table (before the text or past its end). */
const alignOne = (
  input: string,
  output: string,
  inStarts: ReadonlyArray<number>,
  line: number,
  outStart: number,
  offset: number,
): number => {
  const inStart = inStarts[Math.min(line, inStarts.length - 1)]!
  const inEnd = lineEnd(input, inStarts, line)
  const column = offset - outStart
  let j = inStart
  for (let i = outStart; i < offset; i++) {
    let k = j
    while (k < inEnd && input.charCodeAt(k) !== output.charCodeAt(i)) k++
    if (k >= inEnd) return Math.min(inStart + column, inEnd)
    j = k + 1
  }
  let k = j
  while (offset < output.length && k < inEnd && input.charCodeAt(k) !== output.charCodeAt(offset)) k++
  return k < inEnd || j >= inEnd ? Math.min(k, inEnd) : j
}

/** Applies the maps of a stage chain (first stage first) in reverse: an offset in the last text → the first text. */
export const toOriginal = (maps: ReadonlyArray<OffsetMap>, offset: number): number => {
  let current = offset
  for (let i = maps.length - 1; i >= 0; i--) current = maps[i]!.toInput(current)
  return current
}
