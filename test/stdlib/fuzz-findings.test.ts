/**
 * Disagreements with V8 found by the fuzzer (test/fuzz, issue 9 item 4), minimized, each fixed in src/ and kept
 * here as a differential regression against `node:vm` (same harness as differential.test.ts).
 */
import { describe, expect, it } from "vitest"
import { runOurs, runV8 } from "./harness.js"

const FINDINGS: ReadonlyArray<readonly [string, string]> = [
  // replaceAll with an empty string pattern looped at the end of the subject (indexOf clamps a start past the
  // end) until the 10^7-entry array cap threw a RangeError, seconds later. Fixed in builtins/replace.ts.
  [
    "replaceAll-empty-pattern",
    `return ["abc".replaceAll("", "-"), "x-y-z".replaceAll("", "42"), "".replaceAll("", "e")]`,
  ],
  ["replaceAll-empty-replacer", `return "ab".replaceAll("", (m, i) => "[" + i + "]")`],
  ["replaceAll-empty-both", `return ["abc".replaceAll("", ""), "aaa".replaceAll("a", ""), "ab".replace("", "-")]`],
]

describe("fuzz findings: interpreter vs node:vm", () => {
  it.each(FINDINGS)("%s", async (_id, code) => {
    const [expected, actual] = await Promise.all([runV8(code), runOurs(code)])
    expect("json" in expected).toBe(true)
    expect(actual).toEqual(expected)
  })
})
