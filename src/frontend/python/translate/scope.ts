import type { SyntaxNode } from "@lezer/common"
import { kids } from "./estree.js"

/** A Python function scope (or the module): the names it binds, as Python decides (assignment makes a local). */
export interface Scope {
  readonly parent: Scope | undefined
  readonly locals: Set<string>
  readonly globals: Set<string>
  readonly nonlocals: Set<string>
  readonly params: Set<string>
  /** Names bound by `def` in this scope: their parameter lists, for keyword arguments resolved at translation. */
  readonly defs: Map<string, ParamSpec>
  readonly isModule: boolean
  temps: number
}

export interface ParamSpec {
  readonly names: ReadonlyArray<string>
  readonly rest: string | undefined
  readonly kwonly: ReadonlyArray<string>
  readonly kwrest: string | undefined
  readonly async: boolean
}

export const newScope = (parent: Scope | undefined, isModule: boolean): Scope => ({
  parent,
  locals: new Set(),
  globals: new Set(),
  nonlocals: new Set(),
  params: new Set(),
  defs: new Map(),
  isModule,
  temps: 0,
})

const TARGET_HOLDERS = new Set(["TupleExpression", "ArrayExpression", "ParenthesizedExpression"])

/**
 * The names a function body (or the module) binds: assignment and augmented-assignment targets, `for` targets,
 * `except … as`, imports, `def`, walrus targets (which bind in the enclosing function even inside a comprehension).
 * Nested functions and lambdas are not entered; comprehension variables are the comprehension's own.
 */
export const collectBindings = (body: SyntaxNode, scope: Scope, text: (n: SyntaxNode) => string): void => {
  const bindTargets = (n: SyntaxNode) => {
    if (n.name === "VariableName") scope.locals.add(text(n))
    else if (TARGET_HOLDERS.has(n.name)) for (const c of kids(n)) bindTargets(c)
  }
  const visit = (n: SyntaxNode): void => {
    switch (n.name) {
      case "FunctionDefinition": {
        const cs = kids(n)
        const name = cs.find((c) => c.name === "VariableName")
        if (name) {
          scope.locals.add(text(name))
          scope.defs.set(
            text(name),
            paramSpec(
              cs.find((c) => c.name === "ParamList"),
              text,
              cs[0]?.name === "async",
            ),
          )
        }
        return
      }
      case "ClassDefinition":
      case "LambdaExpression":
        return
      case "ScopeStatement": {
        const cs = kids(n)
        const set = text(cs[0]!) === "global" ? scope.globals : scope.nonlocals
        for (const c of cs) if (c.name === "VariableName") set.add(text(c))
        return
      }
      case "AssignStatement": {
        const cs = kids(n)
        let last = -1
        cs.forEach((c, i) => {
          if (c.name === "AssignOp") last = i
        })
        for (let i = 0; i < last; i++) if (cs[i]!.name !== "TypeDef") bindTargets(cs[i]!)
        if (last < 0 && cs[0]) bindTargets(cs[0]) // `x: int` annotation only
        for (let i = last + 1; i < cs.length; i++) visit(cs[i]!)
        return
      }
      case "UpdateStatement":
        bindTargets(kids(n)[0]!)
        break
      case "ForStatement": {
        const cs = kids(n)
        const inAt = cs.findIndex((c) => c.name === "in")
        for (let i = 0; i < inAt; i++) bindTargets(cs[i]!)
        break
      }
      case "TryStatement": {
        const cs = kids(n)
        cs.forEach((c, i) => {
          if (c.name === "as" && cs[i + 1]?.name === "VariableName") scope.locals.add(text(cs[i + 1]!))
        })
        break
      }
      case "NamedExpression":
        scope.locals.add(text(kids(n)[0]!))
        break
      case "WithStatement": {
        const cs = kids(n)
        cs.forEach((c, i) => {
          if (c.name === "as" && cs[i + 1]) bindTargets(cs[i + 1]!)
        })
        break
      }
    }
    for (const c of kids(n)) visit(c)
  }
  for (const c of kids(body)) visit(c)
  for (const g of scope.globals) scope.locals.delete(g)
  for (const g of scope.nonlocals) scope.locals.delete(g)
}

/** A `def`'s parameter names by kind (`a, b=1, *args, c, **kw`). */
export const paramSpec = (list: SyntaxNode | undefined, text: (n: SyntaxNode) => string, async: boolean): ParamSpec => {
  const names: string[] = []
  const kwonly: string[] = []
  let rest: string | undefined
  let kwrest: string | undefined
  let star = false
  const cs = list ? kids(list) : []
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!
    if (c.name === "*") {
      star = true
      if (cs[i + 1]?.name === "VariableName") rest = text(cs[++i]!)
    } else if (c.name === "**") {
      if (cs[i + 1]?.name === "VariableName") kwrest = text(cs[++i]!)
    } else if (c.name === "VariableName") {
      const prev = cs[i - 1]
      if (prev?.name === "AssignOp") continue
      ;(star ? kwonly : names).push(text(c))
    }
  }
  return { names, rest, kwonly, kwrest, async }
}
