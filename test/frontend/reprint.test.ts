import type { AnyNode as Node } from "acorn"
import { afterEach, describe, expect, it } from "vitest"
import { normalizeWith, printing } from "../../src/frontend/normalize.js"
import type { NormalizeOptions, Normalized } from "../../src/frontend/types.js"
import { dialectFixtures } from "./dialect-fixtures.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { programs, tools as benchTools } from "../../scripts/bench/frontend.js"
import { full } from "../dialects/registry.js"

/**
 * The edit printer (src/frontend/ast/reprint.ts) must print exactly what recast prints. Reference: the same
 * normalize with `printing.editPrinter = false` (every rewritten program re-parsed and printed by recast). Compared:
 * code, receipt, diagnostics, compile globals, and the location of every node of the returned program.
 */
type Case = readonly [name: string, input: unknown, options: NormalizeOptions]

const cases = (): Case[] => {
  const out: Case[] = []
  for (const { name, input, options } of dialectFixtures()) {
    out.push([name, input, options])
    out.push([`${name} (no tools)`, input, { ...options, tools: [] }])
  }
  const corpus = loadCorpus("corpus")
  for (const c of corpus.cases) {
    const tools = c.toolsets.flatMap((t) => corpus.toolsets.get(t)?.tools.map((x) => x.path) ?? [])
    out.push([`corpus ${c.id}`, c.input, { tools }])
  }
  for (const [name, input] of Object.entries(programs))
    out.push([`bench ${name}`, input, { tools: benchTools, limits: { timeoutMs: 60_000 } }])
  return out
}

/** Every node of the program with its offsets and line/column, in walk order. */
const locations = (program: Node | undefined): string[] => {
  const out: string[] = []
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit)
    if (value === null || typeof value !== "object") return
    const node = value as Node & Record<string, unknown>
    if (typeof node.type !== "string") return
    const loc = node.loc
    out.push(
      `${node.type} ${node.start}-${node.end} ${loc?.start.line}:${loc?.start.column}-${loc?.end.line}:${loc?.end.column}`,
    )
    for (const key of Object.keys(node))
      if (!["loc", "original", "tokens", "comments", "type", "start", "end"].includes(key)) visit(node[key])
  }
  visit(program)
  return out
}

const view = (n: Normalized) => ({
  ok: n.ok,
  code: n.code,
  source: n.source,
  diagnostics: n.diagnostics,
  receipt: { ...n.receipt, input: undefined },
  globals: Object.keys(n.compile.globals ?? {}),
  options: n.options,
  locations: locations(n.program as Node | undefined),
})

const both = (input: unknown, options: NormalizeOptions) => {
  printing.editPrinter = true
  const edited = view(normalizeWith(full, input, options))
  printing.editPrinter = false
  const reference = view(normalizeWith(full, input, options))
  printing.editPrinter = true
  return { edited, reference }
}

afterEach(() => {
  printing.editPrinter = true
})

describe("edit printer", () => {
  it("prints what recast prints for every fixture, corpus case and bench program", () => {
    const before = printing.edited
    const all = cases()
    let skipped = 0
    for (const [name, input, options] of all) {
      // The seam only changes what happens to a program the edit printer printed: for any other (passed through, or
      // printed by recast because the edit printer declined) the reference run would take the same path again.
      const edited0 = printing.edited
      const edited = view(normalizeWith(full, input, options))
      if (printing.edited === edited0) {
        skipped++
        continue
      }
      printing.editPrinter = false
      const reference = view(normalizeWith(full, input, options))
      printing.editPrinter = true
      expect(edited, name).toEqual(reference)
    }
    // Not vacuous: most rewritten programs took the edit printer.
    expect(all.length).toBeGreaterThan(400)
    console.log(
      `edit printer: ${printing.edited - before} rewritten programs compared with recast's print; ${skipped} of ${all.length} not edit-printed (no reference run needed)`,
    )
    expect(printing.edited - before).toBeGreaterThan(150)
    // About 4 CPU-seconds of normalizing (600 programs, the rewritten ones twice) and no timing claim: on a loaded
    // machine, sharing a worker, it outgrew vitest's 30 s default.
  }, 180_000)

  const tools = [["github", "list_issues"], ["read"], ["weather", "get_current"]]
  const tricky: ReadonlyArray<[string, string]> = [
    ["await in member object (parentheses)", "const n = tools.read({ path: 'a' }).length\nreturn n"],
    ["await as a call's callee result", "tools.read({ path: 'a' })()"],
    ["change inside return (recast reprints it)", "return tools.github_list_issues({})"],
    ["comment next to an edit", "const x = /* c */ tools.github_list_issues({})\nreturn x"],
    ["comment on the edited line", "const x = tools.github_list_issues({}) // list\nreturn x"],
    ["multi-line call awaited", "const x = tools.read({\n  path: 'a',\n})\nreturn x"],
    ["multi-line call renamed", "const x = await tools.github_list_issues({\n    repo: 'a',\n  })\nreturn x"],
    ["tab indentation", "if (true) {\n\tconst x = tools.read({})\n\tconsole.log(x)\n}"],
    ["indented program", "  const x = tools.read({})\n  return x"],
    ["identifier glued to a keyword", "const x = typeof tools.github_list_issues\nreturn x"],
    ["awaited inside binary operands", "const n = 1 + tools.read({}).size\nreturn n"],
    ["spread of an awaited call", "const all = [...tools.github_list_issues({})]\nreturn all"],
    ["conditional test", "const v = tools.read({}) ? 1 : 2\nreturn v"],
    ["optional chain kept", "const v = await tools?.github_list_issues({})\nreturn v"],
    ["CRLF line ends", "const x = tools.read({})\r\nreturn x"],
    ["nested calls", "const x = await tools.github_list_issues({ q: await tools.weather_get_current({}) })"],
    ["parenthesized argument", "const x = await (tools.github_list_issues)({})"],
    ["trailing whitespace and blank lines", "\n\nconst x = tools.read({})   \n\n\nreturn x\n\n"],
    // Unwrapped programs: recast prints the new statement list generically.
    ["async IIFE", "(async () => {\n  const x = tools.read({})\n\n  if (x) {\n    return x\n  }\n})()"],
    ["bare async arrow, statements on one line", "async () => { const a = 1; const b = tools.read({}); return b }"],
    ["bare async arrow with an empty statement", "async () => {\n  ;const a = 1\n\n\n  return a\n}"],
    ["expression-bodied arrow (a built return)", "async () => tools.read({})"],
    ["unwrap with a comment", "async () => {\n  // read it\n  return tools.read({})\n}"],
    ["export default function", "export default async function () {\n    const x = 1\n      + 2\n    return x\n}"],
    ["empty wrapper", "async () => {}"],
  ]
  // UTCP programs (the envelope field makes the dialect): synchronous calls awaited, callbacks made async, maps lifted.
  const utcp: ReadonlyArray<[string, string]> = [
    ["call awaited in place", "const r = github.list_issues({})\nreturn r"],
    ["expression-bodied callback", "const xs = [1, 2].map((i) => github.list_issues({ id: i }))\nreturn xs"],
    ["lone parameter without parentheses", "const xs = [1, 2].map(i => github.list_issues({ id: i }))\nreturn xs"],
    ["two parameters", "const xs = [1, 2].map((a, b) => github.list_issues({ id: a + b }))\nreturn xs"],
    ["destructured parameter", "const xs = [{ id: 1 }].map(({ id }) => github.list_issues({ id }))\nreturn xs"],
    [
      "block-bodied callback over lines",
      "const xs = [1, 2].map((i) => {\n  const r = github.list_issues({ id: i })\n  return r.items\n})\nreturn xs",
    ],
    ["inside Promise.all", "const xs = await Promise.all([1].map((i) => github.list_issues({ id: i })))\nreturn xs"],
    ["flatMap lifted", "const xs = [1].flatMap((i) => github.list_issues({ id: i }))\nreturn xs"],
  ]
  for (const [name, code] of tricky) {
    it(`matches recast: ${name}`, () => {
      const { edited, reference } = both({ code }, { tools })
      expect(edited).toEqual(reference)
    })
  }
  for (const [name, code] of utcp) {
    it(`matches recast (utcp): ${name}`, () => {
      const { edited, reference } = both({ code, max_output_size: 1000 }, { tools })
      expect(edited.receipt.dialect).toBe("utcp")
      expect(edited).toEqual(reference)
    })
  }
})
