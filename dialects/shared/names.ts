import type { ToolPath } from "../../src/frontend/dialect.js"
import { b, type AnyNode } from "./ast.js"

/** Canonical identifier test (DIALECTS.md §6: `.seg` for identifiers, `["seg"]` otherwise). */
export const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/

export const isIdentifierName = (name: string): boolean => IDENTIFIER.test(name)

/** The raw (flat) name a foreign system registers for a canonical path: segments joined with `.` (§1.2 table). */
export const rawName = (path: ToolPath): string => path.join(".")

/** `tools.a["b-c"]` — the canonical call expression text for a path (DIALECTS.md §6 "Paths"). */
export const canonicalText = (path: ToolPath): string =>
  "tools" + path.map((s) => (isIdentifierName(s) ? `.${s}` : `[${JSON.stringify(s)}]`)).join("")

/** Builds the canonical `tools.<path>` member expression with builders (STYLE.md habit 4). */
export const toolsMember = (path: ToolPath): AnyNode => {
  let node: AnyNode = b.identifier("tools") as unknown as AnyNode
  for (const segment of path) {
    node = (isIdentifierName(segment)
      ? b.memberExpression(node as never, b.identifier(segment), false)
      : b.memberExpression(node as never, b.literal(segment), true)) as unknown as AnyNode
  }
  return node
}

/** Parses `tools.a["b-c"]` (a `$codemode.search` item path) back into segments. */
export const parseCanonicalText = (text: string): string[] | undefined => {
  if (!text.startsWith("tools")) return undefined
  const out: string[] = []
  let rest = text.slice(5)
  while (rest.length > 0) {
    const dot = /^\.([A-Za-z_$][A-Za-z0-9_$]*)/.exec(rest)
    if (dot) {
      out.push(dot[1]!)
      rest = rest.slice(dot[0].length)
      continue
    }
    const bracket = /^\[("(?:[^"\\]|\\.)*")\]/.exec(rest)
    if (!bracket) return undefined
    out.push(JSON.parse(bracket[1]!) as string)
    rest = rest.slice(bracket[0].length)
  }
  return out.length > 0 ? out : undefined
}

/**
 * Pi/Codex identifier rule (DIALECTS.md §1.2, "same rule as Pi"): each character invalid at its position becomes
 * `_` (first `[A-Za-z_$]`, rest `[A-Za-z0-9_$]`); empty → `_`; reserved words kept.
 */
export const piIdentifier = (raw: string): string => {
  if (raw === "") return "_"
  let out = ""
  for (let i = 0; i < raw.length; i++) {
    const ch = raw[i]!
    out += (i === 0 ? /[A-Za-z_$]/ : /[A-Za-z0-9_$]/).test(ch) ? ch : "_"
  }
  return out
}
