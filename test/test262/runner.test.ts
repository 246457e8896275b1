// The test262 runner's own logic (scripts/test262/): front matter, selection, the expectations check, and the two
// engines on a tiny synthetic test262 tree. The suite itself runs with `npm run test262`, not here.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { ours, programText, v8 } from "../../scripts/test262/engines.js"
import {
  check,
  formatExpectations,
  merge,
  parseExpectations,
  tallyExpectations,
  type Outcome,
} from "../../scripts/test262/expectations.js"
import { exclusion, parseMeta, selectTests } from "../../scripts/test262/select.js"

const pass: Outcome = { status: "pass", reason: "" }
const fails = (reason: string): Outcome => ({ status: "fails", reason })
const refused = (reason: string): Outcome => ({ status: "refused", reason })

describe("front matter", () => {
  it("reads inline and block lists and the negative expectation", () => {
    const m = parseMeta(
      "test/x.js",
      `/*---\ndescription: x\nincludes: [compareArray.js, propertyHelper.js]\nflags:\n  - async\n  - onlyStrict\nnegative:\n  phase: parse\n  type: SyntaxError\nfeatures: [class, Symbol.iterator]\n---*/\n$DONOTEVALUATE();`,
    )
    expect(m.includes).toEqual(["compareArray.js", "propertyHelper.js"])
    expect(m.flags).toEqual(["async", "onlyStrict"])
    expect(m.features).toEqual(["class", "Symbol.iterator"])
    expect(m.negative).toEqual({ phase: "parse", type: "SyntaxError" })
  })

  it("keeps the selection's exclusions", () => {
    const meta = (front: string, body = "") => parseMeta("test/x.js", `/*---\n${front}\n---*/\n${body}`)
    expect(exclusion(meta("features: [class]"))).toBeUndefined()
    expect(exclusion(meta("features: [generators]"))).toBe("generators")
    expect(exclusion(meta("features: [Float64Array]"))).toBe("typed arrays")
    expect(exclusion(meta("flags: [noStrict]"))).toBe("sloppy mode only")
    expect(exclusion(meta("flags: [module]"))).toBe("modules")
    expect(exclusion(meta("", "var o = { *g() { yield 1 } }"))).toBe("generators")
    expect(exclusion(meta("", "$262.createRealm()"))).toBe("needs $262 host hooks")
  })
})

describe("the expectations check", () => {
  const listed = {
    selected: 4,
    exceptions: new Map<string, Outcome>([
      ["b.js", refused("classes")],
      ["c.js", fails("wrong")],
    ]),
  }

  it("accepts a run that matches, including a refusal that now fails for another reason", () => {
    const r = check(
      listed,
      new Map([
        ["a.js", pass],
        ["b.js", fails("other")],
        ["c.js", fails("wrong")],
      ]),
    )
    expect(r.ok).toBe(true)
    expect(r.statusChanges).toEqual(["b.js"])
  })

  it("fails when an unlisted test does not pass and when a listed one passes", () => {
    expect(check(listed, new Map([["a.js", fails("x")]]))).toMatchObject({ ok: false, regressions: ["a.js"] })
    expect(check(listed, new Map([["c.js", pass]]))).toMatchObject({ ok: false, newlyPassing: ["c.js"] })
    expect(check(listed, new Map([["d.js", refused("x")]]))).toMatchObject({ ok: false, regressions: ["d.js"] })
    const fine = check(listed, new Map([["d.js", pass]]))
    expect(fine).toMatchObject({ ok: true, regressions: [], notRun: ["b.js", "c.js"] })
  })

  it("writes only the exceptions, sorted, after the selection size, and reads them back", () => {
    const merged = merge(
      undefined,
      new Map([
        ["z.js", fails("multi\n line   reason")],
        ["a.js", pass],
        ["b.js", refused("classes")],
      ]),
      undefined,
    )
    const text = formatExpectations(merged)
    const body = text.split("\n").filter((line) => line !== "" && !line.startsWith("#"))
    expect(body).toEqual(["b.js refused classes", "z.js fails multi line reason"])
    expect(text).toContain("# selected 3\n")
    const read = parseExpectations(text)
    expect(read.selected).toBe(3)
    expect([...read.exceptions.entries()]).toEqual([
      ["b.js", refused("classes")],
      ["z.js", fails("multi line reason")],
    ])
    expect(tallyExpectations(merged)).toEqual({ total: 3, pass: 1, refused: 1, fails: 1 })
    expect(() => parseExpectations("# selected 1\na.js pass")).toThrow(/line 2/)
    expect(() => parseExpectations("b.js refused x")).toThrow(/selected/)
  })

  it("an update over a filter keeps the lines outside it and the selection size", () => {
    const merged = merge(listed, new Map([["c.js", pass]]), new Set(["c.js"]))
    expect([...merged.exceptions.entries()]).toEqual([["b.js", refused("classes")]])
    expect(merged.selected).toBe(4)
    expect(tallyExpectations(merged)).toEqual({ total: 4, pass: 3, refused: 1, fails: 0 })
    expect(merge(listed, new Map([["c.js", pass]]), undefined)).toEqual({ selected: 1, exceptions: new Map() })
  })
})

describe("engines on a synthetic test262 tree", () => {
  const root = mkdtempSync(join(tmpdir(), "t262-"))
  mkdirSync(join(root, "harness"))
  mkdirSync(join(root, "test", "t"), { recursive: true })
  writeFileSync(join(root, "harness", "assert.js"), "function check(c) { if (!c) throw new Error('check failed') }")
  writeFileSync(join(root, "harness", "sta.js"), "function $DONOTEVALUATE() { throw 'not evaluated' }")
  writeFileSync(join(root, "harness", "doneprintHandle.js"), "function $DONE() { print('Test262:AsyncTestComplete') }")
  const tests: Record<string, string> = {
    "pass.js": "check([1, 2].length === 2)",
    "fail.js": "check(1 === 2)",
    "eval.js": "check(eval('1') === 1)",
    "early.js": "/*---\nnegative:\n  phase: parse\n  type: SyntaxError\n---*/\n$DONOTEVALUATE(); var x = ;",
    "thrown.js": "/*---\nnegative:\n  phase: runtime\n  type: TypeError\n---*/\nnull.x",
    "async.js": "/*---\nflags: [async]\n---*/\nPromise.resolve(1).then(() => $DONE())",
    "async-never.js": "/*---\nflags: [async]\n---*/\nPromise.resolve(1)",
    "gen.js": "/*---\nfeatures: [generators]\n---*/\nfunction* g() {}",
    // A script's completion value means nothing to test262; a program's result does to this project.
    "completion.js": "var f; f = () => {}",
  }
  for (const [name, text] of Object.entries(tests)) writeFileSync(join(root, "test", "t", name), text)
  const { tests: selected, excluded } = selectTests(root)

  it("selects all but the generator test and builds the same program text for every engine", () => {
    expect(selected.map((t) => t.path.split("/").pop())).not.toContain("gen.js")
    expect(selected).toHaveLength(8)
    expect(excluded.get("generators")).toBe(1)
    const async = selected.find((t) => t.path.endsWith("/async.js"))!
    expect(programText(root, async)).toMatch(/^"use strict";\nfunction check[\s\S]*function \$DONE[\s\S]*then/)
  })

  it("ours and V8 agree where the language does, and ours reports its refusal", async () => {
    const verdicts = async (engine: typeof ours) => {
      const out: Record<string, string> = {}
      for (const t of selected) out[t.path.split("/").pop()!] = (await engine(t, programText(root, t), 300)).status
      return out
    }
    const expected = {
      "pass.js": "pass",
      "fail.js": "fails",
      "early.js": "pass",
      "thrown.js": "pass",
      "completion.js": "pass",
    }
    expect(await verdicts(v8)).toEqual({
      ...expected,
      "eval.js": "pass",
      "async.js": "pass",
      "async-never.js": "fails",
    })
    expect(await verdicts(ours)).toEqual({
      ...expected,
      "eval.js": "refused",
      "async.js": "pass",
      "async-never.js": "fails",
    })
  }, 20_000)
})
