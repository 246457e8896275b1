/**
 * docs/support.md must list every built-in member the tables serve (and every V8 member they do not), so adding a
 * row without documenting it fails here. `UPDATE_SUPPORT=1` prints the regenerated built-in section (inventory.ts).
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { renderBuiltins, sections } from "./inventory.js"
import { allPrograms } from "./programs/index.js"

const doc = readFileSync(new URL("../../docs/support.md", import.meta.url), "utf8")

describe("docs/support.md", () => {
  for (const s of sections()) {
    it(`lists every ${s.title} member, supported or not`, () => {
      const missing = [...s.ours, ...s.v8].map((m) => `\`${s.prefix}${m}\``).filter((m) => !doc.includes(m))
      expect(missing).toEqual([])
    })
  }
  it("has no untested member", () => {
    const rendered = renderBuiltins(allPrograms)
    if (process.env.UPDATE_SUPPORT) console.log(rendered)
    expect(rendered.split("\n").filter((l) => l.includes("**untested**"))).toEqual([])
  })
  it("cites only program ids that exist", () => {
    const ids = new Set(allPrograms.map((p) => p.id))
    const cited = [
      ...doc.matchAll(
        /`((?:array|string|number|math|json|object|date|regexp|collections|globals|errors|async|url|coercion|holes|integrity|intl|encoding)\/[\w-]+|gen\/[\w-]+\/\d+)`/g,
      ),
    ].map((m) => m[1]!)
    expect(cited.length).toBeGreaterThan(100)
    expect(cited.filter((id) => !ids.has(id))).toEqual([])
  })
})
