import type { SyntaxNode } from "@lezer/common"
import type { Ctx } from "./context.js"
import { Refusal } from "./context.js"
import {
  arr,
  arrow,
  assign,
  at,
  awaitE,
  binary,
  call,
  cond,
  expr,
  id,
  kids,
  letDecl,
  lit,
  logical,
  member,
  newExpr,
  not,
  obj,
  type N,
} from "./estree.js"
import { decodeEscapes, splitLiteral } from "./strings.js"
import { BUILTINS, EXCEPTIONS, MODULES, jsName } from "./names.js"
import { lookup } from "./lookup.js"
import { callExpr, argList, toolValue } from "./calls.js"
import { comprehension } from "./comprehensions.js"

const PUNCT = new Set([
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  ".",
  ";",
  "AssignOp",
  "*",
  "**",
  "ArithOp",
  "BitOp",
  "CompareOp",
  "UpdateOp",
])
/** Child nodes that are expressions (tokens and keywords dropped). */
export const operands = (n: SyntaxNode): SyntaxNode[] => kids(n).filter((c) => isExpression(c))
export const isExpression = (c: SyntaxNode): boolean =>
  !PUNCT.has(c.name) && (c.name[0]! === c.name[0]!.toUpperCase() || c.name === "⚠") && c.name !== "TypeDef"

const ARITH: Readonly<Record<string, string>> = {
  "+": "$add",
  "-": "$sub",
  "*": "$mul",
  "/": "$truediv",
  "//": "$floordiv",
  "%": "$mod",
  "**": "$pow",
  "@": "$matmul",
}
const COMPARE: Readonly<Record<string, string>> = { "<": "$lt", "<=": "$le", ">": "$gt", ">=": "$ge" }

export const refuse = (ctx: Ctx, n: SyntaxNode, message: string, fix: string): never => {
  throw new Refusal(message, n.from, fix)
}

const sp = (ctx: Ctx, n: SyntaxNode) => ctx.span(n.from, n.to)
export const node = <T extends N>(ctx: Ctx, n: SyntaxNode, built: T): T => at(built, sp(ctx, n))

/** Python number literal → a value; an integral float is a `$Float` box so it prints as `2.0`. */
const number = (ctx: Ctx, n: SyntaxNode): N => {
  const t = ctx.text(n).replace(/_/g, "")
  if (/[jJ]$/.test(t)) refuse(ctx, n, "Complex numbers are not supported", "use floats")
  const radix = /^0[xX]/.test(t) ? 16 : /^0[oO]/.test(t) ? 8 : /^0[bB]/.test(t) ? 2 : 10
  const v = radix === 10 ? Number(t) : parseInt(t.slice(2), radix)
  if (radix === 10 && /[.eE]/.test(t)) return Number.isInteger(v) ? newExpr("$Float", [lit(v)]) : lit(v)
  // An int literal the double cannot hold exactly would run with another value: refused, as the library's ints are.
  if (!Number.isSafeInteger(v))
    refuse(
      ctx,
      n,
      `The int literal ${t} is past 2**53 - 1, where ints here stop being exact`,
      "write it as a float or a string",
    )
  return lit(v)
}

const stringValue = (ctx: Ctx, n: SyntaxNode): string => {
  const parts = splitLiteral(ctx.text(n))
  if (parts.prefix.includes("b")) refuse(ctx, n, "Bytes literals are not supported", "use a str literal")
  if (parts.prefix.includes("r")) return parts.body
  const v = decodeEscapes(parts.body)
  if (v === undefined) refuse(ctx, n, "This string escape is not supported (\\N{…})", "write the character itself")
  return v!
}

/** An f-string: literal text between replacements, each replacement `$fstr(value, conversion, spec)`. */
const formatString = (ctx: Ctx, n: SyntaxNode): N => {
  const text = ctx.text(n)
  const parts = splitLiteral(text)
  const raw = parts.prefix.includes("r")
  const bodyFrom = n.from + parts.bodyStart
  const bodyTo = n.to - parts.quote.length
  const pieces: N[] = []
  const literal = (from: number, to: number) => {
    if (to <= from) return
    let s = ctx.source.slice(from, to).replace(/\{\{/g, "{").replace(/\}\}/g, "}")
    if (!raw) s = decodeEscapes(s) ?? s
    if (s !== "") pieces.push(lit(s))
  }
  let cursor = bodyFrom
  for (const r of kids(n)) {
    if (r.name !== "FormatReplacement") continue
    literal(cursor, r.from)
    pieces.push(replacement(ctx, r))
    cursor = r.to
  }
  literal(cursor, bodyTo)
  if (pieces.length === 0) return lit("")
  let out =
    pieces[0]!.type === "Literal" && typeof pieces[0]!.value === "string"
      ? pieces[0]!
      : binary("+", lit(""), pieces[0]!)
  for (const p of pieces.slice(1)) out = binary("+", out, p)
  return node(ctx, n, out)
}

const replacement = (ctx: Ctx, r: SyntaxNode): N => {
  const cs = kids(r)
  const valueNode = cs.find((c) => isExpression(c) && !c.name.startsWith("Format"))
  if (!valueNode) return refuse(ctx, r, "Empty f-string replacement", "put an expression between the braces")
  const value = expression(ctx, valueNode)
  const conv = cs.find((c) => c.name === "FormatConversion")
  const selfDoc = cs.find((c) => c.name === "FormatSelfDoc")
  const specNode = cs.find((c) => c.name === "FormatSpec")
  let spec: N = lit("")
  if (specNode) {
    const inner = kids(specNode).filter((c) => c.name === "FormatReplacement")
    const pieces: N[] = []
    let cursor = specNode.from + 1
    for (const x of inner) {
      if (x.from > cursor) pieces.push(lit(ctx.source.slice(cursor, x.from)))
      pieces.push(replacement(ctx, x))
      cursor = x.to
    }
    if (specNode.to > cursor) pieces.push(lit(ctx.source.slice(cursor, specNode.to)))
    spec = pieces.reduce((a, b) => binary("+", a, b), lit(""))
  }
  let convName = conv ? ctx.text(conv).slice(1) : ""
  if (selfDoc && !conv && !specNode) convName = "r"
  const formatted = call("$fstr", [value, lit(convName), spec])
  if (!selfDoc) return formatted
  const after = cs[cs.indexOf(selfDoc) + 1]
  return binary("+", lit(ctx.source.slice(valueNode.from, after ? after.from : r.to - 1)), formatted)
}

/** A value in a boolean position: comparisons and `not` are already booleans; anything else goes through truthiness. */
export const test = (ctx: Ctx, n: SyntaxNode): N => {
  if (n.name === "ParenthesizedExpression") {
    const inner = operands(n)
    if (inner.length === 1) return test(ctx, inner[0]!)
  }
  if (n.name === "BinaryExpression") {
    const op = opOf(ctx, n)
    if (op === "and" || op === "or") {
      const [a, b] = operands(n)
      return node(ctx, n, logical(op === "and" ? "&&" : "||", test(ctx, a!), test(ctx, b!)))
    }
    if (isComparison(op)) return expression(ctx, n)
  }
  if (n.name === "UnaryExpression" && opOf(ctx, n) === "not") return expression(ctx, n)
  if (n.name === "Boolean") return expression(ctx, n)
  return node(ctx, n, call("$truthy", [expression(ctx, n)]))
}

const isComparison = (op: string) =>
  op in COMPARE || op === "==" || op === "!=" || op === "in" || op === "not in" || op === "is" || op === "is not"

/** The operator of a binary/unary node as written (`not in`, `is not`, `//`). */
export const opOf = (ctx: Ctx, n: SyntaxNode): string => {
  const ops = kids(n).filter((c) => !isExpression(c) && c.name !== "(" && c.name !== ")")
  return ops.map((c) => ctx.text(c)).join(" ")
}

/** `not` binds tighter than `and`/`or`: lezer's tree puts it outside them, so the tree is rotated (measured, README). */
const notOf = (ctx: Ctx, operand: SyntaxNode, whole: SyntaxNode): N => {
  if (operand.name === "BinaryExpression") {
    const op = opOf(ctx, operand)
    if (op === "and" || op === "or") {
      const [a, b] = operands(operand)
      const left = notOf(ctx, a!, whole)
      return boolOp(ctx, whole, op, left, b!, true)
    }
  }
  return node(ctx, whole, not(test(ctx, operand)))
}

/** `a and b` / `a or b` as values: Python returns an operand, not a boolean. */
const boolOp = (ctx: Ctx, n: SyntaxNode, op: string, left: N, rightNode: SyntaxNode, leftIsBool = false): N => {
  const right = expression(ctx, rightNode)
  if (leftIsBool && isBoolean(ctx, rightNode)) return node(ctx, n, logical(op === "and" ? "&&" : "||", left, right))
  const t = ctx.temp()
  const held = assign(id(t), left)
  const truth = leftIsBool ? held : call("$truthy", [held])
  return node(ctx, n, op === "and" ? cond(truth, right, id(t)) : cond(truth, id(t), right))
}

const isBoolean = (ctx: Ctx, n: SyntaxNode): boolean =>
  n.name === "Boolean" ||
  (n.name === "UnaryExpression" && opOf(ctx, n) === "not") ||
  (n.name === "BinaryExpression" && isComparison(opOf(ctx, n)))

const binaryExpr = (ctx: Ctx, n: SyntaxNode): N => {
  const op = opOf(ctx, n)
  const [a, b] = operands(n)
  if (op === "and" || op === "or") {
    if (isBoolean(ctx, a!) && isBoolean(ctx, b!))
      return node(ctx, n, logical(op === "and" ? "&&" : "||", expression(ctx, a!), expression(ctx, b!)))
    return boolOp(ctx, n, op, expression(ctx, a!), b!)
  }
  if (isComparison(op)) return comparison(ctx, n)
  if (ARITH[op]) {
    const left = expression(ctx, a!)
    const right = expression(ctx, b!)
    return node(ctx, n, fastArith(op, left, right) ?? call(ARITH[op]!, [left, right]))
  }
  if (["|", "&", "^", "<<", ">>"].includes(op))
    return node(ctx, n, call("$bitop", [expression(ctx, a!), expression(ctx, b!), lit(op)]))
  return refuse(ctx, n, `The operator ${op} is not supported`, "rewrite the expression")
}

/** A chain `a < b <= c` evaluates `b` once: each middle operand is held in a temporary. */
const comparison = (ctx: Ctx, n: SyntaxNode): N => {
  const chain: SyntaxNode[] = []
  const ops: string[] = []
  const flatten = (x: SyntaxNode) => {
    if (x.name === "BinaryExpression" && isComparison(opOf(ctx, x))) {
      const [l, r] = operands(x)
      flatten(l!)
      ops.push(opOf(ctx, x))
      chain.push(r!)
    } else chain.push(x)
  }
  flatten(n)
  let left = expression(ctx, chain[0]!)
  let out: N | undefined
  for (let i = 0; i < ops.length; i++) {
    let right = expression(ctx, chain[i + 1]!)
    let next = right
    if (i < ops.length - 1) {
      const t = ctx.temp()
      right = assign(id(t), right)
      next = id(t)
    }
    const one = compare(ctx, ops[i]!, left, right, chain[i]!, chain[i + 1]!)
    out = out ? logical("&&", out, one) : one
    left = next
  }
  return node(ctx, n, out!)
}

/** An operand that may be read twice: a name or a number literal. */
const simpleOperand = (x: N): boolean =>
  x.type === "Identifier" ||
  (x.type === "Literal" && typeof x.value === "number") ||
  (x.type === "UnaryExpression" && (x.argument as N).type === "Literal")
// `x % 1 === 0`: an integer test without a call (NaN and ±Infinity give NaN).
const isInt = (x: N) => binary("===", binary("%", x, lit(1)), lit(0))
const isNum = (x: N) =>
  binary("===", { type: "UnaryExpression", operator: "typeof", prefix: true, argument: x }, lit("number"))

/**
 * `+`, `-`, `*` of two ints, inline (the interpreter's calls cost more than the test): taken only when both are
 * integers small enough that the result is exact (under 2^52 for `+`/`-`, 2^26 for `*`); anything else goes through
 * the library's rules, which raise OverflowError past 2^53 - 1.
 */
export const fastArith = (op: string, a: N, b: N): N | undefined => {
  if ((op !== "+" && op !== "-" && op !== "*") || !simpleOperand(a) || !simpleOperand(b)) return undefined
  const bound = op === "*" ? 2 ** 26 : 2 ** 52
  const inRange = (x: N) => logical("&&", binary("<", x, lit(bound)), binary(">", x, lit(-bound)))
  const guards = [a, b].filter((x) => x.type === "Identifier").flatMap((x) => [isNum(x), isInt(x), inRange(x)])
  const lits = [a, b].filter((x) => x.type !== "Identifier")
  const value = (x: N): unknown => (x.type === "Literal" ? x.value : (x.argument as N).value)
  if (lits.some((x) => !Number.isInteger(value(x)) || Math.abs(value(x) as number) >= bound)) return undefined
  if (guards.length === 0) return undefined
  const test = guards.reduce((x, y) => logical("&&", x, y))
  return cond(test, binary(op, a, b), call(ARITH[op]!, [a, b]))
}

const compare = (ctx: Ctx, op: string, a: N, b: N, an: SyntaxNode, bn: SyntaxNode): N => {
  const isStr = (x: SyntaxNode) => x.name === "String"
  const isNone = (x: SyntaxNode) => x.name === "None"
  switch (op) {
    case "==":
      return isStr(an) || isStr(bn) ? binary("===", a, b) : call("$eq", [a, b])
    case "!=":
      return isStr(an) || isStr(bn) ? binary("!==", a, b) : call("$ne", [a, b])
    case "in":
      return call("$contains", [b, a])
    case "not in":
      return not(call("$contains", [b, a]))
    case "is":
      return isNone(bn) ? call("$isnone", [a]) : isNone(an) ? call("$isnone", [b]) : binary("===", a, b)
    case "is not":
      return isNone(bn) ? not(call("$isnone", [a])) : isNone(an) ? not(call("$isnone", [b])) : binary("!==", a, b)
    default:
      // A name against a number: compared inline when it holds a plain number.
      if (simpleOperand(a) && simpleOperand(b) && (a.type !== "Identifier" || b.type !== "Identifier")) {
        const named = a.type === "Identifier" ? a : b.type === "Identifier" ? b : undefined
        if (named) return cond(isNum(named), binary(op, a, b), call(COMPARE[op]!, [a, b]))
      }
      return call(COMPARE[op]!, [a, b])
  }
}

const unary = (ctx: Ctx, n: SyntaxNode): N => {
  const op = opOf(ctx, n)
  const [a] = operands(n)
  if (op === "not") return notOf(ctx, a!, n)
  if (op === "-" && a!.name === "Number") {
    const v = number(ctx, a!)
    if (v.type === "Literal" && typeof v.value === "number") return node(ctx, n, lit(-v.value))
    return node(ctx, n, call("$neg", [v]))
  }
  if (op === "-") return node(ctx, n, call("$neg", [expression(ctx, a!)]))
  if (op === "+") return node(ctx, n, call("$pos", [expression(ctx, a!)]))
  if (op === "~")
    return node(ctx, n, {
      type: "UnaryExpression",
      operator: "~",
      prefix: true,
      argument: call("$num", [expression(ctx, a!)]),
    })
  return refuse(ctx, n, `The operator ${op} is not supported`, "rewrite the expression")
}

/** Elements of a list/tuple/set display; `*x` spreads. `keep`: tool calls stay promises (for gather). */
export const elements = (ctx: Ctx, cs: SyntaxNode[], keep: boolean): N[] => {
  const out: N[] = []
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!
    if (c.name === "*") {
      out.push({ type: "SpreadElement", argument: call("$iter", [expression(ctx, cs[++i]!)]) })
    } else if (isExpression(c)) out.push(expression(ctx, c, keep))
  }
  return out
}

const dictionary = (ctx: Ctx, n: SyntaxNode): N => {
  const cs = kids(n).filter((c) => c.name !== "{" && c.name !== "}" && c.name !== "," && c.name !== ":")
  const pairs: N[] = []
  for (let i = 0; i < cs.length; i++) {
    if (cs[i]!.name === "**") {
      pairs.push({ type: "SpreadElement", argument: call("$items", [expression(ctx, cs[++i]!)]) })
      continue
    }
    pairs.push(arr([expression(ctx, cs[i]!), expression(ctx, cs[i + 1]!, true)]))
    i++
  }
  return node(ctx, n, call("$dict", [arr(pairs)]))
}

/** `x[i]`, `x[a:b:c]`, `x[a, b]`; `x.attr` (modules resolved statically). */
const memberExpr = (ctx: Ctx, n: SyntaxNode): N => {
  const cs = kids(n)
  const base = cs[0]!
  if (cs[1]?.name === ".") {
    const name = ctx.text(cs[2]!)
    const mod = moduleOf(ctx, base)
    if (mod) {
      const m = MODULES.get(mod)!.get(name)
      if (!m)
        return refuse(
          ctx,
          cs[2]!,
          `${mod}.${name} is not supported`,
          `use what ${mod} offers here: ${[...MODULES.get(mod)!.keys()].join(", ")}`,
        )
      if ("constant" in m) return node(ctx, n, id(m.constant))
      return node(ctx, n, valueOfBuiltin(m))
    }
    return node(ctx, n, call("$getattr", [expression(ctx, base), lit(name)]))
  }
  const obj = expression(ctx, base)
  const inner = cs.slice(2, -1)
  if (inner.some((c) => c.name === ":")) {
    const slots: Array<N> = [lit(null), lit(null), lit(null)]
    let slot = 0
    for (const c of inner) {
      if (c.name === ":") slot++
      else if (c.name === ",")
        return refuse(ctx, c, "Multi-dimensional slices are not supported", "slice one axis at a time")
      else slots[slot] = expression(ctx, c)
    }
    return node(ctx, n, call("$slice", [obj, ...slots]))
  }
  const idx = inner.filter(isExpression)
  const key =
    idx.length === 1 && !inner.some((c) => c.name === ",")
      ? expression(ctx, idx[0]!)
      : call("$tuple", [arr(idx.map((c) => expression(ctx, c)))])
  return node(ctx, n, call("$getitem", [obj, key]))
}

/** The module a name refers to, when it is an imported module not shadowed by a binding. */
export const moduleOf = (ctx: Ctx, n: SyntaxNode): string | undefined => {
  if (n.name !== "VariableName") return undefined
  const name = ctx.text(n)
  const m = ctx.modules.get(name)
  if (m === undefined) return undefined
  const found = lookup(ctx, name)
  return found === "module-import" ? m : undefined
}

/** A builtin used as a value (`key=len`, `map(str, xs)`): variadic ones are wrapped to take Python's positionals. */
export const valueOfBuiltin = (b: { js: string; params: ReadonlyArray<string> }): N => {
  const star = b.params.findIndex((p) => p.startsWith("*"))
  if (star < 0) return id(b.js)
  const before = b.params.slice(0, star).map((_, i) => id(`$a${i}`))
  return arrow(
    [...before, { type: "RestElement", argument: id("$rest") }],
    [{ type: "ReturnStatement", argument: call(b.js, [...before, id("$rest")]) }],
    false,
  )
}

/** A name read. */
const variable = (ctx: Ctx, n: SyntaxNode): N => {
  const name = ctx.text(n)
  const found = lookup(ctx, name)
  if (found === "local") return node(ctx, n, id(jsName(name)))
  if (found === "module-import")
    return refuse(
      ctx,
      n,
      `The module ${name} cannot be used as a value`,
      `call its functions directly, e.g. ${name}.<function>(…)`,
    )
  if (found === "from-import") {
    const [mod, member_] = ctx.fromImports.get(name)!.split(".")
    const m = MODULES.get(mod!)!.get(member_!)!
    return node(ctx, n, "constant" in m ? id(m.constant) : valueOfBuiltin(m))
  }
  const b = BUILTINS.get(name)
  if (b) return node(ctx, n, valueOfBuiltin(b))
  const e = EXCEPTIONS.get(name)
  if (e) return node(ctx, n, id(e))
  if (ctx.tools.has(name)) {
    const param = id("$in")
    return node(ctx, n, arrow([param], [{ type: "ReturnStatement", argument: toolValue(ctx, n, name, param) }], false))
  }
  return node(ctx, n, id(jsName(name)))
}

const lambda = (ctx: Ctx, n: SyntaxNode): N => {
  const cs = kids(n)
  const params = cs.find((c) => c.name === "ParamList")
  const bodyNode = cs[cs.length - 1]!
  const { params: ps, prologue } = paramsOf(ctx, params)
  const body = expression(ctx, bodyNode)
  return node(ctx, n, arrow(ps, [...prologue, { type: "ReturnStatement", argument: body }], false))
}

/** Parameters: `a`, `a=1` (JavaScript defaults, evaluated per call), `*args` (an array argument), `**kw` (a dict). */
export const paramsOf = (ctx: Ctx, list: SyntaxNode | undefined): { params: N[]; prologue: N[] } => {
  const params: N[] = []
  if (!list) return { params, prologue: [] }
  const cs = kids(list).filter((c) => c.name !== "(" && c.name !== ")" && c.name !== "TypeDef")
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i]!
    if (c.name === ",") continue
    if (c.name === "*" || c.name === "**") {
      const next = cs[i + 1]
      if (next?.name === "VariableName") {
        params.push(id(jsName(ctx.text(next))))
        i++
      }
      continue
    }
    if (c.name === "/") continue
    if (c.name !== "VariableName") refuse(ctx, c, "This parameter form is not supported", "use plain parameters")
    const name = id(jsName(ctx.text(c)))
    if (cs[i + 1]?.name === "AssignOp") {
      params.push({ type: "AssignmentPattern", left: name, right: expression(ctx, cs[i + 2]!) })
      i += 2
    } else params.push(name)
  }
  return { params, prologue: [] }
}

/** Translates one Python expression. `keep`: a tool call here may stay a promise (async style). */
export const expression = (ctx: Ctx, n: SyntaxNode, keep = false): N => {
  switch (n.name) {
    case "Number":
      return node(ctx, n, number(ctx, n))
    case "String":
      return node(ctx, n, lit(stringValue(ctx, n)))
    case "FormatString":
      return formatString(ctx, n)
    case "ContinuedString": {
      const parts = kids(n).map((c) => expression(ctx, c))
      return node(
        ctx,
        n,
        parts.reduce((a, b) => binary("+", a, b)),
      )
    }
    case "None":
      return node(ctx, n, lit(null))
    case "Boolean":
      return node(ctx, n, lit(ctx.text(n) === "True"))
    case "Ellipsis":
      return node(ctx, n, lit(null))
    case "VariableName":
      return variable(ctx, n)
    case "ParenthesizedExpression": {
      const inner = operands(n)
      if (inner.length !== 1) return refuse(ctx, n, "Unexpected parenthesized form", "rewrite the expression")
      return expression(ctx, inner[0]!, keep)
    }
    case "TupleExpression":
      return node(ctx, n, call("$tuple", [arr(elements(ctx, kids(n), keep))]))
    case "ArrayExpression":
      return node(ctx, n, arr(elements(ctx, kids(n), keep)))
    case "SetExpression":
      return node(ctx, n, call("$set", [arr(elements(ctx, kids(n), false))]))
    case "DictionaryExpression":
      return dictionary(ctx, n)
    case "ArrayComprehensionExpression":
    case "ComprehensionExpression":
    case "SetComprehensionExpression":
    case "DictionaryComprehensionExpression":
      return comprehension(ctx, n, keep)
    case "BinaryExpression":
      return binaryExpr(ctx, n)
    case "UnaryExpression":
      return unary(ctx, n)
    case "ConditionalExpression": {
      const [a, c, b] = operands(n)
      return node(ctx, n, cond(test(ctx, c!), expression(ctx, a!, keep), expression(ctx, b!, keep)))
    }
    case "AwaitExpression": {
      const [a] = operands(n)
      ctx.frame.usedAwait = true
      return node(ctx, n, awaitE(expression(ctx, a!, true)))
    }
    case "CallExpression":
      return callExpr(ctx, n, keep)
    case "MemberExpression":
      return memberExpr(ctx, n)
    case "LambdaExpression":
      return lambda(ctx, n)
    case "NamedExpression": {
      const [target, value] = operands(n)
      return node(ctx, n, assign(id(jsName(ctx.text(target!))), expression(ctx, value!)))
    }
    case "YieldExpression":
      return refuse(ctx, n, "Generators (yield) are not supported", "build a list and return it")
    case "⚠":
      return refuse(ctx, n, "Invalid syntax", "fix the expression")
    default:
      return refuse(
        ctx,
        n,
        `${n.name} is not supported in Python programs here`,
        "rewrite it with the supported subset (docs/python.md)",
      )
  }
}

export { argList, letDecl, expr, obj, member }
