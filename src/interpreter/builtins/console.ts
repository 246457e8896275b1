/**
 * console.log/info/warn/error/debug → `host.log(line, values)` (host.ts). Lines are formatted like Node's
 * console for the common cases (strings raw, other values inspected); values are best-effort host-data copies.
 */
import { chargeString } from "../memory-budget.js"
import { copyOut } from "../boundary.js"
import { toStr } from "../coerce.js"
import type { Run } from "../run.js"
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  Namespace,
  ToolRef,
  isGuestError,
} from "../values.js"
import { isoString } from "./date.js"
import { fn } from "./util.js"

const IDENT = /^[A-Za-z_$][\w$]*$/

/** A compact, deterministic inspection (util.inspect-like for plain data). */
export const inspect = (v: unknown, depth = 0, seen: Set<unknown> = new Set()): string => {
  if (typeof v === "string") return depth === 0 ? v : `'${v.replace(/'/g, "\\'")}'`
  if (v === null || typeof v !== "object") return String(v)
  if (seen.has(v)) return "[Circular]"
  if (v instanceof GuestDate) return isoString(v) ?? "Invalid Date"
  if (v instanceof GuestRegExp) return String(v.native)
  if (v instanceof GuestFunction || v instanceof Builtin) return `[Function: ${v.name || "(anonymous)"}]`
  if (v instanceof ToolRef || v instanceof Namespace) return toStr(v)
  if (v instanceof Promise) return "Promise { <pending> }"
  if (depth > 4) return Array.isArray(v) ? "[Array]" : "[Object]"
  seen.add(v)
  try {
    if (isGuestError(v)) return toStr(v)
    if (Array.isArray(v)) return v.length === 0 ? "[]" : `[ ${v.map((x) => inspect(x, depth + 1, seen)).join(", ")} ]`
    if (v instanceof Map)
      return `Map(${v.size}) { ${[...v].map(([k, x]) => `${inspect(k, depth + 1, seen)} => ${inspect(x, depth + 1, seen)}`).join(", ")} }`
    if (v instanceof Set) return `Set(${v.size}) { ${[...v].map((x) => inspect(x, depth + 1, seen)).join(", ")} }`
    if (v instanceof GuestObject) {
      const keys = Object.keys(v)
      if (keys.length === 0) return "{}"
      const parts = keys.map(
        (k) => `${IDENT.test(k) ? k : `'${k}'`}: ${inspect((v as Record<string, unknown>)[k], depth + 1, seen)}`,
      )
      return `{ ${parts.join(", ")} }`
    }
    return toStr(v)
  } finally {
    seen.delete(v)
  }
}

const safeCopy = (v: unknown): unknown => {
  try {
    return copyOut(v, "json")
  } catch {
    return undefined
  }
}

const log = (name: string) =>
  fn(name, (rt: Run, _self, args) => {
    // The host keeps every line until the run ends: charged to the memory budget (memory-budget.ts).
    const line = chargeString(rt, args.map((a) => inspect(a)).join(" "))
    rt.host.log(line, args.map(safeCopy))
    return undefined
  })

export const consoleMembers: Record<string, unknown> = {
  log: log("log"),
  info: log("info"),
  warn: log("warn"),
  error: log("error"),
  debug: log("debug"),
}
