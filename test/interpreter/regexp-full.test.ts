import { describe, expect, it } from "vitest"
import { failure, oracle, ours } from "./harness.js"

/**
 * Regular expressions in full (lookaround, backreferences, `v`, property escapes) and ECMAScript's character
 * semantics (`\s`, `.`, `^`/`$` with `m`, case folding without `u`), each against V8 (`node:vm`): the same JSON
 * result, or both fail. Patterns re2js can run stay on it; the rest run on the backtracking matcher.
 */
const programs: Array<[string, string]> = [
  [
    "\\s includes \\v and the Unicode spaces",
    String.raw`return [/\s/.test("\v"), /\s/.test("\ufeff"), /\s/.test("\u00a0"), /[^\s]/.test("\v"), /\S/.test("\u2028")]`,
  ],
  [
    "Kelvin sign without u",
    String.raw`return [/\u212a/i.test("k"), /\u212a/iu.test("k"), /\u017f/i.test("s"), /k/i.test("K"), /[a-z]+/i.exec("xAbC")[0]]`,
  ],
  [
    "\\w and \\b under i with and without u",
    String.raw`return [/\w/i.test("\u212a"), /\w/iu.test("\u212a"), /[a-z]/i.test("\u212a"), /\W/i.test("\u212a"), /\bk/i.test("\u212a")]`,
  ],
  [
    ". and line terminators",
    String.raw`return [/./.test("\r"), /./.test("\u2028"), /^b/m.test("a\rb"), /a$/m.test("a\u2028"), /^.*$/s.test("a\nb")]`,
  ],
  [
    "lookahead with ^ and m (a model's split)",
    String.raw`return "interface A {}\ninterface B {}\nconst x = 1".split(/(?=^interface\s)/m)`,
  ],
  [
    "lookahead after blank lines (a model's split)",
    String.raw`return "// a\nx\n\n// b\ny\n\n\nz".split(/\n\s*\n(?=\/\/ )/)`,
  ],
  [
    "lookbehind and backreferences",
    String.raw`return [/(?<=\$)\d+/.exec("cost $42")[0], /(?<!\$)\b\d+/.exec("$4 5")[0], /(a)\1/.test("aa"), /(?<q>['"]).*?\k<q>/.exec('x "hi" y')[0]]`,
  ],
  [
    "property escapes and v",
    String.raw`return [/\p{L}+/u.exec("123 héllo")[0], /\P{L}+/u.exec("ab12")[0], /[\p{L}--[a-z]]/v.exec("abcDé")[0], /\p{Script=Greek}/u.test("α")]`,
  ],
  [
    "lookahead captures and backreferences",
    String.raw`return [/(?=(a+))a*b\1/.exec("baaabac"), /(.*?)a(?!(a+)b\2c)\2(.*)/.exec("baaabaac")]`,
  ],
  [
    "lookbehind captures right to left",
    String.raw`return [/(?<=(\d+)(\d+))$/.exec("1053"), /(?<=\1(a))b/.exec("aab"), /(?<!abc)\w\w\w/.exec("abcdef")]`,
  ],
  ["global match with \\b under i", String.raw`return "aBc DeF".match(/\b\w/gi)`],
  ["empty lookbehind matches in replace", String.raw`return ["a1b2c3".replace(/(?<=\d)/g, "|"), "ab".split(/(?=b)/)]`],
  [
    "empty and full classes, lazy counts, alternation order",
    String.raw`return [/[^]/.test("\n"), /[]/.test("a"), /a{2,3}?/.exec("aaaa")[0], /(?:a|ab)(?:c|bcd)(d*)/.exec("abcd")]`,
  ],
  [
    "captures reset per iteration (backtracking matcher)",
    String.raw`return [/(?=x)?(a)|b/.exec("b"), /(?:(a)|b(?=c))*$/.exec("abc")]`,
  ],
  ["case-insensitive backreference", String.raw`return [/(a)\1/i.test("aA"), /(?<x>\u212a)\k<x>/iu.test("\u212ak")]`],
  [
    "sticky and global lookbehind",
    String.raw`const re = /(?<=a)b/y; re.lastIndex = 1; const g = /(?<=a)b/g; return [re.test("ab"), re.lastIndex, "abab".replace(g, "X")]`,
  ],
  [
    "named groups in replace",
    String.raw`return "2024-01-05".replace(/(?<y>\d{4})-(?<m>\d\d)-(?<d>\d\d)(?=$)/, "$<d>/$<m>/$<y>")`,
  ],
  [
    "surrogate pairs with u",
    String.raw`return [/\u{1F600}/u.test("😀"), /^.$/u.test("😀"), /(?<=😀)x/u.exec("😀x").index, /😀+/u.exec("😀😀")[0]]`,
  ],
  ["invalid pattern", String.raw`try { new RegExp("(?<=a") } catch (e) { return e.name }`],
]

describe("regular expressions in full: interpreter vs node:vm", () => {
  it.each(programs)("%s", async (_name, code) => {
    const expected = await oracle(code)
    const actual = await ours(code)
    if (expected.ok) expect(actual).toEqual(expected)
    else expect(actual.ok).toBe(false)
  })

  it("stops a catastrophic backtracking pattern at the deadline (uncatchable)", async () => {
    const { fakeHost, run } = await import("./harness.js")
    const host = fakeHost({ deadline: Date.now() + 50 })
    const r = await run(
      String.raw`try { return /^(a|a)*(?=b)$/.test("a".repeat(40) + "!") } catch { return "caught" } finally { return "finally" }`,
      host,
    )
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.diagnostic.kind).toBe("TimeoutExceeded")
  })

  it("refuses a group repeated past the matcher's stack with a catchable RangeError", async () => {
    const d = await failure(String.raw`return /^(?:(a)|b)+(?=!)/.test("ab".repeat(200000))`)
    expect(d.message).toContain("SECURITY.md")
  })
})
