import * as acorn from "acorn"
import { core, helpers } from "./core.js"
import { ops } from "./ops.js"
import { text } from "./text.js"
import { errors } from "./errors.js"
import { builtins } from "./builtins.js"
import { methods } from "./methods.js"
import { modules } from "./modules.js"

type Node = { type: string; [key: string]: unknown }

interface Definition {
  readonly node: Node
  readonly order: number
  readonly uses: ReadonlySet<string>
}

/** The library source, in dependency order for its top-level `class`/`const` initialisers. */
export const LIBRARY_SOURCE = [core, helpers, errors, ops, text, builtins, methods, modules].join("\n")

const namesIn = (node: unknown, out: Set<string>): void => {
  if (Array.isArray(node)) for (const x of node) namesIn(x, out)
  else if (node && typeof node === "object") {
    const n = node as Node
    if (n.type === "Identifier" && typeof n.name === "string" && n.name.startsWith("$")) out.add(n.name)
    for (const k in n) if (k !== "loc" && k !== "type") namesIn(n[k], out)
  }
}

let table: Map<string, Definition> | undefined

/** Each top-level definition by the `$` names it declares, with the `$` names it uses (parsed once per process). */
const definitions = (): Map<string, Definition> => {
  if (table) return table
  table = new Map()
  const program = acorn.parse(LIBRARY_SOURCE, { ecmaVersion: 2022, sourceType: "script" }) as unknown as {
    body: Node[]
  }
  program.body.forEach((stmt, order) => {
    const uses = new Set<string>()
    namesIn(stmt, uses)
    const declared: string[] = []
    if (stmt.type === "FunctionDeclaration" || stmt.type === "ClassDeclaration")
      declared.push((stmt.id as { name: string }).name)
    else if (stmt.type === "VariableDeclaration")
      for (const d of stmt.declarations as Array<{ id: { name: string } }>) declared.push(d.id.name)
    const clean = strip(stmt) as Node
    for (const name of declared) table!.set(name, { node: clean, order, uses })
  })
  return table
}

/** Strips positions (the library's offsets are not the program's) so positions fall back to the program's start. */
const strip = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(strip)
  if (node && typeof node === "object") {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(node as Node)) {
      if (k === "start" || k === "end") out[k] = 0
      else if (k !== "loc" && k !== "range") out[k] = strip(v)
    }
    return out
  }
  return node
}

/**
 * The library's definitions a program reaches from `used` (its `$` names), in library order. The nodes are shared by
 * every program (parsed once, never changed: the compiler only reads a tree), so a program costs no copy of them.
 */
export const libraryFor = (used: ReadonlySet<string>): Node[] => {
  const defs = definitions()
  const seen = new Set<Node>()
  const pending = [...used]
  while (pending.length) {
    const name = pending.pop()!
    const d = defs.get(name)
    if (!d || seen.has(d.node)) continue
    seen.add(d.node)
    for (const u of d.uses) pending.push(u)
  }
  return [...seen]
    .map((node) => ({ node, order: defs.get(firstName(node))!.order }))
    .sort((a, b) => a.order - b.order)
    .map((x) => x.node)
}

const firstName = (stmt: Node): string =>
  stmt.type === "VariableDeclaration"
    ? (stmt.declarations as Array<{ id: { name: string } }>)[0]!.id.name
    : (stmt.id as { name: string }).name

export { namesIn }
