/**
 * The whole-run memory budget (`limits.maxMemoryBytes`, issue "Security and reliability" item 3). Allocation sites
 * charge an estimate of what V8 allocates for the shape they create; `Run.charge` adds it to a per-run counter and
 * ends the run uncatchably past the budget. The counter is cumulative (never credited when the program drops a
 * value): it is an allocation budget, hence an upper bound of what the run can retain (SECURITY.md "Memory").
 *
 * The constants are V8 11.3 (Node 20, 64-bit, no pointer compression) object sizes, checked by
 * test/security/memory-calibration.test.ts against `heapUsed` growth for each shape.
 */
import { checkString } from "./memory-caps.js"
import type { Run } from "./run-state.js"
import { GuestDate, GuestObject, GuestRegExp } from "./values.js"

export const BYTES = {
  /** SeqString header (map, hash, length); characters follow, rounded up to 8. */
  stringHeader: 16,
  /** ConsString / SlicedString: what `a + b` or `slice` allocates once the result has 13+ characters. */
  rope: 32,
  /** V8's shortest cons or sliced string (String::kMinLength): shorter results are flat copies. */
  ropeMin: 13,
  /** JSArray (32) plus its FixedArray header (16). */
  array: 48,
  /** One element of an array created at its final length (literal, `map`, `slice`). */
  slot: 8,
  /** One element of a growing array: V8 grows capacity to 1.5 × length + 16, so up to 12 bytes per element. */
  grow: 12,
  /** A guest object: header (map, properties, elements) plus the property array V8 gives a GuestObject (measured). */
  object: 56,
  /** A property written by a literal with static keys, or copied in as data: a field. */
  prop: 8,
  /**
   * A property added by assignment, computed or spread key: past a dozen such keys V8 switches the object to a
   * dictionary (3 words per entry, capacity doubled, at most half full: up to 96 bytes); charged at that worst case.
   */
  addedProp: 96,
  /** A Map or Set with its initial 4-entry table. */
  collection: 160,
  /** One Map entry (key, value, chain: 3 slots + a bucket share); the table doubles, charged at each doubling. */
  mapEntry: 28,
  /** One Set entry (key, chain + a bucket share). */
  setEntry: 20,
  /** A guest closure: the GuestFunction plus its share of the captured environment. */
  closure: 64,
  /** A guest async call or promise: the native promise and its reaction. */
  promise: 96,
  /** Date / RegExp wrapper. */
  wrapper: 48,
} as const

/**
 * A character outside Latin-1. Searched for, not matched across the whole string (`^[\0-\xff]*$`): V8 answers a
 * one-byte string at once, where the anchored form walked every character (0.3 s for 2 × 10^7 on the loaded box).
 */
const TWO_BYTE = /[^\0-\xff]/

/** Whether V8 stores `s` one byte per character (every character is Latin-1). */
export const isOneByte = (s: string): boolean => !TWO_BYTE.test(s)

/** Bytes of a flat string of `length` characters, one byte each when Latin-1, else two. */
export const stringBytes = (length: number, oneByte: boolean): number =>
  BYTES.stringHeader + (((oneByte ? length : 2 * length) + 7) & ~7)

/** Bytes of a flat (sequential) string: header plus characters, one byte each when Latin-1, else two. */
export const flatBytes = (s: string): number => stringBytes(s.length, isOneByte(s))

/** Bytes of a fresh string result of `length` characters whose content is not scanned (two bytes per character). */
const freshBytes = (length: number): number => BYTES.stringHeader + ((2 * length + 7) & ~7)

/** Charges a flat string result (repeat, pad, join, replace, case mapping, stringify) when a budget is set. */
export const chargeString = (rt: Run, s: string): string => {
  if (rt.maxBytes !== Infinity) rt.charge(flatBytes(s))
  return s
}

/**
 * Charges a substring result: V8 makes a sliced string (a pointer into the parent) from 13 characters on, and
 * serves one-character Latin-1 strings from its single-character table, so `charAt`/`at` loops cost nothing.
 */
export const chargeSlice = (rt: Run, s: string): string => {
  if (s.length <= 1) return s
  rt.charge(s.length < BYTES.ropeMin ? freshBytes(s.length) : BYTES.rope)
  return s
}

/**
 * `a + b` on strings (also `+=` and template literals): capped at MAX_STRING_LENGTH before V8 runs, and charged
 * rope-aware. V8 allocates a 32-byte cons cell for a result of 13+ characters, and flattening the rope later copies
 * every character once. Charging the shorter operand's characters (two bytes each, the worst case) per
 * concatenation pays for that copy: over any tree of concatenations the sum of the shorter sides is at least the
 * final length minus the longest leaf (induction on the tree), and leaves were charged when they were created. So
 * `s += "x"` costs 34 bytes per step, `s = s + s` the final length, never the quadratic full length each time.
 */
export const concatStrings = (a: string, b: string, rt: Run | undefined, what = "+"): string => {
  const n = a.length + b.length
  checkString(n, what)
  if (rt !== undefined) {
    const m = a.length < b.length ? a.length : b.length
    rt.charge(n < BYTES.ropeMin ? freshBytes(n) : BYTES.rope + 2 * m)
  }
  return a + b
}

/** An array created at its final length. */
export const chargeArray = (rt: Run, length: number): void => rt.charge(BYTES.array + BYTES.slot * length)

/** `count` elements appended to an existing array (push, unshift, splice insert, index write past the end). */
export const chargeGrowth = (rt: Run, count: number): void => rt.charge(BYTES.grow * count)

/** A guest object created with `props` static keys. */
export const chargeObject = (rt: Run, props: number): void => rt.charge(BYTES.object + BYTES.prop * props)

/**
 * A Map/Set insertion that made the size `size`: V8's ordered hash table starts at 4 entries and doubles when full,
 * so the doubling from `size - 1` to `2 × (size - 1)` entries is charged when `size - 1` is a power of two ≥ 4.
 */
export const chargeEntry = (rt: Run, size: number, entry: number): void => {
  const full = size - 1
  if (full >= 4 && (full & (full - 1)) === 0) rt.charge(entry * full)
}

/** V8 keeps an array's elements fast while a write lands at most this far past the end (JSObject::kMaxGap). */
const MAX_GAP = 1024

/**
 * A member assignment that may add storage (called only when a budget is set): an array index at or past the
 * length grows the elements by the gap (a far index turns the array into a dictionary: one entry); a key new to
 * a guest object adds a property.
 */
export const chargeWrite = (rt: Run, obj: unknown, key: unknown): void => {
  // Only primitive keys: an object key's guest toString must run once, inside setProperty.
  if (typeof key !== "string" && typeof key !== "number") return
  if (Array.isArray(obj)) {
    const i = typeof key === "number" ? key : Number(key)
    if (Number.isInteger(i) && i >= obj.length)
      rt.charge(BYTES.grow * (i - obj.length < MAX_GAP ? i - obj.length + 1 : 3))
  } else if (obj instanceof GuestObject && !Object.hasOwn(obj, key)) rt.charge(BYTES.addedProp)
}

/**
 * Estimated bytes of plain data entering the guest (a tool result, `JSON.parse` output): walked only when a budget
 * is set, after the copy (the per-operation caps bound the copy itself).
 */
export const dataBytes = (v: unknown): number => {
  if (typeof v === "string") return v.length < BYTES.ropeMin ? 0 : flatBytes(v) // short strings: mostly internalized
  if (typeof v !== "object" || v === null) return 0
  if (Array.isArray(v)) {
    let n = BYTES.array + BYTES.slot * v.length
    for (let i = 0; i < v.length; i++) n += dataBytes(v[i])
    return n
  }
  if (v instanceof GuestObject) {
    let n = BYTES.object
    for (const k in v) n += 2 * BYTES.prop + dataBytes((v as Record<string, unknown>)[k])
    return n
  }
  if (v instanceof GuestDate || v instanceof GuestRegExp) return BYTES.wrapper
  return BYTES.object
}

/** Charges copied-in data when a budget is set; returns it. */
export const chargeData = <T>(rt: Run, v: T): T => {
  if (rt.maxBytes !== Infinity) rt.charge(dataBytes(v))
  return v
}
