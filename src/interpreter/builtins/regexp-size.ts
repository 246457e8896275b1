/**
 * An upper estimate of the compiled size of a pattern, read from its source before re2js compiles it. Compiling is
 * the one regex step that cannot read the clock (re2js's parser, simplifier and compiler never look at the
 * subject), and counted repetition multiplies the program: `(.*a){1000}` is 5,000 instructions, the same text ten
 * times over is 50,000 and takes about a second to compile on the test machine. So patterns estimated over
 * `MAX_PROGRAM_SIZE` are refused up front with a catchable RangeError (SECURITY.md "Regular expressions").
 *
 * The estimate counts one unit per literal, class, escape, quantifier and alternative, two per group, and
 * multiplies a repeated atom by its largest count: re2js compiles each of these to at most a few instructions, so
 * the figure is within a small factor of `programSize()` (test/security/redos.test.ts compares them).
 */

/** Largest estimated program a pattern may compile to: a few tens of ms of compiling on the test machine. */
export const MAX_PROGRAM_SIZE = 10_000

/** The counted quantifier `{m}`, `{m,}` or `{m,n}` at `i`, as [largest count, length], or undefined. */
const counted = (p: string, i: number): readonly [number, number] | undefined => {
  const m = /^\{(\d+)(,(\d*))?\}/.exec(p.slice(i, i + 24))
  if (!m) return undefined
  const low = Number(m[1])
  const high = m[2] === undefined ? low : m[3] === "" ? low + 1 : Number(m[3])
  return [Math.max(low, high, 1), m[0].length]
}

export const estimateProgramSize = (pattern: string): number => {
  const frames: Array<number> = [0]
  let last = 0 // size of the atom a quantifier would repeat
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!
    let atom = 1
    if (c === "\\") i++
    else if (c === "[") {
      for (i++; i < pattern.length && pattern[i] !== "]"; i++) if (pattern[i] === "\\") i++
    } else if (c === "(") {
      if (pattern[i + 1] === "?") i = pattern[i + 2] === "<" ? pattern.indexOf(">", i) : i + 2
      if (i < 0) break
      frames.push(0)
      continue
    } else if (c === ")" && frames.length > 1) atom = frames.pop()! + 2
    else if (c === "*" || c === "+" || c === "?") {
      frames[frames.length - 1]! += 1
      continue
    } else if (c === "{") {
      const q = counted(pattern, i)
      if (q !== undefined) {
        frames[frames.length - 1]! += last * (q[0] - 1) + 1
        last *= q[0]
        i += q[1] - 1
        continue
      }
    }
    frames[frames.length - 1]! += atom
    last = atom
  }
  return frames.reduce((a, b) => a + b, 0)
}
