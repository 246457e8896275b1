/**
 * Per-operation memory caps (issue "Security and reliability" item 3), checked before the native call so a bomb
 * fails with a guest RangeError naming the cap instead of exhausting the host heap. Figures in SECURITY.md.
 */
import { rangeError } from "./errors.js"

/** Longest string a built-in may create: 2^25 UTF-16 units (64 MB). */
export const MAX_STRING_LENGTH = 2 ** 25
/** Longest array a built-in may create or grow to (matches the Array constructor's existing 10^7 cap). */
export const MAX_ARRAY_LENGTH = 10_000_000
/** Most entries a Map or Set may hold. */
export const MAX_COLLECTION_SIZE = 10_000_000
/**
 * Most elements a Promise combinator (`all`, `allSettled`, `any`, `race`) takes: each is subscribed to as it is
 * iterated, and a pending reaction holds about 200 bytes of host heap, so an endless iterable must stop well before
 * the array cap.
 */
export const MAX_PROMISE_ELEMENTS = 1_000_000
/** Deepest nesting JSON.parse accepts (the data boundary copies at most 32 levels anyway). */
export const MAX_JSON_DEPTH = 1_000

const over = (what: string, n: number, cap: number, unit: string) =>
  rangeError(`${what} would create ${n} ${unit}, over the limit of ${cap} (SECURITY.md "Memory")`)

export const checkString = (length: number, what: string): void => {
  if (length > MAX_STRING_LENGTH) throw over(what, length, MAX_STRING_LENGTH, "characters")
}

export const checkArray = (length: number, what: string): void => {
  if (length > MAX_ARRAY_LENGTH) throw over(what, length, MAX_ARRAY_LENGTH, "elements")
}

/**
 * The one decision on how long a guest array may become, whatever the path (`length` writes, index keys, through
 * `defineProperty`, `Object.assign`, a `super` write with an array receiver): writing `key` of array `a` (`value` for
 * `length`, already a number) must not take it past the cap, where its length alone would make every native
 * built-in loop over billions of holes outside the step counter. Past it: a catchable RangeError.
 */
export const checkArrayWrite = (a: { length: number }, key: string | number, value: unknown, what: string): void => {
  if (key === "length") {
    const n = typeof value === "number" ? value : Number(value)
    if (n > MAX_ARRAY_LENGTH && n > a.length) checkArray(n, what)
    return
  }
  const i = typeof key === "number" ? key : key.length >= 8 && key.length <= 10 ? Number(key) : -1
  // 2^32 - 1 and above are plain properties, not indices (§6.1.7).
  if (i >= MAX_ARRAY_LENGTH && i < 2 ** 32 - 1 && Number.isInteger(i) && (typeof key === "number" || String(i) === key))
    checkArray(i + 1, what)
}

export const checkPromiseElements = (count: number, what: string): void => {
  if (count > MAX_PROMISE_ELEMENTS) throw over(what, count, MAX_PROMISE_ELEMENTS, "elements")
}

export const checkCollection = (size: number, what: string): void => {
  if (size > MAX_COLLECTION_SIZE) throw over(what, size, MAX_COLLECTION_SIZE, "entries")
}

/**
 * Linear scan of bracket depth outside strings; throws before the native parser allocates anything. Returns a
 * lower bound of the bytes the parsed data takes, and with a meter charges twice that as it goes (memory-budget.ts sizes: 56 per object plus 16 per property, 48
 * per array plus 8 per element, strings of 13+ characters flat), so the budget is charged before V8 allocates it.
 */
export const checkJsonDepth = (
  text: string,
  meter?: { work(elements: number): void; charge(bytes: number): void },
): number => {
  let depth = 0
  let inString = false
  let start = 0
  let bytes = 0
  let charged = 0
  for (let i = 0; i < text.length; i++) {
    // Every 64 K characters: the scan's own work, and the estimate so far (twice: V8's parse and the guest copy)
    // charged, so a huge text stops at the budget or the deadline before the scan is even done.
    if ((i & 0xffff) === 0xffff && meter !== undefined) {
      meter.work(0x10000)
      meter.charge(2 * (bytes - charged))
      charged = bytes
    }
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92) i++
      else if (c === 34) {
        inString = false
        const n = i - start - 1
        if (n >= 13) bytes += 16 + ((n + 7) & ~7)
      }
    } else if (c === 34) {
      inString = true
      start = i
    } else if (c === 91 || c === 123) {
      bytes += c === 91 ? 48 : 56
      if (++depth > MAX_JSON_DEPTH)
        throw rangeError(`JSON.parse: nesting deeper than ${MAX_JSON_DEPTH} levels (SECURITY.md "Memory")`)
    } else if (c === 93 || c === 125) depth--
    else if (c === 44 || c === 58) bytes += 8
  }
  meter?.charge(2 * (bytes - charged))
  return bytes
}
