/**
 * Memory-budget charges and size caps of the built-in method tables (SECURITY.md "Memory"), kept beside the
 * tables rather than inside each row so the rows stay about semantics. `charged(rows, spec)` wraps the named rows:
 * `pre` runs before the native operation (caps, charges known up front), `post` charges the result's size.
 */
import { checkArray, checkString } from "../memory-caps.js"
import {
  BYTES,
  chargeArray,
  chargeEntry,
  chargeGrowth,
  chargeSlice,
  chargeString,
  isOneByte,
  stringBytes,
} from "../memory-budget.js"
import type { Run } from "../run-state.js"
import type { Rows } from "./util.js"

type Args = ReadonlyArray<unknown>
export interface Charge {
  readonly pre?: (rt: Run, self: unknown, args: Args) => void
  readonly post?: (rt: Run, result: unknown, self: unknown, args: Args) => void
}

export const charged = (rows: Rows, spec: Readonly<Record<string, Charge>>): Rows => {
  const out: Rows = { ...rows }
  for (const [name, { pre, post }] of Object.entries(spec)) {
    const impl = rows[name]
    if (impl === undefined) continue
    out[name] = (rt, self, args) => {
      pre?.(rt, self, args)
      const r = impl(rt, self, args)
      post?.(rt, r, self, args)
      return r
    }
  }
  return out
}

const len = (v: unknown): number => (Array.isArray(v) || typeof v === "string" ? v.length : 0)

/** A result array of its final length (slice, map, concat, …). */
const array: Charge["post"] = (rt, r) => {
  if (Array.isArray(r)) chargeArray(rt, r.length)
}
/** A result array built by appending (filter). */
const grown: Charge["post"] = (rt, r) => {
  if (Array.isArray(r)) rt.charge(BYTES.array + BYTES.grow * r.length)
}
/** Copies of the receiver: capped at the array limit before copying (its length may have been set past it). */
const copy = (what: string): Charge => ({
  pre: (rt, s) => {
    checkArray(len(s), what)
    chargeArray(rt, len(s))
  },
})
const flatString: Charge = {
  post: (rt, r) => {
    if (typeof r === "string") chargeString(rt, r)
  },
}
/**
 * `repeat`, `padStart`, `padEnd`: V8 builds the result as a rope of the parts, so it is charged from the parts (one
 * byte per character when every part is Latin-1) instead of scanning the result, which would flatten a rope of up
 * to 2^25 characters (a quarter of a second) after the call, past the clock read made before it.
 */
const builtString = (parts: (self: unknown, args: Args) => ReadonlyArray<unknown>): Charge => ({
  post: (rt, r, self, args) => {
    if (typeof r !== "string" || rt.maxBytes === Infinity) return
    const oneByte = parts(self, args).every((p) => typeof p === "string" && isOneByte(p))
    rt.charge(stringBytes(r.length, oneByte))
  },
})
const padParts = (self: unknown, [, fill]: Args) => [self, fill === undefined ? " " : fill]
/** A string result whose growth is bounded by V8 only (case mapping, normalization, replacement): capped after. */
const grownString = (what: string): Charge => ({
  post: (rt, r) => {
    if (typeof r !== "string") return
    checkString(r.length, what)
    chargeString(rt, r)
  },
})
const slice: Charge = {
  post: (rt, r) => {
    if (typeof r === "string") chargeSlice(rt, r)
  },
}
/** Arrays of substrings (split, match). */
const pieces: Charge = {
  post: (rt, r) => {
    if (!Array.isArray(r)) return
    chargeArray(rt, r.length)
    if (rt.maxBytes !== Infinity) for (const p of r) if (typeof p === "string") chargeSlice(rt, p)
  },
}

/** Merges two specs: both `pre`s (first `a`'s), both `post`s. */
const both = (a: Readonly<Record<string, Charge>>, b: Readonly<Record<string, Charge>>): Record<string, Charge> => {
  const out: Record<string, Charge> = { ...a }
  for (const [name, w] of Object.entries(b)) {
    const c = a[name]
    if (c === undefined) {
      out[name] = w
      continue
    }
    // Only the halves either side has: a missing one is not called on every use of the method.
    const cpre = c.pre
    const wpre = w.pre
    const cpost = c.post
    const wpost = w.post
    out[name] = {
      pre:
        cpre && wpre
          ? (rt, s, args) => {
              cpre(rt, s, args)
              wpre(rt, s, args)
            }
          : (cpre ?? wpre),
      post:
        cpost && wpost
          ? (rt, r, s, args) => {
              cpost(rt, r, s, args)
              wpost(rt, r, s, args)
            }
          : (cpost ?? wpost),
    }
  }
  return out
}

/**
 * Native work accounted before the call (`Run.work`, SECURITY.md "Time"): the elements or characters a built-in may
 * visit. The interpreter counts one step per call, so without this a loop of `indexOf` over 10^7 elements ran for
 * seconds between two clock reads.
 */
const scan: Charge = { pre: (rt, s) => rt.work(len(s)) }
const scanWith = (extra: (args: Args) => number): Charge => ({
  pre: (rt, s, args) => rt.work(len(s) + extra(args)),
})
const argCount = (args: Args) => args.length

const ARRAY_WORK: Readonly<Record<string, Charge>> = Object.fromEntries(
  [
    "indexOf",
    "lastIndexOf",
    "includes",
    "copyWithin",
    "reverse",
    "slice",
    "splice",
    "toSpliced",
    "flat",
    "with",
    "toReversed",
    "toSorted",
    "sort",
    "keys",
    "values",
    "entries",
  ]
    .map((name): [string, Charge] => [name, scan])
    .concat([
      ["unshift", scanWith(argCount)],
      ["push", { pre: (rt, _s, args) => rt.work(args.length) }],
      ["concat", { pre: (rt, s, args) => rt.work(args.reduce<number>((n, a) => n + len(a), len(s))) }],
    ]),
)

const ARRAY_MEMORY: Readonly<Record<string, Charge>> = {
  push: { pre: (rt, _s, args) => chargeGrowth(rt, args.length) },
  unshift: {
    pre: (rt, s, args) => {
      checkArray(len(s) + args.length, "unshift")
      chargeGrowth(rt, args.length)
    },
  },
  splice: {
    pre: (rt, s, args) => {
      checkArray(len(s) + Math.max(0, args.length - 2), "splice")
      chargeGrowth(rt, Math.max(0, args.length - 2))
    },
    post: array,
  },
  toSpliced: { pre: (_rt, s, args) => checkArray(len(s) + Math.max(0, args.length - 2), "toSpliced"), post: array },
  concat: { post: array },
  slice: { post: array },
  map: copy("map"),
  filter: { pre: (_rt, s) => checkArray(len(s), "filter"), post: grown },
  flat: { post: array },
  flatMap: { pre: (_rt, s) => checkArray(len(s), "flatMap"), post: array },
  fill: { pre: (_rt, s) => checkArray(len(s), "fill") },
  with: copy("with"),
  toReversed: copy("toReversed"),
  toSorted: copy("toSorted"),
  keys: copy("keys"),
  values: copy("values"),
  entries: {
    pre: (rt, s) => {
      checkArray(len(s), "entries")
      rt.charge(BYTES.array + len(s) * (BYTES.slot + BYTES.array + 2 * BYTES.slot))
    },
  },
  // join/toString charge their flat result before building it (coerce.ts `joinArray`).
  toLocaleString: flatString,
}

export const ARRAY_CHARGES: Readonly<Record<string, Charge>> = both(ARRAY_MEMORY, ARRAY_WORK)

/** A numeric count argument (an object's guest valueOf runs once, in the method itself: not counted here). */
const count = (n: unknown): number => (typeof n === "number" && n > 0 && n < Infinity ? n : 0)

const STRING_WORK: Readonly<Record<string, Charge>> = {
  ...Object.fromEntries(
    [
      "indexOf",
      "lastIndexOf",
      "includes",
      "startsWith",
      "endsWith",
      "split",
      "toUpperCase",
      "toLowerCase",
      "toLocaleUpperCase",
      "toLocaleLowerCase",
      "normalize",
      "trim",
      "trimStart",
      "trimEnd",
      "localeCompare",
      "isWellFormed",
      "toWellFormed",
      "replace",
      "replaceAll",
    ].map((name): [string, Charge] => [name, scan]),
  ),
  repeat: { pre: (rt, s, [n]) => rt.work(len(s) * count(n)) },
  padStart: { pre: (rt, _s, [n]) => rt.work(count(n)) },
  padEnd: { pre: (rt, _s, [n]) => rt.work(count(n)) },
  concat: { pre: (rt, s, args) => rt.work(args.reduce<number>((n, a) => n + len(a), len(s))) },
}

const STRING_MEMORY: Readonly<Record<string, Charge>> = {
  charAt: slice,
  at: slice,
  slice,
  substring: slice,
  substr: slice,
  trim: slice,
  trimStart: slice,
  trimEnd: slice,
  trimLeft: slice,
  trimRight: slice,
  toUpperCase: grownString("toUpperCase"),
  toLowerCase: grownString("toLowerCase"),
  toLocaleUpperCase: grownString("toLocaleUpperCase"),
  toLocaleLowerCase: grownString("toLocaleLowerCase"),
  normalize: grownString("normalize"),
  replace: grownString("replace"),
  replaceAll: grownString("replaceAll"),
  toWellFormed: flatString,
  padStart: builtString(padParts),
  padEnd: builtString(padParts),
  repeat: builtString((self) => [self]),
  concat: flatString,
  split: pieces,
  match: {
    post: (rt, r) => {
      // A single match is an array with index, input and groups, charged here; a global match's strings were
      // charged one by one as they were found (regexp-ops.ts `matchTexts`), so a budget stops the loop itself.
      if (Array.isArray(r))
        rt.charge(BYTES.array + BYTES.object + (Object.hasOwn(r, "index") ? r.length * (BYTES.slot + BYTES.rope) : 0))
    },
  },
  // Its results were charged one by one as they were found (regexp-ops.ts `matchAllOf`, regexp-protocol.ts).
  matchAll: {
    post: (rt, r) => {
      if (Array.isArray(r)) rt.charge(BYTES.array)
    },
  },
}

export const STRING_CHARGES: Readonly<Record<string, Charge>> = both(STRING_MEMORY, STRING_WORK)

let sizeBefore = 0
const size = (v: unknown): number => (v instanceof Map || v instanceof Set ? v.size : 0)

/** Map.set / Set.add: the table doubling that an insertion caused (memory-budget.ts `chargeEntry`). */
export const entryCharge = (entry: number): Charge => ({
  // No guest code runs between pre and post (keys are compared natively), so one module slot suffices.
  pre: (_rt, self) => {
    sizeBefore = size(self)
  },
  post: (rt, _r, self) => {
    const after = size(self)
    if (after > sizeBefore) chargeEntry(rt, after, entry)
  },
})

/** A new Map or Set of `n` entries: the header, its table rounded up to a power of two, no less than 4. */
export const chargeCollection = (rt: Run, n: number, entry: number): void => {
  let cap = 4
  while (cap < n) cap *= 2
  rt.charge(BYTES.collection + entry * (cap - 4))
}
