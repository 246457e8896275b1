/** Values crossing a data boundary nest at most this deep (@opencode-ai/codemode 1.18 "Execution Limits": a fixed internal). */
export const MAX_DATA_DEPTH = 32

const BLOCKED_KEYS = new Set(["__proto__", "constructor", "prototype"])

const hasOwn = Object.hasOwn

/**
 * A plain object: null prototype, or a prototype that is some realm's `Object.prototype` (a root prototype whose
 * `constructor` is named Object), so data built in another realm (node:vm, a worker's structured clone) qualifies.
 */
const isPlainObject = (value: object): boolean => {
  const proto = Object.getPrototypeOf(value)
  if (proto === Object.prototype || proto === null) return true
  return (
    Object.getPrototypeOf(proto) === null &&
    Object.prototype.toString.call(value) === "[object Object]" &&
    typeof proto.constructor === "function" &&
    proto.constructor.name === "Object"
  )
}

/** Thrown by `toData`; callers turn it into their own, sanitized diagnostic. */
export class DataError extends Error {}

/**
 * Copies a host value (a tool's decoded output) into plain JSON-like data (objects made by `newObject`: the
 * interpreter's own when the copy is a tool output it asked for, so it takes the value without copying it again), as @opencode-ai/codemode 1.18 "Data, files, and failures"
 * says values cross the boundary: Date → ISO string (invalid → null), URL → href, Map/Set/RegExp/URLSearchParams →
 * `{}`, plain objects and arrays copied, anything else (functions, symbols, bigints, class instances, cycles,
 * blocked keys, depth > 32) rejected. Getters and proxies run here, inside the caller's try.
 */
export const toData = (value: unknown, result = false, newObject: () => object = plainObject): unknown => {
  const depth = ancestors.length
  try {
    return copy(value, 0, result, newObject)
  } finally {
    ancestors.length = depth
  }
}

const plainObject = (): object => ({})

// The objects on the current copy path (at most 32): a cycle is an ancestor seen again. One shared array, so a
// copy allocates nothing for bookkeeping; `toData` restores its length even when a getter throws.
const ancestors: Array<object> = []

/**
 * `result` mode is the final Result value (@opencode-ai/codemode 1.18 "Quick Start"): exactly what JSON would keep, except that
 * undefined anywhere becomes null: non-finite numbers → null, -0 → 0.
 */
const copy = (value: unknown, depth: number, result: boolean, newObject: () => object): unknown => {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value
    case "number":
      return result ? (Number.isFinite(value) ? (value === 0 ? 0 : value) : null) : value
    case "undefined":
      return result ? null : value
    case "object":
      break
    default:
      throw new DataError(`a ${typeof value} is not data`)
  }
  if (value === null) return null
  if (depth >= MAX_DATA_DEPTH) throw new DataError(`the value nests deeper than ${MAX_DATA_DEPTH} levels`)
  if (Array.isArray(value)) {
    if (ancestors.includes(value)) throw new DataError("the value is circular")
    ancestors.push(value)
    const out = new Array<unknown>(value.length)
    for (let i = 0; i < value.length; i++) out[i] = copy(value[i], depth + 1, result, newObject)
    ancestors.pop()
    return out
  }
  if (isPlainObject(value)) {
    if (ancestors.includes(value)) throw new DataError("the value is circular")
    ancestors.push(value)
    const out = newObject() as Record<string, unknown>
    // `for...in` over own keys: the same keys in the same order as `Object.keys`, without an array per object.
    for (const key in value) {
      if (!hasOwn(value, key)) continue
      if (BLOCKED_KEYS.has(key)) throw new DataError(`the key '${key}' is blocked`)
      out[key] = copy((value as Record<string, unknown>)[key], depth + 1, result, newObject)
    }
    ancestors.pop()
    return out
  }
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.toISOString() : null
  if (value instanceof URL) return value.href
  if (value instanceof Map || value instanceof Set || value instanceof RegExp || value instanceof URLSearchParams)
    return newObject()
  throw new DataError("only plain objects and arrays are data")
}
