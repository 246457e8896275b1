import { homedir } from "node:os"
import { redactText, redactValue } from "../../openapi/redact.js"
import { isPlainObject } from "../json.js"

/**
 * Privacy before anything is written: secret values found in a call's arguments and in its recorded result, plus the
 * values the user lists, are replaced by the runtime's redaction (src/openapi/redact.ts: every spelling of the
 * value — JSON-escaped, percent-encoded, base64 — becomes `[REDACTED]`). Home-directory paths optionally become `~`.
 */

/** Patterns whose capture group 1 is a credential. Each is specific enough not to catch ordinary program text. */
const SECRET_PATTERNS: ReadonlyArray<RegExp> = [
  /\b(sk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,})/g, // OpenAI and Anthropic API keys
  /\b((?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,})/g, // GitHub tokens
  /\b(glpat-[A-Za-z0-9_-]{20,})/g, // GitLab
  /\b((?:AKIA|ASIA)[0-9A-Z]{16})\b/g, // AWS access key ids
  /\b(xox[abprs]-[A-Za-z0-9-]{10,})/g, // Slack
  /\b(AIza[0-9A-Za-z_-]{35})/g, // Google API keys
  /\b(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})/g, // JWTs
  /(-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----)/g,
  // An Authorization value, with or without its scheme word: `Authorization: Bearer x`, `"authorization": "x"`.
  /authorization\\?["']?\s*[:=]\s*\\?["']?(?:Bearer|Basic|Token|Bot)?\s*([A-Za-z0-9._~+/=:-]{8,})/gi,
  /\bBearer\s+([A-Za-z0-9._~+/=-]{16,})/g,
  // `api_key = "…"`, `"password": "…"`, `secret: '…'`: a quoted value of at least 8 characters.
  /(?:api[_-]?key|apikey|secret|password|passwd|access[_-]?token|auth[_-]?token|client[_-]?secret)\\?["']?\s*[:=]\s*\\?["']([^"'\\\s]{8,})\\?["']/gi,
]

/** Every credential the patterns find in `text`. */
export const findSecrets = (text: string): string[] => {
  const found = new Set<string>()
  for (const pattern of SECRET_PATTERNS)
    for (const m of text.matchAll(pattern)) if (m[1] !== undefined && !m[1].includes("[REDACTED]")) found.add(m[1])
  return [...found]
}

const strings = (value: unknown, out: string[] = []): string[] => {
  if (typeof value === "string") out.push(value)
  else if (Array.isArray(value)) for (const v of value) strings(v, out)
  else if (isPlainObject(value))
    for (const [k, v] of Object.entries(value)) {
      out.push(k)
      strings(v, out)
    }
  return out
}

export interface RedactOptions {
  /** Values the user lists (`--redact`), redacted wherever they occur. */
  readonly values?: ReadonlyArray<string> | undefined
  /** Replace home-directory paths (`/home/<user>`, `/Users/<user>`, `C:\Users\<user>`, this machine's) with `~`. */
  readonly home?: boolean | undefined
}

const HOME_PATHS = /(?:\/home\/|\/Users\/|[A-Za-z]:\\\\?Users\\\\?)[A-Za-z0-9._-]+/g

const replaceHome = (text: string, own: string): { text: string; found: Set<string> } => {
  const found = new Set<string>()
  let out = text
  if (own.length > 1 && out.includes(own)) {
    found.add(own)
    out = out.split(own).join("~")
  }
  out = out.replace(HOME_PATHS, (m) => (found.add(m), "~"))
  return { text: out, found }
}

const homeValue = (value: unknown, own: string, found: Set<string>): unknown => {
  if (typeof value === "string") {
    const r = replaceHome(value, own)
    r.found.forEach((f) => found.add(f))
    return r.text
  }
  if (Array.isArray(value)) return value.map((v) => homeValue(v, own, found))
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k, {
        value: homeValue(v, own, found),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return out
  }
  return value
}

/**
 * A transcript's own path with home directories as `~` (`--redact-home`), including Claude Code's project folder
 * names, which spell the project path with dashes (`-home-alice-work`).
 */
export const redactHomePath = (path: string): string => {
  const own = homedir()
  const dashed = own.replace(/[\\/]/g, "-")
  let out = replaceHome(path, own).text
  if (dashed.length > 1 && out.includes(dashed)) out = out.split(dashed).join("~")
  return out.replace(/-(?:home|Users)-[A-Za-z0-9._]+(?=-|$)/g, "~")
}

/**
 * Redacts one call's arguments and result text together (a secret seen in either is removed from both). `count` is
 * the number of distinct values removed: secrets found or listed that occurred, and home paths.
 */
export const redactCall = <R extends ReadonlyArray<string | undefined>>(
  input: unknown,
  results: R,
  options: RedactOptions = {},
): { input: unknown; results: { [K in keyof R]: R[K] }; count: number } => {
  const present = results.filter((r): r is string => r !== undefined)
  const texts = [...strings(input), ...present]
  const listed = (options.values ?? []).filter((v) => v !== "" && texts.some((t) => t.includes(v)))
  const secrets = [...new Set([...texts.flatMap(findSecrets), ...listed])]
  let outInput = secrets.length > 0 ? redactValue(input, secrets) : input
  let outResults = results.map((r) => (r === undefined || secrets.length === 0 ? r : redactText(r, secrets)))
  let count = secrets.length
  if (options.home) {
    const found = new Set<string>()
    const own = homedir()
    outInput = homeValue(outInput, own, found)
    outResults = outResults.map((r) => {
      if (r === undefined) return r
      const h = replaceHome(r, own)
      h.found.forEach((f) => found.add(f))
      return h.text
    })
    count += found.size
  }
  return { input: outInput, results: outResults as unknown as { [K in keyof R]: R[K] }, count }
}
