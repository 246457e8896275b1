/**
 * Child keys per ESTree node type, in the order acorn creates them (so a walk over this table visits children in the
 * same order as the `for…in` walk it replaces: `TemplateLiteral` visits `expressions` before `quasis`,
 * `SwitchCase` `consequent` before `test`, `LabeledStatement` `body` before `label`). Receipts list changes in visit
 * order, so the order is part of the output. A type missing here (a builder's exotic node) falls back to `for…in`.
 * Why a table: `for…in` over every key of every node was the frontend's largest self time (walks run per rule).
 * The interpreter's compiler walks with it too (compile/hoist.ts: `var` names, closure detection).
 */
const TABLE: Record<string, ReadonlyArray<string>> = {
  ArrayExpression: ["elements"],
  ArrayPattern: ["elements"],
  ArrowFunctionExpression: ["id", "params", "body"],
  AssignmentExpression: ["left", "right"],
  AssignmentPattern: ["left", "right"],
  AwaitExpression: ["argument"],
  BinaryExpression: ["left", "right"],
  BlockStatement: ["body"],
  BreakStatement: ["label"],
  CallExpression: ["callee", "arguments"],
  CatchClause: ["param", "body"],
  ChainExpression: ["expression"],
  ClassBody: ["body"],
  ClassDeclaration: ["id", "superClass", "body"],
  ClassExpression: ["id", "superClass", "body"],
  ConditionalExpression: ["test", "consequent", "alternate"],
  ContinueStatement: ["label"],
  DebuggerStatement: [],
  DoWhileStatement: ["body", "test"],
  EmptyStatement: [],
  ExportAllDeclaration: ["exported", "source", "attributes"],
  ExportDefaultDeclaration: ["declaration"],
  ExportNamedDeclaration: ["declaration", "specifiers", "source", "attributes"],
  ExportSpecifier: ["local", "exported"],
  ExpressionStatement: ["expression"],
  ForInStatement: ["left", "right", "body"],
  ForOfStatement: ["left", "right", "body"],
  ForStatement: ["init", "test", "update", "body"],
  FunctionDeclaration: ["id", "params", "body"],
  FunctionExpression: ["id", "params", "body"],
  Identifier: [],
  IfStatement: ["test", "consequent", "alternate"],
  ImportDeclaration: ["specifiers", "source", "attributes"],
  ImportDefaultSpecifier: ["local"],
  ImportExpression: ["source", "options"],
  LabeledStatement: ["body", "label"],
  Literal: [],
  LogicalExpression: ["left", "right"],
  MemberExpression: ["object", "property"],
  MetaProperty: ["meta", "property"],
  MethodDefinition: ["key", "value"],
  NewExpression: ["callee", "arguments"],
  ObjectExpression: ["properties"],
  ObjectPattern: ["properties"],
  PrivateIdentifier: [],
  Program: ["body"],
  Property: ["key", "value"],
  PropertyDefinition: ["key", "value"],
  RestElement: ["argument"],
  ReturnStatement: ["argument"],
  SequenceExpression: ["expressions"],
  SpreadElement: ["argument"],
  StaticBlock: ["body"],
  Super: [],
  SwitchCase: ["consequent", "test"],
  SwitchStatement: ["discriminant", "cases"],
  TaggedTemplateExpression: ["tag", "quasi"],
  TemplateElement: [],
  TemplateLiteral: ["expressions", "quasis"],
  ThisExpression: [],
  ThrowStatement: ["argument"],
  TryStatement: ["block", "handler", "finalizer"],
  UnaryExpression: ["argument"],
  UpdateExpression: ["argument"],
  VariableDeclaration: ["declarations"],
  VariableDeclarator: ["id", "init"],
  WhileStatement: ["test", "body"],
  YieldExpression: ["argument"],
}

const KEYS = new Map<string, ReadonlyArray<string>>(Object.entries(TABLE))

/** Keys that hold positions, printer bookkeeping or comments, never child nodes (the `for…in` fallback skips them). */
export const NOT_CHILDREN: ReadonlySet<string> = new Set([
  "type",
  "loc",
  "start",
  "end",
  "range",
  "original",
  "tokens",
  "comments",
  "leadingComments",
  "trailingComments",
  "extra",
])

/** Whether `type` is in the key table (its nodes hold children, and arrays, only under the listed keys). */
export const isTableType = (type: string): boolean => KEYS.has(type)

/**
 * The keys of `node` that may hold child nodes. Table types must hold nodes only under their listed keys: a builder
 * node of a table type that carries a child elsewhere would be missed, so unknown shapes use the `for…in` fallback.
 */
export const childKeys = (node: { readonly type: string }): ReadonlyArray<string> => {
  const known = KEYS.get(node.type)
  if (known !== undefined) return known
  const out: string[] = []
  for (const key in node) if (!NOT_CHILDREN.has(key)) out.push(key)
  return out
}
