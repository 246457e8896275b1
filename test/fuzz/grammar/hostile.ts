/**
 * Hostile inputs (issue 9 item 4): the escape corpus (test/security/corpus.ts) spliced into generated programs, a
 * mutator over corpus programs (edits, token insertions, crossover of two programs), fragments that never end on
 * their own, and random text for the parsers.
 */
import fc from "fast-check"
import { buildCorpus } from "../../security/corpus.js"
import { program } from "./program.js"

// The full corpus (~1,570 programs) under SECURITY_FULL=1, which `npm run fuzz` sets; 888 in `npm test`.
const corpus = buildCorpus().map((p) => p.code)
export const escape = fc.constantFrom(...corpus)

/** Inserts `fragment` at a line boundary (generated programs put every statement on its own line). */
export const spliceAt = (code: string, at: number, fragment: string): string => {
  const lines = code.split("\n")
  const i = 1 + (at % Math.max(1, lines.length - 1))
  return [...lines.slice(0, i), fragment, ...lines.slice(i)].join("\n")
}

/** A generated program with a corpus escape run inside it (its `return` kept local by an async arrow). */
export const injected = fc
  .tuple(program({ size: 120 }), escape, fc.nat(), fc.boolean())
  .map(([p, h, at, awaited]) =>
    spliceAt(p, at, awaited ? `await (async () => {\n${h}\n})().catch(() => 0);` : `(async () => {\n${h}\n})();`),
  )

const TOKENS = [
  "",
  "(",
  ")",
  "{",
  "}",
  ".",
  "[",
  "]",
  '"',
  "`",
  "await ",
  ";",
  "\\",
  "=>",
  "...",
  "?.",
  "constructor",
  "__proto__",
  "prototype",
  "tools.",
  "return ",
  "throw ",
  "async ",
  "new ",
]

/** Random edits: delete/replace a range, insert a token, or paste a slice of another corpus program. */
// 1 in 3 edits pastes a slice of another corpus program (crossover); the others insert a token.
const paste = fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: escape, weight: 1 })
const edit = fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom(...TOKENS), paste)
export const mutate = (code: string, edits: ReadonlyArray<readonly [number, number, string, string | null]>): string =>
  edits.reduce((s, [at, len, ins, other]) => {
    const i = at % (s.length + 1)
    const paste = other === null ? ins : other.slice(at % (other.length + 1), (at % (other.length + 1)) + len * 4)
    return s.slice(0, i) + paste + s.slice(i + len)
  }, code)
export const mutated = fc.tuple(escape, fc.array(edit, { minLength: 1, maxLength: 5 })).map(([c, e]) => mutate(c, e))

/** Fragments that never finish on their own: only the runtime's timeout (or the stack limit) ends them. */
export const NON_TERMINATING = [
  "while (true) {}",
  "for (;;) { try { throw 1 } catch {} }",
  "for (;;) { try { continue } finally { } }",
  "let q = 0; do { q++ } while (q > 0 || true);",
  "const spin = () => spin(); spin();",
  "for (;;) { await null }",
  "const loop = async () => { await null; return loop() }; await loop();",
  "[3, 1, 2].sort((a, b) => { for (;;) {} });",
  '"aaa".replace(/a/g, () => { while (true) {} });',
  'JSON.parse("[1, 2]", (k, v) => { for (;;) {} });',
  "await Promise.all([1, 2].map(async () => { for (;;) { await null } }));",
  "let p = Promise.resolve(); for (;;) { p = p.then(() => 0); await p }",
  "while (true) { try { while (true) {} } finally { } }",
  "for (;;) { await tools.echo({}) }",
]
export const nonTerminating = fc.constantFrom(...NON_TERMINATING)

/** A generated program, usually complete, 1 in 40 with a never-ending fragment spliced in. */
export const maybeEndless = fc
  .tuple(
    program({ size: 150 }),
    fc.nat(),
    fc.oneof({ arbitrary: fc.constant(null), weight: 39 }, { arbitrary: nonTerminating, weight: 1 }),
  )
  .map(([p, at, frag]) => ({
    code: frag === null ? p : spliceAt(p, at, `await (async () => {\n${frag}\n})();`),
    endless: frag !== null,
  }))

/** Text for the parsers: random strings, code-alphabet strings, edited generated programs. */
const CODE_ALPHABET = [..."(){}[];.,=+-*/%`'\"\\ \n\t?:!<>&|^~#@0123456789abcxyz_$"]
const WORDS = [
  "await ",
  "return ",
  "const ",
  "let ",
  "function ",
  "=> ",
  "async ",
  "tools.",
  "for (",
  "while (",
  "if (",
  "try {",
  "catch (e) {",
  "new ",
  "class ",
  "yield ",
  "import(",
  "${",
  "*/",
  "/*",
  "//",
  "/a+/g",
]
export const randomText = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.string({ unit: fc.constantFrom(...CODE_ALPHABET), maxLength: 120 }),
  fc.array(fc.constantFrom(...WORDS, ...CODE_ALPHABET), { maxLength: 40 }).map((xs) => xs.join("")),
  fc.string({ unit: "binary", maxLength: 60 }),
)
export const editedProgram = fc
  .tuple(program({ size: 120 }), fc.array(edit, { minLength: 1, maxLength: 4 }))
  .map(([c, e]) => mutate(c, e))

/** The 100,000-input parser mix: valid generated programs, edited ones, random text, mutated escapes. */
export const parserInput = fc.oneof(
  { arbitrary: program({ size: 120 }), weight: 2 },
  { arbitrary: editedProgram, weight: 3 },
  { arbitrary: randomText, weight: 4 },
  { arbitrary: mutated, weight: 1 },
)
