import type { SyntaxNode, Tree } from "@lezer/common"
import type { Ctx, PyTool, Translation } from "./context.js"
import { Refusal } from "./context.js"
import { assign, block, call, expr, id, kids, letDecl, member, spanner, type N } from "./estree.js"
import { expression, isExpression } from "./expressions.js"
import { importStatement, statementList, statements } from "./statements.js"
import { collectBindings, newScope } from "./scope.js"
import { jsName } from "./names.js"
import { dottedChain, namespaceCandidates } from "./namespaces.js"
import { libraryFor, namesIn } from "../library/index.js"

export interface Translated {
  readonly program: N
  readonly translations: ReadonlyArray<Translation>
  readonly style: "sync" | "async"
  /** The library definitions the program reaches (their names), printed apart from the program. */
  readonly library: ReadonlyArray<string>
  readonly libraryCount: number
}

const walk = (n: SyntaxNode, f: (n: SyntaxNode) => boolean | void): void => {
  if (f(n) === false) return
  for (let c = n.firstChild; c; c = c.nextSibling) walk(c, f)
}

/**
 * The `def`s that must run as async functions: those that call a tool (or such a `def`), found by a fixpoint over
 * the call graph of names, so sync-style programs (smolagents) await their tools inside helpers too.
 */
const asyncDefsOf = (
  top: SyntaxNode,
  text: (n: SyntaxNode) => string,
  tools: ReadonlyMap<string, PyTool>,
): Set<string> => {
  const calls = new Map<string, Set<string>>()
  const direct = new Set<string>()
  walk(top, (n) => {
    if (n.name !== "FunctionDefinition") return
    const name = kids(n).find((c) => c.name === "VariableName")
    if (!name) return
    const callees = new Set<string>()
    const body = kids(n).find((c) => c.name === "Body")
    if (body)
      walk(body, (c) => {
        if (c.name === "CallExpression" && c.firstChild?.name === "VariableName") {
          const callee = text(c.firstChild)
          if (tools.has(callee) || callee === "call_tool") direct.add(text(name))
          callees.add(callee)
        } else if (c.name === "CallExpression" && c.firstChild?.name === "MemberExpression") {
          const chain = dottedChain(c.firstChild, text)
          if (chain && chain.length > 1 && namespaceCandidates(tools, chain).length > 0) direct.add(text(name))
        }
      })
    calls.set(text(name), callees)
  })
  let changed = true
  while (changed) {
    changed = false
    for (const [name, callees] of calls)
      if (!direct.has(name) && [...callees].some((c) => direct.has(c))) {
        direct.add(name)
        changed = true
      }
  }
  return direct
}

const isCallTo = (ctx: Ctx, n: SyntaxNode, names: ReadonlyArray<string>): boolean => {
  const e = n.name === "ExpressionStatement" ? kids(n).filter(isExpression) : []
  return (
    e.length === 1 &&
    e[0]!.name === "CallExpression" &&
    e[0]!.firstChild?.name === "VariableName" &&
    names.includes(ctx.text(e[0]!.firstChild))
  )
}

/** Python source + lezer tree → a canonical JavaScript program (with the library definitions it reaches). */
export const translate = (
  source: string,
  tree: Tree,
  tools: ReadonlyMap<string, PyTool>,
  forcedStyle?: "sync" | "async",
): Translated => {
  const text = (n: SyntaxNode) => source.slice(n.from, n.to)
  const top = tree.topNode
  let sawAsync = false
  walk(top, (n) => {
    if (n.name === "AwaitExpression" || n.name === "async") sawAsync = true
  })
  const scope = newScope(undefined, true)
  collectBindings(top, scope, text)
  let temp = 0
  const ctx: Ctx = {
    source,
    span: spanner(source),
    text,
    tools,
    style: forcedStyle ?? (sawAsync ? "async" : "sync"),
    modules: new Map(),
    fromImports: new Map(),
    translations: [],
    asyncDefs: asyncDefsOf(top, text, tools),
    scope,
    frame: { usedAwait: false, async: true, temps: [] },
    caught: undefined,
    loopElse: undefined,
    temp() {
      const name = `$t${temp++}`
      this.frame.temps.push(name)
      return name
    },
  }
  // Module imports bind before any function body is translated (a def may use a module imported below it).
  walk(top, (n) => {
    if (n.name === "FunctionDefinition") return false
    if (n.name === "ImportStatement") importStatement(ctx, n)
    return undefined
  })
  const stmts = kids(top).filter((c) => c.name !== "Comment")
  const last = stmts[stmts.length - 1]
  let body: N[]
  if (last && last.name === "ExpressionStatement" && !isCallTo(ctx, last, ["print", "final_answer"])) {
    body = statementList(ctx, stmts.slice(0, -1))
    const value = expression(ctx, kids(last).filter(isExpression)[0]!)
    ctx.translations.push({
      rule: "python-last-expression",
      from: last.from,
      note: "the last expression's value is the result (as Monty and notebooks return it)",
    })
    body.push({ type: "ReturnStatement", argument: call("$data", [value]), ...ctx.span(last.from, last.to) })
  } else body = statements(ctx, top)
  const e = "$fin"
  const wrapped: N = {
    type: "TryStatement",
    block: block(body),
    handler: {
      type: "CatchClause",
      param: id(e),
      body: block([
        {
          type: "IfStatement",
          test: { type: "BinaryExpression", operator: "instanceof", left: id(e), right: id("$FinalAnswer") },
          consequent: { type: "ReturnStatement", argument: call("$data", [member(id(e), "value")]) },
          alternate: null,
        },
        { type: "ThrowStatement", argument: call("$uncaught", [id(e)]) },
      ]),
    },
    finalizer: block([expr(call("$flush", []))]),
  }
  const decl = [...[...scope.locals].map(jsName), ...ctx.frame.temps]
  const program: N[] = []
  if (decl.length) program.push(letDecl(decl))
  program.push(wrapped)
  const used = new Set<string>(["$FinalAnswer", "$data", "$flush", "$uncaught"])
  namesIn(program, used)
  const lib = libraryFor(used)
  const seen = new Set<number>()
  const translations = ctx.translations.filter((t) => {
    if (t.rule !== "python-import") return true
    if (seen.has(t.from)) return false
    seen.add(t.from)
    return true
  })
  return {
    program: { type: "Program", sourceType: "script", body: [...lib, ...program], ...ctx.span(0, source.length) },
    translations,
    style: ctx.style,
    library: [...used].filter((n) => lib.length > 0).sort(),
    libraryCount: lib.length,
  }
}

export { Refusal, assign }
