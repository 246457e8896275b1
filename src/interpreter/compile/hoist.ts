/**
 * Declaration instantiation helpers (§10.2.11 FunctionDeclarationInstantiation, §14.2.3 BlockDeclarationInstantiation):
 * which names a function hoists as `var`, which a block declares lexically, and whether a subtree creates closures
 * (then a block needs its own environment per entry).
 */
import type { Node, Pattern, Statement } from "acorn"
import { childKeys } from "../../syntax/keys.js"

const isFunction = (n: Node): boolean =>
  n.type === "FunctionDeclaration" || n.type === "FunctionExpression" || n.type === "ArrowFunctionExpression"

/** Names bound by a pattern (§8.2.1 BoundNames). */
export const boundNames = (p: Pattern, out: Array<string> = []): Array<string> => {
  switch (p.type) {
    case "Identifier":
      out.push(p.name)
      break
    case "AssignmentPattern":
      boundNames(p.left, out)
      break
    case "RestElement":
      boundNames(p.argument, out)
      break
    case "ArrayPattern":
      for (const el of p.elements) if (el) boundNames(el, out)
      break
    case "ObjectPattern":
      for (const prop of p.properties) boundNames(prop.type === "RestElement" ? prop : prop.value, out)
      break
  }
  return out
}

const isNode = (v: unknown): v is Node =>
  typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string"

/** Calls `f` on each direct child node of `n` until it returns true; returns whether it did. */
const someChild = (n: Node, f: (child: Node) => boolean): boolean => {
  const keys = childKeys(n)
  for (let k = 0; k < keys.length; k++) {
    const v = (n as unknown as Record<string, unknown>)[keys[k]!]
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) if (isNode(v[i]) && f(v[i])) return true
    } else if (isNode(v) && f(v)) return true
  }
  return false
}

/** `var` names declared anywhere in a function body, not crossing nested functions (§8.2.6 VarDeclaredNames). */
export const varNames = (body: ReadonlyArray<Node>): Array<string> => {
  const out: Array<string> = []
  const visit = (n: Node): boolean => {
    if (isFunction(n)) return false
    if (n.type === "VariableDeclaration") {
      const d = n as unknown as { kind: string; declarations: Array<{ id: Pattern; init: Node | null }> }
      for (const decl of d.declarations) {
        if (d.kind === "var") boundNames(decl.id, out)
        if (decl.init) visit(decl.init)
      }
      return false
    }
    someChild(n, visit)
    return false
  }
  for (const n of body) if (isNode(n)) visit(n)
  return out
}

export interface LexicalDecl {
  readonly name: string
  readonly kind: "let" | "const" | "function"
  readonly declEnd: number
  readonly node: Node
}

/** Lexically scoped declarations directly in a statement list (§8.2.4 LexicallyScopedDeclarations). */
export const lexicalDecls = (stmts: ReadonlyArray<Statement | Node>): Array<LexicalDecl> => {
  const out: Array<LexicalDecl> = []
  for (const s of stmts) {
    if (s.type === "VariableDeclaration") {
      const d = s as unknown as { kind: string; declarations: Array<{ id: Pattern; end: number }> }
      if (d.kind === "var") continue
      for (const decl of d.declarations)
        for (const name of boundNames(decl.id))
          out.push({ name, kind: d.kind === "const" ? "const" : "let", declEnd: decl.end, node: s })
    } else if (s.type === "ClassDeclaration") {
      const c = s as unknown as { id: { name: string }; end: number }
      out.push({ name: c.id.name, kind: "let", declEnd: c.end, node: s })
    } else if (s.type === "FunctionDeclaration") {
      const f = s as unknown as { id: { name: string } }
      out.push({ name: f.id.name, kind: "function", declEnd: -1, node: s })
    }
  }
  return out
}

/**
 * Statement-level answers of `containsClosure`. Only nodes that own a scope are cached (blocks, loops, catch): they
 * are what the compiler asks about, nested ones are asked again after their parent, and caching every node cost a
 * WeakMap entry per AST node on each cold compile (~9% of a fresh-program run, before this table).
 */
const closureCache = new WeakMap<Node, boolean>()
const CACHED = new Set(["BlockStatement", "ForStatement", "ForInStatement", "ForOfStatement", "CatchClause"])

/** Whether a subtree creates a closure (function or arrow). */
export const containsClosure = (n: Node | null | undefined): boolean => {
  if (!n || typeof n !== "object") return false
  if (isFunction(n)) return true
  const cache = CACHED.has(n.type)
  if (cache) {
    const hit = closureCache.get(n)
    if (hit !== undefined) return hit
  }
  const found = someChild(n, containsClosure)
  if (cache) closureCache.set(n, found)
  return found
}

/** Whether any statement of a list creates a closure. */
export const listContainsClosure = (stmts: ReadonlyArray<Node>): boolean => stmts.some(containsClosure)
