/**
 * Offset maps between the texts of the frontend's text stages (docs/design.md#data-flow
 * refers to the input the model sent"). Each text stage that changes the text pushes one map from its output back to
 * its input; composing them in reverse gives the offset in the model's own text.
 */
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

const lineStarts = (text: string): number[] => {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1)
  return starts
}

/**
 * For a line-preserving rewrite (sucrase's TypeScript strip, docs/dialects.md#typescript): line N of the output came from line N
 * of the input with tokens removed, so each output character is matched greedily to the next equal input character
 * on the same line. Computed lazily: only diagnostics pay for it.
 */
export const lineAlignMap = (input: string, output: string): OffsetMap => {
  let cache: { inStarts: number[]; outStarts: number[] } | undefined
  return {
    toInput: (offset) => {
      cache ??= { inStarts: lineStarts(input), outStarts: lineStarts(output) }
      const { inStarts, outStarts } = cache
      let line = 0
      while (line + 1 < outStarts.length && outStarts[line + 1]! <= offset) line++
      const inStart = inStarts[Math.min(line, inStarts.length - 1)]!
      const inEnd = line + 1 < inStarts.length ? inStarts[line + 1]! - 1 : input.length
      const column = offset - outStarts[line]!
      let j = inStart
      for (let i = outStarts[line]!; i < offset; i++) {
        let k = j
        while (k < inEnd && input.charCodeAt(k) !== output.charCodeAt(i)) k++
        if (k >= inEnd) return Math.min(inStart + column, inEnd)
        j = k + 1
      }
      // Skip characters the strip removed in front of the target character.
      let k = j
      while (offset < output.length && k < inEnd && input.charCodeAt(k) !== output.charCodeAt(offset)) k++
      return k < inEnd || j >= inEnd ? Math.min(k, inEnd) : j
    },
  }
}

/** Applies the maps of a stage chain (first stage first) in reverse: an offset in the last text → the first text. */
export const toOriginal = (maps: ReadonlyArray<OffsetMap>, offset: number): number => {
  let current = offset
  for (let i = maps.length - 1; i >= 0; i--) current = maps[i]!.toInput(current)
  return current
}
