import type { Run } from "../run-state.js"
/**
 * Date (@opencode-ai/codemode 1.18 "Date"): time-value wrappers; dates stringify as ISO, `toString` included, for determinism across
 * host timezones. Getters use UTC for the same reason (documented difference from V8's local-time getters).
 */
import { rangeError, typeError } from "../errors.js"
import { GuestDate, isoString } from "../values.js"
import { toNum, toPrimitive } from "../coerce.js"
import { fn, hostInput, methods, table, type Impl, type Rows } from "./util.js"
import { dateString, localeString, timeString } from "./date-format.js"
import { dateLocaleString } from "./intl.js"
import { Builtin } from "../values.js"

/**
 * The locale forms: without arguments the fixed en-US form in UTC (date-format.ts, no ICU call); with a locale or
 * options, the host's ICU through intl.ts (still UTC unless the options name a `timeZone`).
 */
const locale = (time: number, form: "both" | "date" | "time", l: unknown, o: unknown): string =>
  l === undefined && o === undefined ? localeString(time, form) : dateLocaleString(time, form, l, o)

const self = (v: unknown): GuestDate => {
  if (!(v instanceof GuestDate)) throw typeError("this is not a Date object.")
  return v
}

const time = (rt: Run, args: ReadonlyArray<unknown>): number => {
  if (args.length === 0) return hostInput(rt, "Date.now", Date.now)
  if (args.length === 1) {
    const a = args[0]
    if (a instanceof GuestDate) return a.time
    // §21.4.2.1 step 4.b: ToPrimitive (default hint, guest hooks), then a string parses, anything else is ToNumber.
    const p = toPrimitive(a)
    if (typeof p === "string") return Date.parse(p)
    return new Date(toNum(p)).getTime()
  }
  const nums = args.map((x) => toNum(x)) as [number, number, ...number[]]
  return Date.UTC(...nums)
}

const get =
  (f: (d: Date) => number): Impl =>
  (_rt, s) => {
    const t = self(s).time
    return Number.isFinite(t) ? f(new Date(t)) : NaN
  }

/** Setters work in UTC like the getters; each returns the new time value (§21.4.4.20–28). */
const set =
  (f: (d: Date, args: Array<number>) => number): Impl =>
  (_rt, s, args) => {
    const g = self(s)
    const d = new Date(g.time)
    f(
      d,
      args.map((x) => toNum(x)),
    )
    g.time = d.getTime()
    return g.time
  }

const setters: Record<string, Impl> = {}
const SETTERS: Record<string, (d: Date, a: Array<number>) => number> = {
  FullYear: (d, a) => d.setUTCFullYear(...(a as [number])),
  Month: (d, a) => d.setUTCMonth(...(a as [number])),
  Date: (d, a) => d.setUTCDate(a[0]!),
  Hours: (d, a) => d.setUTCHours(...(a as [number])),
  Minutes: (d, a) => d.setUTCMinutes(...(a as [number])),
  Seconds: (d, a) => d.setUTCSeconds(...(a as [number])),
  Milliseconds: (d, a) => d.setUTCMilliseconds(a[0]!),
}
for (const [name, f] of Object.entries(SETTERS)) {
  setters[`set${name}`] = set(f)
  setters[`setUTC${name}`] = set(f)
}

/** §21.4.4: the setters' `length` is their count of leading required arguments (setHours(hour, min, sec, ms): 4). */
const DATE_LENGTHS: Record<string, number> = { setTime: 1, toJSON: 1 }
for (const [name, n] of Object.entries({
  FullYear: 3,
  Month: 2,
  Date: 1,
  Hours: 4,
  Minutes: 3,
  Seconds: 2,
  Milliseconds: 1,
})) {
  DATE_LENGTHS[`set${name}`] = n
  DATE_LENGTHS[`setUTC${name}`] = n
}

const dateRows: Rows = {
  getTime: (_rt, s) => self(s).time,
  valueOf: (_rt: Run, s: unknown) => self(s).time,
  toISOString: (_rt, s) => {
    const d = self(s)
    if (!Number.isFinite(d.time)) throw rangeError("Invalid time value")
    return isoString(d)
  },
  toJSON: (_rt, s) => isoString(self(s), true),
  toString: (_rt: Run, s: unknown) => isoString(self(s)),
  toUTCString: (_rt, s) => new Date(self(s).time).toUTCString(),
  toDateString: (_rt, s) => dateString(self(s).time),
  toTimeString: (_rt, s) => timeString(self(s).time),
  toLocaleDateString: (_rt, s, [l, o]) => locale(self(s).time, "date", l, o),
  toLocaleString: (_rt: Run, s: unknown, [l, o]: ReadonlyArray<unknown>) => locale(self(s).time, "both", l, o),
  getFullYear: get((d) => d.getUTCFullYear()),
  getMonth: get((d) => d.getUTCMonth()),
  getDate: get((d) => d.getUTCDate()),
  getDay: get((d) => d.getUTCDay()),
  getHours: get((d) => d.getUTCHours()),
  getMinutes: get((d) => d.getUTCMinutes()),
  getSeconds: get((d) => d.getUTCSeconds()),
  getMilliseconds: get((d) => d.getUTCMilliseconds()),
  getUTCFullYear: get((d) => d.getUTCFullYear()),
  getUTCMonth: get((d) => d.getUTCMonth()),
  getUTCDate: get((d) => d.getUTCDate()),
  getUTCDay: get((d) => d.getUTCDay()),
  getUTCHours: get((d) => d.getUTCHours()),
  getUTCMinutes: get((d) => d.getUTCMinutes()),
  getUTCSeconds: get((d) => d.getUTCSeconds()),
  getTimezoneOffset: () => 0,
  toLocaleTimeString: (_rt, s, [l, o]) => locale(self(s).time, "time", l, o),
  getUTCMilliseconds: get((d) => d.getUTCMilliseconds()),
  setTime: (_rt, s, [t]) => (self(s).time = new Date(toNum(t)).getTime()),
  ...setters,
}

export const dateMethods = methods(dateRows, DATE_LENGTHS)

export const DateCtor = new Builtin("Date", (rt) => isoString(new GuestDate(hostInput(rt, "Date.now", Date.now))), {
  length: 7,
  construct: (rt, args) => new GuestDate(time(rt, args)),
  is: (v) => v instanceof GuestDate,
  statics: table({
    now: fn("now", (rt) => hostInput(rt, "Date.now", Date.now)),
    parse: fn("parse", (_rt, _s, a) => Date.parse(String(a[0])), 1),
    UTC: fn("UTC", (_rt, _s, a) => Date.UTC(...(a.map((x) => toNum(x)) as [number])), 7),
  }),
})
