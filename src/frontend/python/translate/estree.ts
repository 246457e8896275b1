import type { SyntaxNode } from "@lezer/common"

/** ESTree nodes built from scratch (the interpreter's canonical input); every node carries the Python span it came from. */
export type N = { type: string; [key: string]: unknown }

export interface Span {
  readonly start: number
  readonly end: number
  readonly loc: { start: { line: number; column: number }; end: { line: number; column: number } }
}

/** Line/column of offsets in the Python text (lines from 1, columns from 0, docs/style.md habit 6). */
export const spanner = (source: string) => {
  const starts = [0]
  for (let i = 0; i < source.length; i++) if (source.charCodeAt(i) === 10) starts.push(i + 1)
  const lc = (offset: number) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid]! <= offset) lo = mid
      else hi = mid - 1
    }
    return { line: lo + 1, column: offset - starts[lo]! }
  }
  return (from: number, to: number): Span => ({ start: from, end: to, loc: { start: lc(from), end: lc(to) } })
}

export const at = <T extends N>(node: T, span: Span): T => Object.assign(node, span)

export const id = (name: string): N => ({ type: "Identifier", name })
export const lit = (value: string | number | boolean | null): N =>
  typeof value === "number" && value < 0
    ? { type: "UnaryExpression", operator: "-", prefix: true, argument: { type: "Literal", value: -value } }
    : { type: "Literal", value }
export const call = (callee: N | string, args: N[]): N => ({
  type: "CallExpression",
  callee: typeof callee === "string" ? id(callee) : callee,
  arguments: args,
  optional: false,
})
export const newExpr = (callee: N | string, args: N[]): N => ({
  type: "NewExpression",
  callee: typeof callee === "string" ? id(callee) : callee,
  arguments: args,
})
export const member = (object: N, property: string | N): N =>
  typeof property === "string"
    ? { type: "MemberExpression", object, property: id(property), computed: false, optional: false }
    : { type: "MemberExpression", object, property, computed: true, optional: false }
export const arr = (elements: N[]): N => ({ type: "ArrayExpression", elements })
export const obj = (entries: Array<[string, N] | N>): N => ({
  type: "ObjectExpression",
  properties: entries.map((e) =>
    Array.isArray(e)
      ? {
          type: "Property",
          key: lit(e[0]),
          value: e[1],
          kind: "init",
          method: false,
          shorthand: false,
          computed: false,
        }
      : e,
  ),
})
export const assign = (left: N, right: N, operator = "="): N => ({
  type: "AssignmentExpression",
  operator,
  left,
  right,
})
export const expr = (expression: N): N => ({ type: "ExpressionStatement", expression })
export const block = (body: N[]): N => ({ type: "BlockStatement", body })
export const awaitE = (argument: N): N => ({ type: "AwaitExpression", argument })
export const cond = (test: N, consequent: N, alternate: N): N => ({
  type: "ConditionalExpression",
  test,
  consequent,
  alternate,
})
export const logical = (operator: "&&" | "||", left: N, right: N): N => ({
  type: "LogicalExpression",
  operator,
  left,
  right,
})
export const not = (argument: N): N => ({ type: "UnaryExpression", operator: "!", prefix: true, argument })
export const binary = (operator: string, left: N, right: N): N => ({ type: "BinaryExpression", operator, left, right })
export const letDecl = (names: string[], kind: "let" | "const" = "let", init?: N): N => ({
  type: "VariableDeclaration",
  kind,
  declarations: names.map((n) => ({ type: "VariableDeclarator", id: id(n), init: init ?? null })),
})
export const arrow = (params: N[], body: N[], async: boolean): N => ({
  type: "ArrowFunctionExpression",
  id: null,
  params,
  body: block(body),
  expression: false,
  generator: false,
  async,
})
export const fn = (name: string, params: N[], body: N[], async: boolean): N => ({
  type: "FunctionExpression",
  id: id(name),
  params,
  body: block(body),
  expression: false,
  generator: false,
  async,
})

/** The children of a lezer node, tokens included. */
export const kids = (node: SyntaxNode): SyntaxNode[] => {
  const out: SyntaxNode[] = []
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c)
  return out
}
