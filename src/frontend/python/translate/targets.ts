import type { SyntaxNode } from "@lezer/common"
import type { Ctx } from "./context.js"
import { assign, call, expr, id, kids, lit, member, type N } from "./estree.js"
import { expression, isExpression, node, refuse } from "./expressions.js"
import { jsName } from "./names.js"

/**
 * Statements assigning `value` to Python targets: a name, a subscript or slice, or a tuple/list of targets (with one
 * `*rest`) unpacked with Python's count check (`$unpack`).
 */
export const assignTargets = (ctx: Ctx, targets: SyntaxNode[], value: N, at: SyntaxNode): N[] => {
  if (targets.length === 1 && targets[0]!.name !== "*") return assignOne(ctx, targets[0]!, value)
  return unpack(ctx, targets, value, at)
}

const unpack = (ctx: Ctx, parts: SyntaxNode[], value: N, at: SyntaxNode): N[] => {
  const items: Array<{ node: SyntaxNode; star: boolean }> = []
  for (let i = 0; i < parts.length; i++) {
    if (parts[i]!.name === "*") items.push({ node: parts[++i]!, star: true })
    else if (isExpression(parts[i]!)) items.push({ node: parts[i]!, star: false })
  }
  const star = items.findIndex((x) => x.star)
  const t = ctx.temp()
  const out: N[] = [node(ctx, at, expr(assign(id(t), call("$unpack", [value, lit(items.length), lit(star)]))))]
  items.forEach((x, i) => out.push(...assignOne(ctx, x.node, member(id(t), lit(i)))))
  return out
}

const assignOne = (ctx: Ctx, target: SyntaxNode, value: N): N[] => {
  switch (target.name) {
    case "VariableName":
      return [node(ctx, target, expr(assign(id(jsName(ctx.text(target))), value)))]
    case "ParenthesizedExpression":
    case "TupleExpression":
    case "ArrayExpression": {
      const inner = kids(target).filter(
        (c) => c.name !== "(" && c.name !== ")" && c.name !== "[" && c.name !== "]" && c.name !== ",",
      )
      if (target.name === "ParenthesizedExpression" && inner.length === 1) return assignOne(ctx, inner[0]!, value)
      return unpack(ctx, inner, value, target)
    }
    case "MemberExpression": {
      const cs = kids(target)
      if (cs[1]?.name === ".")
        return refuse(
          ctx,
          target,
          "Assigning to an attribute is not supported (dicts take keys, not attributes)",
          `write ${ctx.text(cs[0]!)}["${ctx.text(cs[2]!)}"] = …`,
        )
      const inner = cs.slice(2, -1)
      const base = expression(ctx, cs[0]!)
      if (inner.some((c) => c.name === ":")) {
        const slots: N[] = [lit(null), lit(null)]
        let slot = 0
        for (const c of inner) {
          if (c.name === ":") slot++
          else if (slot > 1)
            return refuse(ctx, c, "Assigning to an extended slice is not supported", "assign the items one by one")
          else slots[slot] = expression(ctx, c)
        }
        return [node(ctx, target, expr(call("$setslice", [base, ...slots, value])))]
      }
      const idx = inner.filter(isExpression)
      const key =
        idx.length === 1
          ? expression(ctx, idx[0]!)
          : call("$tuple", [{ type: "ArrayExpression", elements: idx.map((c) => expression(ctx, c)) }])
      return [node(ctx, target, expr(call("$setitem", [base, key, value])))]
    }
    default:
      return refuse(
        ctx,
        target,
        `Cannot assign to ${ctx.text(target)}`,
        "assign to a name, a subscript or a tuple of them",
      )
  }
}
