/**
 * URL and URLSearchParams (@opencode-ai/codemode 1.18 "URL helpers"): resolution and mutation, linked `searchParams`,
 * `URL.canParse`/`URL.parse`, and query parameters whose iteration methods (`keys/values/entries`) return arrays,
 * matching the Map/Set convention. The WHATWG parser is the host's; guests only reach these wrappers (HostBacked).
 * At the data boundary a URL is its href string and URLSearchParams is `{}`, exactly as JSON.stringify would.
 */
import { typeError } from "../errors.js"
import { toStr } from "../coerce.js"
import { toList } from "../iteration.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestObject, HostBacked } from "../values.js"
import { callback, fn, methods, table, type Table } from "./util.js"

const URL_SETTABLE = [
  "href",
  "protocol",
  "username",
  "password",
  "host",
  "hostname",
  "port",
  "pathname",
  "search",
  "hash",
]
const URL_SETTABLE_SET = new Set(URL_SETTABLE)

export class GuestSearchParams extends HostBacked {
  constructor(readonly native: URLSearchParams) {
    super()
  }
  get(key: string): unknown {
    if (key === "size") return this.native.size
    return Object.prototype.hasOwnProperty.call(searchParamsMethods, key) ? searchParamsMethods[key] : undefined
  }
  set(): boolean {
    return false
  }
  primitive(): string {
    return this.native.toString()
  }
  data(): unknown {
    return {}
  }
  list(): Array<unknown> {
    return Array.from(this.native, ([k, v]) => [k, v])
  }
}

export class GuestURL extends HostBacked {
  private params: GuestSearchParams | undefined
  constructor(readonly native: URL) {
    super()
  }
  get(key: string): unknown {
    if (URL_SETTABLE_SET.has(key) || key === "origin") return this.native[key as "href"]
    if (key === "searchParams") return (this.params ??= new GuestSearchParams(this.native.searchParams))
    return Object.prototype.hasOwnProperty.call(urlMethods, key) ? urlMethods[key] : undefined
  }
  set(key: string, value: unknown): boolean {
    if (!URL_SETTABLE_SET.has(key)) return false
    const s = toStr(value)
    if (key === "href") {
      // V8: an unparsable href throws TypeError "Invalid URL" and leaves the URL unchanged.
      if (!URL.canParse(s)) throw typeError(`Invalid URL: ${s}`)
    }
    this.native[key as "href"] = s
    return true
  }
  primitive(): string {
    return this.native.href
  }
  data(): unknown {
    return this.native.href
  }
  list(): undefined {
    return undefined
  }
}

const url = (v: unknown): GuestURL => {
  if (!(v instanceof GuestURL)) throw typeError("URL method called on a non-URL")
  return v
}
const params = (v: unknown): URLSearchParams => {
  if (!(v instanceof GuestSearchParams)) throw typeError("URLSearchParams method called on a non-URLSearchParams")
  return v.native
}

export const urlMethods: Table = methods({
  toString: (_rt: Run, s: unknown) => url(s).native.href,
  toJSON: (_rt, s) => url(s).native.href,
})

/**
 * WHATWG methods take their arguments as required: an omitted one is a TypeError, while an explicit `undefined` is
 * the string "undefined" (as in Node and browsers).
 */
const required = (args: ReadonlyArray<unknown>, names: ReadonlyArray<string>): void => {
  if (args.length >= names.length) return
  const list = names.map((n) => `"${n}"`).join(" and ")
  throw typeError(`The ${list} argument${names.length > 1 ? "s" : ""} must be specified`)
}
const NAME = ["name"]
const NAME_VALUE = ["name", "value"]
const URL_ARG = ["url"]

export const searchParamsMethods: Table = methods({
  append: (_rt, s, args) => (required(args, NAME_VALUE), params(s).append(toStr(args[0]), toStr(args[1]))),
  delete: (_rt, s, args) => {
    required(args, NAME)
    const [k, v] = args
    return params(s).delete(toStr(k), v === undefined ? undefined : toStr(v))
  },
  get: (_rt, s, args) => (required(args, NAME), params(s).get(toStr(args[0]))),
  getAll: (_rt, s, args) => (required(args, NAME), params(s).getAll(toStr(args[0]))),
  has: (_rt, s, args) => {
    required(args, NAME)
    const [k, v] = args
    return params(s).has(toStr(k), v === undefined ? undefined : toStr(v))
  },
  set: (_rt, s, args) => (required(args, NAME_VALUE), params(s).set(toStr(args[0]), toStr(args[1]))),
  sort: (_rt, s) => params(s).sort(),
  toString: (_rt: Run, s: unknown) => params(s).toString(),
  forEach: (rt, s, [f, t]) => {
    const p = params(s)
    callback(f)
    // Snapshot like Map/Set.forEach over arrays: the callback may mutate the params.
    for (const [k, v] of Array.from(p)) rt.call(f, t, [v, k, s])
    return undefined
  },
  keys: (_rt, s) => Array.from(params(s).keys()),
  values: (_rt, s) => Array.from(params(s).values()),
  entries: (_rt, s) => Array.from(params(s), ([k, v]) => [k, v]),
})

/** URLSearchParams init (§5.2 of the URL Standard): a query string, a record, or a list of pairs. */
const searchParamsFrom = (init: unknown): URLSearchParams => {
  if (init === undefined || init === null) return new URLSearchParams()
  if (init instanceof GuestSearchParams) return new URLSearchParams(init.native)
  if (init instanceof GuestObject) {
    const p = new URLSearchParams()
    for (const k of Object.keys(init)) p.append(k, toStr((init as Record<string, unknown>)[k]))
    return p
  }
  if (Array.isArray(init) || init instanceof Map || init instanceof Set) {
    const p = new URLSearchParams()
    for (const pair of toList(init, undefined, "URLSearchParams init")) {
      const kv = Array.isArray(pair) ? pair : toList(pair, undefined, "URLSearchParams pair")
      if (kv.length !== 2) throw typeError("Each query pair must be an iterable [name, value] tuple")
      p.append(toStr(kv[0]), toStr(kv[1]))
    }
    return p
  }
  return new URLSearchParams(toStr(init))
}

const parse = (input: unknown, base: unknown): URL | null => {
  const s = toStr(input)
  const b = base === undefined ? undefined : base instanceof GuestURL ? base.native.href : toStr(base)
  return URL.canParse(s, b) ? new URL(s, b) : null
}

const construct = (input: unknown, base: unknown): GuestURL => {
  const u = parse(input, base)
  if (!u) throw typeError(`Invalid URL: ${toStr(input)}${base === undefined ? "" : ` (base ${toStr(base)})`}`)
  return new GuestURL(u)
}

const requiresNew = (name: string) => () => {
  throw typeError(`Class constructor ${name} cannot be invoked without 'new'`)
}

export const URLCtor = new Builtin("URL", requiresNew("URL"), {
  length: 1,
  construct: (_rt, args) => (required(args, URL_ARG), construct(args[0], args[1])),
  is: (v) => v instanceof GuestURL,
  statics: table({
    canParse: fn("canParse", (_rt, _s, args) => (required(args, URL_ARG), parse(args[0], args[1]) !== null), 1),
    parse: fn(
      "parse",
      (_rt, _s, args) => {
        required(args, URL_ARG)
        const u = parse(args[0], args[1])
        return u ? new GuestURL(u) : null
      },
      1,
    ),
  }),
})

export const URLSearchParamsCtor = new Builtin("URLSearchParams", requiresNew("URLSearchParams"), {
  construct: (_rt, [init]) => new GuestSearchParams(searchParamsFrom(init)),
  is: (v) => v instanceof GuestSearchParams,
})
