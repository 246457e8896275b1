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
  [
    "flags, source and the flag getters are accessors of RegExp.prototype",
    String.raw`const P = RegExp.prototype; const d = Object.getOwnPropertyDescriptor(P, "global")
      const f = Object.getOwnPropertyDescriptor(P, "flags")
      let err; try { d.get.call({}) } catch (e) { err = e.name }
      return [typeof d.get, d.set, d.enumerable, d.configurable, "value" in f, P.global, P.source, P.flags,
        /a/g.hasOwnProperty("global"), Object.getOwnPropertyNames(/a/g), err, d.get.call(/x/gi), /a/gimsy.flags]`,
  ],
  [
    "flags reads each flag property in order, through the receiver",
    String.raw`const log = []; const o = {}
      // (Node 20 reads unicodeSets after sticky, ES2024 before: that one is left out of the log.)
      for (const k of ["hasIndices", "global", "ignoreCase", "multiline", "dotAll", "unicode", "sticky"])
        Object.defineProperty(o, k, { get() { log.push(k); return k === "global" || k === "sticky" } })
      return [Object.getOwnPropertyDescriptor(RegExp.prototype, "flags").get.call(o), log]`,
  ],
  [
    "lastIndex is an own writable data property holding any value, converted when a match starts",
    String.raw`const re = /a/g; const log = []; re.lastIndex = { valueOf() { log.push("valueOf"); return 1 } }
      const first = re.exec("aba"); const plain = /b/; plain.lastIndex = "7"
      const d = Object.getOwnPropertyDescriptor(re, "lastIndex"); const frozen = /a/g
      Object.defineProperty(frozen, "lastIndex", { writable: false, value: 0 }); let err
      try { frozen.exec("a") } catch (e) { err = e.name }
      return [first.index, re.lastIndex, log, plain.lastIndex, plain.test("b"), plain.lastIndex, d, err]`,
  ],
  [
    "an own exec is what test, match, replace, search and split call",
    String.raw`const log = []; const re = /./g
      re.exec = function (s) { log.push(["exec", this === re, s, this.lastIndex]); return log.length > 2 ? null : { 0: "b", index: 1, length: 1 } }
      const t = re.test("abc"); const m = "abc".match(re); log.push("--")
      const r = "abc".replace(re, "[$&]"); const s = "abc".search(re)
      return [t, m, r, s, log]`,
  ],
  [
    "an exec result of the wrong type is a TypeError, a replaced prototype exec is used",
    String.raw`const re = /a/; re.exec = () => 1; let err; try { re.test("a") } catch (e) { err = e.name }
      const saved = RegExp.prototype.exec; RegExp.prototype.exec = function () { return null }
      const after = [/a/.test("a"), "a".replace(/a/, "b"), "a".search(/a/)]; RegExp.prototype.exec = saved
      return [err, after, /a/.test("a")]`,
  ],
  [
    "String methods call a pattern object's Symbol methods",
    String.raw`const p = { [Symbol.match]: (s) => "match:" + s, [Symbol.replace]: (s, r) => s + "/" + r,
        [Symbol.search]: (s) => s.length, [Symbol.split]: (s, l) => [s, l], [Symbol.matchAll]: (s) => ["all", s] }
      return ["ab".match(p), "ab".replace(p, "x"), "ab".search(p), "ab".split(p, 3), "ab".matchAll(p), "ab".replaceAll(p, "y")]`,
  ],
  [
    "Symbol methods of RegExp.prototype are callable directly and generic",
    String.raw`const re = /(b)/g; return [re[Symbol.replace]("abcb", "<$1>"), re[Symbol.match]("abcb"), /b/[Symbol.search]("abc"),
      /,/[Symbol.split]("a,b,c", 2), RegExp.prototype[Symbol.split].length, RegExp.prototype[Symbol.replace].name,
      typeof Object.getOwnPropertyDescriptor(RegExp, Symbol.species).get, RegExp[Symbol.species] === RegExp]`,
  ],
  [
    "split makes its splitter through the species constructor with y added",
    String.raw`const log = []; const re = /-/
      Object.defineProperty(re, "constructor", { value: { [Symbol.species]: function (src, flags) { log.push(flags); return new RegExp(src.source, flags) } } })
      return ["a-b-c".split(re), log]`,
  ],
  [
    "replace with a custom exec reads captures, index and groups from its result",
    String.raw`const re = /x/; re.exec = () => ({ 0: "bc", 1: 7, length: 2, index: 1, groups: { g: "G" } })
      return ["abcd".replace(re, "[$1|$<g>|$&]"), "abcd".replace(re, (...a) => JSON.stringify(a))]`,
  ],
  [
    "replaceAll and matchAll read flags through IsRegExp",
    String.raw`const out = []; const p = { [Symbol.match]: true, flags: "i", [Symbol.replace]: () => "r" }
      try { "a".replaceAll(p, "x") } catch (e) { out.push(e.name) }
      p.flags = "gi"; out.push("a".replaceAll(p, "x"))
      const re = /a/; re[Symbol.match] = false; out.push("/a/".replaceAll(re, "z"))
      return out`,
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
