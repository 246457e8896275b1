import { builders, recast } from "../ast/recast.js"
import { diagnostic } from "../../diagnostic.js"
import type { Stage, State } from "../types.js"
import { constantMap } from "../posmap.js"
import { isIdentifierName } from "../naming.js"
import { foreignCall, isToolCallObject, TOOL_NAME_KEYS } from "./envelope.js"

const b = builders
const PRINT = { tabWidth: 2, wrapColumn: 120, quote: "double" } as const
type Expr = Parameters<typeof b.expressionStatement>[0]
type Stmt = Parameters<typeof b.program>[0][number]

// docs/dialects.md#json-programs: argument keys, and how a string argument is keyed by the tool's name.
const ARG_KEYS = ["args", "arguments", "input", "params", "parameters", "payload"]
const READ_LIKE = [
  "read",
  "cat",
  "open",
  "load",
  "view",
  "preview",
  "glob",
  "head",
  "tail",
  "stat",
  "ls",
  "dir",
  "list",
]
const WRITE_LIKE = ["write", "edit", "create", "save", "append", "delete", "remove"]

type Step = { kind: "code"; code: string } | { kind: "call"; name: string; args: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const toStep = (item: unknown): Step | undefined => {
  if (typeof item === "string") return { kind: "code", code: item }
  if (!isObject(item)) return undefined
  if (isToolCallObject(item)) {
    const nameKey = TOOL_NAME_KEYS.find((k) => typeof item[k] === "string" && (item[k] as string).trim() !== "")!
    const argKey = ARG_KEYS.find((k) => k in item)
    if (argKey !== undefined) return { kind: "call", name: item[nameKey] as string, args: item[argKey] }
    const rest = Object.fromEntries(Object.entries(item).filter(([k]) => k !== nameKey && k !== "type" && k !== "id"))
    return { kind: "call", name: item[nameKey] as string, args: rest }
  }
  // Another vendor's call format (OpenAI `tool_calls` items, Gemini `functionCall`).
  const foreign = foreignCall(item)
  if (foreign !== undefined) return { kind: "call", name: foreign.name, args: foreign.args }
  const keys = Object.keys(item)
  if (keys.length === 1 && (isObject(item[keys[0]!]) || Array.isArray(item[keys[0]!])))
    return { kind: "call", name: keys[0]!, args: item[keys[0]!] }
  return undefined
}

const words = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/)

/** Arguments text that means "no arguments": empty, or JSON `null` (Cohere sends `"null"` for a parameterless tool). */
const noArgs = (value: string): boolean => value.trim() === "" || value.trim() === "null"

/** A string argument: JSON if it parses, else keyed by what the tool's name suggests (docs/dialects.md#json-programs). */
const stringArgs = (name: string, value: string): unknown => {
  if (noArgs(value)) return {}
  try {
    const parsed: unknown = JSON.parse(value)
    if (isObject(parsed)) return parsed
  } catch {
    // not JSON: keyed below
  }
  const w = words(name)
  if (w.some((x) => READ_LIKE.includes(x))) return { path: value }
  if (w.some((x) => WRITE_LIKE.includes(x))) return value.includes("\n") ? { content: value } : { path: value }
  return { command: value }
}

/** Nesting past which a value is written as `JSON.parse("…")` rather than as literals (the same data, shallower code). */
const MAX_LITERAL_DEPTH = 64

const literal = (value: unknown, depth = 0): Expr => {
  if (depth > MAX_LITERAL_DEPTH)
    return b.callExpression(b.memberExpression(b.identifier("JSON"), b.identifier("parse")), [
      b.literal(JSON.stringify(value)),
    ])
  if (value === null) return b.literal(null)
  if (typeof value === "string" || typeof value === "boolean") return b.literal(value)
  if (typeof value === "number") return Number.isFinite(value) ? b.literal(value) : b.literal(null)
  if (Array.isArray(value)) return b.arrayExpression(value.map((v) => literal(v, depth + 1)))
  if (isObject(value))
    return b.objectExpression(
      Object.entries(value).map(([k, v]) => {
        // `__proto__: v` would set the prototype; the computed form keeps it an own key, as JSON.parse made it.
        if (k === "__proto__")
          return Object.assign(b.property("init", b.literal(k), literal(v, depth + 1)), { computed: true })
        return b.property("init", isIdentifierName(k) ? b.identifier(k) : b.literal(k), literal(v, depth + 1))
      }),
    )
  return b.identifier("undefined")
}

const toolCallee = (name: string): Expr => {
  let callee: Expr = b.identifier("tools")
  for (const seg of name.split(".")) {
    callee = isIdentifierName(seg)
      ? b.memberExpression(callee, b.identifier(seg), false)
      : b.memberExpression(callee, b.literal(seg), true)
  }
  return callee
}

/** Compiles steps to `const _resultN = await tools.x(args)` … `return _result0 | [_result0, …]` (docs/dialects.md#json-programs). */
export const compileSteps = (steps: ReadonlyArray<Step>): string => {
  const parts: string[] = []
  const results: string[] = []
  for (const step of steps) {
    if (step.kind === "code") {
      parts.push(step.code) // raw JavaScript steps are verbatim (docs/dialects.md#json-programs)
      continue
    }
    const id = `_result${results.length}`
    results.push(id)
    const args = typeof step.args === "string" ? stringArgs(step.name, step.args) : (step.args ?? {})
    const call = b.awaitExpression(b.callExpression(toolCallee(step.name), [literal(args)]))
    const decl: Stmt = b.variableDeclaration("const", [b.variableDeclarator(b.identifier(id), call)])
    parts.push(recast.print(decl, PRINT).code)
  }
  if (results.length > 0) {
    const value =
      results.length === 1 ? b.identifier(results[0]!) : b.arrayExpression(results.map((r) => b.identifier(r)))
    parts.push(recast.print(b.returnStatement(value), PRINT).code)
  }
  return parts.join("\n")
}

const fromText = (text: string): unknown => {
  const t = text.trim()
  if (!(t.startsWith("[") && t.endsWith("]")) && !(t.startsWith("{") && t.endsWith("}"))) return undefined
  try {
    return JSON.parse(t)
  } catch {
    return undefined
  }
}

/** The `json-program` stage: a tool-call list (from the envelope, or as the code text) → JavaScript (docs/dialects.md#json-programs). */
export const jsonProgram: Stage = {
  id: "json-program",
  kind: "text",
  run: (state: State) => {
    const fromEnvelope = state.json !== undefined
    const value = fromEnvelope ? state.json : fromText(state.text)
    if (value === undefined) return
    const items = Array.isArray(value) ? value : [value]
    const steps = items.map(toStep)
    if (steps.length === 0 || steps.some((s) => s === undefined)) {
      if (!fromEnvelope) return // code text that merely parses as JSON (`[1, 2]`) stays code
      state.diagnostics.push(
        diagnostic("ParseError", "A JSON program must be a non-empty list of tool calls or JavaScript strings", {
          suggestions: ['[{ "tool": "<tool path>", "args": { } }]'],
        }),
      )
      state.halted = true
      return
    }
    const code = compileSteps(steps as Step[])
    state.changes.push({ stage: "json-program", rule: "json-program", note: `${steps.length} step(s)` })
    const nulls = steps.filter((s) => s!.kind === "call" && typeof s!.args === "string" && s!.args.trim() === "null")
    if (nulls.length > 0)
      state.changes.push({
        stage: "json-program",
        rule: "null-arguments",
        note: `${nulls.length} call(s) whose arguments were JSON null called with {}`,
      })
    if (fromEnvelope) state.original = code
    else state.maps.push(constantMap(0))
    state.text = code
    state.generated = true
  },
}
