import { afterEach, describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"
import { gating } from "../../src/frontend/ast/rewrites.js"
import type { NormalizeOptions, Normalized } from "../../src/frontend/types.js"
import { dialectFixtures } from "./dialect-fixtures.js"
import { programs, tools as benchTools } from "../../scripts/bench/frontend.js"

/**
 * A rule's `needs` (src/frontend/dialect.ts) skips its walk when the program index says it cannot act. Reference: the
 * same normalize with every rule run (`gating.gated = false`). Output, receipt, diagnostics and node locations must
 * be identical: a gate may only skip work, never a change, a warning or a refusal.
 */
type Case = readonly [name: string, input: unknown, options: NormalizeOptions]

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

const cases = (): Case[] => {
  const out: Case[] = []
  for (const { name, input, options } of dialectFixtures()) out.push([name, input, options])
  for (const [name, input] of Object.entries(programs)) out.push([`bench ${name}`, input, { tools: benchTools }])
  for (const [i, code] of aimed.entries())
    for (const hint of [undefined, "pi", "vercel", "utcp", "cloudflare"] as const) {
      out.push([`aimed ${i} ${hint}`, { code }, { tools, hint }])
      out.push([`aimed ${i} ${hint} (no tools)`, { code }, { tools: [], hint }])
    }
  return out
}

const view = (n: Normalized) => ({
  ...n,
  program: undefined,
  receipt: { ...n.receipt, input: undefined },
  compile: Object.keys(n.compile.globals ?? {}),
  locations: JSON.stringify(n.program, (key, value) => (key === "original" ? undefined : value)),
})

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
