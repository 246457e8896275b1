/**
 * Tool names (@opencode-ai/codemode 1.18 "OpenAPI tools"): dotted `operationId`s form namespaces, missing IDs get a method/path
 * fallback such as `getUsersById`; every segment is sanitized to an identifier and a taken path is renamed as the
 * reference renames it (see `assignPaths`).
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

/** The path segments of a tool: its sanitized dotted `operationId`, or the fallback when it has none. */
export const toolPath = (operationId: unknown, method: string, path: string): Array<string> => {
  // A segment that sanitizes to nothing (`group..other`, `-`) is named `operation`, as the reference names it.
  if (typeof operationId === "string" && operationId !== "")
    return operationId.split(".").map((raw) => sanitizeSegment(raw) || "operation")
  return [fallbackName(method, path)]
}

/**
 * Assigns final paths, as the reference assigns them: namespaces are fixed first (from every requested path), then
 * each leaf takes its path when that is free; when it is taken (by a tool or a namespace), a path whose prefix is
 * already a tool collapses that prefix with the next segment (`a.b.c` under a tool `a` → `aB.c`), and otherwise the
 * operation becomes the top-level tool `<segments joined by _>_2` (then `_3`, …), so nothing shadows anything.
 */
export const assignPaths = (requested: ReadonlyArray<ReadonlyArray<string>>): Array<Array<string>> => {
  const namespaces = new Set<string>()
  for (const path of requested) for (let i = 1; i < path.length; i++) namespaces.add(path.slice(0, i).join("."))
  const leaves = new Set<string>()
  const free = (path: ReadonlyArray<string>): boolean => {
    const key = path.join(".")
    if (leaves.has(key) || namespaces.has(key)) return false
    for (let i = 1; i < path.length; i++) if (leaves.has(path.slice(0, i).join("."))) return false
    return true
  }
  const place = (path: ReadonlyArray<string>): Array<string> => {
    if (free(path)) return [...path]
    let conflict = -1
    for (let i = 1; i < path.length && conflict < 0; i++) if (leaves.has(path.slice(0, i).join("."))) conflict = i - 1
    if (conflict >= 0) {
      const next = path[conflict + 1]!
      const collapsed = [...path.slice(0, conflict), path[conflict]! + capitalize(next), ...path.slice(conflict + 2)]
      if (free(collapsed)) return collapsed
    }
    const flat = path.join("_")
    let n = 2
    while (!free([`${flat}_${n}`])) n++
    return [`${flat}_${n}`]
  }
  return requested.map((path) => {
    const placed = place(path)
    leaves.add(placed.join("."))
    return placed
  })
}
