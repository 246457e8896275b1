import type { AnyNode as Node, Node as BaseNode } from "acorn"
import { declaredNamesAtParse } from "./parse.js"
import { isFunction, patternNames } from "./scope.js"
import { sideTable } from "./side-table.js"
import { walk } from "./walk.js"

/** Every name declared anywhere in the program (detection is scope-free by design: it only gathers evidence). */
export const declaredNames = (program: BaseNode): Set<string> => {
  const names = new Set<string>()
  const addPattern = (p: Node | null | undefined): void => patternNames(p as never, names)
  // The plain walk: no per-node visit objects (this runs on every program, for every detector).
  walk(program as Node, {
    enter: (n) => {
      const node = n as Node & Record<string, never>
      if (node.type === "VariableDeclarator") addPattern(node.id)
      if ((node.type === "FunctionDeclaration" || node.type === "ClassDeclaration") && node.id) names.add(node.id.name)
      if (isFunction(node)) (node as unknown as { params: Node[] }).params.forEach(addPattern)
      if (node.type === "CatchClause") addPattern(node.param)
    },
  })
  return names
}

/**
 * `declaredNames` of a whole program for the dialects' detectors: detection is pure (detect.ts), so the six
 * detectors share one walk per parsed program, and a program the frontend parsed is not walked at all (its parser
 * collected the same names). Read-only for callers.
 */
const declaredCache = sideTable<ReadonlySet<string>>("declared names")
export const programDeclaredNames = (program: BaseNode): ReadonlySet<string> => {
  let names = declaredCache.get(program) ?? declaredNamesAtParse(program as never)
  if (names === undefined) declaredCache.set(program, (names = declaredNames(program)))
  return names
}

/**
 * `programDeclaredNames(program).has(name)`, walking the program only on the first question: most programs give a
 * detector no candidate name to ask about, and then the declared-names walk is never made.
 */
export const declaredLookup = (program: BaseNode): { readonly has: (name: string) => boolean } => {
  let names: ReadonlySet<string> | undefined
  return { has: (name) => (names ??= programDeclaredNames(program)).has(name) }
}
