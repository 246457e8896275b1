import { afterEach, describe, expect, it } from "vitest"
import { normalize } from "../../src/Frontend.js"
import { walking } from "../../src/frontend/ast/walk-facts.js"
import { sweepCases, sweepView as view } from "./normalize-sweep.js"

/**
 * The detection walk also collects what the globals, await, resolve and check stages walk for (ast/walk-facts.ts); each
 * uses it only while no stage has changed the tree. Reference: the same normalize with every stage walking itself
 * (`walking.shared = false`). Output, receipt, diagnostics, compile globals and node locations must be identical.
 */
const tools = [["read"], ["search"], ["github", "list_issues"], ["web-search"]]

/** Programs aimed at each stage the facts can spare a walk: once where it acts or reports, once where it must not. */
const aimed = [
  "const r = await tools.read({ path: 'a' })\nreturn r", // canonical: every stage skips
  "const r = tools.read({ path: 'a' })\nreturn r", // await inserted
  "const p = tools.read({})\nawait p\nreturn p", // awaited later: nothing inserted
  "return [1].map((i) => tools.read({ i }))", // return position
  "const tools = { read: () => 1 }\nreturn tools.read()", // bound root
  "return await tools.github.listIssues({})", // resolved by naming
  "return await tools.nothing_like_it({})", // unknown tool: a warning
  "return await tools.$codemode.describe({})", // $codemode member that does not exist
  "return tools.read.length", // a tool followed by a property
  "return eval('1')", // subset: eval
  "const x = 1\ndelete x\nreturn x", // subset: delete of a variable
  "function* g() { yield 1 }\nreturn 1", // subset: generator
  "return new Function('return 1')()", // subset: Function
  "return import.meta", // subset: import.meta (a parse error in a script)
  "return delete globalThis.x", // delete of a member: reportable type, nothing reported
  "return text(String(1)) + ALL_TOOLS.length", // preludes chosen from free names
  "const s = new WebSocket('x')\nreturn require('fs')", // unsupported globals: warnings
  "return searchTools('x')", // a dialect's async helper
  "const f = globalThis['read']\nreturn f({})", // a globalThis read (UTCP: synchronous tools)
]

const cases = () => sweepCases(aimed, tools, [undefined, "pi", "utcp"])

afterEach(() => {
  walking.shared = true
})

describe("facts of the detection walk", () => {
  it("give what each stage's own walk gives, on every dialect fixture, bench program and aimed program", () => {
    walking.skipped = {}
    let reported = 0
    for (const [name, input, options] of cases()) {
      walking.shared = true
      const shared = view(normalize(input, options))
      walking.shared = false
      const reference = view(normalize(input, options))
      expect(shared, name).toEqual(reference)
      if (reference.diagnostics.length > 0 || reference.receipt.warnings.length > 0) reported++
    }
    // Not vacuous: every stage skipped its walk somewhere, and the programs above made the stages act and report.
    for (const stage of ["globals", "await", "resolve", "check"])
      expect(walking.skipped[stage], stage).toBeGreaterThan(20)
    expect(reported).toBeGreaterThan(20)
  })
})
