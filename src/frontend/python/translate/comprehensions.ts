import type { SyntaxNode } from "@lezer/common"
import type { Ctx } from "./context.js"
import { arrow, assign, awaitE, block, call, expr, id, kids, letDecl, newExpr, arr, type N } from "./estree.js"
import { expression, isExpression, node, test } from "./expressions.js"
import { assignTargets } from "./targets.js"
import { newScope } from "./scope.js"
import { jsName } from "./names.js"

/**
 * A comprehension (list, set, dict, or a generator expression, built eagerly as a list) as an arrow called in place:
 * its loop variables are its own, as in Python 3. When its body awaits, the arrow is async and the call is awaited.
 */
export const comprehension = (ctx: Ctx, n: SyntaxNode, keep: boolean): N => {
  const cs = kids(n).filter((c) => !["[", "]", "{", "}", "(", ")"].includes(c.name))
  const forAt = cs.findIndex((c) => c.name === "for" || c.name === "async")
  const head = cs.slice(0, forAt).filter((c) => c.name !== ":")
  const clauses: Array<{ kind: "for"; targets: SyntaxNode[]; iter: SyntaxNode } | { kind: "if"; cond: SyntaxNode }> = []
  for (let i = forAt; i < cs.length; i++) {
    const c = cs[i]!
    if (c.name === "async") continue
    if (c.name === "for") {
      const inAt = cs.findIndex((x, j) => j > i && x.name === "in")
      clauses.push({ kind: "for", targets: cs.slice(i + 1, inAt), iter: cs[inAt + 1]! })
      i = inAt + 1
    } else if (c.name === "if") {
      clauses.push({ kind: "if", cond: cs[i + 1]! })
      i++
    }
  }
  const scope = newScope(ctx.scope, false)
  for (const cl of clauses) if (cl.kind === "for") for (const t of cl.targets) collectNames(ctx, t, scope.locals)
  const outerScope = ctx.scope
  const outerFrame = ctx.frame
  // The first iterable is evaluated in the enclosing scope, as Python does.
  const firstIter = clauses[0]!.kind === "for" ? expression(ctx, (clauses[0] as { iter: SyntaxNode }).iter) : undefined
  ctx.scope = scope
  ctx.frame = { usedAwait: false, async: true, temps: [] }
  try {
    const kind = n.name
    const r = "$r"
    let inner: N
    if (kind === "DictionaryComprehensionExpression")
      inner = expr(call("$dictset", [id(r), expression(ctx, head[0]!), expression(ctx, head[1]!)]))
    else if (kind === "SetComprehensionExpression")
      inner = expr(call("$cm", [id(r), { type: "Literal", value: "add" }, arr([expression(ctx, head[0]!)])]))
    else
      inner = expr(
        call({ type: "MemberExpression", object: id(r), property: id("push"), computed: false, optional: false }, [
          expression(ctx, head.find(isExpression)!, keep),
        ]),
      )
    for (let i = clauses.length - 1; i >= 0; i--) {
      const cl = clauses[i]!
      if (cl.kind === "if")
        inner = { type: "IfStatement", test: test(ctx, cl.cond), consequent: block([inner]), alternate: null }
      else {
        const v = `$v${ctx.temp().slice(2)}`
        const iter = i === 0 ? id("$first") : expression(ctx, cl.iter)
        inner = {
          type: "ForOfStatement",
          await: false,
          left: letDecl([v], "const"),
          right: call("$iter", [iter]),
          body: block([...assignTargets(ctx, cl.targets, id(v), cl.targets[0]!), inner]),
        }
      }
    }
    const init =
      kind === "DictionaryComprehensionExpression"
        ? call("$dict", [arr([])])
        : kind === "SetComprehensionExpression"
          ? newExpr("Set", [])
          : arr([])
    const locals = [...scope.locals].map(jsName)
    const body: N[] = [letDecl([r], "const", init)]
    if (locals.length || ctx.frame.temps.length) body.unshift(letDecl([...locals, ...ctx.frame.temps]))
    body.push(inner, { type: "ReturnStatement", argument: id(r) })
    const usedAwait = ctx.frame.usedAwait
    const fn = arrow([id("$first")], body, usedAwait)
    let out: N = call(fn, [firstIter!])
    if (usedAwait) {
      outerFrame.usedAwait = true
      out = awaitE(out)
    }
    return node(ctx, n, out)
  } finally {
    ctx.scope = outerScope
    ctx.frame = outerFrame
  }
}

const collectNames = (ctx: Ctx, t: SyntaxNode, out: Set<string>) => {
  if (t.name === "VariableName") out.add(ctx.text(t))
  else for (const c of kids(t)) collectNames(ctx, c, out)
}

export { assign }
