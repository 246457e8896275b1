/** RegExp: literals, constructor, test/exec with lastIndex, flags, match arrays with index and groups. */
export default {
  "re-test": "return [/ab+c/.test('xabbbc'), /^a/.test('ba'), /a/i.test('A')]",
  "re-exec": "const m = /(\\d+)-(\\d+)/.exec('tel 12-34'); return [m[0], m[1], m[2], m.index, m.length]",
  "re-exec-null": "return /x/.exec('abc')",
  "re-exec-global":
    "const re = /o/g; const s = 'foo boo'; const out = []; let m; while ((m = re.exec(s)) !== null) out.push(m.index); return [out, re.lastIndex]",
  "re-test-global-lastIndex":
    "const re = /a/g; return [re.test('aa'), re.lastIndex, re.test('aa'), re.lastIndex, re.test('aa'), re.lastIndex]",
  "re-sticky": "const re = /a/y; return [re.test('ba'), re.lastIndex, (re.lastIndex = 1, re.test('ba'))]",
  "re-named-groups":
    "const m = /(?<year>\\d{4})-(?<month>\\d{2})/.exec('on 2024-06'); return [m.groups.year, m.groups.month, m.index]",
  "re-groups-undefined": "const m = /(a)/.exec('a'); return m.groups === undefined",
  "re-props":
    "const re = /ab/gimsuy; return [re.source, re.flags, re.global, re.ignoreCase, re.multiline, re.sticky, re.unicode, re.dotAll]",
  "re-ctor": "const re = new RegExp('a+', 'g'); return ['caaat'.match(re), re.source, re.flags]",
  "re-ctor-call": "return RegExp('x').test('x')",
  "re-ctor-from-re": "const re = new RegExp(/ab/g, 'i'); return [re.flags, re.source]",
  "re-ctor-escape":
    "const esc = s => s.replace(/[.*+?^${}()|[\\]\\\\]/g, '\\\\$&'); return new RegExp(esc('a.b*c')).test('a.b*c')",
  "re-toString": "return [String(/a\\/b/g), /x/i.toString(), `${/y/}`]",
  "re-invalid": "try { new RegExp('(') } catch (e) { return [e.name, e instanceof SyntaxError] }",
  "re-invalid-flags": "try { new RegExp('a', 'zz') } catch (e) { return e.name }",
  "re-unicode": "return [/^.$/u.test('😀'), /^.$/.test('😀'), /\\p{L}+/u.exec('héllo!')[0]]",
  "re-multiline": "return 'a\\nb\\nc'.match(/^\\w$/gm)",
  "re-dotall": "return [/a.b/s.test('a\\nb'), /a.b/.test('a\\nb')]",
  "re-lookaround": "return ['price: $42'.match(/(?<=\\$)\\d+/)[0], 'abc'.replace(/b(?=c)/, 'X')]",
  "re-backref": "return /(\\w)\\1/.exec('hello')[0]",
  "re-lazy": "return '<a><b>'.match(/<.+?>/)[0]",
  "re-split-captures": "return 'a1b2c'.split(/(\\d)/)",
  "re-replace-global-lastIndex":
    "const re = /a/g; re.lastIndex = 2; const r = 'aaa'.replace(re, 'b'); return [r, re.lastIndex]",
  "re-match-global-lastIndex": "const re = /a/g; 'aa'.match(re); return re.lastIndex",
  "re-email":
    "const re = /^[^@\\s]+@[^@\\s]+\\.[a-z]{2,}$/i; return ['a@b.co', 'bad@', 'x y@z.com'].map(s => re.test(s))",
  "re-extract-all": "return [...'id=1, id=22, id=333'.matchAll(/id=(\\d+)/g)].map(m => Number(m[1]))",
  "re-matchAll-groups":
    "return [...'k1=v1;k2=v2'.matchAll(/(?<k>\\w+)=(?<v>\\w+)/g)].map(m => m.groups.k + ':' + m.groups.v)",
  "re-instanceof": "return [/a/ instanceof RegExp, new RegExp('a') instanceof RegExp, 'a' instanceof RegExp]",
  "re-exec-groups-json": "const m = /(?<a>x)/.exec('x'); return { ...m.groups }",
  "re-case-insensitive-replace": "return 'Cat cat CAT'.replace(/cat/gi, 'dog')",
  "re-search-flags": "return 'ABC'.search(/b/i)",
  "re-lastIndex-set": "const re = /a/g; re.lastIndex = 5; return [re.test('aaa'), re.lastIndex]",
  "re-match-index-json": "return 'xab'.match(/a(b)/)",
  "re-typeof": "return typeof /a/",
  "re-flag-accessors": "return [/a/.hasIndices, /a/v.unicodeSets, /a/u.unicodeSets, /a/gv.flags]",
  "re-quantifier-error": "try { new RegExp('a{2,1}') } catch (e) { return e.name }",
  "re-replace-fn-named":
    "return 'a-b'.replace(/(?<l>\\w)-(?<r>\\w)/, (m, l, r, off, str, groups) => groups.r + groups.l + off)",
  "re-matchAll-after-exec":
    "const re = /a/g; const s = 'aXa'; re.exec(s); re.exec(s); re.lastIndex = 0; return [...s.matchAll(re)].map(m => m.index)",
  "re-matchAll-from-lastIndex": "const re = /a/g; re.lastIndex = 1; return [...'aaa'.matchAll(re)].map(m => m.index)",
}
