import { format, resolveConfig } from "prettier"
import { describe, expect, it } from "vitest"
import { coverageFiles } from "../../src/corpus/coverage-files.js"
import { renderCoverage } from "../../src/corpus/coverage.js"
import { runCorpus } from "../../src/corpus/runner.js"
import { fakeEngine } from "./fake-engine.js"
import { aCase, shop, writeCorpus } from "./helpers.js"

const root = writeCorpus({
  "toolsets/shop.json": shop,
  "a.cases.json": [
    aCase({ id: "good" }),
    aCase({ id: "wrong|pipe", input: { code: "return ['x']" } }),
    aCase({
      id: "cf",
      dialect: "cloudflare",
      input: "return await codemode.ping({})",
      expect: { ok: true, value: "pong" },
    }),
  ],
})

describe("COVERAGE.md", () => {
  it("shows the table with the baseline, and lists silently wrong answers separately", async () => {
    const on = await runCorpus(root, { engine: fakeEngine })
    const off = await runCorpus(root, { engine: fakeEngine, frontend: false })
    const { markdown, svg } = renderCoverage(on, off)
    expect(markdown).toContain("**2 of 3 cases ok (66.7%)** with the frontend; 1 (33.3%) without it.")
    expect(markdown).toContain("| cloudflare | 1 | 1 | 1 | 1 | 100.0% | 0 | 0 | 0 | 0.0% |")
    // ran ok with the wrong answer, which V8 computes too: not different from the native system
    expect(markdown).toContain("| opencode | 2 | 2 | 2 | 1 | 50.0% | 1 | 0 | 1 | 50.0% |")
    expect(markdown).toContain("| **total** | **3** | **3** | **3** | **2** | **66.7%** | **1** | **0** |")
    expect(markdown).toContain("## Silently wrong answers: 2")
    // the same case, once per run, and the table cell escapes the pipe in the id
    expect(markdown).toContain("| `wrong\\|pipe` | opencode | on | program (V8 agrees) | `wrong answer: expected")
    expect(markdown).toContain("2 program mistakes (V8 gives the same answer), 0 runtime faults.")
    expect(markdown).toContain("## Other failing cases (frontend on): 0")
    expect(svg.match(/<text x="10" y="\d+">(\w+)<\/text>/g)).toEqual([
      '<text x="10" y="64">cloudflare</text>',
      '<text x="10" y="108">opencode</text>',
    ])
    expect(svg).toContain("<title>answer: 1</title>")
    expect(renderCoverage(on, off)).toEqual({ markdown, svg })
  })

  it("is written already formatted, so the format check of npm test passes", async () => {
    const on = await runCorpus(root, { engine: fakeEngine })
    const off = await runCorpus(root, { engine: fakeEngine, frontend: false })
    const { markdown } = await coverageFiles(on, off, "corpus/COVERAGE.md")
    const config = (await resolveConfig("corpus/COVERAGE.md")) ?? {}
    expect(await format(markdown, { ...config, filepath: "corpus/COVERAGE.md" })).toBe(markdown)
  })
})
