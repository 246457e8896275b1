/**
 * Which of the compiler's diagnostics are findings (docs/typecheck.md#what-is-reported): only those about the
 * catalog's types — a tool call's argument, a path under `tools` that is not a tool, a property an output type does
 * not declare, a tool's promise used as its value. Everything else the lenient compiler says about untyped
 * JavaScript (an `{}` grown by assignment, an undeclared global, top-level `return`) is not the catalog's business
 * and is dropped, so correct JavaScript raises nothing.
 */
import type * as TS from "typescript"
import { CATALOG_FILE, type Checked } from "./compiler.js"

export type FindingKind = "argument" | "unknown-tool" | "output-property" | "missing-await"

/** One finding, at an offset of the checked (canonical) code. */
export interface Finding {
  readonly kind: FindingKind
  readonly message: string
  readonly start: number
  /** Near names from the catalog or the type ("did you mean"), rendered as the program would write them. */
  readonly suggestions: ReadonlyArray<string>
}

/** What a diagnostic is about, when it is about the catalog. */
type Classified = Finding | undefined

const ARGUMENT_CODES = new Set([2322, 2345, 2353, 2561, 2741, 2739, 2740, 2559, 2769, 2554, 2555])
const PROPERTY_CODES = new Set([2339, 2551, 2570])
/** Iterating or spreading a value that is not iterable (a promise, when `await` was forgotten). */
const ITERATION_CODES = new Set([2488, 2504, 2548, 2549, 2802])

const flatten = (ts: Checked["ts"], d: TS.Diagnostic): string => ts.flattenDiagnosticMessageText(d.messageText, "\n")

/** The innermost node of `source` whose text (without leading trivia) contains `offset`. */
const nodeAt = (ts: Checked["ts"], source: TS.SourceFile, offset: number): TS.Node => {
  let found: TS.Node = source
  const visit = (n: TS.Node): void => {
    if (offset < n.getStart(source) || offset >= n.end) return
    found = n
    ts.forEachChild(n, visit)
  }
  ts.forEachChild(source, visit)
  return found
}

const inCatalog = (node: TS.Node | undefined): boolean => node?.getSourceFile().fileName === CATALOG_FILE

/** Where a catalog type literal sits: in the `tools` tree, in a tool's input, or in a tool's output. */
const catalogRole = (ts: Checked["ts"], declaration: TS.Node): "namespace" | "input" | "output" => {
  for (let n: TS.Node | undefined = declaration.parent; n !== undefined; n = n.parent) {
    if (ts.isParameter(n)) return "input"
    if (ts.isTypeReferenceNode(n)) return "output"
  }
  return "namespace"
}

/** The roles of a type's catalog declarations (each member of a union); empty when any member is not the catalog's. */
const rolesOf = (ts: Checked["ts"], type: TS.Type): Set<string> => {
  const roles = new Set<string>()
  for (const member of type.isUnion() ? type.types : [type]) {
    const declaration = member.getSymbol()?.declarations?.[0]
    if (declaration === undefined || !inCatalog(declaration)) return new Set()
    roles.add(catalogRole(ts, declaration))
  }
  return roles
}

/** The tool a call expression calls, as the program wrote it, when its signature is the catalog's. */
const toolCalled = (checked: Checked, call: TS.Node): string | undefined => {
  const { ts, checker, source } = checked
  if (!ts.isCallExpression(call)) return undefined
  const declaration = checker.getResolvedSignature(call)?.getDeclaration()
  if (declaration === undefined || !inCatalog(declaration)) return undefined
  return call.expression.getText(source)
}

/** Whether `expression` is a tool call's promise: the call itself, or a constant initialized with one. */
const fromToolCall = (checked: Checked, expression: TS.Expression, depth = 0): string | undefined => {
  const { ts, checker } = checked
  let e = expression
  while (ts.isParenthesizedExpression(e)) e = e.expression
  if (ts.isCallExpression(e)) return toolCalled(checked, e)
  if (ts.isIdentifier(e) && depth < 4) {
    const declaration = checker.getSymbolAtLocation(e)?.valueDeclaration
    if (declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined)
      return fromToolCall(checked, declaration.initializer, depth + 1)
  }
  return undefined
}

type Kinds = Set<string>

/** The primitive kinds a type admits (a union admits each member's); `any`, `unknown` or a type parameter admit all. */
const kindsOf = (checked: Checked, type: TS.Type): Kinds | undefined => {
  const { ts, checker } = checked
  const f = type.flags
  if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter | ts.TypeFlags.Never)) return undefined
  if (type.isUnion()) {
    const all: Kinds = new Set()
    for (const member of type.types) {
      const kinds = kindsOf(checked, member)
      if (kinds === undefined) return undefined
      for (const k of kinds) all.add(k)
    }
    return all
  }
  if (f & ts.TypeFlags.StringLike) return new Set(["string"])
  if (f & ts.TypeFlags.NumberLike) return new Set(["number"])
  if (f & ts.TypeFlags.BooleanLike) return new Set(["boolean"])
  if (f & ts.TypeFlags.BigIntLike) return new Set(["bigint"])
  if (f & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return new Set(["nothing"])
  if (checker.isArrayType(type) || checker.isTupleType(type)) return new Set(["array"])
  if (type.getCallSignatures().length > 0) return new Set(["function"])
  if (type.getSymbol()?.getName() === "Promise") return new Set(["promise"])
  return new Set(["object"])
}

const kindText = (kinds: Kinds): string => [...kinds].sort().join(" or ")

/**
 * A value whose kind the tool cannot take: a string where a number belongs, a promise where data belongs. A narrower
 * type of the same kind (`string` for a union of string literals, an object missing a key it may gain at run time)
 * is not a finding: the program may well send the right value.
 */
const mistyped = (checked: Checked, value: TS.Expression): string | undefined => {
  const { checker } = checked
  const target = checker.getContextualType(value)
  if (target === undefined) return undefined
  const want = kindsOf(checked, target)
  const got = kindsOf(checked, checker.getTypeAtLocation(value))
  if (want === undefined || got === undefined) return undefined
  // `null` / `undefined` are erased without strict null checks; a literal `null` reads as any.
  if ([...got].some((k) => want.has(k))) return undefined
  return `must be ${kindText(want)}, got ${kindText(got)}`
}

/** The tool call whose arguments hold `node`, with the argument it is in. */
const enclosingToolCall = (
  checked: Checked,
  node: TS.Node,
): { call: TS.CallExpression; tool: string; argument: TS.Expression } | undefined => {
  const { ts } = checked
  let child = node
  for (let n: TS.Node | undefined = node.parent; n !== undefined; child = n, n = n.parent) {
    if (ts.isCallExpression(n) && n.arguments.includes(child as TS.Expression)) {
      const tool = toolCalled(checked, n)
      if (tool !== undefined) return { call: n, tool, argument: child as TS.Expression }
      return undefined
    }
    if (ts.isFunctionLike(n)) return undefined
  }
  return undefined
}

const quoted = (text: string, pattern: RegExp): string | undefined => pattern.exec(text)?.[1]

const argumentFinding = (checked: Checked, d: TS.Diagnostic, node: TS.Node): Classified => {
  const { ts, source } = checked
  const text = flatten(ts, d)
  const start = d.start!
  if (d.code === 2554 || d.code === 2555) {
    // Too few or too many arguments: reported at the call (or the extra argument).
    const call = ts.isCallExpression(node) ? node : ts.isCallExpression(node.parent) ? node.parent : undefined
    const tool = call && toolCalled(checked, call)
    if (tool === undefined) return undefined
    return {
      kind: "argument",
      message: /at least|Expected 1 arguments, but got 0/.test(text)
        ? `${tool}(…) needs its input object.`
        : `${tool}(…) takes one input object.`,
      start,
      suggestions: [],
    }
  }
  const at = enclosingToolCall(checked, node)
  if (at === undefined) return undefined
  const { tool, argument } = at
  const literal = ts.isObjectLiteralExpression(skipParens(ts, argument))
  if (d.code === 2353 || d.code === 2561) {
    const name = quoted(text, /'([^']+)' does not exist in type/) ?? node.getText(source)
    const near = quoted(text, /Did you mean to write '([^']+)'\?/)
    return {
      kind: "argument",
      message: `${tool}: unknown input property '${name}'.${near !== undefined ? ` Did you mean '${near}'?` : ""}`,
      start,
      suggestions: near !== undefined ? [near] : [],
    }
  }
  const missing = missingProperties(text)
  if (missing.length > 0) {
    // Only an object literal is known whole here; a variable may gain the property before the call.
    if (!literal) return undefined
    const owner = missingOwner(ts, node, argument)
    if (owner !== undefined && owner !== skipParens(ts, argument) && !ts.isObjectLiteralExpression(owner))
      return undefined
    return {
      kind: "argument",
      message: `${tool}: missing required input ${missing.length === 1 ? "property" : "properties"} ${missing.map((m) => `'${m}'`).join(", ")}.`,
      start,
      suggestions: [],
    }
  }
  // Not assignable: judged by kind at the innermost value the compiler pointed at.
  const value = valueAt(ts, node, argument)
  if (value === undefined) return undefined
  const why = mistyped(checked, value)
  if (why === undefined) return undefined
  const name = propertyName(ts, value, source)
  const promise = why.endsWith("got promise")
  return {
    kind: promise ? "missing-await" : "argument",
    message: promise
      ? `${tool}: ${name === undefined ? "the input" : `input property '${name}'`} is a promise: add \`await\` before the call that produced it.`
      : `${tool}: ${name === undefined ? "the input" : `input property '${name}'`} ${why}.`,
    start: value.getStart(source),
    suggestions: [],
  }
}

const skipParens = (ts: Checked["ts"], e: TS.Expression): TS.Expression => {
  while (ts.isParenthesizedExpression(e)) e = e.expression
  return e
}

/** `Property 'x' is missing…` or `…missing the following properties from type '…': a, b` anywhere in the chain. */
const missingProperties = (text: string): string[] => {
  const one = /Property '([^']+)' is missing in type/.exec(text)
  if (one) return [one[1]!]
  const many = /missing the following properties from type '[^\n]*': ([^\n]+)/.exec(text)
  if (many)
    return many[1]!
      .replace(/,? and \d+ more\.?$/, "")
      .split(/,\s*/)
      .map((s) => s.replace(/\.$/, "").trim())
  return []
}

/** The object literal a missing-property error is about: the innermost one at the reported node. */
const missingOwner = (ts: Checked["ts"], node: TS.Node, argument: TS.Node): TS.Node | undefined => {
  for (let n: TS.Node | undefined = node; n !== undefined && n !== argument.parent; n = n.parent)
    if (ts.isObjectLiteralExpression(n) || n === argument) return n
  return undefined
}

/** The value expression the compiler's error points at: a property's initializer, or the argument itself. */
const valueAt = (ts: Checked["ts"], node: TS.Node, argument: TS.Expression): TS.Expression | undefined => {
  for (let n: TS.Node | undefined = node; n !== undefined && n !== argument.parent; n = n.parent) {
    if (ts.isPropertyAssignment(n)) return n.initializer
    if (ts.isShorthandPropertyAssignment(n)) return n.name
    if (n === argument) return argument
    if (ts.isObjectLiteralExpression(n) || ts.isArrayLiteralExpression(n)) return n
  }
  return undefined
}

const propertyName = (ts: Checked["ts"], value: TS.Node, source: TS.SourceFile): string | undefined => {
  const parent = value.parent
  if (ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) return parent.name.getText(source)
  return undefined
}

const propertyFinding = (checked: Checked, d: TS.Diagnostic, node: TS.Node, suggest: Suggest): Classified => {
  const { ts, checker, source } = checked
  const access = node.parent
  if (!ts.isPropertyAccessExpression(access) || access.name !== node) return undefined
  const name = access.name.text
  const owner = access.expression
  const text = flatten(ts, d)
  const near = quoted(text, /Did you mean '([^']+)'\?/)
  const viaTool = fromToolCall(checked, owner)
  const type = checker.getTypeAtLocation(owner)
  if (viaTool !== undefined && type.getSymbol()?.getName() === "Promise") {
    return {
      kind: "missing-await",
      message: `${viaTool}(…) returns a promise: \`await\` it before reading '${name}'.`,
      start: d.start!,
      suggestions: [],
    }
  }
  const roles = rolesOf(ts, type)
  if (roles.size !== 1) return undefined
  const role = [...roles][0]
  if (role === "namespace") {
    const written = `${owner.getText(source)}.${name}`
    const names = suggest(written)
    return {
      kind: "unknown-tool",
      message: `Unknown tool '${written}'.${names.length > 0 ? ` Did you mean ${names.join(", ")}?` : ""}`,
      start: d.start!,
      suggestions: names,
    }
  }
  if (role === "output")
    return {
      kind: "output-property",
      message: `'${name}' is not in the output type of ${outputOwner(checked, owner) ?? "the tool"}.${near !== undefined ? ` Did you mean '${near}'?` : ""}`,
      start: d.start!,
      suggestions: near !== undefined ? [near] : [],
    }
  return undefined
}

/** The tool whose output `expression` reads, when it is a plain `await tools.x(…)` or a constant holding one. */
const outputOwner = (checked: Checked, expression: TS.Expression): string | undefined => {
  const { ts, checker } = checked
  let e = skipParens(ts, expression)
  for (let depth = 0; depth < 8; depth++) {
    if (ts.isAwaitExpression(e)) return fromToolCall(checked, e.expression)
    if (ts.isPropertyAccessExpression(e) || ts.isElementAccessExpression(e)) e = skipParens(ts, e.expression)
    else if (ts.isIdentifier(e)) {
      const declaration = checker.getSymbolAtLocation(e)?.valueDeclaration
      if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer === undefined)
        return undefined
      e = skipParens(ts, declaration.initializer)
    } else return undefined
  }
  return undefined
}

const iterationFinding = (checked: Checked, d: TS.Diagnostic, node: TS.Node): Classified => {
  const { ts } = checked
  let e: TS.Node = node
  while (!ts.isExpression(e) && e.parent !== undefined) e = e.parent
  const tool = ts.isExpression(e) ? fromToolCall(checked, e) : undefined
  if (tool === undefined) return undefined
  return {
    kind: "missing-await",
    message: `${tool}(…) returns a promise: \`await\` it before iterating over its result.`,
    start: d.start!,
    suggestions: [],
  }
}

/** Near tool names for a path the program wrote (the frontend's resolver, over the live tree). */
export type Suggest = (written: string) => ReadonlyArray<string>

/** The findings among a check's diagnostics, in source order, one per offset. */
export const findingsOf = (checked: Checked, suggest: Suggest): Finding[] => {
  const { ts, source } = checked
  const out: Finding[] = []
  const seen = new Set<number>()
  for (const d of checked.diagnostics) {
    if (d.file !== source || d.start === undefined || d.category !== ts.DiagnosticCategory.Error) continue
    const node = nodeAt(ts, source, d.start)
    const finding = PROPERTY_CODES.has(d.code)
      ? propertyFinding(checked, d, node, suggest)
      : ARGUMENT_CODES.has(d.code)
        ? argumentFinding(checked, d, node)
        : ITERATION_CODES.has(d.code)
          ? iterationFinding(checked, d, node)
          : undefined
    if (finding === undefined || seen.has(finding.start)) continue
    seen.add(finding.start)
    out.push({ ...finding, start: Math.max(0, finding.start - checked.offset) })
  }
  return out.sort((a, b) => a.start - b.start)
}
