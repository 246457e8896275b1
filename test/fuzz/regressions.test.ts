/** Replays counterexamples saved by `npm run fuzz` (test/fuzz/regressions/*.json): each must now be confined. */
import * as fs from "node:fs"
import * as path from "node:path"
import { describe, expect, it } from "vitest"
import { judge } from "../security/harness.js"
import { REGRESSIONS } from "./config.js"

const files = fs.existsSync(REGRESSIONS) ? fs.readdirSync(REGRESSIONS).filter((f) => f.endsWith(".json")) : []

describe("fuzz regressions", () => {
  it("the regression directory is readable", () => expect(Array.isArray(files)).toBe(true))
  it.each(files)("%s", async (file) => {
    const { code } = JSON.parse(fs.readFileSync(path.join(REGRESSIONS, file), "utf8")) as { code: string }
    const v = await judge(code)
    expect(v.resultValid && v.canaryCalls === 0 && v.prototypeChanges.length === 0 && v.leaks.length === 0).toBe(true)
  })
})
