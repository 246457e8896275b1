import { describe, expect, it } from "vitest"
import type { AnyNode, Program } from "acorn"
import { normalize } from "../../src/Frontend.js"
import { acornParse, declaredNamesAtParse } from "../../src/frontend/ast/parse.js"
import { declaresNoVars } from "../../src/frontend/ast/scope.js"
import { eachNode } from "../../src/frontend/ast/walk.js"
import { loadCorpus } from "../../src/corpus/load.js"
import { declaredNames } from "../../src/frontend/dialect-helpers.js"
import { sweepCases } from "./normalize-sweep.js"

/**
 * What the frontend learns while parsing instead of walking the tree: the names a program declares (the dialects'
 * detectors ask about them) and whether the text can declare a `var` or a function at all (the scope lookup walks
 * function bodies for those). Reference: the walks themselves, over every text the frontend produces for the dialect
 * fixtures, the corpus and the bench programs, plus programs aimed at each kind of declaration.
 */
const aimed = [
  "var a = 1, { b, c: [d, ...e] } = {}, [f = 2, , ...g] = []\nreturn a",
  "let { x = 1, ...rest } = {}\nconst [y] = [1]\nfor (const z of [1]) {}\nfor (var w in {}) {}\nreturn x",
  "function f(p, { q }, [r], s = 1, ...t) { var inner = 1; return inner }\nreturn f()",
  "class C { m(u) {} get v() { return 1 } set v(val) {} static { const sb = 1 } }\nreturn new C()",
  "const k = class Named {}\nconst fe = function named(fp) {}\nreturn [k, fe]",
  "const arrow = async ({ a1 }, [a2] = [], ...a3) => a1\nconst one = a4 => a4\nreturn arrow",
  "try { throw 1 } catch ({ message: m1, ...m2 }) { return m1 } finally {}\ntry {} catch (e1) {}\ntry {} catch {}",
  "if (true) function hanging() {}\nlabel: function labelled() {}\nreturn 1",
  "export default async function main(arg) { return arg }",
  "export default class Exported {}",
  "const s = 'var function'\n// var in a comment\nreturn s.variable",
  "const $var = 1, var_ = 2, functional = 3\nreturn $var + var_ + functional",
  "return (function () { return 1 })()",
  "return [1].map(function named(x) { return x })",
]

const texts = (): string[] => {
  const out = new Set<string>(aimed)
  const cases = sweepCases(aimed, [["read"], ["github", "list_issues"]], [undefined])
  const corpus = loadCorpus("corpus")
  for (const c of corpus.cases) cases.push([`corpus ${c.id}`, c.input, {}])
  for (const [, input, options] of cases) {
    const n = normalize(input, options)
    if (n.ok) out.add(n.code)
  }
  return [...out]
}

const parsed = (text: string): Program | undefined => {
  try {
    return acornParse(text, false)
  } catch {
    return undefined
  }
}

describe("facts the frontend's parse collects", () => {
  const all = texts()

  it("declared names equal the dialects' declaredNames walk on every program", () => {
    let withNames = 0
    for (const text of all) {
      const program = parsed(text)
      if (program === undefined) continue
      const atParse = [...(declaredNamesAtParse(program) ?? ["(none collected)"])].sort()
      expect(atParse, text).toEqual([...declaredNames(program as never)].sort())
      if (atParse.length > 0) withNames++
    }
    expect(withNames).toBeGreaterThan(300)
  })

  it("a text without the words var and function parses to a tree without var or function declarations", () => {
    let proven = 0
    let declaring = 0
    for (const text of all) {
      const program = parsed(text)
      if (program === undefined) continue
      let found = false
      eachNode(program as unknown as AnyNode, (node) => {
        if (node.type === "FunctionDeclaration" || (node.type === "VariableDeclaration" && node.kind === "var"))
          found = true
      })
      if (declaresNoVars(text)) {
        expect(found, text).toBe(false)
        proven++
      }
      if (found) declaring++
    }
    // Not vacuous: most programs take the shortcut, and some declare what the shortcut must not miss.
    expect(proven).toBeGreaterThan(300)
    expect(declaring).toBeGreaterThan(5)
  })
})
