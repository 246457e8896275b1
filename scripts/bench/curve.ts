// The warm-up table under `npm run bench`: W6's steps by iteration window, each in fresh processes running
// cold-curve.ts (W1–W5 first, as in the bench), so W6c's figure can be read as "which step is still warming up".
import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { textTable } from "./measure.js"

interface Curve {
  readonly what: string
  readonly first: number
  readonly w2_5: number
  readonly w6_20: number
  readonly steady: number
}

const STEPS: ReadonlyArray<readonly [string, string]> = [
  ["parse", "parse (acorn) of a new text"],
  ["cfresh", "compile of a fresh AST"],
  ["firstrun", "first run of a fresh program"],
  ["cold", "all: fresh make + new text + run"],
]

const script = fileURLToPath(new URL("./cold-curve.js", import.meta.url))

const once = (what: string): Curve =>
  JSON.parse(
    execFileSync(process.execPath, [script], {
      env: { ...process.env, WHAT: what, PRELUDE: "1", METRIC: "wall", N: "250" },
      encoding: "utf8",
    }),
  ) as Curve

const ms = (x: number) => (x < 1 ? `${(x * 1000).toFixed(0)} µs` : `${x.toFixed(2)} ms`)

const HEADER = ["W6 step (fresh process)", "iter 1", "iter 2–5", "iter 6–20 (W6c)", "iter 200+"]

/** Median over `processes` fresh processes of each step's window medians (wall time). */
export const curveCells = (processes = 3): { header: string[]; body: string[][] } => {
  const body = STEPS.map(([what, label]) => {
    const runs = Array.from({ length: processes }, () => once(what))
    const med = (key: keyof Omit<Curve, "what">) =>
      ms(runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!)
    return [label, med("first"), med("w2_5"), med("w6_20"), med("steady")]
  })
  return { header: HEADER, body }
}

/** The same, as a printable table. */
export const curveTable = (processes = 3): string => {
  const { header, body } = curveCells(processes)
  return textTable(header, body)
}

/** What the curve's figures depend on, for its fingerprint (section.ts). */
export const CURVE_DEFINITION = {
  ids: ["curve"],
  what: "W6 warm-up by iteration, fresh processes",
  inputs: [...HEADER, ...STEPS.flat()],
}
