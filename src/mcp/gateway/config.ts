import { splitCommand } from "./split.js"

/** One upstream MCP server: a command spawned over stdio, or a Streamable HTTP endpoint. */
export type UpstreamSpec =
  | {
      readonly kind: "stdio"
      readonly name: string
      readonly command: string
      readonly args: ReadonlyArray<string>
      readonly env?: Readonly<Record<string, string>> | undefined
      readonly cwd?: string | undefined
    }
  | {
      readonly kind: "http"
      readonly name: string
      readonly url: string
      readonly headers?: Readonly<Record<string, string>>
    }

/** A configuration mistake, with `file:line:column` when it points into a file. */
export class ConfigError extends Error {
  override readonly name = "ConfigError"
}

const isRecord = (u: unknown): u is Record<string, unknown> => typeof u === "object" && u !== null && !Array.isArray(u)

/** `line:column` (1-based) of a character offset. */
const lineColumn = (text: string, offset: number): string => {
  const before = text.slice(0, offset)
  const line = before.split("\n").length
  return `${line}:${offset - before.lastIndexOf("\n")}`
}

/** Where a server's entry starts in the file: the first `"name":` after `"mcpServers"` (best effort). */
const whereIs = (file: string, text: string, name: string): string => {
  const from = Math.max(0, text.indexOf('"mcpServers"'))
  const key = new RegExp(`${JSON.stringify(name).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`, "g")
  key.lastIndex = from
  const found = key.exec(text)
  return found === null ? file : `${file}:${lineColumn(text, found.index)}`
}

/**
 * A namespace name for `tools.NAME`: one non-empty segment without a dot, not reserved. Names that are not
 * identifiers still work (`tools["my-server"].tool`).
 */
export const checkName = (name: string, where: string): string => {
  if (name === "") throw new ConfigError(`${where}: a server name cannot be empty`)
  if (name.includes("."))
    throw new ConfigError(`${where}: server name "${name}" cannot contain "." (it is the namespace tools.${name})`)
  if (name === "$codemode" || name === "__proto__" || name === "constructor" || name === "prototype")
    throw new ConfigError(`${where}: server name "${name}" is reserved`)
  return name
}

const stringRecord = (value: unknown, what: string, where: string): Record<string, string> | undefined => {
  if (value === undefined) return undefined
  if (!isRecord(value) || Object.values(value).some((v) => typeof v !== "string"))
    throw new ConfigError(`${where}: "${what}" must be an object of strings`)
  return value as Record<string, string>
}

const httpUrl = (url: string, where: string): string => {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError(`${where}: "${url}" is not a URL`)
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw new ConfigError(`${where}: "${url}" must be an http(s) URL (Streamable HTTP)`)
  return url
}

const KNOWN = new Set(["command", "args", "env", "cwd", "url", "headers", "type", "transport", "disabled"])

/**
 * The standard `mcpServers` JSON that MCP clients use:
 * `{ "mcpServers": { "fs": { "command": "npx", "args": [...], "env": {...} }, "api": { "url": "...", "headers": {...} } } }`.
 * `type`/`transport` may say `stdio`, `http` or `streamable-http`; `sse` is refused (Streamable HTTP only);
 * `"disabled": true` skips an entry. Unknown fields are reported through `warn`, never silently dropped.
 */
export const parseConfig = (file: string, text: string, warn: (message: string) => void): Array<UpstreamSpec> => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    const message = (e as Error).message
    const at = /position (\d+)/.exec(message)
    throw new ConfigError(`${at ? `${file}:${lineColumn(text, Number(at[1]))}` : file}: not valid JSON: ${message}`)
  }
  if (!isRecord(json) || !isRecord(json["mcpServers"]))
    throw new ConfigError(`${file}: expected { "mcpServers": { "<name>": { "command": … } | { "url": … } } }`)
  const specs: Array<UpstreamSpec> = []
  for (const [name, entry] of Object.entries(json["mcpServers"])) {
    const where = whereIs(file, text, name)
    checkName(name, where)
    if (!isRecord(entry)) throw new ConfigError(`${where}: server "${name}" must be an object`)
    if (entry["disabled"] === true) continue
    const unknown = Object.keys(entry).filter((k) => !KNOWN.has(k))
    if (unknown.length > 0) warn(`${where}: server "${name}": ignoring ${unknown.map((k) => `"${k}"`).join(", ")}`)
    const type = entry["type"] ?? entry["transport"]
    if (type === "sse")
      throw new ConfigError(`${where}: server "${name}" uses SSE; the gateway speaks Streamable HTTP ("url") and stdio`)
    if (
      type !== undefined &&
      type !== "stdio" &&
      type !== "http" &&
      type !== "streamable-http" &&
      type !== "streamableHttp"
    )
      throw new ConfigError(`${where}: server "${name}": unknown type ${JSON.stringify(type)} (stdio or http)`)
    if (typeof entry["url"] === "string") {
      if (entry["command"] !== undefined)
        throw new ConfigError(`${where}: server "${name}" has both "url" and "command"`)
      const headers = stringRecord(entry["headers"], "headers", where)
      specs.push({ kind: "http", name, url: httpUrl(entry["url"], where), ...(headers ? { headers } : {}) })
      continue
    }
    if (typeof entry["command"] !== "string" || entry["command"] === "")
      throw new ConfigError(`${where}: server "${name}" needs "command" (stdio) or "url" (Streamable HTTP)`)
    const args = entry["args"] ?? []
    if (!Array.isArray(args) || args.some((a) => typeof a !== "string"))
      throw new ConfigError(`${where}: server "${name}": "args" must be an array of strings`)
    const env = stringRecord(entry["env"], "env", where)
    if (entry["cwd"] !== undefined && typeof entry["cwd"] !== "string")
      throw new ConfigError(`${where}: server "${name}": "cwd" must be a string`)
    specs.push({
      kind: "stdio",
      name,
      command: entry["command"],
      args,
      ...(env ? { env } : {}),
      ...(typeof entry["cwd"] === "string" ? { cwd: entry["cwd"] } : {}),
    })
  }
  return specs
}

/** `--server NAME=COMMAND` or `--server NAME=URL`. */
export const parseServerFlag = (flag: string): UpstreamSpec => {
  const eq = flag.indexOf("=")
  if (eq < 0) throw new ConfigError(`--server "${flag}": expected NAME=COMMAND or NAME=URL`)
  const name = checkName(flag.slice(0, eq).trim(), `--server "${flag}"`)
  const rest = flag.slice(eq + 1).trim()
  if (/^https?:\/\//i.test(rest)) return { kind: "http", name, url: httpUrl(rest, `--server ${name}`) }
  let words: Array<string>
  try {
    words = splitCommand(rest)
  } catch (e) {
    throw new ConfigError(`--server ${name}: ${(e as Error).message}`)
  }
  if (words.length === 0) throw new ConfigError(`--server ${name}: the command is empty`)
  return { kind: "stdio", name, command: words[0]!, args: words.slice(1) }
}
