import type { AnyNode as Node } from "acorn"
import { FastPath, recast } from "./recast.js"
import type { Snapshot } from "./snapshot.js"

/**
 * The edit printer: the text `recast.print` would produce for a rewritten program, computed as splices over the
 * original text, without recast's parse (a deep tree copy, tokens, comment attachment) or its whole-tree printer.
 *
 * It follows recast's own decisions (lib/patcher.ts `findReprints`): the rewritten tree is compared with the parsed
 * one (here: the `Snapshot` of every node's original fields); where a node differs and cannot be patched inside, the
 * new node is printed where the old one was. Printing a new node uses recast's generic rules for the few node types
 * rules build (identifiers, member and call expressions, `await`, string literals, `{}`); an unchanged original node
 * inside it is its original text. recast's `FastPath` decides parentheses, as it does in recast.
 *
 * Anything outside that subset returns `undefined` and the caller prints with recast (src/frontend/normalize.ts):
 * unwrapped programs (a new statement list), a change inside `return` (recast reprints the whole statement), an
 * arrow made async, comments or non-space indentation near an edit, a multi-line node moved to another line.
 * `test/frontend/reprint.test.ts` checks the result against recast on every fixture, corpus case and bench program.
 */

type Loose = Node & Record<string, unknown>
type Fields = Readonly<Record<string, unknown>>

type Path = InstanceType<typeof FastPath>

/** Thrown to give up: the caller falls back to recast. */
const BAIL = Symbol("bail")

const expressionTypes = new Map<string, boolean>()
const isExpression = (type: unknown): boolean => {
  if (typeof type !== "string") return false
  let known = expressionTypes.get(type)
  if (known === undefined) expressionTypes.set(type, (known = recast.types.namedTypes.Expression.check({ type })))
  return known
}

/** Types for which recast's `needsParens` is always false (statements, identifiers, and what only they contain). */
const NEVER_PARENS = new Set([
  "Identifier",
  "Program",
  "Property",
  "VariableDeclarator",
  "SwitchCase",
  "CatchClause",
  "TemplateElement",
  "PrivateIdentifier",
])
const mayNeedParens = (type: string): boolean =>
  !NEVER_PARENS.has(type) && !type.endsWith("Statement") && !type.endsWith("Declaration")

/** Characters recast may rewrite when it reprints (tab/odd indentation, line terminators it normalizes). */
const UNSAFE_TEXT = /[\t\v\f\r\u00a0\ufeff\u2028\u2029]/

const RISKY = /[0-9a-z_$]/i

interface Site {
  /** The original node (its original fields are in the snapshot). */
  readonly old: object
  readonly oldFields: Fields
  /** recast's path stack at the new node. */
  readonly stack: unknown[]
}

export const reprint = (
  text: string,
  program: Node,
  snapshot: Snapshot,
  comments: ReadonlyArray<{ start: number; end: number }>,
): string | undefined => {
  if (UNSAFE_TEXT.test(text)) return undefined
  const first = text.search(/\S/)
  if (first < 0 || (first > 0 && text[first - 1] !== "\n")) return undefined // recast de-indents an indented program
  let last = text.length
  while (last > first && /\s/.test(text[last - 1]!)) last--
  try {
    const path = FastPath.from(program) as Path
    const fields = snapshot.get(program)
    if (!fields) return undefined
    const ctx = context(text, snapshot, comments)
    const sites: Site[] = []
    if (!findChild(path, program as Loose, fields, sites, ctx)) return statementSequence(path, ctx)
    return patch(text, first, last, sites, ctx)
  } catch (error) {
    if (error === BAIL) return undefined
    throw error
  }
}

interface Range {
  readonly start: number
  readonly end: number
}

interface Context {
  readonly text: string
  readonly snapshot: Snapshot
  readonly comments: ReadonlyArray<{ start: number; end: number }>
}

const context = (text: string, snapshot: Snapshot, comments: Context["comments"]): Context => ({
  text,
  snapshot,
  comments,
})

/**
 * recast `FastPath.hasParens` (tokens), on the text: `(` before and `)` after the node with only whitespace between.
 * A comment in between (or a character inside one) would need recast's tokens to decide: give up.
 */
const hasParens = (ctx: Context, fields: Fields): boolean => {
  const { text } = ctx
  const inComment = (at: number) => ctx.comments.some((c) => c.start <= at && at < c.end)
  let i = (fields.start as number) - 1
  while (i >= 0 && /\s/.test(text[i]!)) i--
  if (inComment(i)) throw BAIL
  if (text[i] !== "(") return false
  let j = fields.end as number
  while (j < text.length && /\s/.test(text[j]!)) j++
  if (inComment(j)) throw BAIL
  if (text[j] !== ")") throw BAIL // recast's "just needs an opening paren" case
  return true
}

/**
 * Expression types that recast's `FastPath.needsParens` (recast 0.23.21, lib/fast-path.ts) answers with false
 * wherever they stand, except as the callee of `new` (its `containsCallExpression` check): none is in its
 * per-type switch, and none is one of the types its first-in-statement check asks about (function, object and
 * class expressions). Most of a program's expressions are of these types; recast is asked about the others.
 */
const PLAIN = new Set([
  "MemberExpression",
  "ArrayExpression",
  "TemplateLiteral",
  "ThisExpression",
  "NewExpression",
  "ChainExpression",
  "TaggedTemplateExpression",
  "Super",
  "MetaProperty",
])

/** What recast's own switch says for these types without asking it (see `PLAIN`): the same answer, fewer calls. */
const plainAnswer = (path: Path, node: Loose): boolean | undefined => {
  if (node.extra !== undefined) return undefined // recast reads `extra.parenthesized`
  const type = node.type
  if (!PLAIN.has(type) && type !== "CallExpression" && type !== "Literal") return undefined
  const parent = path.getParentNode() as Loose | null
  if (parent === null) return false
  if (parent.type === "NewExpression" && path.getName() === "callee") return undefined
  // A call is parenthesized only as `export default` of an immediately called function expression.
  if (type === "CallExpression") return parent.type === "ExportDefaultDeclaration" ? undefined : false
  // A number literal is parenthesized as the object of a member expression (`(1).toString()`).
  if (type === "Literal")
    return typeof node.value === "number" && parent.type === "MemberExpression" ? undefined : false
  return false
}

const needsParens = (path: Path): boolean => {
  const node = path.getValue() as Loose
  if (!mayNeedParens(node.type)) return false
  return plainAnswer(path, node) ?? path.needsParens()
}

/** recast `findAnyReprints`: `oldValue` is the original value of the same field (a node stands for its snapshot). */
const findAny = (path: Path, value: unknown, oldValue: unknown, sites: Site[], ctx: Context): boolean => {
  if (value === oldValue && (value === null || typeof value !== "object" || !ctx.snapshot.has(value))) return true
  if (Array.isArray(value)) {
    if (!Array.isArray(oldValue) || oldValue.length !== value.length) return false
    for (let i = 0; i < value.length; i++) {
      path.stack.push(i, value[i])
      const ok = findAny(path, value[i], oldValue[i], sites, ctx)
      path.stack.length -= 2
      if (!ok) return false
    }
    return true
  }
  if (value !== null && typeof value === "object") {
    if (typeof (value as Loose).type !== "string") throw BAIL // a changed non-node object: not a rule's edit
    return findObject(path, value as Loose, oldValue, sites, ctx)
  }
  return false
}

/** recast `findObjectReprints` for a node. */
const findObject = (path: Path, node: Loose, oldValue: unknown, sites: Site[], ctx: Context): boolean => {
  const oldFields = oldValue !== null && typeof oldValue === "object" ? ctx.snapshot.get(oldValue) : undefined
  if (oldFields === undefined) return false
  if (node.type === oldFields.type) {
    const inner: Site[] = []
    if (findChild(path, node, oldFields, inner, ctx)) sites.push(...inner)
    else sites.push({ old: oldValue as object, oldFields, stack: path.stack.slice() })
    return true
  }
  if (isExpression(node.type) && isExpression(oldFields.type)) {
    sites.push({ old: oldValue as object, oldFields, stack: path.stack.slice() })
    return true
  }
  return false
}

/**
 * recast `findChildReprints`: every field of the union of both key sets, except `loc`. `rootOld`: recast compares
 * against a fresh path of the old node there (`findReprints`), where `hasParens` cannot see a parenthesis.
 */
const findChild = (
  path: Path,
  node: Loose,
  oldFields: Fields,
  sites: Site[],
  ctx: Context,
  rootOld = false,
): boolean => {
  if (needsParens(path) && (rootOld || !hasParens(ctx, oldFields))) return false
  const before = sites.length
  for (const key in oldFields) {
    if (key === "loc" || key.charCodeAt(0) === 95) continue
    path.stack.push(key, node[key])
    const ok = findAny(path, node[key], oldFields[key], sites, ctx)
    path.stack.length -= 2
    if (!ok) return false
  }
  for (const key in node) {
    if (key === "loc" || key.charCodeAt(0) === 95 || Object.hasOwn(oldFields, key)) continue
    if (node[key] !== undefined) return false // a field the original did not have (builder defaults such as `comments`)
  }
  if (node.type === "ReturnStatement" && sites.length > before) return false
  return true
}

/** The original text of `[start, end)` with each site's new text spliced in (recast's Patcher over one node). */
const patch = (text: string, start: number, end: number, sites: ReadonlyArray<Site>, ctx: Context): string => {
  const ordered = [...sites].sort((a, b) => (a.oldFields.start as number) - (b.oldFields.start as number))
  let out = ""
  let at = start
  for (const site of ordered) {
    const from = site.oldFields.start as number
    const to = site.oldFields.end as number
    if (from < at || to > end) throw BAIL
    if (ctx.comments.some((c) => c.end >= lineStart(text, from) && c.start <= lineEnd(text, to))) throw BAIL
    let printed = printSite(site, ctx)
    if (RISKY.test(text[from - 1] ?? "") && RISKY.test(printed[0] ?? "")) printed = ` ${printed}`
    if (RISKY.test(text[to] ?? "") && RISKY.test(printed[printed.length - 1] ?? "")) printed = `${printed} `
    out += text.slice(at, from) + printed
    at = to
  }
  return out + text.slice(at, end)
}

const lineStart = (text: string, offset: number): number => text.lastIndexOf("\n", offset - 1) + 1
const lineEnd = (text: string, offset: number): number => {
  const i = text.indexOf("\n", offset)
  return i < 0 ? text.length : i
}

/** recast prints a site with `avoidRootParens` when the old node had the same type and parentheses. */
const printSite = (site: Site, ctx: Context): string => {
  const path = FastPath.from(site.stack[0]) as Path
  path.stack = site.stack.slice()
  const node = path.getValue() as Loose
  const avoidRootParens = node.type === site.oldFields.type && hasParensIfNeeded(path, ctx, site.oldFields)
  return print(path, ctx, { start: site.oldFields.start as number, end: site.oldFields.end as number }, avoidRootParens)
}

/** `hasParens` is read only where recast would need it (it bails on comments). */
const hasParensIfNeeded = (path: Path, ctx: Context, oldFields: Fields): boolean =>
  needsParens(path) ? hasParens(ctx, oldFields) : false

/**
 * recast `print(path)`: an original node whose fields can be patched is its original text with its own sites
 * spliced in; anything else is printed generically. `site` is the enclosing site's old range: a reused multi-line
 * text must lie inside it and start on its first line (recast re-indents it by the difference, then zero).
 */
const print = (path: Path, ctx: Context, site: Range, avoidRootParens = false): string => {
  const node = path.getValue() as Loose
  const oldFields = ctx.snapshot.get(node)
  if (oldFields !== undefined && oldFields.type === node.type) {
    const sites: Site[] = []
    if (findChild(path, node, oldFields, sites, ctx, true)) {
      const from = oldFields.start as number
      const to = oldFields.end as number
      const text = patch(ctx.text, from, to, sites, ctx)
      // recast re-indents a reused multi-line text by (site indent - own indent): zero only on the site's own line.
      if (
        text.includes("\n") &&
        (from < site.start || to > site.end || ctx.text.slice(site.start, from).includes("\n"))
      )
        throw BAIL
      return needsParens(path) ? `(${text})` : text
    }
  }
  const text = generic(path, node, ctx, site)
  return !avoidRootParens && needsParens(path) ? `(${text})` : text
}

const child = (path: Path, ctx: Context, site: Range, key: string, index?: number): string => {
  const parent = path.getValue() as Loose
  const value = index === undefined ? parent[key] : (parent[key] as unknown[])[index]
  if (index === undefined) path.stack.push(key, value)
  else path.stack.push(key, parent[key], index, value)
  try {
    return print(path, ctx, site)
  } finally {
    path.stack.length -= index === undefined ? 2 : 4
  }
}

/** recast's `genericPrintNoParens` for the node types rules build; anything else gives up. */
const generic = (path: Path, node: Loose, ctx: Context, site: Range): string => {
  switch (node.type) {
    case "Identifier":
      if (node.optional || node.typeAnnotation) throw BAIL
      return node.name as string
    case "MemberExpression": {
      const object = child(path, ctx, site, "object")
      const property = child(path, ctx, site, "property")
      if (node.computed) return `${object}${node.optional ? "?.[" : "["}${property}]`
      return `${object}${node.optional ? "?." : "."}${property}`
    }
    case "CallExpression": {
      if (node.typeParameters || node.typeArguments) throw BAIL
      const callee = child(path, ctx, site, "callee")
      const args = (node.arguments as unknown[]).map((_, i) => child(path, ctx, site, "arguments", i))
      const joined = args.join(", ")
      if (firstLine(joined).length > WRAP_COLUMN) throw BAIL // recast breaks the list over lines
      return `${callee}${node.optional ? "?." : ""}(${joined})`
    }
    case "ArrowFunctionExpression": {
      // An arrow made async: recast drops the parentheses of a lone identifier parameter.
      if (node.typeParameters || node.returnType || node.rest || node.predicate) throw BAIL
      const params = node.params as Loose[]
      const printed = params.map((_, i) => child(path, ctx, site, "params", i))
      let head: string
      if (params.length === 1 && params[0]!.type === "Identifier" && !params[0]!.typeAnnotation) head = printed[0]!
      else {
        const joined = printed.join(", ")
        if (joined.includes("\n") || joined.length > WRAP_COLUMN) throw BAIL // recast's multi-line parameter list
        head = `(${joined})`
      }
      return `${node.async ? "async " : ""}${head} => ${child(path, ctx, site, "body")}`
    }
    case "AwaitExpression":
      return `await${node.all ? "*" : ""}${node.argument ? ` ${child(path, ctx, site, "argument")}` : ""}`
    case "Literal":
      if (typeof node.value !== "string" || typeof node.raw === "string" || node.regex) throw BAIL
      // recast's nodeStr with the default quote: JSON, with U+2028/9 escaped.
      return JSON.stringify(node.value).replace(/[\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16)}`)
    case "ObjectExpression":
      if ((node.properties as unknown[]).length > 0) throw BAIL
      return "{}"
    default:
      throw BAIL
  }
}

const firstLine = (text: string): string => {
  const i = text.indexOf("\n")
  return i < 0 ? text : text.slice(0, i)
}

/**
 * recast's generic `Program` (`printStatementSequence`), reached when the statement list itself changed (an unwrapped
 * program is its wrapper's body): each original statement is its own (patched) text with its following lines moved
 * left by its indentation, and statements are separated by as many newlines as the larger of the gaps after the
 * previous and before this one in the original text. Comments (recast prints those attached to statements) or a
 * statement a rule built give up.
 */
const statementSequence = (path: Path, ctx: Context): string => {
  const { text } = ctx
  if (ctx.comments.length > 0) throw BAIL
  const body = (path.getValue() as Loose).body as Loose[]
  const printed: Array<{ text: string; start: number; end: number }> = []
  path.stack.push("body", body)
  body.forEach((stmt, i) => {
    if (stmt.type === "EmptyStatement") return
    const fields = ctx.snapshot.get(stmt)
    if (fields === undefined || fields.type !== stmt.type) throw BAIL
    const start = fields.start as number
    const end = fields.end as number
    const from = lineStart(text, start)
    if (text.slice(from, start).trim() !== "") throw BAIL // its recast indentation would be an ancestor's
    path.stack.push(i, stmt)
    const sites: Site[] = []
    const ok = findChild(path, stmt, fields, sites, ctx, true)
    path.stack.length -= 2
    if (!ok) throw BAIL
    printed.push({ text: dedentTail(patch(text, start, end, sites, ctx), start - from), start, end })
  })
  path.stack.length -= 2
  const newlines = (from: number, to: number) => {
    let n = 0
    for (let i = from; i < to; i++) if (text.charCodeAt(i) === 10) n++
    return n
  }
  let out = ""
  let previousTrailing = 0
  printed.forEach((stmt, i) => {
    if (i > 0) {
      let before = stmt.start
      while (before > 0 && /\s/.test(text[before - 1]!)) before--
      out += "\n".repeat(Math.max(previousTrailing, newlines(before, stmt.start)))
    }
    let after = stmt.end
    while (after < text.length && /\s/.test(text[after]!)) after++
    previousTrailing = newlines(stmt.end, after)
    out += stmt.text
  })
  return out
}

/** recast `Lines.indentTail(-by)`: every line after the first loses up to `by` leading spaces (empty lines stay). */
const dedentTail = (text: string, by: number): string => {
  if (by === 0 || !text.includes("\n")) return text
  return text
    .split("\n")
    .map((line, i) => {
      if (i === 0 || line === "") return line
      const lead = line.length - line.trimStart().length
      return " ".repeat(Math.max(0, lead - by)) + line.slice(lead)
    })
    .join("\n")
}

/** `wrapColumn` of the frontend's `recast.print` call (src/frontend/ast/print.ts). */
export const WRAP_COLUMN = 120
