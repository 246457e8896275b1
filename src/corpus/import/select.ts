import { isPlainObject } from "../json.js"
import type { ImportedCall } from "./types.js"

/**
 * Which recorded calls are calls to a code-execution tool. By name: the tools of the systems docs/dialects.md lists,
 * bare or behind an MCP prefix (`mcp__<server>__execute`, `<server>__execute`, `<server>.execute`), plus any name given
 * with `--tool`. By shape: a string `code`, `script` or `program` argument (or a dialect's own `js` /
 * `typescriptCode`), or a free-form string input of a custom tool other than a patch.
 */

/** Tool names and the dialect whose API the program was written for, when the name alone says so. */
const CODE_TOOLS: Readonly<Record<string, string | undefined>> = {
  exec: "codex",
  execute: undefined,
  code_mode: "vercel",
  codeMode: "vercel",
  codemode: undefined,
  codemode_execute: "cloudflare",
  run_code: "deepseek",
  execute_typescript: "tanstack",
  call_tool_chain: "utcp",
  execute_code: undefined,
  run_javascript: undefined,
}

/** Free-form tools whose text is not a program. */
const NOT_CODE = new Set(["apply_patch"])

const CODE_ARGUMENTS = ["code", "script", "program", "js", "typescriptCode"]

/** The tool's own name: `mcp__server__execute` → `execute`, `server.execute` → `execute`. */
export const baseName = (tool: string): string => {
  const mcp = /^mcp__.+?__(.+)$/.exec(tool) ?? /^[^_]+__(.+)$/.exec(tool)
  if (mcp) return mcp[1]!
  const dotted = tool.split(/[./]/)
  return dotted[dotted.length - 1]!
}

export type Why = "name" | "argument" | "free-form"

/** Why this call counts as a code-tool call, or undefined when it does not. */
export const codeToolCall = (call: ImportedCall, extraNames: ReadonlyArray<string> = []): Why | undefined => {
  const base = baseName(call.tool)
  if (extraNames.includes(call.tool) || extraNames.includes(base)) return "name"
  if (base in CODE_TOOLS && !NOT_CODE.has(base)) return "name"
  if (
    isPlainObject(call.input) &&
    CODE_ARGUMENTS.some((k) => typeof (call.input as Record<string, unknown>)[k] === "string")
  )
    return "argument"
  if (typeof call.input === "string" && !NOT_CODE.has(base) && !call.input.startsWith("*** Begin Patch"))
    return "free-form"
  return undefined
}

/**
 * The dialect a call was written for, when the system that recorded it settles it: a Codex `exec` cell is Codex's;
 * a bare tool name of one system is that system's. Otherwise undefined (the report shows what detection found).
 */
export const dialectOf = (call: ImportedCall): string | undefined => {
  if (call.provenance.format === "codex-rollout" && call.tool === "exec") return "codex"
  return call.tool === baseName(call.tool) && call.tool !== "exec" ? CODE_TOOLS[call.tool] : undefined
}

/** The shape of the arguments: `text` for a free-form string, else the object's keys (`{code}`, `{code,timeout}`). */
export const envelopeOf = (input: unknown): string => {
  if (typeof input === "string") return "text"
  if (Array.isArray(input)) return "array"
  if (isPlainObject(input)) return `{${Object.keys(input).sort().join(",")}}`
  return typeof input
}
