/**
 * `Uint8Array` basics (issue 17 item 4): the one typed array a code-mode program needs (TextEncoder output, base64,
 * random bytes). A guest byte array is a `HostBacked` value over a private host `Uint8Array`: index reads and
 * writes (writes wrap modulo 256 as in JavaScript), `length`, iteration and the common methods are served here;
 * the host array itself never reaches the program. `subarray` shares its parent's bytes, `slice` copies.
 *
 * Size: each array is capped like an array (`checkArray`) and charged to the run's memory budget before it is
 * allocated (one byte per element plus a header). Deliberately absent: `ArrayBuffer`, `DataView`, the other typed
 * arrays and `.buffer` (docs/support.md).
 */
import { rangeError, typeError } from "../errors.js"
import { isPrimitive, joinArray, toNum, toStr } from "../coerce.js"
import { toList } from "../iteration.js"
import { checkArray } from "../memory-caps.js"
import { BYTES } from "../memory-budget.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestObject, HostBacked, WELL_KNOWN, isCallable, newObject } from "../values.js"
import { callback, fn, methods, relIndex, table, toInt, type Table } from "./util.js"

const INDEX = /^(?:0|[1-9]\d*)$/

/** The bytes as a plain array (a counted loop: V8's `Array.from` of a typed array is ~50× slower). */
const toArray = (b: Uint8Array): Array<number> => {
  const out = new Array<number>(b.length)
  for (let i = 0; i < b.length; i++) out[i] = b[i]!
  return out
}

export class GuestBytes extends HostBacked {
  /** Own properties a program adds beyond the indices (`u.tag = 1`), made on the first write. */
  private props: Record<string, unknown> | undefined
  constructor(readonly bytes: Uint8Array) {
    super()
  }
  get(key: string): unknown {
    if (typeof key === "string" && INDEX.test(key)) return this.bytes[Number(key)]
    if (this.props !== undefined && Object.prototype.hasOwnProperty.call(this.props, key)) return this.props[key]
    switch (key) {
      case "length":
      case "byteLength":
        return this.bytes.length
      case "byteOffset":
        return this.bytes.byteOffset
      case "BYTES_PER_ELEMENT":
        return 1
      case "constructor":
        return Uint8ArrayCtor
    }
    return Object.prototype.hasOwnProperty.call(bytesMethods, key) ? bytesMethods[key] : undefined
  }
  set(key: string, value: unknown): boolean {
    if (typeof key === "string" && INDEX.test(key)) {
      // §10.4.5.16 TypedArraySetElement: ToNumber first (guest hooks run), then an index past the end is ignored.
      const n = toNum(value)
      const i = Number(key)
      if (i < this.bytes.length) this.bytes[i] = n
      return true
    }
    // `length` & co. are getters without setters (a strict-mode write throws); other keys become own properties.
    if (typeof key !== "string") return false
    const own = this.props !== undefined && Object.prototype.hasOwnProperty.call(this.props, key)
    if (!own && this.get(key) !== undefined) return false
    ;(this.props ??= Object.create(null) as Record<string, unknown>)[key] = value
    return true
  }
  primitive(): string {
    return this.bytes.join(",")
  }
  /** What JSON.stringify and the data boundary see: `{"0": 1, "1": 2}`, as V8 serializes a Uint8Array. */
  data(): unknown {
    const o = newObject()
    this.bytes.forEach((b, i) => (o[i] = b))
    return o
  }
  list(): Array<unknown> {
    return toArray(this.bytes)
  }
  /** The own keys `Object.keys` lists: the indices. */
  override keys(): Array<string> {
    const indices = new Array<string>(this.bytes.length)
    for (let i = 0; i < indices.length; i++) indices[i] = String(i)
    return this.props === undefined ? indices : [...indices, ...Object.keys(this.props)]
  }
}

/** A new byte array of `n` elements, capped and charged before it exists. */
export const allocate = (rt: Run | undefined, n: number, what = "Uint8Array"): GuestBytes => {
  checkArray(n, what)
  rt?.charge(BYTES.array + n)
  return new GuestBytes(new Uint8Array(n))
}

/** Wraps host bytes made by a helper (TextEncoder, atob), charging them. */
export const adopt = (rt: Run, bytes: Uint8Array): GuestBytes => {
  rt.charge(BYTES.array + bytes.length)
  return new GuestBytes(bytes)
}

const self = (v: unknown): Uint8Array => {
  if (v instanceof GuestBytes) return v.bytes
  throw typeError("this is not a typed array.")
}

const fromValues = (rt: Run, values: ReadonlyArray<unknown>): GuestBytes => {
  const out = allocate(rt, values.length)
  rt.work(values.length)
  for (let i = 0; i < values.length; i++) {
    const v = values[i]
    out.bytes[i] = typeof v === "number" ? v : toNum(v)
  }
  return out
}

/** The elements of an array-like guest object (`{ length: 2, 0: 1, 1: 2 }`). */
const arrayLike = (o: Record<string, unknown>): Array<unknown> => {
  const n = toInt(o.length)
  const len = n > 0 ? n : 0
  checkArray(len, "Uint8Array")
  const out = new Array<unknown>(len)
  for (let i = 0; i < len; i++) out[i] = o[i]
  return out
}

/** The source values of `new Uint8Array(x)` / `Uint8Array.from(x)`: iterable first, else array-like. */
const sourceValues = (rt: Run, v: unknown): Array<unknown> => {
  if (v instanceof GuestBytes) return toArray(v.bytes)
  if (v instanceof GuestObject && (v as Record<string | symbol, unknown>)[WELL_KNOWN.iterator] === undefined)
    return arrayLike(v as Record<string, unknown>)
  return toList(v, undefined, "Uint8Array source", rt)
}

/** ToIndex (§7.1.22) of a length argument, with V8's RangeError. */
const length = (v: unknown): number => {
  const n = toInt(v)
  if (n < 0 || n > 2 ** 53 - 1) throw rangeError(`Invalid typed array length: ${toStr(v)}`)
  return n
}

const construct = (rt: Run, [a, b, c]: ReadonlyArray<unknown>): GuestBytes => {
  if (a === undefined || a === null) return allocate(rt, 0)
  if (isPrimitive(a)) return allocate(rt, length(a))
  if (b !== undefined || c !== undefined)
    throw typeError("Uint8Array(buffer, byteOffset, length) is not available: ArrayBuffer is not supported")
  if (a instanceof GuestBytes) return adopt(rt, a.bytes.slice())
  return fromValues(rt, sourceValues(rt, a))
}

/** Calls `f(value, index, array)` for each byte, reading the live array (a callback may write to it). */
const each = (
  rt: Run,
  s: unknown,
  f: unknown,
  t: unknown,
  visit: (r: unknown, b: number, i: number) => boolean,
): void => {
  const b = self(s)
  callback(f)
  for (let i = 0; i < b.length; i++) if (visit(rt.call(f, t, [b[i], i, s]), b[i]!, i)) return
}

const truthy = (v: unknown): boolean => Boolean(v)

const sortBytes = (rt: Run, b: Uint8Array, cmp: unknown): void => {
  if (cmp === undefined) {
    rt.work(b.length)
    b.sort()
    return
  }
  callback(cmp)
  const sorted = toArray(b).sort((x, y) => {
    const r = toNum(rt.call(cmp, undefined, [x, y]))
    return Number.isNaN(r) ? 0 : r
  })
  b.set(sorted)
}

export const bytesMethods: Table = methods(
  {
    at: (_rt, s, [i]) => {
      const b = self(s)
      const n = toInt(i)
      return b[n < 0 ? b.length + n : n]
    },
    subarray: (rt, s, [begin, end]) => {
      const b = self(s)
      rt.charge(BYTES.array)
      return new GuestBytes(b.subarray(relIndex(begin, b.length, 0), relIndex(end, b.length, b.length)))
    },
    slice: (rt, s, [begin, end]) => {
      const b = self(s)
      const part = b.slice(relIndex(begin, b.length, 0), relIndex(end, b.length, b.length))
      return adopt(rt, part)
    },
    set: (rt, s, [source, offset]) => {
      const b = self(s)
      const at = toInt(offset)
      if (at < 0) throw rangeError("offset is out of bounds")
      const values = source instanceof GuestBytes ? source.bytes : sourceValues(rt, source)
      if (values.length + at > b.length) throw rangeError("offset is out of bounds")
      rt.work(values.length)
      if (values instanceof Uint8Array) b.set(values, at)
      else for (let i = 0; i < values.length; i++) b[at + i] = toNum(values[i])
      return undefined
    },
    fill: (rt, s, [v, begin, end]) => {
      const b = self(s)
      const n = toNum(v)
      rt.work(b.length)
      b.fill(n, relIndex(begin, b.length, 0), relIndex(end, b.length, b.length))
      return s
    },
    map: (rt, s, [f, t]) => {
      const out = allocate(rt, self(s).length)
      each(rt, s, f, t, (r, _b, i) => ((out.bytes[i] = toNum(r)), false))
      return out
    },
    filter: (rt, s, [f, t]) => {
      const kept: Array<number> = []
      each(rt, s, f, t, (r, b) => (truthy(r) && kept.push(b), false))
      return fromValues(rt, kept)
    },
    forEach: (rt, s, [f, t]) => (each(rt, s, f, t, () => false), undefined),
    every: (rt, s, [f, t]) => {
      let all = true
      each(rt, s, f, t, (r) => !truthy(r) && !(all = false))
      return all
    },
    some: (rt, s, [f, t]) => {
      let any = false
      each(rt, s, f, t, (r) => truthy(r) && (any = true))
      return any
    },
    find: (rt, s, [f, t]) => {
      let hit: number | undefined
      each(rt, s, f, t, (r, b) => truthy(r) && ((hit = b), true))
      return hit
    },
    findIndex: (rt, s, [f, t]) => {
      let hit = -1
      each(rt, s, f, t, (r, _b, i) => truthy(r) && ((hit = i), true))
      return hit
    },
    reduce: (rt, s, args) => {
      const b = self(s)
      const f = callback(args[0])
      if (b.length === 0 && args.length < 2) throw typeError("Reduce of empty array with no initial value")
      let acc = args.length >= 2 ? args[1] : b[0]
      for (let i = args.length >= 2 ? 0 : 1; i < b.length; i++) acc = rt.call(f, undefined, [acc, b[i], i, s])
      return acc
    },
    join: (rt, s, [sep]) => {
      const b = self(s)
      rt.work(b.length)
      return joinArray(toArray(b), sep === undefined ? "," : toStr(sep))
    },
    toString: (rt: Run, s: unknown) => {
      const b = self(s)
      rt.work(b.length)
      return b.join(",")
    },
    indexOf: (rt, s, [x, from]) => {
      const b = self(s)
      rt.work(b.length)
      return typeof x === "number" ? b.indexOf(x, toInt(from)) : -1
    },
    lastIndexOf: (rt, s, args) => {
      const b = self(s)
      rt.work(b.length)
      if (typeof args[0] !== "number") return -1
      return args.length > 1 ? b.lastIndexOf(args[0], toInt(args[1])) : b.lastIndexOf(args[0])
    },
    includes: (rt, s, [x, from]) => {
      const b = self(s)
      rt.work(b.length)
      return typeof x === "number" && b.includes(x, toInt(from))
    },
    reverse: (rt, s) => (rt.work(self(s).length), self(s).reverse(), s),
    sort: (rt, s, [cmp]) => (sortBytes(rt, self(s), cmp), s),
    toSorted: (rt, s, [cmp]) => {
      const out = adopt(rt, self(s).slice())
      sortBytes(rt, out.bytes, cmp)
      return out
    },
    toReversed: (rt, s) => adopt(rt, self(s).slice().reverse()),
    keys: (rt, s) => {
      const n = self(s).length
      rt.charge(BYTES.array + BYTES.slot * n)
      const out = new Array<number>(n)
      for (let i = 0; i < n; i++) out[i] = i
      return out
    },
    values: (rt, s) => {
      const b = self(s)
      rt.charge(BYTES.array + BYTES.slot * b.length)
      return toArray(b)
    },
    entries: (rt, s) => {
      const b = self(s)
      rt.charge(BYTES.array + b.length * (BYTES.slot + BYTES.array + 2 * BYTES.slot))
      const out = new Array<Array<number>>(b.length)
      for (let i = 0; i < b.length; i++) out[i] = [i, b[i]!]
      return out
    },
  },
  {
    at: 1,
    subarray: 2,
    slice: 2,
    set: 1,
    fill: 1,
    map: 1,
    filter: 1,
    forEach: 1,
    every: 1,
    some: 1,
    find: 1,
    findIndex: 1,
    reduce: 1,
    join: 1,
    indexOf: 1,
    lastIndexOf: 1,
    includes: 1,
    sort: 1,
    toSorted: 1,
  },
)

// for…of, spread and Array.from iterate a byte array through `list()`; `[Symbol.iterator]` is its values.
bytesMethods[WELL_KNOWN.iterator as unknown as string] = fn("values", (rt, s) => {
  const values = toArray(self(s))
  rt.charge(BYTES.array + BYTES.slot * values.length)
  const it = newObject()
  let i = 0
  it.next = fn("next", () => {
    const r = newObject()
    r.done = i >= values.length
    r.value = r.done ? undefined : values[i++]
    return r
  })
  return it
})

export const Uint8ArrayCtor: Builtin = new Builtin(
  "Uint8Array",
  () => {
    throw typeError("Constructor Uint8Array requires 'new'")
  },
  {
    length: 3,
    construct,
    is: (v) => v instanceof GuestBytes,
    statics: table({
      BYTES_PER_ELEMENT: 1,
      from: fn(
        "from",
        (rt, _s, [src, f, t]) => {
          if (src instanceof GuestBytes && f === undefined) return adopt(rt, src.bytes.slice())
          const values = sourceValues(rt, src)
          if (f !== undefined) {
            if (!isCallable(f)) throw typeError(`${toStr(f)} is not a function`)
            for (let i = 0; i < values.length; i++) values[i] = rt.call(f, t, [values[i], i])
          }
          return fromValues(rt, values)
        },
        1,
      ),
      of: fn("of", (rt, _s, args) => fromValues(rt, args), 0),
    }),
  },
)
