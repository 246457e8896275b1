/**
 * Generated differential programs: small grammars over fast-check arbitraries, sampled with fixed seeds so the
 * set (and the ids in deviations.json) is reproducible. Each family exercises one built-in area with argument
 * values a hand-written list would not think of (odd radixes, negative zero, unicode, deep JSON).
 */
import fc from "fast-check"

const lit = (v: unknown): string => (Object.is(v, -0) ? "-0" : Number.isNaN(v) ? "NaN" : JSON.stringify(v))
const num = (n: number): string =>
  Number.isNaN(n) ? "NaN" : n === Infinity ? "Infinity" : n === -Infinity ? "-Infinity" : `(${lit(n)})`

const sample = <T>(arb: fc.Arbitrary<T>, seed: number, n: number): Array<T> => fc.sample(arb, { seed, numRuns: n })

const doubles = fc.oneof(
  fc.integer({ min: -1e6, max: 1e6 }),
  fc.double({ noNaN: false, min: -1e25, max: 1e25 }),
  fc.constantFrom(0, -0, 0.5, 1.005, 2.5, 1e21, 1e-7, 123.456, NaN, Infinity),
)

const numberFormatting = sample(
  fc.tuple(doubles, fc.integer({ min: 0, max: 20 }), fc.integer({ min: 2, max: 36 }), fc.integer({ min: 1, max: 21 })),
  101,
  90,
).map(
  ([x, d, r, p]) =>
    `const x = ${num(x)}; return [x.toFixed(${d}), x.toPrecision(${p}), x.toString(${r}), x.toExponential(${d}), x.toLocaleString(), String(x)]`,
)

const mathUnary = ["abs", "ceil", "floor", "round", "trunc", "sign", "sqrt", "cbrt", "exp", "log", "log2", "log10"]
const mathPrograms = sample(fc.tuple(fc.constantFrom(...mathUnary), doubles, doubles), 202, 60).map(
  ([f, a, b]) =>
    `return [Math.${f}(${num(a)}), Math.max(${num(a)}, ${num(b)}), Math.min(${num(a)}, ${num(b)}), Math.pow(${num(a)}, 2), Math.hypot(${num(a)}, ${num(b)})]`,
)

const arrayOps = [
  "map(x => x * 2)",
  "map((x, i) => x - i)",
  "filter(x => x % 2 === 0)",
  "filter(x => x > 0)",
  "slice(1)",
  "slice(-2)",
  "slice(1, -1)",
  "toSorted((a, b) => a - b)",
  "toSorted()",
  "toReversed()",
  "concat([7, -7])",
  "flatMap(x => [x, [x]])",
  "flat()",
  "with(0, 99)",
  "toSpliced(1, 1)",
  "toSpliced(0, 0, 5)",
]
const arrayTerminals = [
  "join('|')",
  "reduce((a, b) => a + b, 0)",
  "indexOf(2)",
  "lastIndexOf(2)",
  "includes(0)",
  "at(-1)",
  "findLast(x => x > 1)",
  "findLastIndex(x => x < 0)",
  "some(x => x > 3)",
  "every(x => x < 10)",
  "length",
  "find(x => x === 3)",
]
const arrayPrograms = sample(
  fc.tuple(
    fc.array(fc.integer({ min: -5, max: 12 }), { maxLength: 9 }),
    fc.array(fc.constantFrom(...arrayOps), { minLength: 1, maxLength: 4 }),
    fc.constantFrom(...arrayTerminals),
  ),
  303,
  100,
).map(
  ([xs, ops, t]) =>
    `try { const a = ${JSON.stringify(xs)}.${ops.join(".")}; return [a, a.${t}] } catch (e) { return e.name }`,
)

const mutating = [
  "push(1)",
  "pop()",
  "shift()",
  "unshift(0)",
  "splice(1, 2)",
  "splice(-1, 1, 'x', 'y')",
  "reverse()",
  "sort()",
  "fill(3, 1)",
  "copyWithin(0, 2)",
]
const mutatingPrograms = sample(
  fc.tuple(
    fc.array(fc.integer({ min: 0, max: 30 }), { maxLength: 7 }),
    fc.array(fc.constantFrom(...mutating), { minLength: 1, maxLength: 3 }),
  ),
  404,
  40,
).map(
  ([xs, ops]) =>
    `const a = ${JSON.stringify(xs)}; const r = []; ${ops.map((o) => `r.push(a.${o});`).join(" ")} return [a, r]`,
)

const strings = fc.oneof(
  fc.string({ unit: fc.constantFrom("a", "b", "A", " ", "-", ",", "1", "é", "😀", "\n", "."), maxLength: 12 }),
  fc.constantFrom("", "  padded  ", "a,b,,c", "Hello World", "x-y-z"),
)
const stringOps = [
  "slice(1, 4)",
  "slice(-3)",
  "substring(3, 1)",
  "toUpperCase()",
  "toLowerCase()",
  "trim()",
  "trimStart()",
  "padStart(8, '*')",
  "padEnd(6)",
  "replace('a', 'X')",
  "replaceAll(',', ';')",
  "replace(/[aeiou]/g, m => m.toUpperCase())",
  "repeat(2)",
  "at(-1) ?? ''",
  "charAt(2)",
  "normalize('NFD')",
  "concat('!')",
  "split('').reverse().join('')",
]
const stringTerminals = [
  "split(',')",
  "split(/\\s+/)",
  "split('', 3)",
  "indexOf('a')",
  "lastIndexOf('b')",
  "includes('A')",
  "startsWith('a')",
  "endsWith('a')",
  "length",
  "search(/[0-9]/)",
  "match(/[a-z]+/g)",
  "localeCompare('b')",
  "codePointAt(0)",
]
const stringPrograms = sample(
  fc.tuple(strings, fc.array(fc.constantFrom(...stringOps), { maxLength: 3 }), fc.constantFrom(...stringTerminals)),
  505,
  100,
).map(([s, ops, t]) => {
  const chain = ops.length === 0 ? "" : "." + ops.join(".")
  return `const s = (${JSON.stringify(s)})${chain}; return [s, s.${t}]`
})

const jsonPrograms = sample(
  fc.tuple(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom("undefined", "2", "'\\t'", "0")),
  606,
  50,
).map(([v, space]) => {
  const text = JSON.stringify(v)
  return `const v = JSON.parse(${JSON.stringify(text)}); const s = JSON.stringify(v, null, ${space}); return [s, JSON.parse(s), JSON.stringify(v, (k, x) => typeof x === 'number' ? -x : x)]`
})

const numericStrings = fc.oneof(
  fc.stringMatching(/^[ ]?[-+]?(0x|0b|0o)?[0-9a-fA-F]{0,5}(\.[0-9]{0,3})?(e[-+]?[0-9]{1,2})?[a-z ]?$/),
  fc.constantFrom("Infinity", "-Infinity", "  12  ", "1_000", ".5", "5.", "0x", "", "1e1000", "-0"),
)
const parsePrograms = sample(fc.tuple(numericStrings, fc.integer({ min: 0, max: 40 })), 707, 70).map(
  ([s, r]) =>
    `const s = ${JSON.stringify(s)}; return [parseInt(s), parseInt(s, ${r}), parseFloat(s), Number(s), isNaN(s), isFinite(s), +s, Number.isInteger(Number(s))]`,
)

const smallSet = fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 6 })
const setMethods = ["union", "intersection", "difference", "symmetricDifference"]
const setPrograms = sample(fc.tuple(smallSet, smallSet, fc.constantFrom(...setMethods)), 808, 40).map(
  ([a, b, m]) =>
    `const a = new Set(${JSON.stringify(a)}), b = new Set(${JSON.stringify(b)}); return [[...a.${m}(b)], a.isSubsetOf(b), a.isSupersetOf(b), a.isDisjointFrom(b), a.size]`,
)

const groupPrograms = sample(
  fc.tuple(
    fc.array(fc.record({ k: fc.constantFrom("a", "b", "c"), v: fc.integer({ min: -9, max: 9 }) }), { maxLength: 8 }),
  ),
  909,
  30,
).map(
  ([rows]) =>
    `const rows = ${JSON.stringify(rows)}; const g = Object.groupBy(rows, r => r.k); const m = Map.groupBy(rows, r => r.v > 0); return [Object.entries(g).map(([k, xs]) => [k, xs.length]), [...m.keys()], Object.fromEntries(Object.entries(g).map(([k, xs]) => [k, xs.reduce((s, r) => s + r.v, 0)]))]`,
)

const uriPrograms = sample(strings, 1010, 30).map(
  (s) =>
    `const s = ${JSON.stringify(s)}; const e = encodeURIComponent(s); return [e, decodeURIComponent(e) === s, encodeURI(s), decodeURI(encodeURI(s)) === s]`,
)

/**
 * Regular expressions from a small grammar (atoms, classes, quantifiers, groups, anchors) over a tiny alphabet.
 * No lookaround or backreferences here (hand-written programs cover them) so the family stays meaningful for a
 * linear-time engine. `matchAll` runs first: after exec/test see regexp/re-matchAll-after-exec.
 */
const regexAtom = fc.constantFrom("a", "b", ".", "[ab]", "[^a]", "\\d", "\\w", "\\s", "A", "-")
const regexPiece = fc
  .tuple(regexAtom, fc.constantFrom("", "", "*", "+", "?", "{1,2}", "*?", "+?"))
  .map(([a, q]) => a + q)
const regexBody: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(regexPiece, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("plain", "group", "named", "alt", "anchored"),
    fc.array(regexPiece, { maxLength: 2 }),
  )
  .map(([xs, shape, ys]) => {
    const x = xs.join("")
    const y = ys.join("")
    switch (shape) {
      case "group":
        return `(${x})${y}`
      case "named":
        return `(?<g>${x})(${y || "b"})?`
      case "alt":
        return `${x}|${y || "b"}`
      case "anchored":
        return `^${x}${y}$`
      default:
        return x + y
    }
  })
const regexInput = fc.string({ unit: fc.constantFrom("a", "b", "A", "B", "1", " ", "-", "\n"), maxLength: 10 })
const regexPrograms = sample(
  fc.tuple(regexBody, fc.constantFrom("", "g", "i", "gi", "m", "gm", "y"), regexInput),
  1111,
  80,
).map(([body, flags, input]) => {
  const re = `new RegExp(${JSON.stringify(body)}, ${JSON.stringify(flags)})`
  const global = flags.includes("g")
  return [
    `const s = ${JSON.stringify(input)}; const re = ${re};`,
    `const all = ${global ? "[...s.matchAll(re)].map(x => [x[0], x.index])" : "null"};`,
    `const m = re.exec(s); const ex = m && [m[0], m.index, m.length, m.groups ?? null, re.lastIndex];`,
    `re.lastIndex = 0; const t = [re.test(s), re.lastIndex]; re.lastIndex = 0;`,
    `return [ex, t, s.match(re), s.replace(re, '<$&>'), s.replace(re, (w, ...r) => '[' + w.length + ']'), s.split(${re}), s.search(re), all]`,
  ].join(" ")
})

/** Dates: random time values (including before 1970 and far future) through getters, setters and every string form. */
const times = fc.oneof(
  fc.integer({ min: -2208988800000, max: 4102444800000 }),
  fc.constantFrom(0, -1, 86399999, 951782400000, 1709251199999),
)
const datePrograms = sample(
  fc.tuple(times, fc.integer({ min: -40, max: 40 }), fc.integer({ min: -30, max: 30 })),
  1212,
  50,
).map(
  ([t, days, hours]) =>
    `const d = new Date(${t}); const g = [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCDay(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()]; const s = [d.toISOString(), d.toJSON(), d.toUTCString(), d.toLocaleString(), d.toLocaleDateString(), d.toLocaleTimeString(), d.toDateString(), d.toTimeString()]; d.setUTCDate(d.getUTCDate() + (${days})); d.setUTCHours(d.getUTCHours() + (${hours})); return [g, s, d.getTime(), Date.UTC(...g.slice(0, 3)), new Date(d.toISOString()).getTime() === d.getTime()]`,
)

/** Objects: random records through the Object statics, spread and JSON. */
const objectPrograms = sample(
  fc.tuple(
    fc.dictionary(
      fc.constantFrom("a", "b", "c", "1", "10", "x y", "$"),
      fc.oneof(fc.integer(), fc.string({ maxLength: 3 }), fc.boolean(), fc.constant(null)),
      { maxKeys: 5 },
    ),
    fc.dictionary(fc.constantFrom("a", "c", "d", "2"), fc.integer({ min: -5, max: 5 }), { maxKeys: 3 }),
  ),
  1313,
  40,
).map(
  ([a, b]) =>
    `const a = ${JSON.stringify(a)}, b = ${JSON.stringify(b)}; const t = { ...a }; Object.assign(t, b); return [Object.keys(a), Object.values(a), Object.entries(b), t, { ...b, ...a }, Object.fromEntries(Object.entries(t).filter(([k]) => k !== 'a')), Object.hasOwn(t, 'c'), 'd' in t, JSON.stringify(t)]`,
)

const families: Record<string, Array<string>> = {
  "number-format": numberFormatting,
  math: mathPrograms,
  "array-chain": arrayPrograms,
  "array-mutate": mutatingPrograms,
  "string-chain": stringPrograms,
  json: jsonPrograms,
  parse: parsePrograms,
  set: setPrograms,
  group: groupPrograms,
  uri: uriPrograms,
  regexp: regexPrograms,
  date: datePrograms,
  object: objectPrograms,
}

export const generated: ReadonlyArray<{ id: string; code: string }> = Object.entries(families).flatMap(([f, codes]) =>
  codes.map((code, i) => ({ id: `gen/${f}/${i}`, code })),
)
