/**
 * The frontend's text stage is linear in its input (SECURITY.md "In-process limits"): each pathological input is
 * normalized at sizes doubling from 1 KB to 1 MB, and the time must grow no worse than linear by ratio (the median
 * doubling under 3.5x where quadratic is 4x and cubic 8x; the log-log slope under 1.5), never by wall time. The inputs are the shapes that used to backtrack:
 * spaces after a pragma's `{` (15 s at 4,000), spaces after a fence opener (9 s at 64 K), a long pragma key (4 s).
 */
import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const MIN_SIZE = 1024
const MAX_SIZE = 1024 * 1024 - 4096 // under the 2^20-character source limit, with room for the frame

/** [name, input of about n characters]: each must be normalized without error, whatever it becomes. */
const INPUTS: ReadonlyArray<readonly [string, (n: number) => unknown]> = [
  ["`// options: {` then spaces", (n) => `// options: {${" ".repeat(n)}\nreturn 1`],
  ["`// @options:` then spaces then a closing `*/`", (n) => `/* @options: ${" ".repeat(n)}x */\nreturn 1`],
  ["`// @exec` with a long key", (n) => `// @exec ${"a".repeat(n)}\nreturn 1`],
  ["a pragma body of `key:` pairs without values", (n) => `// @options: ${"k: ,".repeat(n / 4)}\nreturn 1`],
  ["a pragma body of spaces and commas", (n) => `// options = {${", ".repeat(n / 2)}}\nreturn 1`],
  ["a fence opener then spaces", (n) => "```" + " ".repeat(n) + "x\nreturn 1\n```"],
  ["prose, then a fence whose tag is followed by spaces", (n) => `Here:\n\`\`\`js${" ".repeat(n)}!\nreturn 1\n\`\`\``],
  ["a fenced reply with a tagged inner opener padded by spaces", (n) => "```\n```js" + " ".repeat(n) + "!\n```\n```"],
  ["many fence-like lines", (n) => "```x \n".repeat(n / 6) + "return 1"],
  ["a JSON envelope with a long timeout string", (n) => ({ code: "return 1", timeout: `1${" ".repeat(n)}x` })],
]

/** Best-of-two time of normalizing `input`, repeated until the batch takes at least 4 ms. */
const timeOf = (input: unknown): number => {
  let reps = 1
  for (;;) {
    let best = Infinity
    for (let trial = 0; trial < 2; trial++) {
      const t0 = performance.now()
      for (let r = 0; r < reps; r++) normalize(input)
      best = Math.min(best, performance.now() - t0)
    }
    if (best >= 4 || reps >= 64) return best / reps
    reps *= 4
  }
}

/** Least-squares slope of log(time) over log(size): 1 for linear growth, 2 for quadratic, 3 for cubic. */
const exponent = (sizes: ReadonlyArray<number>, times: ReadonlyArray<number>): number => {
  const xs = sizes.map(Math.log)
  const ys = times.map(Math.log)
  const mx = xs.reduce((a, b) => a + b) / xs.length
  const my = ys.reduce((a, b) => a + b) / ys.length
  let num = 0
  let den = 0
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my)
    den += (xs[i]! - mx) ** 2
  }
  return num / den
}

describe("frontend text stage: growth no worse than linear, by ratio of doublings", () => {
  it.each(INPUTS)("%s", (name, make) => {
    const sizes: Array<number> = []
    for (let n = MIN_SIZE; n <= MAX_SIZE; n *= 2) sizes.push(n)
    sizes.push(MAX_SIZE)
    const times = sizes.map((n) => timeOf(make(n)))
    const ratios = times.slice(1).map((t, i) => t / times[i]!)
    // Below 16 K a run takes well under a millisecond: scheduling noise, not growth. From 16 K to 1 M (64x):
    const from = sizes.indexOf(16 * 1024)
    const k = exponent(sizes.slice(from), times.slice(from))
    const overall = times.at(-1)! / times[from]! / (sizes.at(-1)! / sizes[from]!)
    console.log(
      `linear-text ${name}: ${times.map((t, i) => `${sizes[i]! >> 10}K ${t.toFixed(2)}ms`).join(", ")}; ` +
        `doubling ratios ${ratios.map((r) => r.toFixed(2)).join(" ")}; exponent ${k.toFixed(2)}, ` +
        `per-character growth 16K→1M ${overall.toFixed(2)}x`,
    )
    // Linear is exponent 1 and per-character growth 1; quadratic would be 2 and 64x, cubic 3 and 4096x.
    // Bounds leave room for this machine's scheduling noise (nine agents on two cores), not for quadratic growth.
    expect(k).toBeLessThan(1.5)
    expect(overall).toBeLessThan(4)
    // The median doubling at most 3.5x (quadratic is 4x, cubic 8x).
    const sorted = ratios.slice(from).sort((a, b) => a - b)
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(3.5)
  })
})
