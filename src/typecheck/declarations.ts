/**
 * The declarations a program is checked against: `tools` from the catalog (inputs from input schemas, outputs from
 * output schemas, `any` where a tool declares none, so correct JavaScript is never refused), the runtime's globals
 * that the standard library does not declare, and the dialect's prelude globals.
 */
import { renderType } from "../discovery/render.js"
import { renderKey } from "../discovery/path.js"
import { isObject } from "../discovery/json-schema.js"

/** What the declarations need of one tool (a `ToolDescription` has it). */
export interface DeclaredTool {
  readonly segments: ReadonlyArray<string>
  readonly description: string
  readonly input: unknown
  readonly output: unknown
}

interface Node {
  tool: DeclaredTool | typeof SEARCH | undefined
  readonly children: Map<string, Node>
}

const node = (): Node => ({ tool: undefined, children: new Map() })

/** Whether the input's top level requires a property: only then may the argument not be left out. */
const requiresInput = (schema: unknown): boolean => {
  if (!isObject(schema)) return false
  if (Array.isArray(schema.required) && schema.required.length > 0) return true
  return (
    schema.type !== undefined &&
    schema.type !== "object" &&
    !(Array.isArray(schema.type) && schema.type.includes("object"))
  )
}

const comment = (description: string, indent: string): string => {
  const line = description.split(/\r?\n/).find((l) => l.trim() !== "")
  return line === undefined ? "" : `${indent}/** ${line.trim().replaceAll("*/", "* /").slice(0, 200)} */\n`
}

/** `$codemode.search` and the global `search` (src/discovery/search-schema.ts): loosely typed, never a finding. */
const SEARCH = "(input?: any): Promise<any>"

const PLACEHOLDER_KEYS = new Set(["type", "description", "title", "$schema"])

/**
 * An input schema that names no property and constrains none (`{ "type": "object" }`): a placeholder, as hosts
 * register tools whose input they do not describe (Codex's freeform `apply_patch` takes a string under one, corpus
 * vendor-codex-apply-patch-freeform). It says nothing a program could get wrong, so it is declared `any`.
 */
const isPlaceholder = (schema: unknown): boolean =>
  isObject(schema) &&
  (schema.type === undefined || schema.type === "object") &&
  Object.keys(schema).every((key) => PLACEHOLDER_KEYS.has(key))

const signature = (tool: DeclaredTool | typeof SEARCH, depth: number): string => {
  if (tool === SEARCH) return SEARCH
  if (isPlaceholder(tool.input))
    return `(input?: any): Promise<${tool.output === undefined ? "any" : renderType(tool.output, depth)}>`
  const input = renderType(tool.input, depth)
  const output = tool.output === undefined ? "any" : renderType(tool.output, depth)
  return `(input${requiresInput(tool.input) ? "" : "?"}: ${input}): Promise<${output}>`
}

const renderNode = (n: Node, depth: number): string => {
  const indent = "  ".repeat(depth + 1)
  let out = "{\n"
  if (n.tool !== undefined)
    out += `${comment(n.tool === SEARCH ? "" : n.tool.description, indent)}${indent}${signature(n.tool, depth + 1)}\n`
  for (const [name, child] of n.children) {
    if (child.children.size === 0 && child.tool !== undefined)
      out += `${comment(child.tool === SEARCH ? "" : child.tool.description, indent)}${indent}${renderKey(name)}${signature(child.tool, depth + 1)}\n`
    else out += `${indent}${renderKey(name)}: ${renderNode(child, depth + 1)}\n`
  }
  return `${out}${"  ".repeat(depth)}}`
}

/** The catalog's declaration text: one `tools` constant whose type mirrors the tool tree. */
export const catalogDeclarations = (tools: ReadonlyArray<DeclaredTool>): string => {
  const root = node()
  for (const tool of tools) {
    let at = root
    for (const segment of tool.segments) {
      let next = at.children.get(segment)
      if (next === undefined) at.children.set(segment, (next = node()))
      at = next
    }
    at.tool = tool
  }
  const codemode = root.children.get("$codemode") ?? node()
  root.children.set("$codemode", codemode)
  codemode.children.set("search", { tool: SEARCH, children: new Map() })
  return `declare const tools: ${renderNode(root, 0)}\ndeclare function search${SEARCH}\n`
}

/**
 * The runtime's globals outside the ECMAScript library (src/interpreter/builtins/globals.ts) and the prelude's, as
 * `any`: the checker reports nothing about how a program uses them.
 */
const RUNTIME_GLOBALS = [
  "console",
  "structuredClone",
  "setTimeout",
  "clearTimeout",
  "setInterval",
  "clearInterval",
  "setImmediate",
  "clearImmediate",
  "queueMicrotask",
  "URL",
  "URLSearchParams",
  "TextEncoder",
  "TextDecoder",
  "atob",
  "btoa",
]

/** Names the standard library declares already: a prelude that redefines one keeps the library's type. */
const LIBRARY = new Set([
  "Object",
  "Array",
  "String",
  "Number",
  "Boolean",
  "BigInt",
  "Symbol",
  "Date",
  "RegExp",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "Promise",
  "Math",
  "JSON",
  "Intl",
  "Error",
  "TypeError",
  "RangeError",
  "SyntaxError",
  "ReferenceError",
  "EvalError",
  "URIError",
  "AggregateError",
  "Uint8Array",
  "Iterator",
  "Function",
  "globalThis",
  "undefined",
  "NaN",
  "Infinity",
  "parseInt",
  "parseFloat",
  "isNaN",
  "isFinite",
  "encodeURIComponent",
  "decodeURIComponent",
  "encodeURI",
  "decodeURI",
  "tools",
  "search",
])

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

/** The prelude's declaration text: the runtime's extra globals plus the dialect's, each `any`. */
export const preludeDeclarations = (preludeNames: Iterable<string>): string => {
  const names = new Set(RUNTIME_GLOBALS)
  for (const name of preludeNames) if (IDENTIFIER.test(name) && !LIBRARY.has(name)) names.add(name)
  return [...names]
    .sort()
    .map((name) => `declare var ${name}: any\n`)
    .join("")
}
