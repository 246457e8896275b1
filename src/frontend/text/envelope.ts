import { jsonrepair } from "jsonrepair"
import { diagnostic } from "../../diagnostic.js"
import type { Stage, State } from "../types.js"
import { readInt, requestOptions, timeoutFromAmbiguous } from "../options.js"

// docs/dialects.md#envelope: the envelope rules, in order.
const NESTED_KEYS = ["code", "content", "source", "text", "script", "body", "js", "javascript"]
const CODE_ALIASES = [
  "script",
  "source",
  "javascript",
  "typescript",
  "js",
  "source_code",
  "sourceCode",
  "typescript_code",
  "typescriptCode",
  "program",
  "input",
  "body",
  "content",
  "text",
  // Amazon Nova's nova_code_interpreter sends its program as { snippet } (recorded Bedrock responses).
  "snippet",
]
const PROGRAM_ALIASES = ["tool_calls", "toolCalls", "calls", "steps", "commands", "actions", "plan"]
export const TOOL_NAME_KEYS = ["tool", "toolName", "tool_name", "name", "function", "fn", "action", "method"]

const ACCEPTED =
  'Send the program as { "code": "<JavaScript>" } (or a bare string, a { "<alias>": "<code>" } object, or a JSON ' +
  'list of tool calls like [{ "tool": "name", "args": { } }]).'

type Obj = Record<string, unknown>
const isObject = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v)

export const isToolCallObject = (v: unknown): v is Obj =>
  isObject(v) && TOOL_NAME_KEYS.some((k) => typeof v[k] === "string" && (v[k] as string).trim() !== "")

/** `{ code: { language, content } }` and friends: the first string under the nested keys, three levels deep. */
const nestedSource = (value: Obj, depth = 0): string | undefined => {
  for (const key of NESTED_KEYS) {
    const inner = value[key]
    if (typeof inner === "string") return inner
    if (isObject(inner) && depth < 3) {
      const found = nestedSource(inner, depth + 1)
      if (found !== undefined) return found
    }
  }
  return undefined
}

type Found = { code: string } | { json: unknown } | undefined

/** Rules 4–8 on one object; `used` collects the keys that carried the program. */
const fromObject = (obj: Obj, used: string[], aliases: ReadonlyArray<string>): { found: Found; rule: string } => {
  const keys = Object.keys(obj)
  const code = obj["code"]
  if (typeof code === "string") return (used.push("code"), { found: { code }, rule: "code" })
  if (isObject(code)) {
    const inner = nestedSource(code)
    if (inner !== undefined) return (used.push("code"), { found: { code: inner }, rule: "nested-code" })
  }
  if (Array.isArray(code)) return (used.push("code"), { found: { json: code }, rule: "code-array" })
  const singleAlias = keys.length === 1 && aliases.includes(keys[0]!)
  if (isToolCallObject(obj) && !singleAlias) return (used.push(...keys), { found: { json: obj }, rule: "tool-call" })
  for (const alias of aliases) {
    const value = obj[alias]
    if (typeof value === "string") return (used.push(alias), { found: { code: value }, rule: `alias:${alias}` })
    if (isObject(value)) {
      const inner = nestedSource(value)
      if (inner !== undefined) return (used.push(alias), { found: { code: inner }, rule: `alias:${alias}` })
    }
  }
  for (const alias of PROGRAM_ALIASES) {
    if (Array.isArray(obj[alias])) return (used.push(alias), { found: { json: obj[alias] }, rule: `program:${alias}` })
  }
  // One call in another vendor's shape (an OpenAI `tool_calls` item, a Gemini `functionCall` part), as in a list.
  if ((isObject(obj["function"]) || isObject(obj["functionCall"])) && foreignCall(obj) !== undefined)
    return (used.push(...keys), { found: { json: obj }, rule: "foreign-call" })
  const only = keys.length === 1 ? keys[0]! : undefined
  if (only !== undefined && (only === "code" || aliases.includes(only))) {
    // Not rule 8: `{ code: {} }` / `{ program: [...] }` are a program field, never a tool named "code" (the
    // docs/dialects.md#envelope known gap). An array is a JSON program; any other type is reported by the caller.
    if (Array.isArray(obj[only])) return (used.push(only), { found: { json: obj[only] }, rule: `program:${only}` })
    return { found: undefined, rule: `wrong-type:${only}` }
  }
  if (only !== undefined && (isObject(obj[only]) || Array.isArray(obj[only]))) {
    return (used.push(only), { found: { json: obj }, rule: "shorthand-call" })
  }
  return { found: undefined, rule: "none" }
}

/** The standard aliases, then each registered dialect's own program fields (brief: `envelope.codeFields`). */
const aliasesOf = (state: State): ReadonlyArray<string> => {
  const extra = state.dialects.flatMap((d) => d.envelope?.codeFields ?? []).filter((k) => !CODE_ALIASES.includes(k))
  return extra.length === 0 ? CODE_ALIASES : [...CODE_ALIASES, ...new Set(extra)]
}

/**
 * A dialect's handler for an envelope option field: an own key of its table only. A key the model wrote such as
 * `constructor`, `__proto__` or `toString` used to reach Object.prototype's members (and leak their error text);
 * it is an unknown field like any other ("ignored-field" in the receipt).
 */
const optionField = (dialect: State["dialects"][number], key: string) => {
  const table = dialect.envelope?.optionFields
  return table !== undefined && Object.hasOwn(table, key) ? table[key] : undefined
}

const readOptionFields = (state: State, obj: Obj, used: ReadonlyArray<string>): void => {
  for (const key of Object.keys(obj)) {
    if (used.includes(key)) continue
    const value = obj[key]
    const note = `field "${key}"`
    if (key === "timeout_ms" || key === "timeoutMs") {
      const ms = readInt(value, 1, 2_147_483_647)
      if (ms !== undefined) requestOptions(state, { timeoutMs: ms }, `envelope ${note}`)
      state.changes.push({ stage: "envelope", rule: "option-field", note: key })
      continue
    }
    if (key === "timeout") {
      const n = readInt(value, 1, 2_147_483_647)
      if (n !== undefined) {
        // UTCP sends `timeout` next to `max_output_size` and means ms (docs/dialects.md#output-and-errors); otherwise the unit is resolved (docs/dialects.md#pitfalls).
        const utcp = "max_output_size" in obj
        const { ms, seconds } = utcp ? { ms: n, seconds: false } : timeoutFromAmbiguous(n)
        requestOptions(state, { timeoutMs: ms }, `envelope ${note}`)
        state.warnings.push({
          message: `envelope field "timeout": ${n} read as ${seconds ? "seconds" : "milliseconds"}`,
        })
      }
      state.changes.push({ stage: "envelope", rule: "option-field", note: key })
      continue
    }
    if (key === "max_output_size" || key === "max_output_tokens") {
      const n = readInt(value, 0, Number.MAX_SAFE_INTEGER)
      // Tokens are ≈ 4 characters (docs/dialects.md#pitfalls); UTCP's size is characters, taken as bytes.
      if (n !== undefined) requestOptions(state, { maxOutputBytes: key === "max_output_tokens" ? n * 4 : n }, note)
      state.changes.push({ stage: "envelope", rule: "option-field", note: key })
      continue
    }
    const owner = state.dialects.find((d) => optionField(d, key) !== undefined)
    if (owner) {
      const outcome = optionField(owner, key)!(value)
      if (outcome.options) requestOptions(state, outcome.options, `envelope ${note}`)
      if (outcome.warning) state.warnings.push({ message: outcome.warning })
      state.changes.push({ stage: "envelope", rule: "option-field", dialect: owner.id, note: key })
      continue
    }
    state.changes.push({ stage: "envelope", rule: "ignored-field", note: key })
  }
}

const evidenceFor = (state: State, obj: Obj, used: ReadonlyArray<string>): void => {
  for (const dialect of state.dialects) {
    for (const key of used) {
      if (key !== "code" && dialect.envelope?.codeFields?.includes(key))
        state.evidence.push({ dialect: dialect.id, signal: `envelope:${key}`, strength: "weak" })
    }
    for (const key of Object.keys(obj)) {
      if (!used.includes(key) && optionField(dialect, key) !== undefined)
        state.evidence.push({ dialect: dialect.id, signal: `envelope:${key}`, strength: "weak" })
    }
  }
}

const fail = (state: State, message: string) => {
  state.diagnostics.push(diagnostic("ParseError", `${message}. ${ACCEPTED}`))
  state.halted = true
}

/**
 * A JSON object or array sent as text. Strict JSON first; then `jsonrepair` for what transcripts and chat bridges
 * break (raw newlines, unescaped quotes inside strings): `repaired` says the text had to be repaired.
 */
const parseJsonText = (text: string): { value: Obj | unknown[]; repaired: boolean } | undefined => {
  const trimmed = text.trim()
  const object = trimmed.startsWith("{") && trimmed.endsWith("}")
  if (!object && !(trimmed.startsWith("[") && trimmed.endsWith("]"))) return undefined
  const shaped = (v: unknown) => (object ? isObject(v) : Array.isArray(v))
  try {
    const value: unknown = JSON.parse(trimmed)
    return shaped(value) ? { value: value as Obj | unknown[], repaired: false } : undefined
  } catch {
    try {
      const value: unknown = JSON.parse(jsonrepair(trimmed))
      return shaped(value) ? { value: value as Obj | unknown[], repaired: true } : undefined
    } catch {
      return undefined
    }
  }
}

/** Names code-mode tools go by in the vendors' systems: a call to one of them carries a program, not a tool call. */
const CODE_TOOLS = new Set([
  "exec",
  "js_repl",
  "codemode",
  "codemode_execute",
  "code_mode",
  "codeMode",
  "execute",
  "execute_code",
  "execute_typescript",
  "run_code",
  "call_tool_chain",
])
const CALL_ARGS = ["arguments", "args", "input", "parameters", "params"]

/**
 * One call in another vendor's call format → `{ name, args }`: OpenAI `{ type: "function", function: { name,
 * arguments: "<JSON text>" } }`, Gemini `{ functionCall: { name, args } }`, or a plain `{ name, arguments }`.
 */
export const foreignCall = (v: unknown): { name: string; args: unknown } | undefined => {
  if (!isObject(v)) return undefined
  const inner = isObject(v["function"]) ? v["function"] : isObject(v["functionCall"]) ? v["functionCall"] : v
  const name = inner["name"]
  if (typeof name !== "string" || name.trim() === "") return undefined
  const key = CALL_ARGS.find((k) => k in inner)
  if (key === undefined) return inner === v ? undefined : { name, args: {} }
  let args = inner[key]
  if (typeof args === "string") {
    const parsed = parseJsonText(args)
    if (parsed !== undefined && isObject(parsed.value)) args = parsed.value
  }
  return { name, args }
}

/**
 * A call to a code-mode tool (`{ "name": "exec", "arguments": { "input": "<program>" } }`, an OpenAI `tool_calls` list
 * holding one such call) → the envelope inside it. Not when the live tree has a tool of that name.
 */
const codeToolCall = (state: State, input: unknown): { inner: unknown; name: string } | undefined => {
  const list = isObject(input) && Array.isArray(input["tool_calls"]) ? input["tool_calls"] : input
  const one = Array.isArray(list) ? (list.length === 1 ? list[0] : undefined) : list
  const call = foreignCall(one)
  if (call === undefined || !CODE_TOOLS.has(call.name)) return undefined
  if (state.tools.some((p) => p.length === 1 && p[0] === call.name)) return undefined
  if (typeof call.args !== "string" && !isObject(call.args)) return undefined
  return { inner: call.args, name: call.name }
}

const SHELL = new Set(
  (
    "ls pwd cd cat grep rg find echo git npm npx pnpm yarn node python python3 pip bash sh zsh curl wget sed awk " +
    "mkdir rm cp mv touch head tail wc chmod sudo apt apt-get brew make cargo go docker kubectl apply_patch which env gh"
  ).split(" "),
)

/** A shell command line sent as the program (`ls -la`, `git status`): one line, a shell verb, no JavaScript syntax. */
const shellLine = (text: string): string | undefined => {
  const t = text.trim().replace(/^\$\s+/, "")
  if (t === "" || t.includes("\n") || t.length > 300) return undefined
  const verb = t.split(/\s/, 1)[0]!
  if (!SHELL.has(verb) || /[(){};=`]|=>/.test(t)) return undefined
  return t
}

/** `{ "cmd": ["bash", "-lc", "…"] }` / `{ "command": ["ls"] }`: an argv list, as shell tools take it. */
const argv = (obj: Obj): string | undefined => {
  for (const key of ["cmd", "command", "argv"]) {
    const v = obj[key]
    if (Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string") && SHELL.has(v[0] as string))
      return (v as string[]).join(" ")
  }
  return undefined
}

/**
 * A call to a shell tool in another vendor's call format (`{ "name": "shell", "arguments": { "command": ["ls"] } }`,
 * as a local model wrote it for Codex's shell tool) when the live tree has no tool of that name: a shell command.
 */
const shellCall = (state: State, value: unknown): string | undefined => {
  if (isObject(value)) {
    const direct = argv(value)
    if (direct !== undefined) return direct
  }
  const call = foreignCall(value)
  if (call === undefined || !isObject(call.args)) return undefined
  if (state.tools.some((p) => p.length === 1 && p[0] === call.name)) return undefined
  return argv(call.args)
}

/**
 * Text that opens like a JSON envelope with a program field (`{"code": "…`) but is neither JSON nor repairable: a
 * string broken by an unescaped quote or a raw newline where jsonrepair cannot tell where it ends. Never JavaScript
 * (a block cannot start with a string followed by `:`), so it is said as such, with where JSON stopped reading.
 */
const ENVELOPE_OPENING = /^\s*\{\s*"([A-Za-z_$][\w$]{0,40})"\s*:\s*"/

const brokenEnvelope = (state: State, text: string): boolean => {
  const field = ENVELOPE_OPENING.exec(text)?.[1]
  if (field === undefined || !(field === "code" || NESTED_KEYS.includes(field) || aliasesOf(state).includes(field)))
    return false
  let where = ""
  try {
    JSON.parse(text.trim())
  } catch (e) {
    const at = /at position (\d+)/.exec(String((e as Error).message))
    if (at !== null) {
      const before = text.trim().slice(0, Number(at[1]))
      const line = before.split("\n").length
      where = ` (JSON stops reading at line ${line}, column ${before.length - before.lastIndexOf("\n")})`
    }
  }
  state.diagnostics.push(
    diagnostic(
      "ParseError",
      `What arrived is a JSON envelope whose "${field}" string is broken${where}: an unescaped " or a raw line break ` +
        "inside it, which could not be repaired without guessing where the program ends. Fix: escape quotes in the " +
        'program as \\" and line breaks as \\n, or send the program text itself.',
      { suggestions: ['{ "code": "return \\"quoted\\"" }'] },
    ),
  )
  state.halted = true
  return true
}

const SHELL_FIX =
  'Fix: send JavaScript that runs it through a tool, e.g. { "code": "return await tools.<shell tool>({ command: \"…\" })" }.'

const failShell = (state: State, command: string) => {
  state.diagnostics.push(
    diagnostic(
      "ParseError",
      `What arrived is a shell command (${command.length > 80 ? `${command.slice(0, 77)}...` : command}), not a JavaScript program. ${SHELL_FIX}`,
      { suggestions: ['return await tools.<shell tool>({ command: "…" })'] },
    ),
  )
  state.halted = true
}

/** The `envelope` stage: whatever the model put in the tool call → program text or a JSON program (docs/dialects.md#envelope). */
export const envelope: Stage = {
  id: "envelope",
  kind: "text",
  run: (state) => {
    let input = state.input
    if (typeof input === "string") {
      // A JSON string of an envelope (`'{"code": "…"}'`) or of a call list is unwrapped once; a JS block `{ … }`
      // never parses as JSON. A repaired one is reported (jsonrepair: raw newlines, unescaped quotes).
      const parsed = parseJsonText(input)
      const used: string[] = []
      const carries =
        parsed !== undefined &&
        (Array.isArray(parsed.value)
          ? parsed.value.length > 0 && parsed.value.every((v) => foreignCall(v) !== undefined || isToolCallObject(v))
          : fromObject(parsed.value, used, aliasesOf(state)).found !== undefined || codeToolCall(state, parsed.value))
      if (parsed !== undefined && carries) {
        state.changes.push({ stage: "envelope", rule: parsed.repaired ? "json-string-repaired" : "json-string" })
        if (parsed.repaired)
          state.warnings.push({
            message:
              "the JSON arguments were malformed (raw newlines or unescaped quotes inside a string) and were repaired",
          })
        input = parsed.value
      } else {
        const shell = shellLine(input) ?? (parsed !== undefined ? shellCall(state, parsed.value) : undefined)
        if (shell !== undefined) return failShell(state, shell)
        if (parsed === undefined && brokenEnvelope(state, input)) return
        state.original = state.text = input
        return
      }
    }
    for (let depth = 0; depth < 3; depth++) {
      const wrapped = codeToolCall(state, input)
      if (wrapped === undefined) break
      state.changes.push({ stage: "envelope", rule: "code-tool-call", note: wrapped.name })
      if (typeof wrapped.inner === "string") {
        state.original = state.text = wrapped.inner
        return
      }
      input = wrapped.inner
    }
    const command = shellCall(state, input)
    if (command !== undefined) return failShell(state, command)
    if (Array.isArray(input)) {
      if (input.length === 0) return fail(state, "The tool-call list is empty")
      state.json = input
      state.changes.push({ stage: "envelope", rule: "array" })
      return
    }
    if (!isObject(input)) {
      const what = input === null ? "null" : typeof input
      return fail(state, `The tool-call arguments are ${what}, not a program`)
    }
    state.envelopeFields = Object.keys(input)
    const used: string[] = []
    const { found, rule } = fromObject(input, used, aliasesOf(state))
    if (found === undefined && rule.startsWith("wrong-type:")) {
      const field = rule.slice(11)
      const value = input[field]
      const what = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value
      return fail(
        state,
        `The field "${field}" must hold the program as a string, not ${what === "object" ? "an object without a code field" : what}`,
      )
    }
    if (found === undefined) {
      // A shell tool's arguments (`{ "command": "node --version" }`, openclaw/openclaw#126390) sent to the code tool.
      const line = ["command", "cmd"].map((k) => input[k]).find((v) => typeof v === "string" && shellLine(v))
      if (typeof line === "string") return failShell(state, shellLine(line)!)
      const keys = Object.keys(input).slice(0, 10)
      return fail(
        state,
        `No program found in the fields ${keys.length ? keys.map((k) => `"${k}"`).join(", ") : "(none)"}`,
      )
    }
    if (rule !== "code") state.changes.push({ stage: "envelope", rule })
    evidenceFor(state, input, used)
    if (rule !== "tool-call" && rule !== "shorthand-call") readOptionFields(state, input, used)
    if ("code" in found) {
      const shell = shellLine(found.code)
      if (shell !== undefined) return failShell(state, shell)
      state.original = state.text = found.code
    } else state.json = found.json
  },
}
