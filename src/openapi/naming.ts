/**
 * Tool names (@opencode-ai/codemode 1.18 "OpenAPI tools"): dotted `operationId`s form namespaces, missing IDs get a method/path
 * fallback such as `getUsersById`; every segment is sanitized to an identifier and duplicates are numbered.
 */

/** Names the interpreter refuses as property keys (docs/architecture.md, "Guest values"). */
const BLOCKED = new Set(["__proto__", "constructor", "prototype"])

const capitalize = (s: string): string => (s === "" ? s : s[0]!.toUpperCase() + s.slice(1))

/** `get-content` → `getContent`, `2fa` → `_2fa`, `` → `` (caller drops empty segments). */
export const sanitizeSegment = (raw: string): string => {
  const words = raw.split(/[^A-Za-z0-9_$]+/).filter((w) => w !== "")
  let name = words.map((w, i) => (i === 0 ? w : capitalize(w))).join("")
  if (/^[0-9]/.test(name)) name = `_${name}`
  if (BLOCKED.has(name)) name = `${name}_`
  return name
}

/**
 * `GET /users/{id}/posts` → `getUsersByIdPosts`, named as the reference names it, so a host moving over finds the
 * same tools: every word (split at anything but letters and digits) lower-cased, then capitalized after the first,
 * so `/orgs/{orgId}` gives `getOrgsByOrgid`.
 */
export const fallbackName = (method: string, path: string): string => {
  const words = [
    method,
    ...path.split("/").flatMap((segment) => {
      const param = /^\{(.+)\}$/.exec(segment)
      return param !== null ? ["by", param[1]!] : [segment]
    }),
  ].flatMap((part) => part.split(/[^A-Za-z0-9]+/).filter((w) => w !== ""))
  return sanitizeSegment(words.map((w, i) => (i === 0 ? w.toLowerCase() : capitalize(w.toLowerCase()))).join(""))
}

/** The path segments of a tool: its sanitized dotted `operationId`, or the fallback when that leaves nothing. */
export const toolPath = (operationId: unknown, method: string, path: string): Array<string> => {
  if (typeof operationId === "string") {
    const segments = operationId
      .split(".")
      .map(sanitizeSegment)
      .filter((s) => s !== "")
    if (segments.length > 0) return segments
  }
  return [fallbackName(method, path)]
}

/**
 * Assigns final paths: namespaces are fixed first (from every requested path), then each leaf takes its name or the
 * first free `name2`, `name3`, … so a leaf never shadows a namespace or another leaf.
 */
export const assignPaths = (requested: ReadonlyArray<ReadonlyArray<string>>): Array<Array<string>> => {
  const namespaces = new Set<string>()
  for (const path of requested) for (let i = 1; i < path.length; i++) namespaces.add(path.slice(0, i).join("."))
  const leaves = new Set<string>()
  return requested.map((path) => {
    const prefix = path.slice(0, -1)
    const base = path[path.length - 1]!
    const taken = (name: string) => {
      const key = [...prefix, name].join(".")
      return leaves.has(key) || namespaces.has(key)
    }
    let name = base
    for (let n = 2; taken(name); n++) name = `${base}${n}`
    leaves.add([...prefix, name].join("."))
    return [...prefix, name]
  })
}
