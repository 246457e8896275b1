/**
 * One decision on a guest array's length (issue 36, "Every length and size is a checked operation"): whatever path
 * writes `length` or an index, past the 10^7 cap it is the same catchable RangeError, and below it the write is
 * what JavaScript does (differential against node:vm).
 */
import { describe, expect, it } from "vitest"
import { oracle, ours, value } from "./harness.js"

const BIG = 2 ** 32 - 1

const PATHS: ReadonlyArray<readonly [string, string]> = [
  ["a length write", `a.length = ${BIG}`],
  ["a computed length write", `a["length"] = ${BIG}`],
  ["an index write", `a[${BIG - 1}] = 1`],
  ["an index write with a string key", `a["${BIG - 1}"] = 1`],
  ["Object.defineProperty of length", `Object.defineProperty(a, "length", { value: ${BIG} })`],
  ["Object.defineProperty of an index", `Object.defineProperty(a, ${BIG - 1}, { value: 1 })`],
  ["Object.defineProperties", `Object.defineProperties(a, { length: { value: ${BIG} } })`],
  ["Object.assign of length", `Object.assign(a, { length: ${BIG} })`],
  ["Object.assign of an index", `Object.assign(a, { ${BIG - 1}: 1 })`],
  ["a super write of length", `({ __proto__: {}, m() { super.length = ${BIG} } }).m.call(a)`],
  ["a super write of an index", `({ __proto__: {}, m() { super[${BIG - 1}] = 1 } }).m.call(a)`],
]

describe("array length", () => {
  it.each(PATHS)("%s past the cap is a catchable RangeError and leaves the array as it was", async (_, write) => {
    expect(
      await value(`const a = [1, 2];\ntry { ${write} } catch (e) { return [e.name, e.message, a.length] }`),
    ).toEqual(["RangeError", expect.stringMatching(/would create \d+ elements, over the limit of 10000000/), 2])
  })

  it.each(PATHS)("%s below the cap agrees with V8", async (_, write) => {
    const code = `const a = [1, 2];\n${write.replaceAll(String(BIG - 1), "7").replaceAll(String(BIG), "5")}\nreturn [a.length, a[4], a[7]]`
    expect(await ours(code)).toEqual(await oracle(code))
  })

  it("keys at 2^32 - 1 and above are plain properties, not indices", async () => {
    const code = `const a = [1]\na[${BIG}] = 2\nObject.assign(a, { ${BIG + 1}: 3 })\nreturn [a.length, a[${BIG}], a[${BIG + 1}]]`
    expect(await ours(code)).toEqual(await oracle(code))
  })

  it("Object.assign onto an array writes strings, arrays and objects as V8 does", async () => {
    const code = `const a = Object.assign([1, 2], "abc", [9], { x: 1, length: 4 })\nreturn [a, a.x, a.length]`
    expect(await ours(code)).toEqual(await oracle(code))
  })
})
