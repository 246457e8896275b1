/**
 * The expression dispatcher (one exhaustive switch, docs/style.md#habits, habit 7) and the small expression families.
 */
import type { Expression, Identifier, MemberExpression, Node, PrivateIdentifier, Super } from "acorn"
import { toStr, typeOf } from "../coerce.js"
import { GuestThrow, Fatal, normalizeThrown, type Pos } from "../errors.js"
import { deleteProperty } from "../property.js"
import type { Run } from "../run-state.js"
import { makeRegExp } from "../builtins/regexp.js"
import { adopt } from "../builtins/promise.js"
import { BINARY, fastBinary, numeric, numericCode, unaryNumber } from "./operators.js"
import { type CE, Ctx, Unsupported, anyAsync, box, constant, posOf, strictAsync, unbox } from "./context.js"
import { operand, slotNumberOperand } from "./operand.js"
import { compileIdentifier, compileTypeofOperand, isUndeclared } from "./identifiers.js"
import {
  TEMPLATE_SITE,
  type TemplateSite,
  compileArray,
  compileObject,
  compileTaggedTemplate,
  compileTemplate,
  compileTemplateSite,
} from "./literals.js"
import { SHORT, compileCall, compileChain, compileMember, compileNew, compileMemberParts } from "./members.js"
import { compileAssignment, compileUpdate } from "./assign.js"
import { compileFunction } from "./functions.js"
import { compileClass, compileNewTarget } from "./classes.js"

export const compileExpr = (node: Expression | Super | PrivateIdentifier | Node, ctx: Ctx): CE => {
  const n = node as Expression
  switch (n.type) {
    case "Literal":
      if ("regex" in n && n.regex) {
        const { pattern, flags } = n.regex
        const pos = posOf(n, ctx)
        return { async: false, ev: () => makeRegExp(pattern, flags, pos) }
      }
      if ("bigint" in n && n.bigint !== undefined) return constant(BigInt(n.bigint))
      return constant(n.value)
    case "Identifier":
      return compileIdentifier(n, ctx)
    case "ThisExpression": {
      const r = ctx.scope.resolve("this")
      if (!r) return constant(undefined)
      return compileIdentifier({ ...n, type: "Identifier", name: "this" } as never, ctx)
    }
    case "TemplateLiteral":
      return compileTemplate(n, ctx)
    case "TaggedTemplateExpression":
      return compileTaggedTemplate(n, ctx)
    case TEMPLATE_SITE as never:
      return compileTemplateSite(n as unknown as TemplateSite)
    case "ArrayExpression":
      return compileArray(n, ctx)
    case "ObjectExpression":
      return compileObject(n, ctx)
    case "FunctionExpression":
    case "ArrowFunctionExpression":
      return compileFunction(n, ctx)
    case "UnaryExpression":
      return compileUnary(n, ctx)
    case "UpdateExpression":
      return compileUpdate(n, ctx)
    case "BinaryExpression":
      return compileBinary(n, ctx)
    case "LogicalExpression":
      return compileLogical(n, ctx)
    case "AssignmentExpression":
      return compileAssignment(n, ctx)
    case "ConditionalExpression":
      return compileConditional(n, ctx)
    case "CallExpression":
      return compileCall(n, ctx)
    case "NewExpression":
      return compileNew(n, ctx)
    case "MemberExpression":
      return compileMember(n, ctx)
    case "ChainExpression":
      return compileChain(n, ctx)
    case "SequenceExpression": {
      const parts = n.expressions.map((e) => compileExpr(e, ctx))
      if (!anyAsync(parts)) {
        const evs = parts.map((p) => p.ev)
        return {
          async: false,
          ev: (env, rt) => {
            let v: unknown
            for (let i = 0; i < evs.length; i++) v = evs[i]!(env, rt)
            return v
          },
        }
      }
      return strictAsync(parts, (vals) => vals[vals.length - 1])
    }
    case "AwaitExpression": {
      const arg = compileExpr(n.argument, ctx)
      const pos = posOf(n, ctx)
      const ev = arg.ev
      return {
        async: true,
        ev: arg.async
          ? async (env, rt) => awaitValue(unbox(await ev(env, rt)), rt, pos)
          : (env, rt) => awaitValue(ev(env, rt), rt, pos),
      }
    }
    case "ClassExpression":
      return compileClass(n, ctx)
    case "MetaProperty":
      if (n.meta.name === "new") return compileNewTarget(ctx)
      throw new Unsupported("import.meta is not supported", posOf(n, ctx))
    case "ParenthesizedExpression" as never:
      return compileExpr((n as unknown as { expression: Expression }).expression, ctx)
    default:
      throw new Unsupported(`${n.type} is not supported`, posOf(n, ctx))
  }
}

/** `await v` (§27.7.5.3): observes guest promises, turns rejections into guest throws at this position. */
export const awaitValue = async (v: unknown, rt: Run, pos: Pos): Promise<unknown> => {
  // A thenable is adopted through its guest `then` (§27.2.1.3.2); a native await would not call it.
  if (typeof v === "object" && v !== null && !(v instanceof Promise)) v = adopt(rt, v)
  if (v instanceof Promise) {
    rt.observe(v)
    try {
      v = await v
    } catch (r) {
      throw r instanceof GuestThrow || r instanceof Fatal ? r : normalizeThrown(r, pos)
    }
  } else await undefined
  if (rt.stopped) throw rt.stopped
  return v
}

/** A constant fold; one that throws (`1n + 1`, `+1n`) is left to run time, where the error is catchable. */
const fold = (f: () => unknown): CE | undefined => {
  try {
    return constant(f())
  } catch {
    return undefined
  }
}

/**
 * `delete a?.b` / `delete a?.[k]` (§13.5.1.2): a short-circuited chain deletes nothing and is true, without evaluating
 * the key; otherwise the last member is deleted as in a plain `delete`.
 */
const compileOptionalDelete = (m: MemberExpression, ctx: Ctx, pos: Pos): CE => {
  const { parts, key } = compileMemberParts(m, ctx, true)
  const short = (o: unknown) => o === SHORT || (m.optional && (o === null || o === undefined))
  const [objPart, keyPart] = parts
  if (!anyAsync(parts)) {
    const obj = objPart!.ev
    const k = keyPart?.ev
    return {
      async: false,
      ev: (env, rt) => {
        const o = obj(env, rt)
        return short(o) ? true : deleteProperty(rt, o, k ? k(env, rt) : key, pos)
      },
    }
  }
  return {
    async: true,
    ev: async (env, rt) => {
      const o = objPart!.async ? unbox(await objPart!.ev(env, rt)) : objPart!.ev(env, rt)
      if (short(o)) return true
      const k = keyPart ? (keyPart.async ? unbox(await keyPart.ev(env, rt)) : keyPart.ev(env, rt)) : key
      return deleteProperty(rt, o, k, pos)
    },
  }
}

const compileUnary = (n: Extract<Expression, { type: "UnaryExpression" }>, ctx: Ctx): CE => {
  const pos = posOf(n, ctx)
  const op = n.operator
  const undeclared = op === "typeof" && n.argument.type === "Identifier" && isUndeclared(n.argument, ctx)
  if (op === "delete") {
    const target = n.argument
    if (target.type !== "MemberExpression") {
      if (target.type === "ChainExpression" && target.expression.type === "MemberExpression")
        return compileOptionalDelete(target.expression, ctx, pos)
      // `delete f()` evaluates its operand (§13.5.1.2 step 2) and is true: only a reference can be deleted.
      const operand = compileExpr(target, ctx)
      if (operand.constant) return constant(true)
      const ev = operand.ev
      return operand.async
        ? { async: true, ev: async (env, rt) => (await ev(env, rt), true) }
        : { async: false, ev: (env, rt) => (ev(env, rt), true) }
    }
    const { parts, key } = compileMemberParts(target, ctx)
    if (!anyAsync(parts)) {
      const obj = parts[0]!.ev
      const k = parts[1]?.ev
      return { async: false, ev: (env, rt) => deleteProperty(rt, obj(env, rt), k ? k(env, rt) : key, pos) }
    }
    return strictAsync(parts, (vals, _env, rt) => deleteProperty(rt, vals[0], parts.length > 1 ? vals[1] : key, pos))
  }
  const arg = undeclared ? compileTypeofOperand(n.argument as Identifier, ctx) : compileExpr(n.argument, ctx)
  let f: (v: unknown, rt: Run) => unknown
  switch (op) {
    case "!":
      f = (v) => !v
      break
    case "void":
      f = () => undefined
      break
    case "typeof":
      f = (v, rt) => typeOf(v, (p) => rt.host.lookup(p))
      break
    default:
      f = (v) => unaryNumber(op, v)
  }
  if (arg.constant && op !== "typeof") {
    const c = arg.constant
    const folded = fold(() => f(c.value, undefined as never))
    if (folded) return folded
  }
  const ev = arg.ev
  if (!arg.async) return { async: false, ev: (env, rt) => f(ev(env, rt), rt) }
  return strictAsync([arg], (vals, _env, rt) => f(vals[0], rt))
}

const compileBinary = (n: Extract<Expression, { type: "BinaryExpression" }>, ctx: Ctx): CE => {
  const pos = posOf(n, ctx)
  const left = compileExpr(n.left, ctx)
  const right = compileExpr(n.right, ctx)
  const op = BINARY[n.operator]
  if (!op) throw new Unsupported(`Operator ${n.operator} is not supported`, pos)
  if (left.constant && right.constant && n.operator !== "in" && n.operator !== "instanceof") {
    const [l, r] = [left.constant.value, right.constant.value]
    const folded = fold(() => op(l, r, pos))
    if (folded) return folded
  }
  if (left.async || right.async) return strictAsync([left, right], (vals, _env, rt) => op(vals[0], vals[1], pos, rt))
  const a = left.ev
  const b = right.ev
  const fast = fastBinary(n.operator)
  const code = numericCode(n.operator)
  if (code !== undefined) {
    // Two numbers: the native operator inline (operators.ts `numeric`); anything else as before.
    const slow = fast ?? ((x: unknown, y: unknown, rt: Run) => op(x, y, pos, rt))
    const ls = left.slot
    const rs = right.slot
    if (right.constant) {
      const c = right.constant.value
      if (ls !== undefined)
        return {
          async: false,
          ev: (env, rt) => {
            const x = env[ls]
            return typeof x === "number" && typeof c === "number" ? numeric(code, x, c) : slow(x, c, rt)
          },
          operand: typeof c === "number" ? slotNumberOperand(ls, code, c, slow) : undefined,
        }
      return {
        async: false,
        ev: (env, rt) => {
          const x = a(env, rt)
          return typeof x === "number" && typeof c === "number" ? numeric(code, x, c) : slow(x, c, rt)
        },
      }
    }
    if (ls !== undefined && rs !== undefined)
      return {
        async: false,
        ev: (env, rt) => {
          const x = env[ls]
          const y = env[rs]
          return typeof x === "number" && typeof y === "number" ? numeric(code, x, y) : slow(x, y, rt)
        },
      }
    const oa = left.operand
    const ob = right.operand
    return {
      async: false,
      ev: (env, rt) => {
        const x = oa !== undefined ? operand(oa, env, rt) : a(env, rt)
        const y = ob !== undefined ? operand(ob, env, rt) : b(env, rt)
        return typeof x === "number" && typeof y === "number" ? numeric(code, x, y) : slow(x, y, rt)
      },
    }
  }
  if (fast) {
    if (right.constant) {
      const c = right.constant.value
      return { async: false, ev: (env, rt) => fast(a(env, rt), c, rt) }
    }
    return { async: false, ev: (env, rt) => fast(a(env, rt), b(env, rt), rt) }
  }
  return { async: false, ev: (env, rt) => op(a(env, rt), b(env, rt), pos, rt) }
}

const compileLogical = (n: Extract<Expression, { type: "LogicalExpression" }>, ctx: Ctx): CE => {
  const left = compileExpr(n.left, ctx)
  const right = compileExpr(n.right, ctx)
  const a = left.ev
  const b = right.ev
  const op = n.operator
  if (!left.async && !right.async) {
    if (op === "&&") return { async: false, ev: (env, rt) => a(env, rt) && b(env, rt) }
    if (op === "||") return { async: false, ev: (env, rt) => a(env, rt) || b(env, rt) }
    return { async: false, ev: (env, rt) => a(env, rt) ?? b(env, rt) }
  }
  return {
    async: true,
    ev: async (env, rt) => {
      const l = left.async ? unbox(await a(env, rt)) : a(env, rt)
      if (op === "&&" ? !l : op === "||" ? l : l != null) return box(l)
      return right.async ? b(env, rt) : box(b(env, rt))
    },
  }
}

const compileConditional = (n: Extract<Expression, { type: "ConditionalExpression" }>, ctx: Ctx): CE => {
  const test = compileExpr(n.test, ctx)
  const yes = compileExpr(n.consequent, ctx)
  const no = compileExpr(n.alternate, ctx)
  const t = test.ev
  const y = yes.ev
  const f = no.ev
  if (!anyAsync([test, yes, no])) {
    const ot = test.operand
    const oy = yes.operand
    const of = no.operand
    return {
      async: false,
      ev: (env, rt) =>
        (ot !== undefined ? operand(ot, env, rt) : t(env, rt))
          ? oy !== undefined
            ? operand(oy, env, rt)
            : y(env, rt)
          : of !== undefined
            ? operand(of, env, rt)
            : f(env, rt),
    }
  }
  return {
    async: true,
    ev: async (env, rt) => {
      const c = test.async ? unbox(await t(env, rt)) : t(env, rt)
      if (c) return yes.async ? y(env, rt) : box(y(env, rt))
      return no.async ? f(env, rt) : box(f(env, rt))
    },
  }
}

export const templateString = (v: unknown): string => (typeof v === "string" ? v : toStr(v))
