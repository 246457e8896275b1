import { afterEach, describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"
import { gating } from "../../src/frontend/ast/rewrites.js"
import { sweepCases, sweepView as view } from "./normalize-sweep.js"

/**
 * A rule's `needs` (src/frontend/dialect.ts) skips its walk when the program index says it cannot act. Reference: the
 * same normalize with every rule run (`gating.gated = false`). Output, receipt, diagnostics and node locations must
 * be identical: a gate may only skip work, never a change, a warning or a refusal.
 */
const tools = [["read"], ["search"], ["github", "list_issues"], ["tool_search"], ["getWeather"], ["skill_x"]]

/** Programs aimed at the gated rules, each once where the rule acts and once where it must not. */
const aimed = [
  "const r = read({ path: 'a' })\nreturn r", // bare tool call
  "const read = (x) => x\nreturn read({ path: 'a' })", // bare call of a local
  "return getWeather({ city: 'x' })",
  "return String(1) + parseInt('2')", // canonical globals only
  "return await tools.tool_search({ query: 'x' })",
  "return await tools['tool_search']({ query: 'x' })",
  "const k = 'tool_search'\nreturn await tools[k]({ query: 'x' })",
  "return search('weather')",
  "return await codemode.read({ path: 'a' })",
  "return await external_read({ path: 'a' })",
  "return skill_x({})",
  "const m = await import('x')\nreturn m",
  "const r = await github.list_issues({ repo: 'a' })\nreturn r", // provider call, UTCP manual call
  "const github = { list_issues: () => 1 }\nreturn github.list_issues({})", // bound root: never a tool
  "const f = (github) => github.list_issues({})\nreturn f(tools.github)",
  "return [1].map((i) => weather.get_current({ i }))",
  "const x = tools.github.list_issues({})\nreturn x",
  "return __interfaces.length + read({}).size",
]

const cases = () => sweepCases(aimed, tools, [undefined, "pi", "vercel", "utcp", "cloudflare"])

afterEach(() => {
  gating.gated = true
})

describe("rule gates", () => {
  it("give what running every rule gives, on every dialect fixture, bench program and aimed program", () => {
    const all = cases()
    let changed = 0
    for (const [name, input, options] of all) {
      gating.gated = true
      const gated = view(normalize(input, options))
      gating.gated = false
      const reference = view(normalize(input, options))
      expect(gated, name).toEqual(reference)
      if (reference.receipt.changes.some((c) => c.stage === "rewrites")) changed++
    }
    // Not vacuous: the rules acted on many of these programs.
    expect(changed).toBeGreaterThan(60)
  })
})
