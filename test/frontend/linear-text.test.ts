/**
 * The frontend's text stage is linear in its input (SECURITY.md "In-process limits"): each pathological input is
 * normalized at sizes 8x apart from 2 KB to 128 KB (on to 1 MB with `SECURITY_FULL=1`, `npm run test:security:full`),
 * and the time must grow no worse than linear by ratio, never by wall
 * time. The inputs are the shapes that used to backtrack: spaces after a pragma's `{` (15 s at 4,000), spaces after a
 * fence opener (9 s at 64 K), a long pragma key (4 s).
 *
 * Made to hold on a loaded machine (nine agents on two cores; CI is slower still): the time of a size is CPU time
 * (`process.cpuUsage`, which another process's load does not add to), the minimum of several batches each long
 * enough to read, and sizes are 8x apart so linear (8x per step) and quadratic (64x) are far apart: each bound sits
 * half-way between them on a log scale. The last test shows the same check failing on a quadratic function.
 */
import { describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"

const MAX_SIZE = 1024 * 1024 - 4096 // under the 2^20-character source limit, with room for the frame
/** 2 K to 128 K cost milliseconds per input; the step to 1 M, a few hundred (over half of this file's CPU). */
const SIZES = [2 * 1024, 16 * 1024, 128 * 1024, ...(process.env.SECURITY_FULL === "1" ? [MAX_SIZE] : [])]
/** Per-character growth allowed for one 8x step: linear is 1, quadratic 8, so half-way on a log scale is √8. */
const STEP_BOUND = Math.sqrt(8)
/**
 * Per-character growth allowed over the last two steps (64x: 2 K to 128 K, or 16 K to 1 M): linear is 1, quadratic 64,
 * half-way √64 (log-log slope 1.5).
 */
const OVERALL_BOUND = 8
const OVERALL = `${SIZES.at(-3)! >> 10}K→${SIZES.at(-1)! >> 10}K`

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

const cpuMs = (since: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(since)
  return (d.user + d.system) / 1000
}

/**
 * CPU milliseconds of one `run(input)`: the least of several batches (three, or up to seven while they are cheap),
 * each repeated until it takes at least 4 ms.
 */
const timeOf = (run: (input: unknown) => unknown, input: unknown): number => {
  let reps = 1
  for (;;) {
    let best = Infinity
    let spent = 0
    for (let trial = 0; trial < 7 && (trial < 3 || spent < 50); trial++) {
      const c0 = process.cpuUsage()
      for (let r = 0; r < reps; r++) run(input)
      const ms = cpuMs(c0)
      best = Math.min(best, ms)
      spent += ms
    }
    if (best >= 4 || reps >= 256) return best / reps
    reps *= 4
  }
}

type Growth = { times: Array<number>; steps: Array<number>; overall: number | undefined; violations: Array<string> }

/**
 * Times `run` on `make(n)` for each size, smallest first, and checks each step as soon as it is measured, so a
 * super-linear input fails at the first step that shows it instead of running on to a size it cannot finish. A
 * step over its bound is measured again, both sizes in turn, three times: a collection on V8's helper threads (their
 * CPU time counts too) can span every batch of one size, but not all of those; a real super-linear cost stays.
 */
const growth = (run: (input: unknown) => unknown, make: (n: number) => unknown): Growth => {
  run(make(SIZES[0]!)) // compile and warm the code paths before the first measurement
  const inputs: Array<unknown> = []
  const times: Array<number> = []
  const violations: Array<string> = []
  /** Per-character growth from size a to size b, re-measured in turn when over `bound`. */
  const growthOver = (a: number, b: number, bound: number): number => {
    const ratio = () => times[b]! / times[a]! / (SIZES[b]! / SIZES[a]!)
    for (let round = 0; round < 3 && ratio() >= bound; round++) {
      times[a] = Math.min(times[a]!, timeOf(run, inputs[a]))
      times[b] = Math.min(times[b]!, timeOf(run, inputs[b]))
    }
    return ratio()
  }
  const steps: Array<number> = []
  for (const [i, n] of SIZES.entries()) {
    inputs.push(make(n))
    times.push(timeOf(run, inputs[i]))
    if (i === 0) continue
    if (i >= 2) inputs[i - 2] = undefined // only the last two sizes are kept for re-measuring
    const step = growthOver(i - 1, i, STEP_BOUND)
    steps.push(step)
    if (step >= STEP_BOUND) {
      violations.push(
        `${SIZES[i - 1]! >> 10}K→${n >> 10}K: ${step.toFixed(2)}x per character (bound ${STEP_BOUND.toFixed(2)})`,
      )
      return { times, steps, overall: undefined, violations }
    }
  }
  const from = SIZES.length - 3
  inputs[from] ??= make(SIZES[from]!)
  const overall = growthOver(from, SIZES.length - 1, OVERALL_BOUND)
  if (overall >= OVERALL_BOUND)
    violations.push(`${OVERALL}: ${overall.toFixed(2)}x per character (bound ${OVERALL_BOUND})`)
  return { times, steps, overall, violations }
}

const describeGrowth = (name: string, g: Growth) =>
  `linear-text ${name}: ${g.times.map((t, i) => `${SIZES[i]! >> 10}K ${t.toFixed(3)}ms`).join(", ")} CPU; ` +
  `per-character growth per 8x step ${g.steps.map((r) => r.toFixed(2)).join(" ")}` +
  (g.overall === undefined ? "" : `, ${OVERALL} ${g.overall.toFixed(2)}x`)

describe("frontend text stage: growth no worse than linear, by ratio of sizes 8x apart", () => {
  it.each(INPUTS)("%s", (name, make) => {
    const g = growth(normalize, make)
    console.log(describeGrowth(name, g))
    expect(g.violations).toEqual([])
  })

  it("the same check fails on a quadratic function (a rescan of the rest of the input from every 2 KB)", () => {
    // n²/65536 reads: 16 M at 1 M characters, a few milliseconds at the sizes where the check already sees it.
    const rescan = (input: unknown) => {
      const s = input as string
      let h = 0
      for (let i = 0; i < s.length; i += 2048) for (let j = i; j < s.length; j += 32) h = (h + s.charCodeAt(j)) | 0
      return h
    }
    const g = growth(rescan, (n) => "x".repeat(n))
    console.log(describeGrowth("quadratic self-check", g))
    expect(g.violations.length).toBeGreaterThan(0)
  })
})
