import type { AnyNode as Node, Pattern } from "acorn"
import { walk } from "./walk.js"
import { sideTable } from "./side-table.js"

const FUNCTIONS = new Set(["FunctionDeclaration", "FunctionExpression", "ArrowFunctionExpression"])
const BLOCKS = new Set([
  "BlockStatement",
  "Program",
  "ForStatement",
  "ForInStatement",
  "ForOfStatement",
  "SwitchStatement",
  "StaticBlock",
])

export const isFunction = (node: Node): boolean => FUNCTIONS.has(node.type)

export const patternNames = (pattern: Pattern | null | undefined, out: Set<string>): void => {
  if (!pattern) return
  switch (pattern.type) {
    case "Identifier":
      out.add(pattern.name)
      return
    case "ObjectPattern":
      for (const p of pattern.properties) patternNames(p.type === "RestElement" ? p : (p.value as Pattern), out)
      return
    case "ArrayPattern":
      for (const e of pattern.elements) patternNames(e, out)
      return
    case "RestElement":
      patternNames(pattern.argument, out)
      return
    case "AssignmentPattern":
      patternNames(pattern.left, out)
      return
    default:
      return
  }
}

/** Names declared by `var` anywhere in a function body (not nested functions): they are function-scoped. */
const varNames = (body: Node, out: Set<string>) => {
  walk(body, {
    enter: (node) => {
      if (node !== body && isFunction(node)) {
        if (node.type === "FunctionDeclaration" && node.id) out.add(node.id.name)
        return false
      }
      if (node.type === "VariableDeclaration" && node.kind === "var")
        for (const d of node.declarations) patternNames(d.id, out)
      return undefined
    },
  })
}

/**
 * Whether `text` cannot declare a `var` or a function (no `var` or `function` word in it): then no scope of its tree
 * has function-scoped names to collect, and the walks of every function body for them are skipped. Keywords cannot be
 * written with escapes, so a tree parsed from such a text holds no `var` declaration and no function declaration.
 */
export const declaresNoVars = (text: string): boolean => !/\bvar\b|\bfunction\b/.test(text)

/** Names a scope node declares for its own body (`noVars`: the tree has no `var` and no function declaration). */
const declaredIn = (scope: Node, noVars: boolean): Set<string> => {
  const out = new Set<string>()
  if (isFunction(scope)) {
    const fn = scope as Node & { params: Pattern[]; body: Node; id?: { name: string } | null }
    for (const p of fn.params) patternNames(p, out)
    if (scope.type === "FunctionExpression" && fn.id) out.add(fn.id.name)
    if (!noVars) varNames(fn.body, out)
    return out
  }
  if (scope.type === "CatchClause") {
    patternNames(scope.param, out)
    return out
  }
  if (scope.type === "Program" && !noVars) varNames(scope, out)
  const statements: Node[] =
    scope.type === "SwitchStatement"
      ? scope.cases.flatMap((c) => c.consequent)
      : scope.type === "ForStatement"
        ? scope.init
          ? [scope.init]
          : []
        : scope.type === "ForInStatement" || scope.type === "ForOfStatement"
          ? [scope.left]
          : ((scope as unknown as { body: Node[] }).body ?? [])
  for (const s of statements) {
    if (s.type === "VariableDeclaration") for (const d of s.declarations) patternNames(d.id, out)
    else if ((s.type === "FunctionDeclaration" || s.type === "ClassDeclaration") && s.id) out.add(s.id.name)
  }
  return out
}

export type Scopes = (name: string, ancestors: ReadonlyArray<Node>) => boolean

/**
 * Binding lookup over the ancestor stack the walker provides: true when `name` is declared in a scope enclosing the
 * node (docs/dialects.md#tool-paths: every rule rooted at `tools` must check bindings, a top-level `const tools` shadows).
 */
export const makeScopes = (noVars = false): Scopes => {
  const cache = new WeakMap<Node, Set<string>>()
  const names = (scope: Node) => {
    let found = cache.get(scope)
    if (!found) cache.set(scope, (found = declaredIn(scope, noVars)))
    return found
  }
  return (name: string, ancestors: ReadonlyArray<Node>): boolean => {
    for (let i = ancestors.length - 1; i >= 0; i--) {
      const node = ancestors[i]!
      if ((BLOCKS.has(node.type) || isFunction(node) || node.type === "CatchClause") && names(node).has(name))
        return true
    }
    return false
  }
}

const shared = sideTable<{ readonly version: number; readonly scopes: Scopes }>("shared scopes")

/**
 * One `makeScopes` cache per program while the tree stays the same: `version` is the run's count of recorded changes
 * (every rule and stage records what it changes), so stages and detectors that look at the same tree share the scope
 * names instead of each computing them again; after a change the next caller starts a fresh cache. `noVars`: the
 * caller knows the tree as it is declares no `var` and no function (`declaresNoVars` of the text it was parsed from).
 */
export const sharedScopes = (program: object, version: number, noVars = false): Scopes => {
  const hit = shared.get(program)
  if (hit !== undefined && hit.version === version) return hit.scopes
  const scopes = makeScopes(noVars)
  shared.set(program, { version, scopes })
  return scopes
}
