import { describe, expect, it } from "vitest"
import { oracle, ours } from "./harness.js"

/** `delete` through an optional chain and computed keys of any value in patterns, each run here and in `node:vm`. */
const programs: Array<[string, string]> = [
  [
    "a short-circuited delete is true and does not evaluate the key",
    "let reads = 0; const o = null; return [delete o?.[reads++], delete o?.a.b, reads]",
  ],
  [
    "a delete through a chain that does not short-circuit",
    "const o = { a: { b: 1, c: 2 } }; return [delete o?.a.b, delete o.a?.['c'], o]",
  ],
  ["an awaited key in an optional delete", "const o = { k: 1 }; return [delete o?.[await 'k'], o]"],
  ["a missing middle link", "const o = {}; return [delete o.x?.y, o]"],
  [
    "an object as a computed pattern key",
    "const key = {}; const { [key]: v = 'none' } = { '[object Object]': 5 }; return v",
  ],
  ["a key with its own toString", "const k = { toString() { return 'a' } }; const { [k]: v } = { a: 1 }; return v"],
  ["an array as a computed pattern key", "const { [[1, 2]]: v } = { '1,2': 'x' }; return v"],
]

describe("optional delete and computed pattern keys: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    expect(expected.ok).toBe(true)
    expect(await ours(code)).toEqual(expected)
  })
})
