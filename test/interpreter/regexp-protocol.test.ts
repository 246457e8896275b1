import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/**
 * The RegExp object as JavaScript has it (match results, own and inherited properties, the Symbol.match/replace/
 * search/split protocol, an observable `exec`), each program against V8 (`node:vm`): the same JSON result, or both
 * fail. Each program returns what it observed, so a difference in shape or order shows up in the JSON.
 */
const programs: Array<[string, string]> = [
  [
    "match results carry index, input and groups in V8's order",
    String.raw`const m = /(a)(?<n>b)?/.exec("xab"); const g = "xa".match(/a/); const all = [..."a-a".matchAll(/a/g)]
      return [Object.keys(m), m.input, m.index, Object.keys(g), g.input, all.map((x) => [x.index, x.input])]`,
  ],
]

describe("the RegExp protocol: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })
})
