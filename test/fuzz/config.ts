/**
 * Fuzzing scale (issue item 4/5): `npm test` runs small counts; `npm run fuzz` sets FUZZ_SCALE (e.g. 100) for long
 * runs. The seed is printed so a failure can be replayed with FUZZ_SEED; counterexamples are saved under
 * test/fuzz/regressions/ and replayed by regressions.test.ts.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import fc from "fast-check"

export const SCALE = Number(process.env.FUZZ_SCALE ?? "1")
export const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
export const runs = (n: number) => Math.max(1, Math.round(n * SCALE))
export const REGRESSIONS = path.join(path.dirname(new URL(import.meta.url).pathname), "regressions")

fc.configureGlobal({ seed: SEED })
console.log(`fuzz: seed ${SEED}, scale ${SCALE}`)

/** Saves a shrunk counterexample so it becomes a regression test. */
export const save = (property: string, code: string): void => {
  fs.mkdirSync(REGRESSIONS, { recursive: true })
  const name = `${property}-${SEED}-${Math.abs(hash(code))}.json`
  fs.writeFileSync(path.join(REGRESSIONS, name), JSON.stringify({ property, seed: SEED, code }, null, 2) + "\n")
}
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7)
