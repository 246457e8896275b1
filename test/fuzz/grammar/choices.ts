/**
 * The generator's entropy: a fast-check array of naturals read as a sequence of choices (the "choice sequence"
 * design of Hypothesis). Every builder reads its decisions from here, so fast-check's shrinking of the array
 * (fewer elements, smaller numbers) shrinks the program: choice 0 is always the simplest alternative, and an
 * exhausted sequence answers 0, which ends every recursion.
 */
import fc from "fast-check"

export class Choices {
  private at = 0
  constructor(private readonly xs: ReadonlyArray<number>) {}

  /** A choice in [0, n). */
  pick(n: number): number {
    if (n <= 1) return 0
    const v = this.at < this.xs.length ? this.xs[this.at++]! : 0
    return v % n
  }
  /** True with probability about 1/n (false when exhausted). */
  chance(n: number): boolean {
    return this.pick(n) === n - 1
  }
  int(min: number, max: number): number {
    return min + this.pick(max - min + 1)
  }
  one<T>(xs: ReadonlyArray<T>): T {
    return xs[this.pick(xs.length)]!
  }
  get exhausted(): boolean {
    return this.at >= this.xs.length
  }
}

/** The raw choice arrays; `size` bounds how many decisions a program may take. */
export const choiceArrays = (size: number): fc.Arbitrary<ReadonlyArray<number>> =>
  fc.array(fc.nat({ max: 1 << 16 }), { minLength: Math.floor(size / 4), maxLength: size, size: "max" })
