import { readdirSync, readFileSync, statSync } from "node:fs"
import { join } from "node:path"
import * as acorn from "acorn"
import type { AnyNode as Node } from "acorn"
import { describe, expect, it } from "vitest"
import { acornOptions, stripTypeScript } from "../../src/syntax/parse.js"
import { eachNode } from "../../src/frontend/ast/walk.js"

/**
 * V8 allocates a function literal assigned straight to a property (`obj.f = () => …`) in the old generation: it
 * guesses a method that lives long. In code that runs per `normalize` call such a closure is garbage after the call,
 * but its context (and whatever the context holds: a parsed tree) survives every young collection until the next full
 * one; `state.willChange = () => {…}` holding the parsed program made a loop of `normalize` spend about half its
 * CPU collecting trees kept that way (docs/performance-design.md). The frontend and the dialects bind such a closure to a
 * name first. This scan finds the pattern in their sources.
 */
const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return name.endsWith(".ts") && !name.endsWith(".d.ts") ? [path] : []
  })

/** A member target (`.x` or `]`), `=`, then what a function literal can start with (`(`, `<T>(`, `function`, `x =>`). */
const CANDIDATE = /(?:\.\s*[\w$]+|\])\s*=\s*(?:async\s*)?(?:<[^=;]*>\s*)?(?:\(|function\b|[\w$]+\s*=>)/

const FUNCTIONS = new Set(["ArrowFunctionExpression", "FunctionExpression"])

/** `line:column` of every assignment of a function literal to a member expression in `code` (TypeScript). */
const propertyClosures = (code: string): string[] => {
  const program = acorn.parse(stripTypeScript(code), { ...acornOptions, sourceType: "module", locations: true })
  const out: string[] = []
  eachNode(program as unknown as Node, (node) => {
    if (node.type !== "AssignmentExpression" || node.left.type !== "MemberExpression") return
    if (FUNCTIONS.has(node.right.type)) out.push(`${node.loc!.start.line}:${node.loc!.start.column}`)
  })
  return out
}

describe("per-call closures are not assigned straight to a property", () => {
  it("finds the pattern it looks for, and not a closure bound to a name first", () => {
    expect(propertyClosures("const s = { f: () => 1 }\ns.f = () => 2\ns.g = function () {}")).toEqual(["2:0", "3:0"])
    expect(propertyClosures("const f = () => 2\ns.f = f\nconst o = { g: () => 1 }")).toEqual([])
    for (const code of [
      "s.f = () => 2",
      "s[k] = async (x) => x",
      "s.g =\n  function () {}",
      "s.h = <T>(x: T) => x",
      "s.i = x => x",
    ])
      expect(CANDIDATE.test(code), code).toBe(true)
  })

  it("holds in the frontend and the dialects", () => {
    const found: string[] = []
    for (const file of [...sources("src/frontend"), ...sources("dialects")]) {
      const code = readFileSync(file, "utf8")
      // Only files with a member assignment that could start a function literal are parsed (most have none).
      if (!CANDIDATE.test(code)) continue
      for (const at of propertyClosures(code)) found.push(`${file}:${at}`)
    }
    expect(found).toEqual([])
  })
})
