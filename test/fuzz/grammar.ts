/** A grammar generator of canonical-subset programs (pure: no tools) and a hostile-fragment injector. */
import fc from "fast-check"
import { buildCorpus } from "../security/corpus.js"

const ident = fc.constantFrom("a", "b", "c")
const leaf = fc.oneof(
  fc.integer({ min: -20, max: 20 }).map(String),
  fc.constantFrom('"x"', '"ab"', "true", "null", "[1, 2, 3]", "({ k: 1 })", "a", "b", "c"),
)
const { expr } = fc.letrec((tie) => ({
  expr: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc
      .tuple(tie("expr"), fc.constantFrom("+", "-", "*", "===", "<", "&&", "||", "??"), tie("expr"))
      .map(([l, o, r]) => `(${l} ${o} ${r})`),
    fc.tuple(tie("expr"), tie("expr"), tie("expr")).map(([c, t, e]) => `(${c} ? ${t} : ${e})`),
    tie("expr").map((e) => `[${e}, ${e}].map((x) => x).length`),
    tie("expr").map((e) => `JSON.stringify(${e})`),
    tie("expr").map((e) => `String(${e}).length`),
    fc.tuple(tie("expr"), tie("expr")).map(([k, v]) => `({ v: ${v}, w: ${k} })`),
  ),
}))

const stmt = fc.oneof(
  fc.tuple(ident, expr).map(([i, e]) => `${i} = ${e};`),
  fc
    .tuple(ident, fc.integer({ min: 0, max: 5 }), expr)
    .map(([i, n, e]) => `for (let j = 0; j < ${n}; j++) { ${i} = ${e}; }`),
  fc.tuple(expr, ident, expr).map(([c, i, e]) => `if (${c}) { ${i} = ${e}; } else { ${i} = null; }`),
  fc.tuple(ident, expr).map(([i, e]) => `try { ${i} = ${e}; } catch (err) { ${i} = "caught"; }`),
)

/** `let a, b, c` then statements, then the result. */
export const program = fc
  .tuple(fc.array(stmt, { maxLength: 5 }), expr)
  .map(([ss, e]) => `let a = 1, b = "s", c = [0]; ${ss.join(" ")} return [a, b, c, ${e}];`)

const corpus = buildCorpus(false)
export const hostile = fc.constantFrom(...corpus.map((p) => p.code))

/** A program with a corpus escape spliced in as a statement (wrapped so its `return` stays local). */
export const injected = fc
  .tuple(program, hostile, fc.nat())
  .map(([p, h]) => p.replace("return [", `await (async () => { ${h} })().catch(() => 0); return [`))

/** Random edits over an escape program: deletions, duplications, insertions of syntax characters. */
export const mutated = fc
  .tuple(
    hostile,
    fc.array(
      fc.tuple(
        fc.nat(),
        fc.nat({ max: 8 }),
        fc.constantFrom("", "(", ")", "{", "}", ".", "[", '"', "`", "await ", ";", "\\"),
      ),
      { maxLength: 4 },
    ),
  )
  .map(([code, edits]) =>
    edits.reduce((s, [at, len, ins]) => {
      const i = at % (s.length + 1)
      return s.slice(0, i) + ins + s.slice(i + len)
    }, code),
  )
