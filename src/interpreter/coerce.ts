/**
 * Type conversions over guest values (ECMA-262 §7.1). Native operators are only applied to primitives: a guest
 * object never reaches a host conversion (its prototype chain has no `valueOf`/`toString`).
 */
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestRegExp,
  HostBacked,
  Namespace,
  ToolRef,
  isGuestError,
} from "./values.js"
import { isoString } from "./builtins/date.js"

export const isPrimitive = (v: unknown): boolean => v === null || (typeof v !== "object" && typeof v !== "function")

/** ToPrimitive (§7.1.1) for guest objects; user `valueOf`/`toString` methods are not called (documented gap). */
export const toPrimitive = (v: unknown, hint: "string" | "number" | "default" = "default"): unknown => {
  if (isPrimitive(v)) return v
  if (v instanceof GuestDate) return hint === "number" ? v.time : isoString(v)
  if (Array.isArray(v)) return v.map((x) => (x == null ? "" : toStr(x))).join(",")
  if (v instanceof GuestFunction) return `function ${v.name}() { [code] }`
  if (v instanceof Builtin) return `function ${v.name}() { [native code] }`
  if (v instanceof GuestRegExp) return String(v.native)
  if (v instanceof HostBacked) return v.primitive()
  if (v instanceof ToolRef) return `[tool ${v.path.join(".")}]`
  if (v instanceof Namespace) return `[object ${v.name}]`
  if (isGuestError(v)) {
    const e = v as { name?: unknown; message?: unknown }
    const name = e.name === undefined ? "Error" : toStr(e.name)
    const msg = e.message === undefined ? "" : toStr(e.message)
    return name === "" ? msg : msg === "" ? name : `${name}: ${msg}`
  }
  if (v instanceof Map) return "[object Map]"
  if (v instanceof Set) return "[object Set]"
  if (v instanceof Promise) return "[object Promise]"
  return "[object Object]"
}

export const toStr = (v: unknown): string => {
  if (typeof v === "string") return v
  if (typeof v === "symbol") return v.toString()
  return String(toPrimitive(v, "string"))
}

export const toNum = (v: unknown): number => {
  if (typeof v === "number") return v
  const p = toPrimitive(v, "number")
  return typeof p === "bigint" ? Number(p) : Number(p)
}

/** ToPropertyKey (§7.1.19): numbers stay numbers (array fast path), everything else becomes a string. */
export const toKey = (v: unknown): string | number => {
  if (typeof v === "string") return v
  if (typeof v === "number") return v
  return toStr(v)
}

export const typeOf = (v: unknown, lookup: (path: ReadonlyArray<string>) => string | undefined): string => {
  if (v instanceof GuestFunction || v instanceof Builtin) return "function"
  if (v instanceof ToolRef) {
    if (v.path.length === 0) return "object"
    const kind = lookup(v.path)
    return kind === "tool" ? "function" : kind === "namespace" ? "object" : "undefined"
  }
  return typeof v
}

/** IsLooselyEqual (§7.2.14) with guest ToPrimitive. */
export const looseEq = (a: unknown, b: unknown): boolean => {
  if (isPrimitive(a) && isPrimitive(b)) return a == b
  if (!isPrimitive(a) && !isPrimitive(b)) return a === b
  if (a == null || b == null) return false
  return isPrimitive(a) ? a == toPrimitive(b) : toPrimitive(a) == b
}
