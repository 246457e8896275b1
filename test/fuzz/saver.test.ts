/**
 * The long-run machinery works end to end (issue 9 item 4, "failures shrunk and saved as regression tests"): a
 * deliberately failing property is run by the same runner `npm run fuzz` uses; its counterexample must come back
 * shrunk, be written as JSON, load again, and fail again when replayed.
 */
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { program } from "./grammar/program.js"
import type { Property } from "./properties.js"
import { load, runProperty } from "./runner.js"

/** A planted bug: any program with a `for` loop "fails". The minimal failing program still needs a for loop. */
const planted: Property = {
  name: "planted",
  description: "fails on any program containing a for statement",
  arbitrary: program(),
  check: async (code) => (/\bfor \(/.test(code) ? "contains a for loop" : undefined),
}

describe("fuzz saver", () => {
  it("shrinks, saves and replays a counterexample", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fuzz-saver-"))
    try {
      const report = await runProperty(planted, { runs: 2_000, seed: 42, saveDir: dir })
      expect(report.failure).toBeDefined()
      const failure = report.failure!
      expect(failure.numShrinks).toBeGreaterThan(0)
      expect(failure.failure).toBe("contains a for loop")
      // Shrunk: much smaller than a typical generated program, and still failing.
      const typical = (await import("fast-check")).default.sample(program(), { seed: 42, numRuns: 50 })
      const median = typical.map((p) => p.length).sort((a, b) => a - b)[25]!
      console.log(
        `fuzz saver: shrunk to ${failure.program.length} characters (median program ${median}) in ${failure.numShrinks} shrinks`,
      )
      expect(failure.program.length).toBeLessThan(median)
      const saved = load(dir)
      expect(saved).toHaveLength(1)
      expect(path.join(dir, saved[0]!.file)).toBe(report.file)
      expect(saved[0]!.regression).toMatchObject({ property: "planted", seed: 42, program: failure.program })
      expect(await planted.check(saved[0]!.regression.program)).toBe("contains a for loop")
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 120_000)
})
