/**
 * The committed list of differences from the reference suite (opencode-differences.json) and the check that keeps it
 * honest. The suite itself runs in `npm run conformance` (it needs bun and about a minute, so it is not part of the
 * unit tests); here the list's shape and the check's rules are tested on hand-made rows, which costs nothing.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { checkDifferences, KINDS, reasonProblem, SNAPSHOTS, type Row } from "../../scripts/conformance/check.js"

const list = JSON.parse(readFileSync(new URL("./opencode-differences.json", import.meta.url), "utf8")) as Record<
  string,
  Record<string, string>
>

const row = (name: string, result: Row["result"], kind: Row["kind"] = "public"): Row => ({
  file: "test/a.test.ts",
  describe: "group",
  name,
  kind,
  result,
})

describe("the list of differences from the reference suite", () => {
  it("has one section per snapshot, and every entry reads '<kind>: <what a host or model sees>'", () => {
    expect(Object.keys(list).sort()).toEqual([...SNAPSHOTS].sort())
    for (const [snapshot, entries] of Object.entries(list))
      for (const [key, reason] of Object.entries(entries)) {
        expect(key, snapshot).toMatch(/^test\/[\w-]+\.test\.ts > /)
        expect(reasonProblem(reason), `${snapshot} ${key}`).toBeUndefined()
      }
  })

  it("lists no bug: every 1.18 entry is an improvement, an extension, a wording or pending work", () => {
    const kinds = new Set(Object.values(list["1.18.16"]!).map((r) => r.split(":")[0]))
    for (const k of kinds) expect(KINDS).toContain(k)
    // A test of the line this package keeps cannot ask the opposite of that line.
    expect(kinds.has("contract")).toBe(false)
  })

  it("a v2 entry that contradicts 1.18 names the 1.18 rule it keeps", () => {
    const contract = Object.values(list["v2"]!).filter((r) => r.startsWith("contract:"))
    expect(contract.length).toBeGreaterThan(0)
    for (const reason of contract) expect(reason).toMatch(/1\.18/)
  })
})

describe("the check", () => {
  it("accepts a run whose failures are exactly the listed ones, and reports the figures", () => {
    const rows = [row("ok", "pass"), row("differs", "fail"), row("internal", "fail", "internal")]
    const report = checkDifferences(rows, { "test/a.test.ts > group > differs": "wording: says it differently here" })
    expect(report.problems).toEqual([])
    expect([report.pass, report.total, report.listed]).toEqual([1, 2, 1])
    expect(report.summary).toContain("1/2 public-API tests pass outright; 1 listed differences (1 wording)")
  })

  it("fails when a listed test starts passing, a failure is not listed, or an entry names no test", () => {
    const report = checkDifferences([row("fixed", "pass"), row("new", "fail"), row("gone", "missing")], {
      "test/a.test.ts > group > fixed": "improvement: was listed before it was fixed",
      "test/a.test.ts > group > gone": "pending: a test whose file no longer loads",
      "test/a.test.ts > group > renamed": "wording: a test that is no longer in the suite",
    })
    expect(report.problems).toEqual([
      "listed but now passes (remove it from the list): test/a.test.ts > group > fixed",
      "fails but is not listed: test/a.test.ts > group > new",
      "listed but not in the suite: test/a.test.ts > group > renamed",
    ])
    expect(report.unlisted).toEqual(["test/a.test.ts > group > new"])
  })

  it("rejects reasons without a known kind or too short to say anything", () => {
    expect(reasonProblem("bug: this is just broken right now")).toMatch(/unknown kind 'bug'/)
    expect(reasonProblem("wording: short")).toMatch(/20\+ characters/)
    expect(reasonProblem("improvement: hosts see the failing call's position")).toBeUndefined()
  })
})
