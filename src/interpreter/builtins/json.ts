/**
 * JSON (@opencode-ai/codemode 1.18 data boundary). `stringify` walks guest values with JSON.stringify's own rules (§25.5.2.2
 * SerializeJSONProperty: dates through toJSON, functions and undefined omitted or null, Map/Set/RegExp as `{}`,
 * function and array replacers, `this` of a replacer is the holder) into host data, then lets the native JSON print
 * it with the indent. A cycle is V8's TypeError; a promise or a value nested deeper than the boundary depth keeps the
 * InvalidDataValue diagnostic when uncaught. `parse` copies in, throws a guest SyntaxError, and applies a reviver.
 */
import { checkJsonDepth, checkString } from "../memory-caps.js"
import { BYTES, dataBytes, flatBytes } from "../memory-budget.js"
import { MAX_DEPTH, BoundaryError, copyIn } from "../boundary.js"
import { diagnostic } from "../../diagnostic.js"
import { guestError, kindError, syntaxError } from "../errors.js"
import { toNum, toStr } from "../coerce.js"
import type { Run } from "../run-state.js"
import { getProperty } from "../property.js"
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  HostBacked,
  Namespace,
  ToolRef,
  Wrapper,
  isCallable,
  newObject,
  isoString,
} from "../values.js"
import { fn } from "./util.js"

const dataError = (name: string, message: string) =>
  guestError(name, message, undefined, diagnostic("InvalidDataValue", `JSON.stringify: ${message}`))

const OMIT = Symbol("omit")

/**
 * Guest value → host JSON data (or OMIT), applying the replacer like SerializeJSONProperty. Every node is a step
 * and its copy is charged as it is made; `size.chars` accumulates a lower bound of the text's length (the strings,
 * keys and one character per other value and separator; `size.indent` more per line when indenting), so a shared
 * reference that expands to gigabytes stops at the deadline or the budget instead of in V8's stringifier.
 */
const serialize = (
  rt: Run,
  value: unknown,
  replacer: unknown,
  keys: ReadonlyArray<string> | undefined,
  size: { chars: number; readonly indent: number },
): unknown => {
  const stack = new Set<object>()
  const text = (n: number, depth: number) => {
    size.chars += n + (size.indent > 0 ? 1 + size.indent * depth : 0)
    checkString(size.chars, "JSON.stringify")
  }
  const prop = (holder: Record<string, unknown> | Array<unknown>, key: string, v: unknown, depth: number): unknown => {
    rt.tick()
    if (v instanceof GuestDate) v = isoString(v, true)
    else if (v instanceof HostBacked)
      v = v.data() // URL → href (its toJSON); URLSearchParams → {}
    else if (v instanceof GuestObject && "toJSON" in v) {
      // §25.5.2.2 step 2: a guest toJSON is called with the key, `this` the value, before the replacer.
      const f = (v as Record<string, unknown>).toJSON
      if (isCallable(f)) v = rt.call(f, v, [key])
    } else if (typeof v === "bigint" || (v instanceof Wrapper && typeof v.value === "bigint")) {
      // §25.5.2.2 step 2 applies to BigInts too: a `BigInt.prototype.toJSON` the program defines is called.
      const f = getProperty(rt, v, "toJSON")
      if (isCallable(f)) v = rt.call(f, v, [key])
    }
    if (replacer !== undefined) v = rt.call(replacer, holder, [key, v])
    // §25.5.2.2 step 4: Number, String and Boolean objects serialize as their primitive.
    if (v instanceof Wrapper)
      v =
        typeof v.value === "boolean" || typeof v.value === "bigint"
          ? v.value
          : typeof v.value === "number"
            ? toNum(v)
            : toStr(v)
    switch (typeof v) {
      case "string":
        text(v.length + 2, depth)
        return v
      case "boolean":
        text(4, depth)
        return v
      case "number":
        text(1, depth)
        return Number.isFinite(v) ? v : null
      case "undefined":
      case "symbol":
        return OMIT
      case "bigint":
        throw guestError("TypeError", "Do not know how to serialize a BigInt")
    }
    if (v === null) return (text(4, depth), null)
    if (v instanceof GuestFunction || v instanceof Builtin || v instanceof ToolRef || v instanceof Namespace)
      return OMIT
    if (v instanceof Promise)
      throw kindError(
        "InvalidDataValue",
        "JSON.stringify: the value is an un-awaited Promise: await it (e.g. `await tools.ns.tool(...)`) before using the value",
      )
    if (v instanceof GuestDate) return isoString(v, true)
    if (!Array.isArray(v) && !(v instanceof GuestObject)) return {}
    if (stack.has(v as object)) throw dataError("TypeError", "Converting circular structure to JSON")
    if (depth >= MAX_DEPTH) throw dataError("Error", `the value is nested deeper than ${MAX_DEPTH} levels`)
    stack.add(v as object)
    let out: unknown
    text(2, depth)
    if (Array.isArray(v)) {
      rt.charge(BYTES.array + BYTES.slot * v.length)
      const arr: Array<unknown> = new Array(v.length)
      for (let i = 0; i < v.length; i++) {
        const x = prop(v, String(i), v[i], depth + 1)
        arr[i] = x === OMIT ? null : x
      }
      out = arr
    } else {
      const o = v as Record<string, unknown>
      const obj: Record<string, unknown> = {}
      rt.charge(BYTES.object)
      for (const k of keys ?? Object.keys(o)) {
        if (keys !== undefined && !Object.prototype.hasOwnProperty.call(o, k)) continue
        text(k.length + 3, depth)
        rt.charge(2 * BYTES.prop)
        const x = prop(o, k, o[k], depth + 1)
        if (x !== OMIT)
          Object.defineProperty(obj, k, { value: x, enumerable: true, writable: true, configurable: true })
      }
      out = obj
    }
    stack.delete(v as object)
    return out
  }
  const root = newObject()
  root[""] = value
  return prop(root, "", value, 0)
}

/** The array replacer's property list (§25.5.2.1 step 4.b): strings and numbers, first occurrence kept. */
const propertyList = (replacer: unknown): Array<string> | undefined => {
  if (!Array.isArray(replacer)) return undefined
  const out: Array<string> = []
  for (const k of replacer)
    if (typeof k === "string" || typeof k === "number") {
      const s = String(k)
      if (!out.includes(s)) out.push(s)
    }
  return out
}

const indentOf = (space: unknown): string | number | undefined =>
  typeof space === "number"
    ? Math.max(0, Math.min(10, Math.trunc(toNum(space))))
    : typeof space === "string"
      ? space.slice(0, 10)
      : undefined

export const jsonMembers: Record<string, unknown> = {
  stringify: fn(
    "stringify",
    (rt, _s, [value, replacer, space]) => {
      const indent = indentOf(space)
      const size = { chars: 0, indent: typeof indent === "number" ? indent : (indent?.length ?? 0) }
      const data = serialize(rt, value, isCallable(replacer) ? replacer : undefined, propertyList(replacer), size)
      if (data === OMIT) return undefined
      // The lower bound of the text, charged before V8 builds it; the exact length is capped and topped up after.
      const before = BYTES.stringHeader + size.chars
      rt.charge(before)
      const out = JSON.stringify(data, null, indent)
      checkString(out.length, "JSON.stringify")
      if (rt.maxBytes !== Infinity) rt.charge(Math.max(0, flatBytes(out) - before))
      return out
    },
    3,
  ),
  parse: fn(
    "parse",
    (rt, _s, [text, reviver]) => {
      let raw: unknown
      const source = toStr(text)
      // A lower bound of the parsed size from a linear scan, charged twice before anything is allocated: once
      // for V8's parse, once for the guest copy (a 20 MB text of empty objects overshot the budget 38×).
      // The work first: the scan's first read flattens a rope of up to 2^25 characters, one native copy.
      rt.work(source.length)
      const estimate = checkJsonDepth(source, rt)
      try {
        raw = JSON.parse(source)
      } catch (e) {
        if (!(e instanceof SyntaxError)) throw e
        throw syntaxError((e as Error).message)
      }
      let v: unknown
      try {
        v = copyIn(raw, rt)
      } catch (e) {
        if (!(e instanceof BoundaryError)) throw e
        throw kindError("InvalidDataValue", `JSON.parse: ${(e as BoundaryError).message}`)
      }
      // The exact size of the guest copy, less what the estimate already charged for it.
      if (rt.maxBytes !== Infinity) rt.charge(Math.max(0, dataBytes(v) - estimate))
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
