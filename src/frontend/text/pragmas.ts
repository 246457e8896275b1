import type { Stage, State } from "../types.js"
import { spliceMap } from "../posmap.js"
import { MAX_TIMEOUT_MS, readInt, requestOptions, timeoutFromAmbiguous } from "../options.js"

// docs/dialects.md#pragmas: comment prefixes, directive spellings and key aliases.
const PREFIX = /^([ \t]*)(\/\/+|#+|\/\*+|\*+|<!--)[ \t]*/
const DIRECTIVE = /^@(options?|exec)\b[ \t]*[:=]?[ \t]*(.*?)[ \t]*(\*\/|-->)?[ \t]*$/i
const BARE = /^(options?)[ \t]*[:=]?[ \t]*(\{.*?)[ \t]*(\*\/|-->)?[ \t]*$/i
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
  const pairs: Record<string, unknown> = {}
  for (const m of body.matchAll(/([A-Za-z_$][\w$]*)\s*[:=]\s*("[^"]*"|'[^']*'|[^,;\s}]+)/g)) {
    const raw = m[2]!
    pairs[m[1]!] = /^["']/.test(raw) ? raw.slice(1, -1) : raw
  }
  return Object.keys(pairs).length > 0 ? pairs : undefined
}

const pick = (
  body: Record<string, unknown>,
  keys: ReadonlyArray<string>,
  read: (v: unknown) => number | undefined,
): [string, number] | undefined => {
  for (const key of keys) if (key in body && read(body[key]) !== undefined) return [key, read(body[key])!]
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
      const m = DIRECTIVE.exec(rest) ?? BARE.exec(rest)
      if (!m) {
        lineStart = next
        continue
      }
      const directive = m[1]!.toLowerCase()
      state.evidence.push({
        dialect: directive === "exec" ? "codex" : "pi",
        signal: directive === "exec" ? "pragma:@exec" : "pragma:@options",
        strength: "strong",
        loc: state.locate(lineStart),
      })
      const body = parsePragmaBody(m[2]!)
      const applied = body ? apply(state, body, lineStart, directive === "exec") : []
      state.changes.push({
        stage: "pragmas",
        rule: applied.length > 0 ? "options" : "unusable-pragma",
        loc: state.locate(lineStart),
        note: applied.join(","),
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
