import type { Stage, State } from "../types.js"
import { spliceMap } from "../posmap.js"
import { MAX_TIMEOUT_MS, readInt, requestOptions, timeoutFromAmbiguous } from "../options.js"

// docs/dialects.md#pragmas: comment prefixes, directive spellings and key aliases.
const PREFIX = /^([ \t]*)(\/\/+|#+|\/\*+|\*+|<!--)[ \t]*/
// Every host regular expression here is linear in the line (test/frontend/linear-text.test.ts): the directive
// line and the `key: value` pairs are read by hand, since `[ \t]*(.*?)[ \t]*…$` backtracks cubically on a line of
// spaces (`// options: {` + 4,000 spaces took 15 s) and an unanchored `key\s*:` scan quadratically on a long key.

const isBlank = (c: string) => c === " " || c === "\t"
/** What `.` cannot match (§22.2.2.8): a line holding one is no directive, as with the former patterns. */
const LINE_BREAK = /[\r\u2028\u2029]/
const WORD = /[A-Za-z0-9_]/

/**
 * `@options: body`, `@exec body`, or bare `options = {…}` after a comment prefix: [directive, body] or undefined.
 * Reads like `^@(options?|exec)\b[ \t]*[:=]?[ \t]*(.*?)[ \t]*(\*\/|-->)?[ \t]*$` (case-insensitive), resp.
 * `^(options?)[ \t]*[:=]?[ \t]*(\{.*?)…` for the bare form: the body is the rest without trailing blanks, one closing
 * `*\/` or `-->`, and the blanks before it.
 */
export const directiveOf = (rest: string): [string, string] | undefined => {
  if (LINE_BREAK.test(rest)) return undefined
  const at = rest.startsWith("@")
  const lower = rest.slice(at ? 1 : 0, at ? 9 : 8).toLowerCase()
  const word = lower.startsWith("options")
    ? "options"
    : lower.startsWith("option")
      ? "option"
      : at && lower.startsWith("exec")
        ? "exec"
        : undefined
  if (word === undefined) return undefined
  let i = (at ? 1 : 0) + word.length
  const directive = rest.slice(at ? 1 : 0, i)
  // `\b` after the word (the @ forms); "optionsX" does not fall back to "option" either, as `\b` fails there too.
  if (at && i < rest.length && WORD.test(rest[i]!)) return undefined
  while (i < rest.length && isBlank(rest[i]!)) i++
  if (rest[i] === ":" || rest[i] === "=") i++
  while (i < rest.length && isBlank(rest[i]!)) i++
  if (!at && rest[i] !== "{") return undefined
  let end = rest.length
  while (end > i && isBlank(rest[end - 1]!)) end--
  if (rest.endsWith("*/", end) && end - 2 >= i) end -= 2
  else if (rest.endsWith("-->", end) && end - 3 >= i) end -= 3
  while (end > i && isBlank(rest[end - 1]!)) end--
  return [directive, rest.slice(i, end)]
}
const TOKENS = [
  "max_output_tokens",
  "max_output_token",
  "maxOutputTokens",
  "maxOutputToken",
  "max_tokens",
  "maxTokens",
  "output_tokens",
  "outputTokens",
  "maxOutputTokenCount",
]
const TIMEOUT = [
  "timeout_ms",
  "timeoutMs",
  "timeout_milliseconds",
  "timeoutMilliseconds",
  "timeoutMillis",
  "timeout",
  "deadline_ms",
  "deadlineMs",
]
const YIELD = ["yield_time_ms", "yieldTimeMs", "yield_time", "yieldTime"]

const tryJson = (text: string): Record<string, unknown> | undefined => {
  try {
    const v: unknown = JSON.parse(text)
    return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined
  } catch {
    return undefined
  }
}

/** Strict JSON → quoted keys without trailing commas → also `'` → `"` → `key: value` pairs (docs/dialects.md#pragmas). */
export const parsePragmaBody = (body: string): Record<string, unknown> | undefined => {
  const quoted = body.replace(/([{,]\s*)([A-Za-z_$][\w$]*)\s*:/g, '$1"$2":').replace(/,\s*([}\]])/g, "$1")
  const parsed = tryJson(body) ?? tryJson(quoted) ?? tryJson(quoted.replace(/'/g, '"'))
  if (parsed) return parsed
  // No prototype: a key such as `__proto__` or `constructor` is an own key, reported as unsupported like any other.
  const pairs: Record<string, unknown> = Object.create(null)
  for (const [key, raw] of keyValues(body)) pairs[key] = /^["']/.test(raw) ? raw.slice(1, -1) : raw
  return Object.keys(pairs).length > 0 ? pairs : undefined
}

const IDENT_START = /[A-Za-z_$]/
const IDENT_PART = /[\w$]/
const SPACE = /\s/
const VALUE_END = /[,;\s}]/

/**
 * The `key: value` / `key = value` pairs of a loose pragma body, in one pass: what
 * `/([A-Za-z_$][\w$]*)\s*[:=]\s*("[^"]*"|'[^']*'|[^,;\s}]+)/g` finds. A failed match at an identifier fails at every
 * later start inside the same identifier too, so the scan resumes after it (the regex retried each: quadratic).
 */
export const keyValues = (body: string): Array<[string, string]> => {
  const out: Array<[string, string]> = []
  const n = body.length
  let i = 0
  while (i < n) {
    if (!IDENT_START.test(body[i]!)) {
      i++
      continue
    }
    let j = i + 1
    while (j < n && IDENT_PART.test(body[j]!)) j++
    const key = body.slice(i, j)
    let k = j
    while (k < n && SPACE.test(body[k]!)) k++
    if (body[k] !== ":" && body[k] !== "=") {
      i = j
      continue
    }
    k++
    while (k < n && SPACE.test(body[k]!)) k++
    const q = body[k]
    const close = q === '"' || q === "'" ? body.indexOf(q, k + 1) : -1
    let v = close === -1 ? k : close + 1
    if (close === -1) while (v < n && !VALUE_END.test(body[v]!)) v++
    if (v === k) {
      i = j
      continue
    }
    out.push([key, body.slice(k, v)])
    i = v
  }
  return out
}

const pick = (
  body: Record<string, unknown>,
  keys: ReadonlyArray<string>,
  read: (v: unknown) => number | undefined,
): [string, number] | undefined => {
  for (const key of keys) if (Object.hasOwn(body, key) && read(body[key]) !== undefined) return [key, read(body[key])!]
  return undefined
}

const apply = (state: State, body: Record<string, unknown>, at: number, codex: boolean): string[] => {
  const loc = state.locate(at)
  const applied: string[] = []
  const tokens = pick(body, TOKENS, (v) => readInt(v, 0, Number.MAX_SAFE_INTEGER))
  if (tokens) {
    requestOptions(state, { maxOutputBytes: tokens[1] * 4 }, "pragma", loc) // tokens ≈ 4 bytes (docs/dialects.md#pitfalls)
    // Codex truncates its output in the middle, keeping the head and the tail.
    if (codex) state.exec.truncation = "middle"
    applied.push(tokens[0])
  }
  const timeout = pick(body, TIMEOUT, (v) => readInt(v, 1, MAX_TIMEOUT_MS))
  if (timeout) {
    const [key, n] = timeout
    const { ms, seconds } = key === "timeout" ? timeoutFromAmbiguous(n) : { ms: n, seconds: false }
    if (key === "timeout")
      state.warnings.push({ message: `pragma "timeout": ${n} read as ${seconds ? "seconds" : "ms"}`, loc })
    requestOptions(state, { timeoutMs: ms }, "pragma", loc)
    applied.push(key)
  }
  for (const key of Object.keys(body)) {
    if (applied.includes(key)) continue
    const message = YIELD.includes(key)
      ? `pragma "${key}" is an early-yield hint, not a timeout: dropped` // docs/dialects.md#pitfalls
      : `pragma key "${key}" is not supported: dropped`
    state.warnings.push({ message, loc })
  }
  return applied
}

/** The `pragmas` stage: Pi `// @options:` / Codex `// @exec:` in any spelling → validated execution options. */
export const pragmas: Stage = {
  id: "pragmas",
  kind: "text",
  run: (state) => {
    const text = state.text
    let lineStart = 0
    for (let n = 0; n < 12 && lineStart <= text.length; n++) {
      const nl = text.indexOf("\n", lineStart)
      const lineEnd = nl === -1 ? text.length : nl
      const line = text.slice(lineStart, lineEnd)
      const next = nl === -1 ? text.length + 1 : nl + 1
      if (line.trim() === "") {
        lineStart = next
        continue
      }
      const prefix = PREFIX.exec(line)
      if (!prefix) return // the first non-comment line ends the scan
      const rest = line.slice(prefix[0].length)
      const m = directiveOf(rest)
      if (!m) {
        lineStart = next
        continue
      }
      const directive = m[0].toLowerCase()
      state.evidence.push({
        dialect: directive === "exec" ? "codex" : "pi",
        signal: directive === "exec" ? "pragma:@exec" : "pragma:@options",
        strength: "strong",
        loc: state.locate(lineStart),
      })
      const body = parsePragmaBody(m[1])
      const applied = body ? apply(state, body, lineStart, directive === "exec") : []
      state.changes.push({
        stage: "pragmas",
        rule: applied.length > 0 ? "options" : "unusable-pragma",
        loc: state.locate(lineStart),
        note: applied.length > 0 ? applied.join(",") : body ? "no option this runtime applies" : "not a JSON object",
      })
      // A valid pragma whose keys were all reported (`{}`, only `yield_time_ms`) was understood.
      if (applied.length === 0 && !(body && Object.keys(body).every((k) => YIELD.includes(k))))
        state.warnings.push({ message: "pragma not understood: left as a comment", loc: state.locate(lineStart) })
      const hashAt = lineStart + prefix[1]!.length
      if (prefix[2]!.startsWith("#")) {
        // `#` is not a JavaScript comment: the line becomes a `//` comment (positions shift by one on this line).
        const hashes = prefix[2]!.length
        state.maps.push(spliceMap(hashAt, hashes, 2))
        state.text = text.slice(0, hashAt) + "//" + text.slice(hashAt + hashes)
      }
      return // a second pragma further down is not handled (docs/dialects.md#pragmas)
    }
  },
}
