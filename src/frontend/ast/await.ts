import type { CallExpression, AnyNode as Node } from "acorn"
import { recast } from "./recast.js"
import type { Stage, State } from "../types.js"
import { isPromiseCombinator, memberRoot, staticChain, staticKey, writtenName } from "./paths.js"
import { isFunction, sharedScopes, type Scopes } from "./scope.js"
import { factsOf, skipped, type FactScan } from "./walk-facts.js"
import type { Dialect } from "../dialect.js"
import { walk, withLoc } from "./walk.js"

type Fn = Node & { async: boolean; body: Node }

/** Dotted callee names that return promises, and the roots of the dotted ones (a member call rooted elsewhere is none). */
type AsyncNames = ReadonlySet<string> & { readonly roots: ReadonlySet<string> }

const asyncNamesOf = new WeakMap<ReadonlyArray<Dialect>, AsyncNames>()

/** Dotted callee names that return promises: tool calls plus what dialects declare (docs/dialects.md#missing-await). */
const asyncNames = (state: State): AsyncNames => {
  let names = asyncNamesOf.get(state.dialects)
  if (names === undefined) {
    const all = new Set(state.dialects.flatMap((d) => d.asyncCalls ?? []))
    names = Object.assign(all, { roots: new Set([...all].map((n) => n.split(".")[0]!)) })
    asyncNamesOf.set(state.dialects, names)
  }
  return names
}

/**
 * Top-level `const` bindings whose value is read from `globalThis`, when the detected system's tools are synchronous
 * (UTCP, `Dialect.synchronousTools`): such a binding may hold a tool reached dynamically, which here returns a promise.
 * `await` of anything else is the value itself, so awaiting their direct calls changes no answer.
 */
const globalReads = (state: State): Set<string> => {
  const out = new Set<string>()
  const dialect = state.dialects.find((d) => d.id === state.detected)
  if (!dialect?.synchronousTools || !state.program) return out
  for (const statement of (state.program as unknown as { body: ReadonlyArray<Node> }).body) {
    if (statement.type !== "VariableDeclaration") continue
    for (const d of statement.declarations) {
      if (d.id.type !== "Identifier" || !d.init) continue
      let reads = false
      walk(d.init as Node, {
        enter: (n) => {
          if (n.type === "Identifier" && n.name === "globalThis") reads = true
          return !reads
        },
      })
      if (reads) out.add(d.id.name)
    }
  }
  return out
}

const calleeName = (call: CallExpression): string | undefined => {
  if (call.callee.type === "Identifier") return call.callee.name
  const chain = staticChain(call.callee)
  return chain ? writtenName(chain) : undefined
}

const parentOf = (ancestors: ReadonlyArray<Node>, up = 1): Node | undefined => ancestors[ancestors.length - up]

/** The value flows out unchanged (`return call`, `x => call`): the consumer awaits it, no `await` needed. */
const inReturnPosition = (call: Node, parent: Node | undefined): boolean =>
  (parent?.type === "ReturnStatement" && parent.argument === call) ||
  (parent?.type === "ArrowFunctionExpression" && parent.body === call)

/** Already consumed: awaited, a member of `Promise.all([...])`, or chained with `.then/.catch/.finally`. */
const consumed = (call: Node, ancestors: ReadonlyArray<Node>): boolean => {
  const parent = parentOf(ancestors)
  if (!parent) return false
  if (parent.type === "AwaitExpression") return true
  if (parent.type === "ArrayExpression" && isPromiseCombinator(parentOf(ancestors, 2) ?? parent)) return true
  if (isPromiseCombinator(parent)) return true
  return (
    parent.type === "MemberExpression" &&
    parent.object === call &&
    ["then", "catch", "finally"].includes(staticKey(parent) ?? "")
  )
}

/**
 * `const a = tools.x(); … await a` / `Promise.all([a, b])`: the program already awaits the binding, so inserting
 * `await` at the declaration would serialize manual concurrency (docs/dialects.md#pitfalls). Such declarations are left alone.
 */
const awaitedLater = (name: string, scope: Node): boolean => {
  let found = false
  walk(scope, {
    enter: (node, ancestors) => {
      if (found) return false
      if (node.type !== "Identifier" || node.name !== name) return undefined
      found = consumed(node, ancestors)
      return undefined
    },
  })
  return found
}

/** `Promise.all(xs.map(x => …))`: the callback's result is a promise the combinator awaits, so it may become async. */
const mapIntoCombinator = (fn: Node, ancestors: ReadonlyArray<Node>, fnIndex: number): boolean => {
  const call = ancestors[fnIndex - 1]
  const outer = ancestors[fnIndex - 2]
  return (
    (fn.type === "ArrowFunctionExpression" || fn.type === "FunctionExpression") &&
    call?.type === "CallExpression" &&
    call.arguments[0] === fn &&
    call.callee.type === "MemberExpression" &&
    staticKey(call.callee) === "map" &&
    outer !== undefined &&
    isPromiseCombinator(outer) &&
    (outer as CallExpression).arguments[0] === call
  )
}

/**
 * A call the stage looks at further (it may insert `await` there): a tool call, a declared async helper or a direct
 * call of a `globalThis` read, not optional, its root not bound, outside `?.` chains, not already consumed and not in
 * return position.
 */
const candidate = (
  node: Node,
  ancestors: ReadonlyArray<Node>,
  names: AsyncNames,
  fromGlobal: ReadonlySet<string>,
  bound: Scopes,
): { readonly name: string; readonly dynamic: boolean; readonly parent: Node | undefined } | undefined => {
  if (node.type !== "CallExpression" || node.optional) return undefined
  if (node.callee.type !== "Identifier") {
    // A member call is a candidate only as a tool call or a dotted async name: its root says so before its name.
    const root = memberRoot(node.callee)
    if (root === undefined || (root !== "tools" && !names.roots.has(root))) return undefined
  }
  const name = calleeName(node)
  if (name === undefined) return undefined
  const root = name.split(".")[0]!
  const isTool = root === "tools" && name !== "tools"
  const dynamic = node.callee.type === "Identifier" && fromGlobal.has(name)
  if (!isTool && !dynamic && !names.has(name)) return undefined
  if ((!dynamic && bound(root, ancestors)) || ancestors.some((a) => a.type === "ChainExpression")) return undefined
  const parent = parentOf(ancestors)
  if (consumed(node, ancestors) || inReturnPosition(node, parent)) return undefined
  return { name, dynamic, parent }
}

/**
 * The stage's candidates counted in the detection walk, without `globalThis` reads (the stage uses the count only
 * when there are none): zero means the stage would change nothing.
 */
export const awaitScan = (state: State, bound: Scopes): FactScan<number> => {
  const names = asyncNames(state)
  const none = new Set<string>()
  let count = 0
  return {
    types: ["CallExpression"],
    enter: (node, _parent, _key, ancestors) => {
      if (candidate(node, ancestors, names, none, bound) !== undefined) count++
    },
    done: () => [],
    result: () => count,
  }
}

/**
 * The `await` stage (docs/dialects.md#missing-await): `await` before un-awaited tool calls and declared async helpers whose value
 * is used. Never inside `Promise.all`-style arrays, `.then` chains, optional calls or locally bound roots. Inside a
 * non-async function it inserts nothing, except in a `Promise.all(xs.map(cb))` callback, which becomes async: the
 * combinator awaits the promises either way, so only there is the change safe.
 */
export const insertAwait: Stage = {
  id: "await",
  kind: "ast",
  run: (state) => {
    if (!state.program) return
    const fromGlobal = globalReads(state)
    if (fromGlobal.size === 0 && factsOf(state)?.awaitCandidates === 0 && skipped("await")) return
    const names = asyncNames(state)
    const bound = sharedScopes(state.program, state.changes.length)
    const replace = new Map<Node, Node>()
    walk(state.program, {
      enter: (node, ancestors) => {
        const site = candidate(node, ancestors, names, fromGlobal, bound)
        if (site === undefined) return undefined
        const { name, dynamic, parent } = site
        let fnIndex = -1
        for (let i = ancestors.length - 1; i >= 0; i--) if (isFunction(ancestors[i]!)) ((fnIndex = i), (i = -1))
        const fn = fnIndex >= 0 ? (ancestors[fnIndex] as Fn) : undefined
        if (fn && !fn.async) {
          if (!mapIntoCombinator(fn, ancestors, fnIndex)) {
            // Its value is a promise where the program reads a result (`JSON.stringify(tools.x())` gives "{}"):
            // awaiting would make the function async and change its callers, so the model is told instead.
            if (parent?.type !== "ExpressionStatement")
              state.warnings.push({
                message: `${name}(…) is not awaited inside a synchronous function, so its value there is a promise; make the function async and await the call`,
                loc: state.locate(node.start),
                replacement: `await ${name}(…)`,
              })
            return undefined
          }
          state.willChange()
          fn.async = true
          state.changes.push({ stage: "await", rule: "async-callback", loc: state.locate(fn.start) })
        }
        if (parent?.type === "VariableDeclarator" && parent.init === node && parent.id.type === "Identifier") {
          const scope = fn?.body ?? state.program!
          if (awaitedLater(parent.id.name, scope)) return undefined
        }
        const awaited = withLoc(recast.types.builders.awaitExpression(node as never), node) as unknown as Node
        state.willChange()
        replace.set(node, awaited)
        const note = dynamic ? `${name} (read from globalThis: UTCP tools are synchronous)` : name
        state.changes.push({ stage: "await", rule: "insert-await", loc: state.locate(node.start), note })
        return undefined
      },
      leave: (node) => replace.get(node),
    })
  },
}
