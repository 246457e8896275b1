import type { Node } from "acorn"
import type { types } from "recast"
import {
  builders,
  childKeys,
  declaredNamesAtParse,
  isFunction as frontendIsFunction,
  patternNames,
  sideTable,
  walk as fastWalk,
} from "../../src/frontend/dialect-helpers.js"

/**
 * AST helpers shared by the six foreign dialects (cloudflare, vercel, tanstack, deepseek, codex, utcp). The walk
 * differs from the frontend's (src/frontend/ast/walk.ts): it hands each visit its parent slot and a `replace`.
 */

// Loose ESTree node: acorn's types are exact per node, rules inspect shapes generically.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyNode = Node & Record<string, any>

// Annotated so the emitted declaration names recast (a dependency), not its own dependency ast-types. recast loads
// on the first node built (src/frontend/ast/recast.ts).
export const b: typeof types.builders = builders

export interface Visit {
  readonly node: AnyNode
  readonly parent: AnyNode | undefined
  readonly key: string | undefined
  readonly index: number | undefined
  /** Outermost first, excluding `node`. */
  readonly ancestors: ReadonlyArray<AnyNode>
  /** Puts `replacement` where `node` was in its parent. */
  readonly replace: (replacement: AnyNode) => void
}

const isNode = (value: unknown): value is AnyNode =>
  typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string"

/**
 * One visit; the ancestor copy is taken when a rule reads it (during its callback), not for every node, and the
 * `replace` closure is made only when a rule asks for it. `current` is what the walk continues with.
 */
class Step implements Visit {
  current: AnyNode
  constructor(
    readonly node: AnyNode,
    readonly parent: AnyNode | undefined,
    readonly key: string | undefined,
    readonly index: number | undefined,
    private readonly stack: AnyNode[],
  ) {
    this.current = node
  }
  get ancestors(): ReadonlyArray<AnyNode> {
    return this.stack.slice()
  }
  get replace(): (replacement: AnyNode) => void {
    return (replacement) => {
      const { parent, key, index } = this
      if (parent === undefined || key === undefined) throw new Error("cannot replace the root")
      if (index === undefined) parent[key] = replacement
      else parent[key][index] = replacement
      this.current = replacement
    }
  }
}

/**
 * Depth-first walk. `leave` runs after the children, so a rule that rewrites in `leave` sees rewritten children
 * (UTCP's await insertion relies on this). Children are read after `enter`, so a replacement is walked. Children
 * come from the frontend's per-type key table (src/syntax/keys.ts), in acorn's order. With `types`, `enter` and
 * `leave` are called only for nodes of those types (a rule whose visit starts with `if (node.type !== …) return`
 * says so here, and the other nodes cost no visit object).
 */
export const walk = (
  root: AnyNode,
  visitor: {
    enter?: (visit: Visit) => void
    leave?: (visit: Visit) => void
    readonly types?: ReadonlyArray<string>
  },
): void => {
  const ancestors: AnyNode[] = []
  const { enter, leave } = visitor
  const types = visitor.types === undefined ? undefined : new Set(visitor.types)
  const visit = (node: AnyNode, parent: AnyNode | undefined, key: string | undefined, index: number | undefined) => {
    let current = node
    if (enter !== undefined && (types === undefined || types.has(node.type))) {
      const step = new Step(node, parent, key, index, ancestors)
      enter(step)
      current = step.current
    }
    ancestors.push(current)
    const keys = childKeys(current)
    for (let k = 0; k < keys.length; k++) {
      const childKey = keys[k]!
      const child = current[childKey]
      if (child === null || typeof child !== "object") continue
      if (Array.isArray(child)) {
        for (let i = 0; i < child.length; i++) if (isNode(child[i])) visit(child[i], current, childKey, i)
      } else if (typeof child.type === "string") visit(child, current, childKey, undefined)
    }
    ancestors.pop()
    if (leave !== undefined && (types === undefined || types.has(current.type)))
      leave(new Step(current, parent, key, index, ancestors))
  }
  visit(root, undefined, undefined, undefined)
}

export const isIdentifier = (node: unknown, name?: string): node is AnyNode =>
  isNode(node) && node.type === "Identifier" && (name === undefined || node.name === name)

/** The property name of a non-computed `a.b` or a literal `a["b"]`, else undefined. */
export const staticProperty = (member: AnyNode): string | undefined => {
  if (member.type !== "MemberExpression") return undefined
  if (!member.computed && member.property.type === "Identifier") return member.property.name
  if (member.computed && member.property.type === "Literal" && typeof member.property.value === "string")
    return member.property.value
  return undefined
}

/** `a.b.c` (static members only) as ["a", "b", "c"], else undefined. */
export const memberChain = (node: AnyNode): string[] | undefined => {
  if (node.type === "Identifier") return [node.name]
  if (node.type !== "MemberExpression") return undefined
  const property = staticProperty(node)
  if (property === undefined) return undefined
  const head = memberChain(node.object)
  return head === undefined ? undefined : [...head, property]
}

/** Replaces every own key of `target` with those of `source` (keeps `loc` for the receipt and object identity). */
export const morph = (target: AnyNode, source: AnyNode): void => {
  const loc = target.loc
  const start = target.start
  const end = target.end
  for (const key of Object.keys(target)) if (key !== "original") delete target[key]
  Object.assign(target, source, { loc, start, end })
}

/** The frontend's test (src/frontend/ast/scope.ts), typed for the loose nodes the dialect rules inspect. */
export const isFunction = (node: AnyNode): boolean => frontendIsFunction(node as never)

/**
 * `declaredNames` of a whole program for the dialects' detectors: detection is pure (src/frontend/ast/detect.ts), so
 * the six detectors share one walk per parsed program instead of each walking it again, and a program the frontend
 * parsed is not walked at all (its parser collected the same names). Read-only for callers.
 */
const declaredCache = sideTable<ReadonlySet<string>>("declared names")
export const programDeclaredNames = (program: AnyNode): ReadonlySet<string> => {
  let names = declaredCache.get(program) ?? declaredNamesAtParse(program as never)
  if (names === undefined) declaredCache.set(program, (names = declaredNames(program)))
  return names
}

/**
 * `programDeclaredNames(program).has(name)`, walking the program only on the first question: most programs give a
 * detector no candidate name to ask about, and then the declared-names walk is never made.
 */
export const declaredLookup = (program: AnyNode): { readonly has: (name: string) => boolean } => {
  let names: ReadonlySet<string> | undefined
  return { has: (name) => (names ??= programDeclaredNames(program)).has(name) }
}

/** Every name declared anywhere in the program (detection is scope-free by design: it only gathers evidence). */
export const declaredNames = (program: AnyNode): Set<string> => {
  const names = new Set<string>()
  const addPattern = (p: AnyNode | null | undefined): void => patternNames(p as never, names)
  // The frontend's walk: no per-node visit objects (this runs on every program, for every detector).
  fastWalk(program as never, {
    enter: (n) => {
      const node = n as AnyNode
      if (node.type === "VariableDeclarator") addPattern(node.id)
      if ((node.type === "FunctionDeclaration" || node.type === "ClassDeclaration") && node.id) names.add(node.id.name)
      if (isFunction(node)) node.params.forEach(addPattern)
      if (node.type === "CatchClause") addPattern(node.param)
    },
  })
  return names
}

/** A node's start as a `Position` (line from 1, column from 0, offset). */
export const positionOf = (node: AnyNode) =>
  node.loc ? { line: node.loc.start.line, column: node.loc.start.column, offset: node.start as number } : undefined
