/**
 * Runs one property for a number of programs under a seed with fast-check, shrinks a failure, and (for long runs)
 * saves the shrunk counterexample as a regression case (test/fuzz/regressions/*.json, replayed by
 * regressions.test.ts). Shared by the vitest files and scripts/fuzz.ts; no vitest import.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import fc from "fast-check"
import type { Property } from "./properties.js"

export const REGRESSIONS = path.join(path.dirname(new URL(import.meta.url).pathname), "regressions")

export interface Regression {
  readonly property: string
  readonly seed: number
  readonly program: string
  readonly failure: string
  readonly numShrinks?: number
}

export interface Report {
  readonly property: string
  readonly seed: number
  /** Programs checked, shrinking included. */
  readonly checked: number
  readonly ms: number
  /** CPU time of this process (user + system): on a shared box it estimates the idle-machine cost better than ms. */
  readonly cpuMs: number
  readonly failure?: Regression
  /** Where the counterexample was saved, when a directory was given. */
  readonly file?: string
}

export interface RunOptions {
  readonly runs: number
  readonly seed: number
  readonly saveDir?: string
  readonly onProgress?: (checked: number) => void
}

const cpuSince = (c0: NodeJS.CpuUsage): number => {
  const d = process.cpuUsage(c0)
  return (d.user + d.system) / 1000
}

class PropertyFailed extends Error {}

const hash = (s: string): string => ([...s].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) | 0, 7) >>> 0).toString(16)

export const save = (dir: string, r: Regression): string => {
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `${r.property}-${r.seed}-${hash(r.program)}.json`)
  fs.writeFileSync(file, JSON.stringify(r, null, 2) + "\n")
  return file
}

export const load = (dir: string = REGRESSIONS): ReadonlyArray<{ file: string; regression: Regression }> =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith(".json"))
        .sort()
        .map((f) => ({ file: f, regression: JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as Regression }))
    : []

export const runProperty = async (p: Property, o: RunOptions): Promise<Report> => {
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  let checked = 0
  const prop = fc.asyncProperty(p.arbitrary, async (code) => {
    const failure = await p.check(code)
    checked++
    o.onProgress?.(checked)
    if (failure !== undefined) throw new PropertyFailed(failure)
  })
  const details = await fc.check(prop, { seed: o.seed, numRuns: o.runs })
  const base = { property: p.name, seed: o.seed, checked, ms: performance.now() - t0, cpuMs: cpuSince(cpu0) }
  if (!details.failed || details.counterexample === null) return base
  const program = details.counterexample[0]
  // The shrunk program's own failure (the error instance may be from a larger one when shrinking stopped early).
  const failure: Regression = {
    property: p.name,
    seed: o.seed,
    program,
    failure: (await p.check(program)) ?? String(details.errorInstance),
    numShrinks: details.numShrinks,
  }
  return { ...base, failure, ...(o.saveDir !== undefined ? { file: save(o.saveDir, failure) } : {}) }
}

export const describeReport = (r: Report): string =>
  `${r.property}: ${r.checked} programs, seed ${r.seed}, ${(r.ms / 1000).toFixed(1)} s wall, ${(r.cpuMs / 1000).toFixed(1)} s CPU (${((1000 * r.checked) / r.cpuMs).toFixed(0)}/CPU-s)` +
  (r.failure === undefined
    ? ", 0 failures"
    : `, FAILED after ${r.failure.numShrinks} shrinks:\n${r.failure.program}\n--- ${r.failure.failure}${r.file ? `\nsaved ${r.file}` : ""}`)
