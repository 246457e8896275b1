import { readdirSync, readFileSync, existsSync } from "node:fs"
import { join } from "node:path"
import * as acorn from "acorn"
import type { AnyNode as Node } from "acorn"
import { describe, expect, it } from "vitest"
import { acornOptions } from "../../src/syntax/parse.js"
import { childKeys, NOT_CHILDREN } from "../../src/syntax/keys.js"
import { children } from "../../src/frontend/ast/walk.js"

/**
 * The walkers read children from a per-type key table (src/syntax/keys.ts) instead of `for…in`. Receipts list
 * changes in visit order, so the table must give exactly the children, in exactly the order, that `for…in` gives on
 * acorn's nodes. Checked on a syntax-rich program and every dialect fixture's output.
 */
const isNode = (v: unknown): v is Node => typeof v === "object" && v !== null && typeof (v as Node).type === "string"

const byForIn = (node: Node): Node[] => {
  const out: Node[] = []
  for (const key in node) {
    if (NOT_CHILDREN.has(key)) continue
    const value = (node as unknown as Record<string, unknown>)[key]
    if (Array.isArray(value)) out.push(...value.filter(isNode))
    else if (isNode(value)) out.push(value)
  }
  return out
}

const SYNTAX = [
  "async function* f(a = 1, { b, c: [d] }, ...r) { for await (const x of y) {} label: for (;;) { break label }",
  "  class A extends B { static #p = 1; static { } get x() { return super.x } m() { new.target } } yield 1 }",
  "x?.y?.(z); a ??= b; `t${1}u${2}`; tag`x${y}`; /re/g; 1n; ({ a, b: [c], ...d } = e)",
  "switch (x) { case 1: f(); default: g() } try { h() } catch { } finally { }",
  "do { } while (0); if (a) b; else c; (a, b); typeof a; a++; -a; a ? b : c; (() => ({})); (function n() {})",
  "var { q = 1 } = r; import('x'); debugger; for (k in o); while (0); [, a, ...b]; let C = class extends D {}",
  "throw e",
].join("\n")

const programs = (): Array<[string, string]> => {
  const out: Array<[string, string]> = [["syntax", SYNTAX]]
  for (const dialect of readdirSync("dialects")) {
    const root = join("dialects", dialect, "fixtures")
    if (!existsSync(root)) continue
    for (const name of readdirSync(root)) {
      const file = join(root, name, "output.js")
      if (existsSync(file)) out.push([`${dialect}/${name}`, readFileSync(file, "utf8")])
    }
  }
  return out
}

describe("child key table", () => {
  it("gives the for…in children in the for…in order for every node", () => {
    let checked = 0
    for (const [name, text] of programs()) {
      let program: Node
      try {
        program = acorn.parse(text, acornOptions) as Node
      } catch {
        continue // a fixture whose output is a diagnostic's input text
      }
      const stack: Node[] = [program]
      while (stack.length > 0) {
        const node = stack.pop()!
        const expected = byForIn(node)
        expect(children(node), `${name}: ${node.type} at ${node.start}`).toEqual(expected)
        stack.push(...expected)
        checked++
      }
    }
    expect(checked).toBeGreaterThan(1000)
  })

  it("falls back to for…in for a type it does not list", () => {
    const odd = { type: "ExoticNode", loc: null, a: { type: "Identifier", name: "x" }, b: [{ type: "Literal" }] }
    expect(childKeys(odd)).toEqual(["a", "b"])
  })
})
