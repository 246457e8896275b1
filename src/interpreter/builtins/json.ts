/**
 * JSON (seed 000 data boundary): `stringify` copies out like the result boundary (InvalidDataValue on cycles,
 * depth, promises) then serializes with the native JSON (indent and replacer supported); `parse` copies in and
 * throws a guest SyntaxError.
 */
import { BoundaryError, MAX_DEPTH, copyIn, copyOut } from "../boundary.js"
import { kindError, syntaxError } from "../errors.js"
import { toStr } from "../coerce.js"
import type { Run } from "../run.js"
import { GuestObject, isCallable, newObject } from "../values.js"
import { fn } from "./util.js"

/** Applies a function replacer over guest values (§25.5.2.2 SerializeJSONProperty), bounded like the boundary. */
const replaceWith = (rt: Run, replacer: unknown, value: unknown): unknown => {
  const walk = (holder: unknown, key: string, value: unknown, depth: number): unknown => {
    if (depth > MAX_DEPTH) throw new BoundaryError(`value is nested deeper than ${MAX_DEPTH} levels`)
    const v = rt.call(replacer, holder, [key, value])
    if (Array.isArray(v)) return v.map((x, i) => walk(v, String(i), x, depth + 1) ?? null)
    if (v instanceof GuestObject) {
      const o = newObject()
      for (const k of Object.keys(v)) {
        const r = walk(v, k, (v as Record<string, unknown>)[k], depth + 1)
        if (r !== undefined) o[k] = r
      }
      return o
    }
    return v
  }
  const root = newObject()
  root[""] = value
  return walk(root, "", value, 0)
}

export const jsonMembers: Record<string, unknown> = {
  stringify: fn(
    "stringify",
    (rt, _s, [value, replacer, space]) => {
      let data: unknown
      try {
        data = copyOut(isCallable(replacer) ? replaceWith(rt, replacer, value) : value, "json")
      } catch (e) {
        if (e instanceof BoundaryError) throw kindError("InvalidDataValue", `JSON.stringify: ${e.message}`)
        throw e
      }
      const keys = Array.isArray(replacer) ? replacer.map((k) => toStr(k)) : undefined
      const indent =
        typeof space === "number" ? Math.min(10, space) : typeof space === "string" ? space.slice(0, 10) : undefined
      return JSON.stringify(data, keys, indent)
    },
    3,
  ),
  parse: fn(
    "parse",
    (rt, _s, [text, reviver]) => {
      let raw: unknown
      try {
        raw = JSON.parse(toStr(text))
      } catch (e) {
        throw syntaxError((e as Error).message)
      }
      let v: unknown
      try {
        v = copyIn(raw)
      } catch (e) {
        throw kindError("InvalidDataValue", `JSON.parse: ${(e as BoundaryError).message}`)
      }
      if (!isCallable(reviver)) return v
      const holder = newObject()
      holder[""] = v
      return revive(rt, reviver, holder, "")
    },
    2,
  ),
}

const revive = (rt: Run, reviver: unknown, holder: Record<string, unknown>, key: string): unknown => {
  const v = holder[key]
  if (v !== null && typeof v === "object") {
    for (const k of Object.keys(v)) {
      const r = revive(rt, reviver, v as Record<string, unknown>, k)
      if (r === undefined) delete (v as Record<string, unknown>)[k]
      else (v as Record<string, unknown>)[k] = r
    }
  }
  return rt.call(reviver, holder, [key, v])
}
