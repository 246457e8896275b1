/**
 * docs/performance.md is what `npm run bench` wrote from docs/performance.json, and its figures were measured with
 * the bench's current definitions: one record per section (same ids, same order), each with the fingerprint of the
 * definition it was measured with. Figures vary per run, so they are not compared; the definitions are.
 */
import { readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { CURVE_DEFINITION } from "../../scripts/bench/curve.js"
import { formatDoc, renderPerformance, type PerformanceData } from "../../scripts/bench/report.js"
import { fingerprint } from "../../scripts/bench/section.js"
import { SECTIONS } from "../../scripts/bench/sections.js"

const root = resolve(import.meta.dirname, "../..")
const doc = join(root, "docs", "performance.md")
const data = JSON.parse(readFileSync(join(root, "docs", "performance.json"), "utf8")) as PerformanceData

describe("docs/performance.md", () => {
  it("has one record per bench section, measured with its current definition", () => {
    const want = SECTIONS.map((s) => `${s.ids.join(",")} ${fingerprint(s)}`)
    const have = data.sections.map((s) => `${s.ids.join(",")} ${s.fingerprint}`)
    const stale = want.filter((w) => !have.includes(w)).map((w) => w.split(" ")[0]!.split(",")[0])
    expect(stale, `stale or missing: npm run build && node dist/scripts/bench.js --only ${stale.join(",")}`).toEqual([])
    expect(have).toEqual(want)
    expect(data.curve?.fingerprint).toBe(fingerprint(CURVE_DEFINITION))
  })

  it("has rows for every section, each row id one of its section's", () => {
    for (const section of data.sections) {
      expect(section.rows.length, section.ids.join(",")).toBeGreaterThan(0)
      for (const row of section.rows)
        expect(
          section.ids.some((id) => row.id.startsWith(id)),
          row.id,
        ).toBe(true)
    }
  })

  it("is the rendering of docs/performance.json", async () => {
    expect(readFileSync(doc, "utf8")).toBe(await formatDoc(renderPerformance(data), doc))
  })

  it("changes its fingerprint when a definition changes", () => {
    const section = SECTIONS[0]!
    expect(fingerprint({ ...section, inputs: [...(section.inputs ?? []), "// changed"] })).not.toBe(
      fingerprint(section),
    )
  })
})
