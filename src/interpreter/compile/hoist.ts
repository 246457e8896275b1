/**
 * Declaration instantiation helpers (§10.2.11 FunctionDeclarationInstantiation, §14.2.3 BlockDeclarationInstantiation):
 * which names a function hoists as `var`, which a block declares lexically, and whether a subtree creates closures
 * (then a block needs its own environment per entry).
 */
import type { Node, Pattern, Statement } from "acorn"

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

/** `var` names declared anywhere in a function body, not crossing nested functions (§8.2.6 VarDeclaredNames). */
export const varNames = (body: ReadonlyArray<Node>): Array<string> => {
  const out: Array<string> = []
  const visit = (n: Node | null | undefined): void => {
    if (!n || typeof n !== "object" || isFunction(n)) return
    if (n.type === "VariableDeclaration") {
      const d = n as unknown as { kind: string; declarations: Array<{ id: Pattern; init: Node | null }> }
      for (const decl of d.declarations) {
        if (d.kind === "var") boundNames(decl.id, out)
        visit(decl.init)
      }
      return
    }
    for (const key of Object.keys(n)) {
      if (key === "loc" || key === "type") continue
      const v = (n as unknown as Record<string, unknown>)[key]
      if (Array.isArray(v)) for (const x of v) visit(x as Node)
      else if (v && typeof v === "object" && typeof (v as Node).type === "string") visit(v as Node)
    }
  }
  for (const n of body) visit(n)
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
    } else if (s.type === "FunctionDeclaration") {
      const f = s as unknown as { id: { name: string } }
      out.push({ name: f.id.name, kind: "function", declEnd: -1, node: s })
    }
  }
  return out
}

const closureCache = new WeakMap<Node, boolean>()

/** Whether a subtree creates a closure (function or arrow). */
export const containsClosure = (n: Node | null | undefined): boolean => {
  if (!n || typeof n !== "object") return false
  const cached = closureCache.get(n)
  if (cached !== undefined) return cached
  let found = isFunction(n)
  if (!found)
    for (const key of Object.keys(n)) {
      if (key === "loc") continue
      const v = (n as unknown as Record<string, unknown>)[key]
      if (Array.isArray(v)) found = v.some((x) => x && typeof x === "object" && containsClosure(x as Node))
      else if (v && typeof v === "object" && typeof (v as Node).type === "string") found = containsClosure(v as Node)
      if (found) break
    }
  closureCache.set(n, found)
  return found
}
