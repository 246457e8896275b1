import type { RewriteContext, RewriteRule } from "../../src/frontend/dialect.js"
import { b, isFunction, memberChain, morph, type AnyNode } from "../shared/ast.js"
import { declaredNames, walkRules, type Visit } from "../../src/frontend/dialect-helpers.js"
import { NEVER_A_TOOL_ROOT } from "../shared/globals.js"
import { RUNTIME_UNSUPPORTED } from "../../src/frontend/unsupported.js"
import { canonicalText, toolsMember } from "../shared/names.js"
import { hasPath, spellingIndex } from "../shared/spelling.js"
import { sanitizePart, spell } from "./naming.js"

/** Array methods whose synchronous callback can become `async` under `await Promise.all(xs.map(…))` (docs/dialects.md#utcp note). */
const MAPPERS = new Set(["map", "forEach", "flatMap"])

interface Site {
  readonly call: AnyNode
  readonly ancestors: ReadonlyArray<AnyNode>
  readonly path: ReadonlyArray<string>
}

/** A shallow copy under a fresh identity, so the original object can be morphed into its wrapper. */
const copy = (node: AnyNode): AnyNode => ({ ...node }) as AnyNode

/** Wraps `node` in place: it becomes `await <old node>`. */
const awaitInPlace = (node: AnyNode): void => morph(node, b.awaitExpression(copy(node) as never) as unknown as AnyNode)

/** The mapper call a sync callback is the first argument of (`xs.map(fn)`), or undefined. */
const mapperOf = (fn: AnyNode, parent: AnyNode | undefined): AnyNode | undefined => {
  if (parent?.type !== "CallExpression" || parent.arguments[0] !== fn) return undefined
  const callee = parent.callee
  if (callee.type !== "MemberExpression" || callee.computed || !MAPPERS.has(callee.property.name)) return undefined
  return parent
}

/** `Promise.all(xs.map(cb))` and friends: the combinator already awaits what the callback returns. */
const inCombinator = (call: AnyNode | undefined, mapper: AnyNode): boolean => {
  if (call?.type !== "CallExpression" || !call.arguments.includes(mapper)) return false
  const chain = memberChain(call.callee)
  return chain?.length === 2 && chain[0] === "Promise" && ["all", "allSettled", "race", "any"].includes(chain[1]!)
}

interface Step {
  readonly fn: AnyNode
  readonly mapper: AnyNode
  /** False when the mapper already feeds a Promise combinator: the callback only becomes async. */
  readonly lift: boolean
}

/**
 * The functions between a node and the program that must become async, each with the mapper call to lift into
 * `await Promise.all(…)`; undefined when some enclosing function cannot (a named helper, a `filter`/`reduce`
 * callback…), because `await` there would not parse or would change the result.
 */
const plan = (ancestors: ReadonlyArray<AnyNode>): Step[] | undefined => {
  const steps: Step[] = []
  for (let i = ancestors.length - 1; i >= 0; i--) {
    const fn = ancestors[i]!
    if (!isFunction(fn)) continue
    if (fn.async) return steps
    const mapper = mapperOf(fn, ancestors[i - 1])
    if (mapper === undefined || fn.generator) return undefined
    if (inCombinator(ancestors[i - 2], mapper)) return [...steps, { fn, mapper, lift: false }]
    steps.push({ fn, mapper, lift: true })
    // The lifted `await Promise.all(…)` sits where the mapper call was: continue from there.
    i = i - 1
  }
  return steps
}

/**
 * A compound update (`total += …`, `n++`) of a variable the callback does not declare: once callbacks interleave at
 * `await`, such read-modify-write updates can lose writes (UTCP ran them one after another).
 */
const sharedWrite = (fn: AnyNode): { name: string; node: AnyNode } | undefined => {
  const own = declaredNames(fn)
  let found: { name: string; node: AnyNode } | undefined
  walkRules(fn.body, {
    types: ["AssignmentExpression", "UpdateExpression"],
    enter: ({ node }) => {
      const target =
        node.type === "AssignmentExpression" && node.operator !== "="
          ? node.left
          : node.type === "UpdateExpression"
            ? node.argument
            : undefined
      if (found === undefined && target?.type === "Identifier" && !own.has(target.name))
        found = { name: target.name, node }
    },
  })
  return found
}

/** `xs.map(fn)` → `await Promise.all(xs.map(fn))`; `forEach` maps too; `flatMap` → `(await Promise.all(…)).flat()`. */
const lift = (mapper: AnyNode): void => {
  const method: string = mapper.callee.property.name
  const mapped = copy(mapper)
  mapped.callee = { ...mapped.callee, property: b.identifier("map") }
  const all = b.awaitExpression(
    b.callExpression(b.memberExpression(b.identifier("Promise"), b.identifier("all")), [mapped as never]),
  )
  const lifted = method === "flatMap" ? b.callExpression(b.memberExpression(all, b.identifier("flat")), []) : all
  morph(mapper, lifted as unknown as AnyNode)
}

const resolveSite = (
  ctx: RewriteContext,
  index: (w: string) => ReturnType<ReturnType<typeof spellingIndex>>,
  call: AnyNode,
  at: Visit,
) => {
  const chain = call.callee.type === "Identifier" ? [call.callee.name as string] : memberChain(call.callee)
  if (chain === undefined || chain.length > 6) return undefined
  const root = chain[0]!
  // Under UTCP every tool call is synchronous, including ones another dialect's rule already made canonical.
  if (root === "tools" && ctx.detected === "utcp" && !ctx.isBound("tools", call, at.ancestors)) {
    const path = chain.slice(1)
    return hasPath(ctx.tools, path) ? { written: chain.join("."), hit: { kind: "path", path } as const } : undefined
  }
  if (NEVER_A_TOOL_ROOT.has(root) || root.startsWith("__")) return undefined
  // A bare `tool(…)` is shared with Pi's bare-call repair (docs/dialects.md#tool-paths): claimed here only for UTCP programs.
  if (chain.length === 1 && ctx.detected !== "utcp") return undefined
  const written = chain.length === 1 ? chain[0]! : `${root}.${chain.slice(1).map(sanitizePart).join("_")}`
  let hit: ReturnType<typeof index> = index(written)
  // Dotted chains may also be a host's other spelling; bare identifiers need the exact UTCP spelling (docs/dialects.md#ambiguous-programs).
  if (hit.kind === "none" && chain.length > 1) {
    const path = ctx.resolveName(written)
    if (path !== undefined) hit = { kind: "path", path }
  }
  // An unresolved call outside a UTCP program changes nothing (the caller only warns under UTCP): the binding check,
  // the costly part, is made only where the answer matters.
  if (hit.kind === "none" && ctx.detected !== "utcp") return undefined
  if (ctx.isBound(root, call, at.ancestors)) return undefined
  return { written, hit }
}

/**
 * UTCP calls `manual.tool(args)` synchronously (docs/dialects.md#utcp). Each catalog-confirmed call becomes
 * `await tools.<path>(args)`; inside a synchronous `xs.map(cb)` the callback becomes async and the map is lifted into
 * `await Promise.all(…)` (repeated outwards for nested maps). Where that cannot be done, the call is still rewritten
 * but left un-awaited, with a warning. Innermost calls are processed first.
 */
const calls: RewriteRule = {
  id: "utcp-call",
  // `resolveSite` gives a site only for a root not bound at the call: `tools` under UTCP, else a root that is no
  // global (a bare call only under UTCP).
  needs: ({ unboundCallRoots }, { detected }) => {
    if (unboundCallRoots === undefined) return true
    const site = (root: string, bare: boolean) =>
      (root === "tools" && detected === "utcp") ||
      (!NEVER_A_TOOL_ROOT.has(root) && !root.startsWith("__") && (!bare || detected === "utcp"))
    return (
      [...unboundCallRoots.member].some((root) => site(root, false)) ||
      [...unboundCallRoots.bare].some((root) => site(root, true))
    )
  },
  run: (program, ctx) => {
    const index = spellingIndex(ctx.tools, spell)
    const sites: Site[] = []
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      leave: (visit) => {
        const node = visit.node
        if (node.type !== "CallExpression" || node.optional) return
        const found = resolveSite(ctx, index, node, visit)
        if (found === undefined) return
        if (found.hit.kind === "ambiguous") {
          const list = found.hit.paths.map(canonicalText).join(", ")
          ctx.warn(`${found.written}(…) matches several tools: ${list}`, node, list)
        } else if (found.hit.kind === "path")
          sites.push({ call: node, ancestors: visit.ancestors, path: found.hit.path })
        else if (
          ctx.detected === "utcp" &&
          node.callee.type === "MemberExpression" &&
          // another environment's global is warned about as unavailable (the globals stage), not as a missing tool
          !Object.hasOwn(RUNTIME_UNSUPPORTED, found.written.split(".")[0]!)
        )
          ctx.warn(`${found.written}(…) is not a tool in this catalog`, node, "tools.<manual>.<tool>(args)")
      },
    })
    for (const site of sites) {
      // A call another rule (or the model) already wrote canonically only needs the synchronous-value repair below.
      const canonical = site.call.callee.type === "MemberExpression" && memberChain(site.call.callee)?.[0] === "tools"
      if (!canonical) {
        morph(site.call.callee, toolsMember(site.path))
        ctx.record("utcp-call", site.call, canonicalText(site.path))
      }
      const parent = site.ancestors[site.ancestors.length - 1]
      if (parent?.type === "AwaitExpression") continue
      const steps = plan(site.ancestors)
      if (steps === undefined) {
        if (!canonical)
          ctx.warn(
            "a synchronous UTCP call inside a non-async function now returns a promise",
            site.call,
            "make the function async and await the call (or use Promise.all with an async callback)",
          )
        continue
      }
      // Canonical calls outside synchronous mappers are the `await` stage's business (docs/dialects.md#missing-await).
      if (canonical && !steps.some((s) => s.lift)) continue
      awaitInPlace(site.call)
      for (const step of steps) {
        const shared = sharedWrite(step.fn)
        if (shared !== undefined && step.lift)
          ctx.warn(
            `callbacks lifted into Promise.all run concurrently: the update of "${shared.name}" may lose writes`,
            shared.node,
            "collect the results with map and combine them after the await (or use a for…of loop)",
          )
        step.fn.async = true
        if (step.lift) lift(step.mapper)
        ctx.record(
          "utcp-async-callback",
          step.mapper,
          step.lift
            ? "callback made async; map lifted into await Promise.all"
            : "callback made async (already under a Promise combinator)",
        )
      }
    }
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [calls]
