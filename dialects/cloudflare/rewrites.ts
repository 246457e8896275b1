import type { Program } from "acorn"
import type { RewriteContext, RewriteRule, ToolPath } from "../../src/frontend/dialect.js"
import { b, isFunction, memberChain, morph, staticProperty, type AnyNode } from "../shared/ast.js"
import { walkRules } from "../../src/frontend/dialect-helpers.js"
import { NEVER_A_TOOL_ROOT } from "../shared/globals.js"
import { canonicalText, toolsMember } from "../shared/names.js"
import { spellingIndex, type Spelled } from "../shared/spelling.js"
import { sanitize, spell } from "./naming.js"
import { openApiRequest, requestNamespaces, servesOpenApi } from "./openapi.js"
import { PACK, packCall, positionalOf, shape } from "./positional.js"

/** `codemode.*` members served by the compat prelude (docs/dialects.md#discovery-helpers), and those with no canonical equivalent (docs/dialects.md#not-repaired). */
const PRELUDE_MEMBERS = new Set(["search", "describe"])
const NO_EQUIVALENT = new Set(["run", "spec", "request"])
/** Host globals whose dotted calls are not providers (their own warnings come from the unsupported-globals table). */
const HOST_GLOBALS = new Set(["crypto", "performance", "process", "Buffer", "Intl", "navigator", "window", "document"])

const resolve = (ctx: RewriteContext, index: (w: string) => Spelled, written: ReadonlyArray<string>): Spelled => {
  for (const w of written) {
    const hit = index(w)
    if (hit.kind !== "none") return hit
  }
  for (const w of written) {
    const path = ctx.resolveName(w)
    if (path !== undefined) return { kind: "path", path }
  }
  return { kind: "none" }
}

const ambiguity = (paths: ReadonlyArray<ToolPath>): string => paths.map(canonicalText).join(", ")

/**
 * Framing (docs/dialects.md#cloudflare): the program is one bare `async () => {…}` (or `async function () {…}`, or a lone named
 * zero-parameter function declaration that Cloudflare's normalizer would call) → its body; an expression body
 * becomes `return expr` (docs/dialects.md#pitfalls: unwrapping `expr` alone would drop the value).
 */
const framing: RewriteRule = {
  id: "cloudflare-unwrap",
  needs: ({ statements }) => statements === 1,
  run: (program, ctx) => {
    if (program.body.length !== 1) return
    const only = program.body[0] as AnyNode
    const fn: AnyNode | undefined =
      only.type === "ExpressionStatement" && isFunction(only.expression)
        ? only.expression
        : only.type === "FunctionDeclaration"
          ? only
          : undefined
    if (fn === undefined || fn.params.length !== 0 || fn.generator) return
    ctx.record("cloudflare-unwrap", only, "bare function program unwrapped to its body")
    const body = fn.body as AnyNode
    ;(program as AnyNode).body = body.type === "BlockStatement" ? body.body : [b.returnStatement(body as never)]
  },
}

/**
 * `codemode.step(name, fn)` (Cloudflare: run a side-effectful or nondeterministic closure once and replay its
 * recorded result on resume) → `(fn)()`: a run here never replays, so "once" is every time. Anything else — no
 * function, extra arguments, a reference to `codemode.step` itself — cannot be carried across and is refused.
 */
const stepCall = (node: AnyNode, parent: AnyNode | undefined, ctx: RewriteContext): void => {
  const call = parent?.type === "CallExpression" && parent.callee === node ? parent : undefined
  const fn = call?.arguments[1] as AnyNode | undefined
  if (call === undefined || call.arguments.length !== 2 || fn === undefined || fn.type === "SpreadElement") {
    ctx.fail(
      "codemode.step(name, fn) needs exactly a name and a function here",
      node,
      "call the function directly: const v = await fn()",
    )
    return
  }
  const name = call.arguments[0] as AnyNode
  if (name.type !== "Literal" && name.type !== "TemplateLiteral" && name.type !== "Identifier") {
    ctx.fail(
      "codemode.step's name must be a plain value here (its side effects would be lost)",
      name,
      "use a string name",
    )
    return
  }
  morph(call, b.callExpression(fn as never, []) as unknown as AnyNode)
  ctx.record("cloudflare-step", call, "codemode.step runs its function once per run (no replay here)")
}

const step: RewriteRule = {
  id: "cloudflare-step",
  // `codemode.step(…)` or `codemode["step"](…)`.
  needs: ({ names, strings }) => names.has("codemode") && (names.has("step") || strings.has("step")),
  run: (program, ctx) => {
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "CallExpression") return
        const member = node.callee as AnyNode
        if (member.type !== "MemberExpression" || member.object.type !== "Identifier") return
        if (member.object.name !== "codemode" || staticProperty(member) !== "step") return
        if (!ctx.isBound("codemode", member, [...visit.ancestors, node])) stepCall(member, node, ctx)
      },
    })
  },
}

/** `codemode.<name>(…)` → `tools.<path>(…)` through the sanitizer reversed; helpers stay for the prelude. */
const codemodeCalls: RewriteRule = {
  id: "cloudflare-codemode",
  needs: ({ names }) => names.has("codemode"),
  run: (program, ctx) => {
    const index = spellingIndex(ctx.tools, spell)
    walkRules(program as AnyNode, {
      types: ["MemberExpression"],
      enter: (visit) => {
        const { node, parent } = visit
        if (node.type !== "MemberExpression" || node.object.type !== "Identifier" || node.object.name !== "codemode")
          return
        if (ctx.isBound("codemode", node, visit.ancestors)) return
        const name = staticProperty(node)
        if (name === undefined || PRELUDE_MEMBERS.has(name)) return
        if (name === "step") {
          // Calls were made canonical by the `cloudflare-step` rule; a bare reference has nothing to stand for.
          ctx.fail("codemode.step is only available as a call here", node, "call the function directly: await fn()")
          return
        }
        if (NO_EQUIVALENT.has(name)) {
          if (name !== "run" && servesOpenApi(ctx.catalog)) return // the OpenAPI shape's prelude (openapi.ts)
          ctx.warn(`codemode.${name} has no equivalent here`, node, "call the tools directly: tools.<ns>.<tool>(input)")
          return
        }
        if (parent?.type === "MemberExpression" && parent.object === node) {
          // `codemode.github.list_issues(…)`: a namespace of the catalog reads as `tools.github…`; else no equivalent.
          if (!ctx.tools.some((p) => p.length > 1 && p[0] === name)) {
            ctx.warn(`codemode.${name}.… (a nested codemode path) has no equivalent`, node, "tools.<ns>.<tool>(input)")
            return
          }
          morph(node, toolsMember([name]))
          ctx.record("cloudflare-codemode", node, `namespace ${name}`)
          return
        }
        const hit = resolve(ctx, index, [`codemode.${name}`, `codemode.${sanitize(name)}`, `tools.${name}`])
        if (hit.kind === "ambiguous") {
          ctx.warn(`codemode.${name} matches several tools: ${ambiguity(hit.paths)}`, node, ambiguity(hit.paths))
          return
        }
        const names = hit.kind === "path" ? positionalOf(ctx.catalog ?? [], hit.path) : undefined
        if (hit.kind === "path" && names !== undefined && parent?.type === "CallExpression" && parent.callee === node) {
          positionalCall(parent, hit.path, names, `codemode.${name}`, ctx)
          return
        }
        const path = hit.kind === "path" ? hit.path : [name]
        const extra = parent?.type === "CallExpression" && parent.callee === node ? parent.arguments.length - 1 : 0
        if (hit.kind === "path" && extra > 0)
          // A Cloudflare codemode tool (`createCodeTool`'s `extractFns`) takes its first argument as the input; the
          // rest never reach it as input. Said in the receipt, not dropped silently.
          ctx.warn(
            `codemode.${name}(…) passes ${extra + 1} arguments, but ${canonicalText(path)} takes one input: the arguments after the first are ignored`,
            parent,
            `${canonicalText(path)}({ … })`,
          )
        morph(node, toolsMember(path))
        ctx.record(
          "cloudflare-codemode",
          node,
          hit.kind === "path" ? canonicalText(path) : "unresolved; left to resolve",
        )
      },
    })
  },
}

/**
 * A call of a tool the host declared positional: its arguments become the one input object (receipt
 * `cloudflare-positional`), or, when only the run can tell the object form from a positional value, they go through
 * the prelude's `$cloudflare.pack`, which packs them then.
 */
const positionalCall = (
  call: AnyNode,
  path: ToolPath,
  names: ReadonlyArray<string>,
  written: string,
  ctx: RewriteContext,
): void => {
  const count = call.arguments.length
  const how = packCall(call, names, written, ctx)
  if (how === "refused") return
  morph(call.callee, toolsMember(path))
  if (how === "runtime") {
    // `tools.state.readJson($cloudflare.pack("state.readJson", p))`: the arguments still evaluate in order.
    const pack = b.memberExpression(b.identifier(PACK[0]), b.identifier(PACK[1]))
    call.arguments = [b.callExpression(pack, [b.literal(canonicalText(path)), ...call.arguments] as never)]
    ctx.record("cloudflare-positional", call, `${written}: arguments packed as ${shape(names)} at run time`)
    return
  }
  ctx.record(
    "cloudflare-positional",
    call,
    how === "packed"
      ? `${canonicalText(path)}: ${count} positional argument${count === 1 ? "" : "s"} packed as ${shape(names)}`
      : `${canonicalText(path)}: one input object, as written`,
  )
}

/** Provider globals `github.list_pull_requests(…)` → `tools.github.list_pull_requests(…)`, only when the catalog confirms. */
const providerCalls: RewriteRule = {
  id: "cloudflare-provider",
  // A call can change only where its root is not bound there and is not a global (the binding check below).
  needs: ({ unboundCallRoots }, { detected }) =>
    detected !== "utcp" &&
    (unboundCallRoots === undefined || [...unboundCallRoots.member].some((root) => !NEVER_A_TOOL_ROOT.has(root))),
  run: (program: Program, ctx) => {
    // In a UTCP program the same `manual.tool(…)` shape is a synchronous call: the `utcp-call` rule owns it (docs/dialects.md#ambiguous-programs).
    if (ctx.detected === "utcp") return
    const index = spellingIndex(ctx.tools, spell)
    let namespaces: Set<string> | undefined
    const served = () => (namespaces ??= requestNamespaces(ctx.tools, ctx.catalog))
    walkRules(program as AnyNode, {
      types: ["CallExpression"],
      enter: (visit) => {
        const { node } = visit
        if (node.type !== "CallExpression" || node.callee.type !== "MemberExpression" || node.optional) return
        const chain = memberChain(node.callee)
        if (chain === undefined || chain.length < 2) return
        const root = chain[0]!
        if (NEVER_A_TOOL_ROOT.has(root) || root === PACK[0]) return
        const written = [chain.join("."), `${root}.${sanitize(chain.slice(1).join("."))}`]
        const hit = resolve(ctx, index, written)
        if (hit.kind === "none" && chain.length === 2 && chain[1] === "request" && served().has(root)) return
        // The binding check (the costly part) only where the answer can change something: a resolved or ambiguous
        // call, or the unresolved-root warning below.
        if (hit.kind === "none" && (ctx.detected !== "cloudflare" || HOST_GLOBALS.has(root))) return
        if (ctx.isBound(root, node, visit.ancestors)) return
        const names = hit.kind === "path" ? positionalOf(ctx.catalog ?? [], hit.path) : undefined
        if (hit.kind === "path" && names !== undefined) {
          positionalCall(node, hit.path, names, chain.join("."), ctx)
          return
        }
        if (hit.kind === "path" && node.arguments.length > 1) {
          // docs/dialects.md#cloudflare: providers forward every positional argument; a tool that takes one input and
          // declares no positional names would lose the rest. Refused, never dropped.
          ctx.fail(
            `${chain.join(".")}(…) passes ${node.arguments.length} positional arguments, but ${canonicalText(hit.path)} takes one input: the arguments after the first would be lost`,
            node,
            `pass one object holding every argument: ${canonicalText(hit.path)}({ … }), or declare the tool positional`,
          )
          return
        }
        if (hit.kind === "path") {
          morph(node.callee, toolsMember(hit.path))
          ctx.record("cloudflare-provider", node.callee, canonicalText(hit.path))
        } else if (hit.kind === "ambiguous") {
          ctx.warn(`${chain.join(".")} matches several tools: ${ambiguity(hit.paths)}`, node, ambiguity(hit.paths))
        } else if (ctx.detected === "cloudflare" && !HOST_GLOBALS.has(root)) {
          // docs/dialects.md#ambiguous-programs: unresolved dotted roots warn only under cloudflare/utcp; the call stays in place.
          ctx.warn(`${chain.join(".")} is not a tool in this catalog`, node, "tools.<ns>.<tool>(input)")
        }
      },
    })
  },
}

export const rewrites: ReadonlyArray<RewriteRule> = [framing, step, codemodeCalls, providerCalls, openApiRequest]
