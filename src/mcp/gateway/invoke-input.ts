import { expressionSegments } from "../../discovery/path.js"

/** One `invoke` call read: the tool's dotted name, its input, and what was read leniently (said in the result). */
export interface InvokeRequest {
  readonly tool: string
  readonly input: Record<string, unknown>
  readonly notes: ReadonlyArray<string>
}

// Field names weak models use for the two arguments; reading one is noted in the result, never silent.
const TOOL_KEYS = ["tool", "name", "tool_name", "toolName"]
const INPUT_KEYS = ["input", "arguments", "args", "params", "parameters"]

/** Deepest input passed on: the call is written as a literal, which stops there (docs/mcp.md "Passthrough"). */
export const MAX_INPUT_DEPTH = 64

export const INVOKE_USAGE =
  'invoke takes { "tool": "<name from search>", "input": { …the tool\'s arguments… } }, e.g. ' +
  '{ "tool": "fs.read_text_file", "input": { "path": "/tmp/a.txt" } }. Find tool names and their input schemas with ' +
  'search ({ "query": "words for what you need" }).'

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v)

const what = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "an array" : typeof v === "string" ? `the string ${clip(v)}` : typeof v

const clip = (s: string): string => JSON.stringify(s.length > 60 ? `${s.slice(0, 57)}...` : s)

/** Why `value` cannot be passed on as sent: a `__proto__` key (a literal would drop it) or nesting past the limit. */
const unrepresentable = (value: unknown, at: string, depth: number): string | undefined => {
  if (depth > MAX_INPUT_DEPTH) return `the input nests deeper than ${MAX_INPUT_DEPTH} levels (at ${at || "/"})`
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) {
      const why = unrepresentable(v, `${at}/${i}`, depth + 1)
      if (why !== undefined) return why
    }
  } else if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k === "__proto__") return `the input has a "__proto__" key (at ${at || "/"}), which cannot be passed on`
      const why = unrepresentable(v, `${at}/${k}`, depth + 1)
      if (why !== undefined) return why
    }
  }
  return undefined
}

/** The tool as a dotted path: `tools.a["b-c"]` and `tools.a.b` (search's and execute's spellings) read as `a.b-c`. */
export const toolPath = (name: string): string => {
  const trimmed = name.trim()
  if (trimmed.startsWith("tools.") || trimmed.startsWith("tools[")) {
    const segments = expressionSegments(trimmed)
    if (segments !== undefined && segments.length > 0) return segments.join(".")
  }
  return trimmed
}

/**
 * Reads `invoke`'s arguments: `{ tool, input }`, with the other names weak models give either field, an input sent
 * as JSON text, and fields that carry nothing, each noted; anything that cannot be read is a message saying what to
 * send instead.
 */
export const readInvoke = (args: Record<string, unknown>): InvokeRequest | { readonly error: string } => {
  const notes: Array<string> = []
  const keys = Object.keys(args)
  const toolKey = TOOL_KEYS.find((k) => typeof args[k] === "string" && (args[k] as string).trim() !== "")
  if (toolKey === undefined) {
    const got = keys.length === 0 ? "no fields" : `the fields ${keys.map((k) => `"${k}"`).join(", ")}`
    const shell = ["command", "cmd", "code", "script"].find((k) => typeof args[k] === "string")
    const hint =
      shell === undefined
        ? ""
        : ` The "${shell}" field looks like a command or a program: invoke calls one tool, with that tool's own arguments.`
    return { error: `No tool named: got ${got}.${hint}` }
  }
  if (toolKey !== "tool") notes.push(`"${toolKey}" read as tool`)
  const inputKey = INPUT_KEYS.find((k) => k in args)
  if (inputKey !== undefined && inputKey !== "input") notes.push(`"${inputKey}" read as input`)
  const ignored = keys.filter((k) => k !== toolKey && k !== inputKey)
  if (ignored.length > 0) notes.push(`ignored ${ignored.map((k) => `"${k}"`).join(", ")}`)
  let input: unknown = inputKey === undefined ? {} : args[inputKey]
  if (input === undefined || input === null) input = {}
  if (typeof input === "string") {
    let parsed: unknown
    try {
      parsed = input.trim() === "" ? {} : JSON.parse(input)
    } catch {
      parsed = undefined
    }
    if (!isRecord(parsed)) return { error: `The input is ${what(input)}, not an object of the tool's arguments.` }
    notes.push("input given as JSON text, parsed")
    input = parsed
  }
  if (!isRecord(input)) return { error: `The input is ${what(input)}, not an object of the tool's arguments.` }
  const why = unrepresentable(input, "", 0)
  if (why !== undefined) return { error: `The call was not made: ${why}.` }
  return { tool: toolPath(args[toolKey] as string), input, notes }
}
