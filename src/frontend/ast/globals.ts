import type { AnyNode as Node } from "acorn"
import type { NativeGlobal } from "../../interpreter/api.js"
import type { Dialect, DialectId } from "../dialect.js"
import type { Stage, State } from "../types.js"
import { RUNTIME_UNSUPPORTED } from "../unsupported.js"
import { makeScopes, sharedScopes, type Scopes } from "./scope.js"
import { walk } from "./walk.js"
import { makeGlobals } from "../../interpreter/builtins/globals.js"
import { factsOf, skipped, type FactScan } from "./walk-facts.js"

/** The interpreter's own globals: a name it provides is never "not available" (e.g. `structuredClone`). */
let provided: ReadonlySet<string> | undefined
const providedByRuntime = (name: string): boolean => (provided ??= new Set(makeGlobals({}).keys())).has(name)

/** Identifier nodes that name a binding or a property, not a variable reference. */
const notAReference = (node: Node, parent: Node | undefined): boolean => {
  if (!parent) return false
  switch (parent.type) {
    case "MemberExpression":
      return parent.property === node && !parent.computed
    case "Property":
    case "PropertyDefinition":
    case "MethodDefinition":
      return parent.key === node && !parent.computed && (parent as { value?: Node }).value !== node
    case "LabeledStatement":
    case "BreakStatement":
    case "ContinueStatement":
      return true
    case "MetaProperty":
      return true
    default:
      return false
  }
}

const noteFree = (
  free: Map<string, Node>,
  node: Node,
  parent: Node | undefined,
  ancestors: ReadonlyArray<Node>,
  bound: Scopes,
): void => {
  if (node.type !== "Identifier" || free.has(node.name) || notAReference(node, parent)) return
  if (!bound(node.name, ancestors)) free.set(node.name, node)
}

/** Free (unbound) identifier references, first occurrence of each, in source order. */
export const freeNames = (program: Node, bound: Scopes = makeScopes()): Map<string, Node> => {
  const free = new Map<string, Node>()
  walk(program, {
    enter: (node, ancestors) => {
      noteFree(free, node, ancestors[ancestors.length - 1], ancestors, bound)
      return undefined
    },
  })
  return free
}

/** `freeNames` as a visitor of the detection walk (same nodes, same order, same scope cache). */
export const freeNamesScan = (bound: Scopes): FactScan<ReadonlyMap<string, Node>> => {
  const free = new Map<string, Node>()
  return {
    types: ["Identifier"],
    enter: (node, parent, _key, ancestors) => noteFree(free, node, parent, ancestors, bound),
    done: () => [],
    result: () => free,
  }
}

const preludeCache = new WeakMap<object, WeakMap<Dialect, Readonly<Record<string, NativeGlobal>>>>()

const globalsOf = (state: State, dialect: Dialect): Readonly<Record<string, NativeGlobal>> => {
  const key = state.catalog.length > 0 ? state.catalog : state.tools
  let byDialect = preludeCache.get(key)
  if (!byDialect) preludeCache.set(key, (byDialect = new WeakMap()))
  let globals = byDialect.get(dialect)
  if (!globals) byDialect.set(dialect, (globals = dialect.prelude!.globals(state.tools, state.catalog)))
  return globals
}

export interface PreludeChoice {
  readonly globals: Record<string, NativeGlobal>
  readonly preludes: DialectId[]
}

/**
 * Which compat helpers the program gets: a dialect's prelude is included when the program uses one of its names.
 * When two dialects offer a name (Pi and Codex `text`), the detected dialect wins, then one that keeps the canonical
 * failure shape (so a Codex string rejection is never chosen by accident, docs/dialects.md#ambiguous-programs "treat as Pi"), then registry order.
 */
export const choosePreludes = (state: State, free: ReadonlyMap<string, Node>): PreludeChoice => {
  const providers = state.dialects.filter((d) => d.prelude)
  const rank = (d: Dialect) => (d.id === state.detected ? 0 : d.prelude?.toolFailure === undefined ? 1 : 2)
  const globals: Record<string, NativeGlobal> = {}
  const preludes: DialectId[] = []
  for (const name of free.keys()) {
    const offering = providers.filter((d) => Object.hasOwn(globalsOf(state, d), name))
    if (offering.length === 0) continue
    const chosen = [...offering].sort((a, b) => rank(a) - rank(b))[0]!
    globals[name] = globalsOf(state, chosen)[name]!
    if (!preludes.includes(chosen.id)) preludes.push(chosen.id)
  }
  return { globals, preludes }
}

/** The `globals` stage: chooses compat preludes and warns about unsupported globals, leaving the code in place. */
export const globals: Stage = {
  id: "globals",
  kind: "analysis",
  run: (state) => {
    if (!state.program) return
    const known = factsOf(state)?.free
    if (known !== undefined) skipped("globals")
    const free = known ?? freeNames(state.program, sharedScopes(state.program, state.changes.length))
    const choice = choosePreludes(state, free)
    state.preludeChoice = choice
    const toolNames = new Set(state.tools.filter((p) => p.length === 1).map((p) => p[0]!))
    for (const [name, node] of free) {
      if (Object.hasOwn(choice.globals, name) || toolNames.has(name) || providedByRuntime(name)) continue
      const dialect = state.dialects.find((d) => d.unsupportedGlobals && Object.hasOwn(d.unsupportedGlobals, name))
      const advice =
        dialect?.unsupportedGlobals?.[name] ??
        (Object.hasOwn(RUNTIME_UNSUPPORTED, name) ? RUNTIME_UNSUPPORTED[name] : undefined)
      if (advice === undefined) continue
      state.warnings.push({
        message: `${name} is not available here: ${advice}`,
        loc: state.locate(node.start),
        replacement: advice,
      })
    }
  },
}
