/** One vitest case per property run: pinned seed, figures printed, the shrunk counterexample in the failure. */
import { expect, it } from "vitest"
import { FILE_TIMEOUT_MS, SEED } from "./config.js"
import { rebaseline } from "./judge.js"
import { PROPERTIES } from "./properties.js"
import { describeReport, runProperty } from "./runner.js"

export const fuzz = (name: keyof typeof PROPERTIES, runs: number, seed: number = SEED): void =>
  it(
    `${name}: ${runs} programs, seed ${seed}`,
    async () => {
      rebaseline()
      const report = await runProperty(PROPERTIES[name]!, { runs, seed })
      const stats = PROPERTIES[name]!.stats?.()
      console.log(`fuzz ${describeReport(report)}${stats === undefined ? "" : `; ${stats}`}`)
      expect(report.failure, describeReport(report)).toBeUndefined()
      expect(report.checked).toBe(runs)
    },
    FILE_TIMEOUT_MS,
  )
