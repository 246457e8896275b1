import type { SyntaxNode } from "@lezer/common"
import type { Ctx } from "./context.js"
import {
  arr,
  assign,
  awaitE,
  binary,
  block,
  call,
  expr,
  fn,
  id,
  kids,
  letDecl,
  lit,
  member,
  newExpr,
  not,
  type N,
} from "./estree.js"
import { expression, fastArith, isExpression, node, operands, paramsOf, refuse, test } from "./expressions.js"
import { lookup } from "./lookup.js"
import { assignTargets } from "./targets.js"
import { collectBindings, newScope } from "./scope.js"
import { EXCEPTIONS, MODULES, TYPE_ONLY_MODULES, jsName } from "./names.js"

const AUGMENTED: Readonly<Record<string, string>> = {
  "+=": "$iadd",
  "-=": "$sub",
  "*=": "$imul",
  "/=": "$truediv",
  "//=": "$floordiv",
  "%=": "$mod",
  "**=": "$pow",
}

/** The statements of a `Body` (or the module). */
export const statements = (ctx: Ctx, body: SyntaxNode): N[] => statementList(ctx, kids(body))

export const statementList = (ctx: Ctx, nodes: ReadonlyArray<SyntaxNode>): N[] => {
  const out: N[] = []
  for (const c of nodes) if (c.name !== ":" && c.name !== "Comment") out.push(...statement(ctx, c))
  return out
}

const bodyOf = (ctx: Ctx, n: SyntaxNode): N => block(statements(ctx, n))

const commaValue = (ctx: Ctx, parts: SyntaxNode[], keep: boolean, at: SyntaxNode): N => {
  const exprs = parts.filter((c) => isExpression(c) || c.name === "*")
  if (exprs.length === 1 && !parts.some((c) => c.name === ",")) return expression(ctx, exprs[0]!, keep)
  const els: N[] = []
  for (let i = 0; i < exprs.length; i++) {
    if (exprs[i]!.name === "*")
      els.push({ type: "SpreadElement", argument: call("$iter", [expression(ctx, exprs[++i]!)]) })
    else els.push(expression(ctx, exprs[i]!, keep))
  }
  return node(ctx, at, call("$tuple", [arr(els)]))
}

export const statement = (ctx: Ctx, n: SyntaxNode): N[] => {
  const cs = kids(n)
  switch (n.name) {
    case "ExpressionStatement":
      return [node(ctx, n, expr(commaValue(ctx, cs, false, n)))]
    case "AssignStatement": {
      const groups: SyntaxNode[][] = [[]]
      for (const c of cs) {
        if (c.name === "AssignOp") groups.push([])
        else if (c.name !== "TypeDef") groups[groups.length - 1]!.push(c)
      }
      if (groups.length === 1) return [] // `x: int` declares nothing at run time
      const value = commaValue(ctx, groups[groups.length - 1]!, true, n)
      const targets = groups.slice(0, -1)
      if (targets.length === 1)
        return assignTargets(
          ctx,
          targets[0]!.filter((c) => c.name !== ","),
          value,
          n,
        )
      const t = ctx.temp()
      const out: N[] = [node(ctx, n, expr(assign(id(t), value)))]
      for (const g of targets)
        out.push(
          ...assignTargets(
            ctx,
            g.filter((c) => c.name !== ","),
            id(t),
            n,
          ),
        )
      return out
    }
    case "UpdateStatement": {
      const target = cs[0]!
      const op = ctx.text(cs[1]!)
      const value = commaValue(ctx, cs.slice(2), false, n)
      const f = AUGMENTED[op] ?? (["|=", "&=", "^=", "<<=", ">>="].includes(op) ? "$bitop" : undefined)
      if (!f) return refuse(ctx, cs[1]!, `The operator ${op} is not supported`, "write the assignment out")
      const apply = (current: N) =>
        f === "$bitop" ? call(f, [current, value, lit(op.slice(0, -1))]) : call(f, [current, value])
      if (target.name === "VariableName") {
        const name = id(jsName(ctx.text(target)))
        const fast = op === "+=" || op === "-=" ? fastArith(op[0]!, expression(ctx, target), value) : undefined
        if (fast) {
          fast.alternate = apply(expression(ctx, target))
          return [node(ctx, n, expr(assign(name, fast)))]
        }
        return [node(ctx, n, expr(assign(name, apply(expression(ctx, target)))))]
      }
      if (target.name === "MemberExpression" && kids(target)[1]?.name === "[") {
        const tcs = kids(target)
        const idx = tcs.slice(2, -1).filter(isExpression)
        if (idx.length !== 1 || tcs.some((c) => c.name === ":"))
          return refuse(ctx, target, "This augmented assignment target is not supported", "write the assignment out")
        const o = ctx.temp()
        const k = ctx.temp()
        return [
          node(ctx, n, expr(assign(id(o), expression(ctx, tcs[0]!)))),
          node(ctx, n, expr(assign(id(k), expression(ctx, idx[0]!)))),
          node(ctx, n, expr(call("$setitem", [id(o), id(k), apply(call("$getitem", [id(o), id(k)]))]))),
        ]
      }
      return refuse(ctx, target, "This augmented assignment target is not supported", "write the assignment out")
    }
    case "PassStatement":
      return []
    case "BreakStatement":
      if (ctx.loopElse)
        return [
          node(ctx, n, expr(assign(id(ctx.loopElse), lit(true)))),
          node(ctx, n, { type: "BreakStatement", label: null }),
        ]
      return [node(ctx, n, { type: "BreakStatement", label: null })]
    case "ContinueStatement":
      return [node(ctx, n, { type: "ContinueStatement", label: null })]
    case "ReturnStatement": {
      const rest = cs.slice(1)
      return [
        node(ctx, n, { type: "ReturnStatement", argument: rest.length ? commaValue(ctx, rest, true, n) : lit(null) }),
      ]
    }
    case "RaiseStatement": {
      const [value] = operands(n)
      if (!value) {
        if (!ctx.caught) return refuse(ctx, n, "A bare raise outside an except block", "raise an exception instance")
        return [node(ctx, n, { type: "ThrowStatement", argument: id(ctx.caught) })]
      }
      return [node(ctx, n, { type: "ThrowStatement", argument: call("$raise", [expression(ctx, value)]) })]
    }
    case "AssertStatement": {
      const [c, msg] = operands(n)
      return [
        node(ctx, n, {
          type: "IfStatement",
          test: not(test(ctx, c!)),
          consequent: {
            type: "ThrowStatement",
            argument: newExpr("$AssertionError", msg ? [expression(ctx, msg)] : []),
          },
          alternate: null,
        }),
      ]
    }
    case "DeleteStatement": {
      const out: N[] = []
      for (const t of operands(n)) {
        if (t.name === "VariableName") out.push(node(ctx, t, expr(assign(id(jsName(ctx.text(t))), id("undefined")))))
        else if (t.name === "MemberExpression" && kids(t)[1]?.name === "[") {
          const tcs = kids(t)
          const idx = tcs.slice(2, -1).filter(isExpression)
          out.push(node(ctx, t, expr(call("$delitem", [expression(ctx, tcs[0]!), expression(ctx, idx[0]!)]))))
        } else return refuse(ctx, t, "This del target is not supported", "del a name or a subscript")
      }
      return out
    }
    case "ScopeStatement":
      return []
    case "ImportStatement":
      return importStatement(ctx, n)
    case "IfStatement":
      return [ifStatement(ctx, n, cs, 0)]
    case "WhileStatement":
      return loop(ctx, n, (body) => ({ type: "WhileStatement", test: test(ctx, cs[1]!), body }))
    case "ForStatement":
      return forStatement(ctx, n)
    case "TryStatement":
      return tryStatement(ctx, n)
    case "FunctionDefinition":
      return [functionDefinition(ctx, n)]
    case "StatementGroup":
      return cs.filter((c) => c.name !== ";").flatMap((c) => statement(ctx, c))
    case "ClassDefinition":
      return refuse(
        ctx,
        n,
        "Classes are not supported in Python programs here",
        "use dicts for records and functions for behaviour",
      )
    case "WithStatement":
      return refuse(
        ctx,
        n,
        "with statements are not supported (there are no files or resources to manage)",
        "call the tools directly",
      )
    case "MatchStatement":
      return refuse(ctx, n, "match statements are not supported", "use if / elif / else")
    case "DecoratedStatement":
      return refuse(ctx, n, "Decorators are not supported", "define a plain function")
    case "YieldStatement":
      return refuse(ctx, n, "Generators (yield) are not supported", "build a list and return it")
    case "PrintStatement":
      return refuse(ctx, n, "Python 2 print statements are not supported", "call print(…)")
    case "TypeDefinition":
      return []
    case "⚠":
      return refuse(ctx, n, "Invalid syntax", "fix the statement")
    default:
      return refuse(
        ctx,
        n,
        `${n.name} is not supported in Python programs here`,
        "rewrite it with the supported subset (docs/python.md)",
      )
  }
}

const ifStatement = (ctx: Ctx, n: SyntaxNode, cs: SyntaxNode[], from: number): N => {
  const condNode = cs[from + 1]!
  const body = cs[from + 2]!
  const next = cs[from + 3]
  let alternate: N | null = null
  if (next?.name === "elif") alternate = ifStatement(ctx, n, cs, from + 3)
  else if (next?.name === "else") alternate = bodyOf(ctx, cs[from + 4]!)
  return node(ctx, n, { type: "IfStatement", test: test(ctx, condNode), consequent: bodyOf(ctx, body), alternate })
}

/** A loop with Python's `else`: a flag set by `break` decides whether the `else` body runs. */
const loop = (ctx: Ctx, n: SyntaxNode, make: (body: N) => N, prologue: N[] = [], before: N[] = []): N[] => {
  const cs = kids(n)
  const bodies = cs.filter((c) => c.name === "Body")
  const hasElse = cs.some((c) => c.name === "else")
  const saved = ctx.loopElse
  ctx.loopElse = hasElse ? ctx.temp() : undefined
  const flag = ctx.loopElse
  let built: N
  try {
    built = make(block([...prologue, ...statements(ctx, bodies[0]!)]))
  } finally {
    ctx.loopElse = saved
  }
  const pre = before.map((b) => node(ctx, n, b))
  if (!flag) return [...pre, node(ctx, n, built)]
  return [
    ...pre,
    node(ctx, n, expr(assign(id(flag), lit(false)))),
    node(ctx, n, built),
    node(ctx, n, { type: "IfStatement", test: not(id(flag)), consequent: bodyOf(ctx, bodies[1]!), alternate: null }),
  ]
}

const forStatement = (ctx: Ctx, n: SyntaxNode): N[] => {
  const cs = kids(n)
  if (cs[0]?.name === "async") return refuse(ctx, n, "async for is not supported", "iterate over a list")
  const inAt = cs.findIndex((c) => c.name === "in")
  const targets = cs.slice(1, inAt).filter((c) => c.name !== ",")
  const iterNode = cs[inAt + 1]!
  const counted = rangeLoop(ctx, n, targets, iterNode)
  if (counted) return counted
  const v = `$v${ctx.temp().slice(2)}`
  const iter = expression(ctx, iterNode)
  const prologue = assignTargets(ctx, targets, id(v), cs[1]!)
  return loop(
    ctx,
    n,
    (body) => ({
      type: "ForOfStatement",
      await: false,
      left: letDecl([v], "const"),
      right: call("$iter", [iter]),
      body,
    }),
    prologue,
  )
}

/**
 * `for i in range(a, b)` (the builtin, one name, no step or a positive literal one) as a counted loop: no list is
 * built. The bounds are evaluated once, as range() does, and must be ints (`$rint`, TypeError otherwise).
 */
const rangeLoop = (ctx: Ctx, n: SyntaxNode, targets: SyntaxNode[], iterNode: SyntaxNode): N[] | undefined => {
  if (targets.length !== 1 || targets[0]!.name !== "VariableName") return undefined
  if (iterNode.name !== "CallExpression" || iterNode.firstChild?.name !== "VariableName") return undefined
  if (ctx.text(iterNode.firstChild) !== "range" || lookup(ctx, "range") !== "free") return undefined
  const list = kids(iterNode).find((c) => c.name === "ArgList")!
  const parts = kids(list).filter((c) => c.name !== "(" && c.name !== ")" && c.name !== ",")
  if (parts.length < 1 || parts.length > 3 || !parts.every(isExpression)) return undefined
  if (parts.length === 3 && !(parts[2]!.name === "Number" && /^[1-9]\d*$/.test(ctx.text(parts[2]!)))) return undefined
  const i = `$i${ctx.temp().slice(2)}`
  const end = ctx.temp()
  const start = parts.length === 1 ? lit(0) : call("$rint", [expression(ctx, parts[0]!)])
  const stop = call("$rint", [expression(ctx, parts[parts.length === 1 ? 0 : 1]!)])
  const step = parts.length === 3 ? Number(ctx.text(parts[2]!)) : 1
  const name = id(jsName(ctx.text(targets[0]!)))
  return loop(
    ctx,
    n,
    (body) => ({
      type: "ForStatement",
      init: {
        type: "VariableDeclaration",
        kind: "let",
        declarations: [{ type: "VariableDeclarator", id: id(i), init: start }],
      },
      test: binary("<", id(i), id(end)),
      update: assign(id(i), lit(step), "+="),
      body,
    }),
    [expr(assign(name, id(i)))],
    [expr(assign(id(end), stop))],
  )
}

const tryStatement = (ctx: Ctx, n: SyntaxNode): N[] => {
  const cs = kids(n)
  const body = bodyOf(ctx, cs[1]!)
  const handlers: Array<{ types: SyntaxNode | undefined; name: string | undefined; body: SyntaxNode }> = []
  let orelse: SyntaxNode | undefined
  let final: SyntaxNode | undefined
  for (let i = 2; i < cs.length; i++) {
    const c = cs[i]!
    if (c.name === "except") {
      let j = i + 1
      let types: SyntaxNode | undefined
      let name: string | undefined
      if (cs[j]?.name !== "Body") types = cs[j++]
      if (cs[j]?.name === "as") {
        name = ctx.text(cs[j + 1]!)
        j += 2
      }
      handlers.push({ types, name, body: cs[j]! })
      i = j
    } else if (c.name === "else") orelse = cs[++i]
    else if (c.name === "finally") final = cs[++i]
  }
  const e = `$e${ctx.temp().slice(2)}`
  const saved = ctx.caught
  let handler: N | null = null
  if (handlers.length) {
    ctx.caught = e
    try {
      let chain: N = { type: "ThrowStatement", argument: id(e) }
      for (let i = handlers.length - 1; i >= 0; i--) {
        const h = handlers[i]!
        const classes =
          h.types === undefined
            ? [id("$BaseException")]
            : h.types.name === "TupleExpression" || h.types.name === "ParenthesizedExpression"
              ? kids(h.types)
                  .filter(isExpression)
                  .map((t) => expression(ctx, t))
              : [expression(ctx, h.types)]
        const stmts = statements(ctx, h.body)
        if (h.name) stmts.unshift(expr(assign(id(jsName(h.name)), id(e))))
        chain = {
          type: "IfStatement",
          test: call("$exmatch", [id(e), arr(classes)]),
          consequent: block(stmts),
          alternate: chain,
        }
      }
      handler = { type: "CatchClause", param: id(e), body: block([chain]) }
    } finally {
      ctx.caught = saved
    }
  }
  let tryBody = body
  const out: N[] = []
  let after: N[] = []
  if (orelse) {
    const ok = ctx.temp()
    out.push(expr(assign(id(ok), lit(false))))
    tryBody = block([...(body as unknown as { body: N[] }).body, expr(assign(id(ok), lit(true)))])
    after = [{ type: "IfStatement", test: id(ok), consequent: bodyOf(ctx, orelse), alternate: null }]
  }
  const finalizer = final ? bodyOf(ctx, final) : null
  if (!handler && !finalizer) return [...out, tryBody, ...after]
  if (after.length && finalizer) {
    const inner = handler ? { type: "TryStatement", block: tryBody, handler, finalizer: null } : tryBody
    out.push(node(ctx, n, { type: "TryStatement", block: block([inner, ...after]), handler: null, finalizer }))
    return out
  }
  out.push(node(ctx, n, { type: "TryStatement", block: tryBody, handler, finalizer }), ...after)
  return out
}

export const importStatement = (ctx: Ctx, n: SyntaxNode): N[] => {
  const cs = kids(n)
  const from = cs[0]?.name === "from"
  const importAt = cs.findIndex((c) => c.name === "import")
  const allowed = (mod: string, at: SyntaxNode) => {
    if (MODULES.has(mod) || TYPE_ONLY_MODULES.has(mod)) return
    refuse(
      ctx,
      at,
      `import of ${mod} is not supported: only json, asyncio, math, re and the tools are available`,
      "remove the import and use the tools and built-ins",
    )
  }
  if (from) {
    const mod = cs
      .slice(1, importAt)
      .map((c) => ctx.text(c))
      .join("")
    allowed(mod, cs[1]!)
    if (TYPE_ONLY_MODULES.has(mod)) return []
    for (let i = importAt + 1; i < cs.length; i++) {
      const c = cs[i]!
      if (c.name === "*") return refuse(ctx, c, "import * is not supported", `import the names you use from ${mod}`)
      if (c.name !== "VariableName") continue
      const member_ = ctx.text(c)
      let local = member_
      if (cs[i + 1]?.name === "as") {
        local = ctx.text(cs[i + 2]!)
        i += 2
      }
      if (!MODULES.get(mod)!.has(member_))
        return refuse(
          ctx,
          c,
          `${mod}.${member_} is not supported`,
          `use what ${mod} offers here: ${[...MODULES.get(mod)!.keys()].join(", ")}`,
        )
      ctx.fromImports.set(local, `${mod}.${member_}`)
    }
  } else {
    for (let i = importAt + 1; i < cs.length; i++) {
      const c = cs[i]!
      if (c.name !== "VariableName") continue
      const mod = ctx.text(c)
      allowed(mod, c)
      let local = mod
      if (cs[i + 1]?.name === "as") {
        local = ctx.text(cs[i + 2]!)
        i += 2
      }
      if (!TYPE_ONLY_MODULES.has(mod)) ctx.modules.set(local, mod)
    }
  }
  ctx.translations.push({
    rule: "python-import",
    from: n.from,
    note: `${ctx.text(n)}: bound to the runtime's own ${from ? "functions" : "module"}`,
  })
  return []
}

/** `def f(…)` → `f = function f(…) {…}`: bound when the statement runs, as in Python. */
const functionDefinition = (ctx: Ctx, n: SyntaxNode): N => {
  const cs = kids(n)
  const isAsync = cs[0]?.name === "async"
  const nameNode = cs.find((c) => c.name === "VariableName")!
  const name = ctx.text(nameNode)
  const async = isAsync || ctx.asyncDefs.has(name)
  if (!isAsync && async)
    ctx.translations.push({
      rule: "python-def-async",
      from: n.from,
      note: `${name} calls tools, so it runs as an async function and its calls are awaited`,
    })
  const scope = newScope(ctx.scope, false)
  const body = cs.find((c) => c.name === "Body")!
  const { params } = paramsOf(
    ctx,
    cs.find((c) => c.name === "ParamList"),
  )
  for (const p of params) {
    const pn =
      p.type === "AssignmentPattern" ? (p.left as { name: string }).name : (p as unknown as { name: string }).name
    scope.params.add(pn.endsWith("$") ? pn.slice(0, -1) : pn)
  }
  collectBindings(body, scope, ctx.text)
  for (const p of scope.params) scope.locals.delete(p)
  const saved = { scope: ctx.scope, frame: ctx.frame, caught: ctx.caught, loopElse: ctx.loopElse }
  ctx.scope = scope
  ctx.frame = { usedAwait: false, async, temps: [] }
  ctx.caught = undefined
  ctx.loopElse = undefined
  try {
    const stmts = statements(ctx, body)
    const decl = [...[...scope.locals].map(jsName), ...ctx.frame.temps]
    if (decl.length) stmts.unshift(letDecl(decl))
    return node(ctx, n, expr(assign(id(jsName(name)), fn(jsName(name), params, stmts, async || ctx.frame.usedAwait))))
  } finally {
    Object.assign(ctx, saved)
  }
}

export { awaitE, binary, member, EXCEPTIONS }
