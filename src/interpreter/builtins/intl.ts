/**
 * `Intl` (issue 17 item 4): a guest view of the host's ICU. Each guest formatter wraps a host `Intl` object behind
 * a `HostBacked` value, so a program reaches only table rows: arguments cross as primitives (locales, option values,
 * numbers, a date's time value), results cross back through `copyIn` (strings, parts arrays, resolved options as
 * fresh guest objects). No host formatter, prototype or function is ever handed to the program.
 *
 * Determinism: a program must not depend on the host's locale or timezone, so the default locale is "en-US" and
 * the default `timeZone` of date formatting is "UTC" (what the project's dates always were: docs/support.md).
 * The `toLocaleString` family of Number, Date, Array and String goes through the same helpers.
 */
import { typeError } from "../errors.js"
import { copyIn } from "../boundary.js"
import { isPrimitive, toNum, toPrimitive, toStr } from "../coerce.js"
import { toList } from "../iteration.js"
import { checkArray } from "../memory-caps.js"
import type { Run } from "../run-state.js"
import { Builtin, GuestDate, GuestObject, HostBacked, Namespace, Wrapper } from "../values.js"
import { fn, hostInput, table, type Impl, type Table } from "./util.js"

export const DEFAULT_LOCALE = "en-US"
export const DEFAULT_TIME_ZONE = "UTC"

/** CanonicalizeLocaleList's input as host data: undefined → the default; a string; a list of strings. */
export const hostLocales = (v: unknown): string | Array<string> => {
  if (v === undefined) return DEFAULT_LOCALE
  if (typeof v === "string") return v
  if (v instanceof Wrapper && typeof v.value === "string") return v.value
  if (v === null) throw typeError("Cannot convert undefined or null to object")
  if (isPrimitive(v)) return DEFAULT_LOCALE
  const list = toList(v, undefined, "locales")
  checkArray(list.length, "locales")
  return list.map((x) => {
    if (typeof x === "string") return x
    if (x instanceof Wrapper && typeof x.value === "string") return x.value
    if (x === null || isPrimitive(x)) throw typeError("Language ID should be string or object.")
    return toStr(x)
  })
}

/**
 * An options bag as host data: each own enumerable key of a guest object with its value as a primitive (an
 * object value goes through its guest `toString`/`valueOf`). Non-objects are passed as themselves so the host
 * throws its own TypeError for `null`.
 */
export const hostOptions = (v: unknown): Record<string, unknown> | undefined => {
  if (v === undefined) return undefined
  if (v === null) throw typeError("Cannot convert undefined or null to object")
  const out: Record<string, unknown> = Object.create(null)
  if (!(v instanceof GuestObject)) return out
  for (const k of Object.keys(v)) {
    const x = (v as Record<string, unknown>)[k]
    out[k] = x === undefined || isPrimitive(x) ? x : toPrimitive(x)
  }
  return out
}

/** Date options with the project's default time zone ("UTC") unless the program names one. */
export const dateOptions = (v: unknown): Record<string, unknown> => {
  const o = hostOptions(v) ?? Object.create(null)
  if (o.timeZone === undefined) o.timeZone = DEFAULT_TIME_ZONE
  return o
}

/** A value a formatter formats: a date's time value, or a primitive (numbers, numeric strings, bigints). */
const hostValue = (v: unknown): unknown => {
  if (v instanceof GuestDate) return new Date(v.time)
  if (isPrimitive(v)) return v
  const p = toPrimitive(v, "number")
  return p
}

const dateValue = (v: unknown, rt: Run): Date | number => {
  if (v === undefined) return hostInput(rt, "Date.now", Date.now)
  if (v instanceof GuestDate) return new Date(v.time)
  return toNum(v)
}

type Kind =
  "Collator" | "DateTimeFormat" | "DisplayNames" | "ListFormat" | "NumberFormat" | "PluralRules" | "RelativeTimeFormat"

type HostIntl = { resolvedOptions(): object } & Record<string, (...args: Array<unknown>) => unknown>

/** A guest Intl object: the host formatter stays private; members are served from the kind's table. */
export class GuestIntl extends HostBacked {
  private bound: Builtin | undefined
  constructor(
    readonly kind: Kind,
    readonly native: HostIntl,
  ) {
    super()
  }
  get(key: string): unknown {
    if (key === "constructor") return CTORS[this.kind]
    // `format` (DateTimeFormat, NumberFormat) and `compare` (Collator) are getters returning a bound function,
    // so `dates.map(fmt.format)` and `list.sort(collator.compare)` work.
    if (key === BOUND[this.kind]) return (this.bound ??= boundMember(this))
    const t = TABLES[this.kind]
    return Object.prototype.hasOwnProperty.call(t, key) ? t[key] : undefined
  }
  set(): boolean {
    return false
  }
  primitive(): string {
    return `[object Intl.${this.kind}]`
  }
  data(): unknown {
    return {}
  }
  list(): undefined {
    return undefined
  }
}

const BOUND: Partial<Record<Kind, string>> = { DateTimeFormat: "format", NumberFormat: "format", Collator: "compare" }

const boundMember = (g: GuestIntl): Builtin =>
  g.kind === "Collator"
    ? fn("", (_rt, _s, [a, b]) => g.native.compare!(toStr(a), toStr(b)), 2)
    : g.kind === "DateTimeFormat"
      ? fn("", (rt, _s, [d]) => g.native.format!(dateValue(d, rt)), 1)
      : fn("", (_rt, _s, [x]) => g.native.format!(hostValue(x)), 1)

const receiver =
  (kind: Kind, name: string) =>
  (v: unknown): HostIntl => {
    if (v instanceof GuestIntl && v.kind === kind) return v.native
    throw typeError(`Method Intl.${kind}.prototype.${name} called on incompatible receiver ${toStr(v)}`)
  }

/** A method row: checks the receiver, converts the arguments with `arg`, copies the result in. */
const row = (kind: Kind, name: string, arg: (v: unknown, rt: Run) => unknown, length: number): Builtin => {
  const self = receiver(kind, name)
  const impl: Impl = (rt, s, args) => {
    const n = self(s)
    const host: Array<unknown> = []
    for (let i = 0; i < length; i++) host.push(arg(args[i], rt))
    return copyIn(n[name]!(...host))
  }
  return fn(name, impl, length)
}

const resolved = (kind: Kind) => row(kind, "resolvedOptions", () => undefined, 0)

/** ListFormat takes an iterable of strings (anything else is the host's TypeError, reproduced here). */
const stringList = (v: unknown): Array<string> => {
  if (v === undefined) return []
  const list = toList(v, undefined, "list")
  checkArray(list.length, "ListFormat")
  return list.map((x) => {
    if (typeof x !== "string") throw typeError("Iterable yielded " + toStr(x) + " which is not a string")
    return x
  })
}

const TABLES: Record<Kind, Table> = {
  Collator: table({ resolvedOptions: resolved("Collator") }),
  DateTimeFormat: table({
    formatToParts: row("DateTimeFormat", "formatToParts", dateValue, 1),
    formatRange: row("DateTimeFormat", "formatRange", dateValue, 2),
    formatRangeToParts: row("DateTimeFormat", "formatRangeToParts", dateValue, 2),
    resolvedOptions: resolved("DateTimeFormat"),
  }),
  DisplayNames: table({ of: row("DisplayNames", "of", (v) => toStr(v), 1), resolvedOptions: resolved("DisplayNames") }),
  ListFormat: table({
    format: row("ListFormat", "format", stringList, 1),
    formatToParts: row("ListFormat", "formatToParts", stringList, 1),
    resolvedOptions: resolved("ListFormat"),
  }),
  NumberFormat: table({
    formatToParts: row("NumberFormat", "formatToParts", hostValue, 1),
    formatRange: row("NumberFormat", "formatRange", hostValue, 2),
    formatRangeToParts: row("NumberFormat", "formatRangeToParts", hostValue, 2),
    resolvedOptions: resolved("NumberFormat"),
  }),
  PluralRules: table({
    select: row("PluralRules", "select", (v) => toNum(v), 1),
    selectRange: row("PluralRules", "selectRange", (v) => toNum(v), 2),
    resolvedOptions: resolved("PluralRules"),
  }),
  RelativeTimeFormat: table({
    format: row("RelativeTimeFormat", "format", (v) => (typeof v === "string" ? v : toNum(v)), 2),
    formatToParts: row("RelativeTimeFormat", "formatToParts", (v) => (typeof v === "string" ? v : toNum(v)), 2),
    resolvedOptions: resolved("RelativeTimeFormat"),
  }),
}

type HostCtor = new (locales: string | Array<string>, options: never) => unknown
const HOST: Record<Kind, HostCtor> = {
  Collator: Intl.Collator,
  DateTimeFormat: Intl.DateTimeFormat,
  DisplayNames: Intl.DisplayNames as unknown as HostCtor,
  ListFormat: Intl.ListFormat,
  NumberFormat: Intl.NumberFormat,
  PluralRules: Intl.PluralRules,
  RelativeTimeFormat: Intl.RelativeTimeFormat,
}

/** Constructors the spec lets a program call without `new` (§10.1 of ECMA-402: legacy constructors). */
const CALLABLE: ReadonlySet<Kind> = new Set(["Collator", "DateTimeFormat", "NumberFormat"])

const make = (kind: Kind, [locales, options]: ReadonlyArray<unknown>): GuestIntl =>
  new GuestIntl(
    kind,
    new HOST[kind](
      hostLocales(locales),
      (kind === "DateTimeFormat" ? dateOptions(options) : hostOptions(options)) as never,
    ) as HostIntl,
  )

const ctor = (kind: Kind): Builtin => {
  const supported = HOST[kind] as unknown as { supportedLocalesOf(l: unknown, o: unknown): Array<string> }
  return new Builtin(
    kind,
    (_rt: Run, _self, args) => {
      if (!CALLABLE.has(kind)) throw typeError(`Constructor Intl.${kind} requires 'new'`)
      return make(kind, args)
    },
    {
      length: kind === "DisplayNames" ? 2 : 0,
      construct: (_rt, args) => make(kind, args),
      is: (v) => v instanceof GuestIntl && v.kind === kind,
      statics: table({
        supportedLocalesOf: fn(
          "supportedLocalesOf",
          (_rt, _s, [l, o]) =>
            copyIn(supported.supportedLocalesOf(l === undefined ? [] : hostLocales(l), hostOptions(o))),
          1,
        ),
      }),
    },
  )
}

const CTORS: Record<Kind, Builtin> = {
  Collator: ctor("Collator"),
  DateTimeFormat: ctor("DateTimeFormat"),
  DisplayNames: ctor("DisplayNames"),
  ListFormat: ctor("ListFormat"),
  NumberFormat: ctor("NumberFormat"),
  PluralRules: ctor("PluralRules"),
  RelativeTimeFormat: ctor("RelativeTimeFormat"),
}

/** Each constructor with the table of its prototype (`Intl.NumberFormat.prototype.resolvedOptions`), for globals.ts. */
export const intlPrototypes = (): Array<[Builtin, () => Table]> =>
  (Object.keys(CTORS) as Array<Kind>).map((k) => [CTORS[k], () => TABLES[k]])

export const IntlNamespace = new Namespace("Intl", {
  ...CTORS,
  getCanonicalLocales: fn(
    "getCanonicalLocales",
    (_rt, _s, [l]) => copyIn(Intl.getCanonicalLocales(l === undefined ? [] : hostLocales(l))),
    1,
  ),
  supportedValuesOf: fn("supportedValuesOf", (_rt, _s, [k]) => copyIn(Intl.supportedValuesOf(toStr(k) as never)), 1),
})

/** `Number.prototype.toLocaleString(locales, options)` (ECMA-402 §16.4.1). */
export const numberLocaleString = (x: number, locales: unknown, options: unknown): string =>
  new Intl.NumberFormat(hostLocales(locales), hostOptions(options) as Intl.NumberFormatOptions).format(x)

/** `Date.prototype.toLocale{,Date,Time}String(locales, options)` (ECMA-402 §18.4): UTC unless a zone is named. */
export const dateLocaleString = (
  time: number,
  form: "both" | "date" | "time",
  locales: unknown,
  options: unknown,
): string => {
  const d = new Date(time)
  const l = hostLocales(locales)
  const o = dateOptions(options) as Intl.DateTimeFormatOptions
  return form === "date"
    ? d.toLocaleDateString(l, o)
    : form === "time"
      ? d.toLocaleTimeString(l, o)
      : d.toLocaleString(l, o)
}

/** `String.prototype.localeCompare(that, locales, options)` (ECMA-402 §19.1.1). */
export const localeCompare = (a: string, b: string, locales: unknown, options: unknown): number =>
  a.localeCompare(b, hostLocales(locales), hostOptions(options) as Intl.CollatorOptions)
