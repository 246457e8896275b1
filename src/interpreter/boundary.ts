/**
 * The data boundary (@opencode-ai/codemode 1.18 "Supported Programs", last paragraphs; docs/dialects.md#canonical-contract "Data boundary"). `copyOut`
 * turns guest values into host data for tool inputs, the result and `JSON.stringify`; `copyIn` turns host values
 * (tool outputs, native-global results) into guest values and survives hostile inputs (throwing getters, proxies,
 * cycles, excessive depth).
 */
import { Fatal } from "./errors.js"
import {
  Builtin,
  GuestDate,
  GuestFunction,
  GuestObject,
  GuestRegExp,
  HostBacked,
  Namespace,
  ToolRef,
  Wrapper,
  newObject,
  isoString,
} from "./values.js"

export const MAX_DEPTH = 32

export class BoundaryError {
  /** `pending`: the value is an un-awaited promise, a mistake in the data itself wherever it is found. */
  constructor(
    readonly message: string,
    readonly pending = false,
  ) {}
}

export type CopyMode = "result" | "json" | "input"

/**
 * What a copy reports its work to (the run: `Run.charge`, `Run.tick`). A shared reference is copied once per path
 * that reaches it, so a value of a few kilobytes can expand to gigabytes (`x = [x, x]` thirty times): each node
 * copied is charged to the memory budget and counted as a step, so the copy stops at the budget or the deadline.
 */
export interface CopyMeter {
  charge(bytes: number): void
  tick(): void
}

const ARRAY_BYTES = 48
const OBJECT_BYTES = 56
const SLOT_BYTES = 8

/**
 * The objects on the copy path (cycle check) and the keys leading to the current value (for `where`, built only when
 * a message or a dropped entry needs it), shared by every copy: a call copies from its own base index and truncates
 * back on the way out, so a copy that starts while another is running (a getter, a nested `JSON.stringify`) sees
 * only its own entries. No per-copy Set, closure or path string on the tool-call path.
 */
const path: Array<object | undefined> = []
const keys: Array<string | number> = []
/** The used lengths of `path` and `keys` (the arrays never shrink: truncating them would reallocate on the next push). */
let pathTop = 0
let keyTop = 0

/** Pops the copy path down to `base` (after a copy, or a failure inside one), dropping the references. */
const release = (base: number): void => {
  while (pathTop > base) path[--pathTop] = undefined
}

const whereAt = (base: number): string => {
  let where = "value"
  for (let i = base; i < keyTop; i++) {
    const k = keys[i]!
    where += typeof k === "number" ? `[${k}]` : `.${k}`
  }
  return where
}

/**
 * Guest → host data. "result" turns nested `undefined` into null (@opencode-ai/codemode 1.18); "json"/"input" follow JSON.stringify
 * (undefined properties omitted, undefined array items null). Throws BoundaryError.
 */
export const copyOut = (value: unknown, mode: CopyMode, dropped?: Array<string>, meter?: CopyMeter): unknown => {
  const base = pathTop
  const keyBase = keyTop
  try {
    return out(value, 0, mode, dropped, meter, base, keyBase)
  } finally {
    release(base)
    keyTop = keyBase
  }
}

const out = (
  v: unknown,
  depth: number,
  mode: CopyMode,
  dropped: Array<string> | undefined,
  meter: CopyMeter | undefined,
  base: number,
  keyBase: number,
): unknown => {
  // `dropped` given: functions and symbols vanish as JSON.stringify drops them (a JSON result, e.g. Vercel's), and
  // each one is recorded by where it was so the caller can say so.
  if (dropped !== undefined && isFunctionLike(v)) {
    dropped.push(`${whereAt(keyBase)} is a function: dropped, as JSON.stringify drops it`)
    return undefined
  }
  switch (typeof v) {
    case "string":
    case "boolean":
      return v
    case "number":
      return Number.isFinite(v) ? v : null
    case "undefined":
      return mode === "result" ? null : undefined
    case "bigint":
      throw new BoundaryError(`${whereAt(keyBase)} is a BigInt, which is not data`)
    case "symbol":
    case "function":
      throw new BoundaryError(`${whereAt(keyBase)} is not data`)
  }
  if (v === null) return null
  if (v instanceof Promise)
    throw new BoundaryError(
      `${whereAt(keyBase)} is an un-awaited Promise: await it (e.g. \`await tools.ns.tool(...)\`) before using the value`,
      true,
    )
  if (v instanceof GuestFunction || v instanceof Builtin || v instanceof ToolRef || v instanceof Namespace)
    throw new BoundaryError(`${whereAt(keyBase)} is a function, which is not data`)
  if (v instanceof GuestDate) return isoString(v, true)
  if (v instanceof Wrapper) return out(v.value, depth, mode, dropped, meter, base, keyBase) // JSON.stringify unwraps them too
  if (
    v instanceof Map ||
    v instanceof Set ||
    v instanceof WeakMap ||
    v instanceof WeakSet ||
    v instanceof GuestRegExp
  ) {
    // A JSON result (Vercel's, TanStack's) would otherwise lose a Map's or Set's entries without a word.
    if (dropped !== undefined && (v instanceof Map || v instanceof Set))
      dropped.push(
        `${whereAt(keyBase)} is a ${v instanceof Map ? "Map" : "Set"} of ${v.size} ${v.size === 1 ? "entry" : "entries"}: ` +
          `sent as {}, as JSON.stringify gives it; convert it first (${v instanceof Map ? "Object.fromEntries(map) or [...map]" : "[...set]"})`,
      )
    return {}
  }
  if (v instanceof HostBacked) {
    // A byte array's data is a guest object of its indices (copied like one); URL's is its href string.
    const d = v.data()
    return d instanceof GuestObject ? out(d, depth, mode, dropped, meter, base, keyBase) : d
  }
  if (depth >= MAX_DEPTH) throw new BoundaryError(`${whereAt(keyBase)} is nested deeper than ${MAX_DEPTH} levels`)
  for (let i = base; i < pathTop; i++) if (path[i] === v) throw new BoundaryError(`${whereAt(keyBase)} is circular`)
  path[pathTop++] = v as object
  let result: unknown
  // Read once: the length charged is the length copied, whatever a getter of an element does to the array meanwhile.
  const n = Array.isArray(v) ? v.length : 0
  if (meter !== undefined) {
    meter.tick()
    meter.charge(Array.isArray(v) ? ARRAY_BYTES + SLOT_BYTES * n : OBJECT_BYTES)
  }
  const slot = keyTop++
  if (Array.isArray(v)) {
    const arr: Array<unknown> = new Array(n)
    for (let i = 0; i < n; i++) {
      keys[slot] = i
      const item = out(v[i], depth + 1, mode, dropped, meter, base, keyBase)
      arr[i] = item === undefined ? null : item
    }
    result = arr
  } else if (v instanceof GuestObject) {
    const obj: Record<string, unknown> = {}
    for (const k of Object.keys(v)) {
      keys[slot] = k
      const item = out((v as Record<string, unknown>)[k], depth + 1, mode, dropped, meter, base, keyBase)
      meter?.charge(SLOT_BYTES)
      if (item === undefined) continue
      // A plain assignment to `__proto__` would set the prototype instead of a key.
      if (k === "__proto__")
        Object.defineProperty(obj, k, { value: item, enumerable: true, writable: true, configurable: true })
      else obj[k] = item
    }
    result = obj
  } else {
    keyTop = slot
    throw new BoundaryError(`${whereAt(keyBase)} is not plain data`)
  }
  keyTop = slot
  path[--pathTop] = undefined
  return result
}

const isFunctionLike = (v: unknown): boolean =>
  typeof v === "function" ||
  typeof v === "symbol" ||
  v instanceof GuestFunction ||
  v instanceof Builtin ||
  v instanceof ToolRef ||
  v instanceof Namespace

/** A plain object of this realm or another one (tool fixtures may come from a `node:vm` context). */
const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v)
  if (proto === null || proto === Object.prototype) return true
  if (Object.getPrototypeOf(proto) !== null) return false
  const ctor = Object.getOwnPropertyDescriptor(proto, "constructor")?.value
  return typeof ctor === "function" && ctor.name === "Object" && ctor.prototype === proto
}

/**
 * Host → guest. Anything that is not JSON-like data (or is too deep, circular, hostile) throws BoundaryError. With
 * a meter, each object or array copied is a step (the deadline is read while a large parse result is copied).
 */
export const copyIn = (value: unknown, meter?: Pick<CopyMeter, "tick">): unknown => {
  const base = pathTop
  try {
    return into(value, 0, meter, base)
  } catch (e) {
    if (e instanceof BoundaryError || e instanceof Fatal) throw e
    throw new BoundaryError("reading the value failed")
  } finally {
    release(base)
  }
}

const into = (v: unknown, depth: number, meter: Pick<CopyMeter, "tick"> | undefined, base: number): unknown => {
  switch (typeof v) {
    case "string":
    case "boolean":
    case "number":
    case "undefined":
      return v
    case "object":
      break
    default:
      throw new BoundaryError(`a ${typeof v} is not data`)
  }
  if (v === null) return null
  if (depth >= MAX_DEPTH) throw new BoundaryError(`the value is nested deeper than ${MAX_DEPTH} levels`)
  for (let i = base; i < pathTop; i++) if (path[i] === v) throw new BoundaryError("the value is circular")
  meter?.tick()
  path[pathTop++] = v
  let result: unknown
  if (Array.isArray(v)) {
    const n = v.length
    const arr: Array<unknown> = new Array(n)
    for (let i = 0; i < n; i++) arr[i] = into(v[i], depth + 1, meter, base)
    result = arr
  } else if (v instanceof Date) {
    result = new GuestDate(v.getTime())
  } else {
    if (!isPlainObject(v)) throw new BoundaryError("the value is not plain data")
    const obj = newObject()
    for (const k of Object.keys(v)) {
      // Every own key is kept, as JSON.parse makes it (`__proto__`, `constructor` and `prototype` included): a guest
      // object's chain ends at the guest's own Object.prototype, so such a key is data, with no host member to meet.
      obj[k] = into((v as Record<string, unknown>)[k], depth + 1, meter, base)
    }
    result = obj
  }
  path[--pathTop] = undefined
  return result
}
