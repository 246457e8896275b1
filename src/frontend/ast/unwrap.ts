import type { AnyNode as Node, Program, Statement } from "acorn"
import { recast } from "./recast.js"
import type { Stage, State } from "../types.js"
import { walk, withLoc } from "./walk.js"

type Fn = Node & { async: boolean; generator: boolean; params: Node[]; body: Node; id?: { name: string } | null }

const isFn = (n: Node | null | undefined): n is Fn =>
  !!n && (n.type === "ArrowFunctionExpression" || n.type === "FunctionExpression" || n.type === "FunctionDeclaration")

/** Zero parameters, not a generator, no `arguments` inside: unwrapping keeps the meaning (docs/dialects.md#wrappers). */
const unwrappable = (fn: Fn, requireAsync: boolean): boolean => {
  if (fn.params.length > 0 || fn.generator || (requireAsync && !fn.async)) return false
  let usesArguments = false
  walk(fn.body, {
    enter: (n) => {
      if (usesArguments) return false
      if (n.type === "Identifier" && n.name === "arguments") usesArguments = true
      return n.type !== "FunctionExpression" && n.type !== "FunctionDeclaration"
    },
  })
  return !usesArguments
}

const references = (root: Node, name: string): boolean => {
  let found = false
  walk(root, {
    enter: (n) => {
      if (found) return false
      if (n.type === "Identifier" && n.name === name) found = true
      return undefined
    },
  })
  return found
}

/** Expression-bodied arrows become `return expr` so the value is kept (docs/dialects.md#pitfalls). */
const bodyOf = (fn: Fn): Statement[] => {
  if (fn.body.type === "BlockStatement") return fn.body.body
  const ret = withLoc(recast.types.builders.returnStatement(fn.body as never), fn.body)
  return [ret as unknown as Statement]
}

const strip = (e: Node): Node =>
  e.type === "AwaitExpression" || (e.type === "UnaryExpression" && e.operator === "void") ? e.argument : e

type Found = { fn: Fn; rule: string } | undefined

/** Which wrapper (if any) the whole program is (docs/dialects.md#wrappers and docs/design.md#frontend-stages). */
const findWrapper = (body: ReadonlyArray<Node>): Found => {
  if (body.length === 1) {
    const only = body[0]!
    if (only.type === "ExpressionStatement") {
      const e = strip(only.expression)
      if (e.type === "CallExpression" && e.arguments.length === 0 && isFn(e.callee) && unwrappable(e.callee, true))
        return { fn: e.callee, rule: "async-iife" }
      if (isFn(e) && unwrappable(e, true)) return { fn: e, rule: "bare-async-function" }
    }
    if (
      only.type === "ExportDefaultDeclaration" &&
      isFn(only.declaration as Node) &&
      unwrappable(only.declaration as Fn, false)
    )
      return { fn: only.declaration as Fn, rule: "export-default" }
    if (
      only.type === "FunctionDeclaration" &&
      unwrappable(only as Fn, true) &&
      !references(only.body, only.id?.name ?? "")
    )
      return { fn: only as Fn, rule: "lone-function" }
  }
  if (body.length === 2) {
    const decl = body.find((s) => s.type === "FunctionDeclaration") as Fn | undefined
    const call = body.find((s) => s.type === "ExpressionStatement")
    if (!decl || !call || call.type !== "ExpressionStatement" || !decl.id) return undefined
    const e = strip(call.expression)
    const calls =
      e.type === "CallExpression" &&
      e.arguments.length === 0 &&
      e.callee.type === "Identifier" &&
      e.callee.name === decl.id.name
    if (calls && unwrappable(decl, false) && !references(decl.body, decl.id.name))
      return { fn: decl, rule: "named-main" }
  }
  return undefined
}

/**
 * `export default <expression>` as the last statement (Cloudflare's normalizer turns a default export into the
 * program's value) → `return <expression>`. Functions are the wrapper case above; a class or a named declaration
 * stays and is refused by the check stage.
 */
const exportedValue = (state: State, program: Program): void => {
  const last = program.body[program.body.length - 1] as Node | undefined
  if (last?.type !== "ExportDefaultDeclaration") return
  const value = last.declaration as Node
  if (isFn(value) || value.type === "ClassDeclaration" || value.type === "ClassExpression") return
  state.willChange()
  const ret = withLoc(recast.types.builders.returnStatement(value as never), last)
  program.body[program.body.length - 1] = ret as unknown as Statement
  state.changes.push({ stage: "unwrap", rule: "export-default-value", loc: state.locate(last.start) })
}

/** The `unwrap` stage: a program that is only a wrapper becomes the wrapper's body. */
export const unwrap: Stage = {
  id: "unwrap",
  kind: "ast",
  run: (state: State) => {
    const program = state.program as Program
    exportedValue(state, program)
    for (let i = 0; i < 4; i++) {
      const found = findWrapper(program.body)
      if (!found) return
      state.willChange()
      state.changes.push({ stage: "unwrap", rule: found.rule, loc: state.locate(found.fn.start) })
      program.body = bodyOf(found.fn)
    }
  },
}
