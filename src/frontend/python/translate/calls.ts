import type { SyntaxNode } from "@lezer/common"
import type { Ctx } from "./context.js"
import { arr, awaitE, call, id, kids, lit, member, newExpr, obj, type N } from "./estree.js"
import { expression, isExpression, moduleOf, node, refuse } from "./expressions.js"
import { comprehension } from "./comprehensions.js"
import { BUILTINS, EXCEPTIONS, MODULES, type Builtin } from "./names.js"
import { defOf, lookup } from "./lookup.js"
import type { ParamSpec } from "./scope.js"
import { dottedChain, namespaceCandidates } from "./namespaces.js"

export interface Args {
  readonly positional: Array<{ readonly node: SyntaxNode; readonly star: boolean }>
  readonly keywords: Array<{ readonly name: string; readonly node: SyntaxNode; readonly at: SyntaxNode }>
  readonly spreads: SyntaxNode[]
  /** `f(x for x in xs)`: the argument list is one generator expression. */
  readonly generator: boolean
}

export const argList = (ctx: Ctx, list: SyntaxNode): Args => {
  const cs = kids(list).filter((c) => c.name !== "(" && c.name !== ")" && c.name !== ",")
  const args: Args = { positional: [], keywords: [], spreads: [], generator: cs.some((c) => c.name === "for") }
  if (args.generator) return args
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!
    if (c.name === "*") args.positional.push({ node: cs[++i]!, star: true })
    else if (c.name === "**") args.spreads.push(cs[++i]!)
    else if (c.name === "VariableName" && cs[i + 1]?.name === "AssignOp") {
      args.keywords.push({ name: ctx.text(c), node: cs[i + 2]!, at: c })
      i += 2
    } else if (isExpression(c)) args.positional.push({ node: c, star: false })
  }
  return args
}

const positionalValues = (ctx: Ctx, a: Args, keep: boolean): N[] =>
  a.positional.map((p) =>
    p.star
      ? { type: "SpreadElement", argument: call("$iter", [expression(ctx, p.node)]) }
      : expression(ctx, p.node, keep),
  )

const kwDict = (ctx: Ctx, a: Args): N =>
  call("$dict", [
    arr([
      ...a.keywords.map((k) => arr([lit(k.name), expression(ctx, k.node)])),
      ...a.spreads.map((s) => ({ type: "SpreadElement", argument: call("$items", [expression(ctx, s)]) })),
    ]),
  ])

/**
 * Arguments bound to a known parameter list at translation time: positionals in order (those past a `*name` go into
 * its array), keywords by name, extra keywords into the `**` dict. `params` uses `*name` for the collecting one.
 */
const bind = (
  ctx: Ctx,
  n: SyntaxNode,
  what: string,
  params: ReadonlyArray<string>,
  kwrest: boolean,
  a: Args,
  keep: boolean,
): N[] => {
  const star = params.findIndex((p) => p.startsWith("*"))
  const slots: Array<N | undefined> = params.map(() => undefined)
  const collected: N[] = []
  let i = 0
  for (const p of a.positional) {
    const value = p.star
      ? { type: "SpreadElement", argument: call("$iter", [expression(ctx, p.node)]) }
      : expression(ctx, p.node, keep)
    if (star >= 0 && i >= star) collected.push(value)
    else if (p.star)
      return refuse(
        ctx,
        p.node,
        `*-unpacking into ${what}'s fixed parameters is not supported`,
        "pass the values one by one",
      )
    else if (i >= params.length)
      return refuse(ctx, p.node, `${what} takes ${params.length} positional arguments`, "remove the extra arguments")
    else slots[i++] = value
  }
  if (star >= 0) slots[star] = arr(collected)
  const extra: N[] = []
  for (const k of a.keywords) {
    const at = params.indexOf(k.name)
    if (at >= 0 && at !== star) {
      if (slots[at] !== undefined)
        return refuse(ctx, k.at, `${what} got multiple values for argument '${k.name}'`, "pass it once")
      slots[at] = expression(ctx, k.node)
    } else if (kwrest) extra.push(arr([lit(k.name), expression(ctx, k.node)]))
    else
      return refuse(
        ctx,
        k.at,
        `${what} got an unexpected keyword argument '${k.name}'`,
        `use one of: ${params.filter((p) => !p.startsWith("*")).join(", ")}`,
      )
  }
  if (a.spreads.length > 0 && !kwrest)
    return refuse(ctx, a.spreads[0]!, `**-unpacking into ${what} is not supported`, "pass keyword arguments by name")
  for (const s of a.spreads) extra.push({ type: "SpreadElement", argument: call("$items", [expression(ctx, s)]) })
  const out: N[] = slots.map((s) => s ?? id("undefined"))
  if (kwrest) out.push(extra.length ? call("$dict", [arr(extra)]) : id("undefined"))
  while (
    out.length > 0 &&
    out[out.length - 1]!.type === "Identifier" &&
    (out[out.length - 1] as unknown as { name: string }).name === "undefined"
  )
    out.pop()
  return out
}

const builtinCall = (ctx: Ctx, n: SyntaxNode, name: string, b: Builtin, a: Args, keep: boolean): N => {
  const args = bind(ctx, n, `${name}()`, b.params, b.kwrest === true, a, keep)
  if ((name === "min" || name === "max") && a.keywords.some((k) => k.name === "default")) {
    while (args.length < 3) args.push(id("undefined"))
    args.push(lit(true))
  }
  if (name === "final_answer")
    ctx.translations.push({
      rule: "python-final-answer",
      from: n.from,
      note: "final_answer(x) ends the program with x as the result",
    })
  return node(ctx, n, call(b.js, args))
}

/** Awaits a promise-valued call unless its position keeps the promise (an argument to gather, an awaited operand). */
const settle = (ctx: Ctx, n: SyntaxNode, value: N, keep: boolean, what: string): N => {
  if (ctx.style === "async" && keep) return value
  ctx.frame.usedAwait = true
  if (ctx.style === "async")
    ctx.translations.push({
      rule: "python-await-inserted",
      from: n.from,
      note: `${what} was not awaited: its result is awaited here`,
    })
  return node(ctx, n, awaitE(value))
}

const toolPath = (path: ReadonlyArray<string>): N => {
  let out = id("tools")
  for (const seg of path) out = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(seg) ? member(out, seg) : member(out, lit(seg))
  return out
}

/** The tool's single input object: keyword arguments by name, positionals through the schema's order. */
const toolInput = (ctx: Ctx, n: SyntaxNode, name: string, a: Args, viaCallTool = false): N => {
  const tool = ctx.tools.get(name)!
  const positional = a.positional.slice(viaCallTool ? 1 : 0)
  const entries: Array<[string, N] | N> = a.spreads.map((s) => ({
    type: "SpreadElement",
    argument: call("$data", [expression(ctx, s)]),
  }))
  if (positional.some((p) => p.star))
    return refuse(
      ctx,
      n,
      "*-unpacking into a tool call is not supported",
      `call ${name}(name=value, …) with keyword arguments`,
    )
  if (positional.length === 1 && viaCallTool && a.keywords.length === 0 && a.spreads.length === 0)
    return call("$data", [expression(ctx, positional[0]!.node)])
  if (positional.length > 0) {
    const params = tool.params
    if (params !== undefined && params.length >= positional.length) {
      positional.forEach((p, i) => entries.push([params[i]!, expression(ctx, p.node)]))
      ctx.translations.push({
        rule: "python-positional-args",
        from: n.from,
        note: `positional arguments of ${name} mapped through the schema's order (${params.slice(0, positional.length).join(", ")})`,
      })
    } else if (positional.length === 1 && a.keywords.length === 0 && a.spreads.length === 0)
      return call("$data", [expression(ctx, positional[0]!.node)])
    else
      return refuse(
        ctx,
        positional[0]!.node,
        `The positional arguments of ${name} cannot be mapped to its input (its schema's order is unknown)`,
        `call ${name}(name=value, …) with keyword arguments`,
      )
  }
  for (const k of a.keywords) entries.push([k.name, expression(ctx, k.node)])
  return call("$data", [obj(entries)])
}

export const toolValue = (ctx: Ctx, n: SyntaxNode, name: string, input: N): N =>
  call(toolPath(ctx.tools.get(name)!.path), [call("$data", [input])])

const toolCall = (ctx: Ctx, n: SyntaxNode, name: string, a: Args, keep: boolean, viaCallTool: boolean): N => {
  const input = toolInput(ctx, n, name, a, viaCallTool)
  const path = ctx.tools.get(name)!.path
  ctx.translations.push({
    rule: "python-tool-call",
    from: n.from,
    note: `${viaCallTool ? `call_tool("${name}", …)` : `${name}(…)`} → tools.${path.join(".")}(input)`,
  })
  return settle(ctx, n, node(ctx, n, call(toolPath(path), [input])), keep, `${name}(…)`)
}

/**
 * The tool a call like `default_api.turn_on_the_lights(…)` names when its root is not defined, imported, a builtin or
 * an exception (namespaces.ts); recorded in the receipt. More than one match is refused with the candidates.
 */
const namespaceTool = (ctx: Ctx, callee: SyntaxNode): string | undefined => {
  const chain = dottedChain(callee, ctx.text)
  if (!chain) return undefined
  const root = chain[0]!
  if (lookup(ctx, root) !== "free" || BUILTINS.has(root) || EXCEPTIONS.has(root)) return undefined
  const found = namespaceCandidates(ctx.tools, chain)
  const written = chain.join(".")
  if (found.length > 1)
    return refuse(
      ctx,
      callee,
      `${written}(…) is ambiguous: ${root} is not defined, and it could name the tools ${found.map((f) => `${f.name} (${f.reading})`).join(", ")}`,
      `call the tool by its own name: ${found.map((f) => `${f.name}(…)`).join(" or ")}`,
    )
  const one = found[0]
  if (!one) return undefined
  ctx.translations.push({
    rule: "python-namespace-call",
    from: callee.from,
    note: `${written}(…): ${root} is not defined in the program; resolved to the tool ${ctx.tools.get(one.name)!.path.join(".")} (${one.reading})`,
  })
  return one.name
}

const defCall = (ctx: Ctx, n: SyntaxNode, callee: N, name: string, spec: ParamSpec, a: Args, keep: boolean): N => {
  const params = [...spec.names, ...(spec.rest !== undefined ? [`*${spec.rest}`] : []), ...spec.kwonly]
  const args = bind(ctx, n, `${name}()`, params, spec.kwrest !== undefined, a, keep)
  const value = node(ctx, n, call(callee, args))
  if (ctx.asyncDefs.has(name) && !spec.async) return settle(ctx, n, value, keep, `${name}(…)`)
  return value
}

/** A call: a tool, a builtin, an exception, a module function, a known `def`, a method, or any callable value. */
export const callExpr = (ctx: Ctx, n: SyntaxNode, keep: boolean): N => {
  const cs = kids(n)
  const calleeNode = cs[0]!
  const listNode = cs.find((c) => c.name === "ArgList")!
  const a = argList(ctx, listNode)
  if (a.generator) {
    const gen = comprehension(ctx, listNode, false)
    return callWithArgs(ctx, n, calleeNode, { positional: [], keywords: [], spreads: [], generator: false }, keep, [
      gen,
    ])
  }
  return callWithArgs(ctx, n, calleeNode, a, keep, undefined)
}

function callWithArgs(
  ctx: Ctx,
  n: SyntaxNode,
  calleeNode: SyntaxNode,
  a: Args,
  keep: boolean,
  pre: N[] | undefined,
): N {
  const simple = (callee: N) => node(ctx, n, call(callee, pre ?? positionalValues(ctx, a, keep)))
  if (calleeNode.name === "VariableName") {
    const name = ctx.text(calleeNode)
    const where = lookup(ctx, name)
    if (where === "local") {
      const callee = expression(ctx, calleeNode)
      const spec = defOf(ctx, name)
      if (spec && !pre) return defCall(ctx, n, callee, name, spec, a, keep)
      if (a.keywords.length || a.spreads.length) return node(ctx, n, call("$callkw", [callee]))
      return simple(callee)
    }
    if (where === "from-import") {
      const [mod, fn] = ctx.fromImports.get(name)!.split(".")
      const m = MODULES.get(mod!)!.get(fn!)!
      if ("constant" in m) return simple(id(m.constant))
      return moduleCall(ctx, n, `${mod}.${fn}`, m, a, keep, pre)
    }
    if (where === "free") {
      if (ctx.tools.has(name) && !pre) return toolCall(ctx, n, name, a, keep, false)
      if (name === "call_tool" && !pre) {
        const first = a.positional[0]
        if (first && first.node.name === "String") {
          const toolName = JSON.parse(JSON.stringify(ctx.text(first.node).slice(1, -1)))
          if (ctx.tools.has(toolName)) return toolCall(ctx, n, toolName, { ...a, positional: a.positional }, keep, true)
        }
        return refuse(
          ctx,
          n,
          "call_tool needs a known tool's name as a string literal",
          'call_tool("<tool name>", {…}) with a name from the catalog',
        )
      }
      const e = EXCEPTIONS.get(name)
      if (e) return node(ctx, n, newExpr(e, pre ?? positionalValues(ctx, a, false)))
      const b = BUILTINS.get(name)
      if (b) {
        if (pre) return node(ctx, n, call(b.js, b.params[0]?.startsWith("*") ? [arr(pre)] : pre))
        return builtinCall(ctx, n, name, b, a, name === "list" || name === "tuple" ? keep : false)
      }
    }
  }
  if (calleeNode.name === "MemberExpression") {
    const mcs = kids(calleeNode)
    if (mcs[1]?.name === ".") {
      const method = ctx.text(mcs[2]!)
      const mod = moduleOf(ctx, mcs[0]!)
      if (mod) {
        const m = MODULES.get(mod)!.get(method)
        if (!m)
          return refuse(
            ctx,
            mcs[2]!,
            `${mod}.${method} is not supported`,
            `use what ${mod} offers here: ${[...MODULES.get(mod)!.keys()].join(", ")}`,
          )
        if ("constant" in m) return node(ctx, n, newExpr(m.constant, pre ?? positionalValues(ctx, a, false)))
        return moduleCall(ctx, n, `${mod}.${method}`, m, a, keep, pre)
      }
      const viaNamespace = pre ? undefined : namespaceTool(ctx, calleeNode)
      if (viaNamespace) return toolCall(ctx, n, viaNamespace, a, keep, false)
      const receiver = expression(ctx, mcs[0]!)
      const args = arr(pre ?? positionalValues(ctx, a, false))
      const kw = a.keywords.length || a.spreads.length ? [kwDict(ctx, a)] : []
      return node(ctx, n, call("$cm", [receiver, lit(method), args, ...kw]))
    }
  }
  if (a.keywords.length || a.spreads.length) return node(ctx, n, call("$callkw", [expression(ctx, calleeNode)]))
  return simple(expression(ctx, calleeNode))
}

const moduleCall = (
  ctx: Ctx,
  n: SyntaxNode,
  name: string,
  m: Builtin,
  a: Args,
  keep: boolean,
  pre: N[] | undefined,
): N => {
  // asyncio.gather's arguments stay promises: that is what runs them at once.
  const keepArgs = name.startsWith("asyncio.")
  if (pre) return node(ctx, n, call(m.js, m.params[0]?.startsWith("*") ? [arr(pre)] : pre))
  const value = node(ctx, n, call(m.js, bind(ctx, n, `${name}()`, m.params, false, a, keepArgs)))
  if (name === "asyncio.run") {
    ctx.frame.usedAwait = true
    return node(ctx, n, awaitE(value))
  }
  if (keepArgs && name !== "asyncio.create_task" && name !== "asyncio.ensure_future")
    return settle(ctx, n, value, keep, `${name}(…)`)
  return value
}
