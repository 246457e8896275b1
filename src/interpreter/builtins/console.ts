/**
 * console.log/info/debug/warn/error/dir/table → `host.log(line, values)` (host.ts), in the line format of the
 * `@opencode-ai/codemode` 1.18 contract, which hosts and models read:
 *
 * - a top-level string prints bare; `warn`, `error` and `debug` lines start with `[warn] `, `[error] `, `[debug] `;
 * - objects and arrays print as compact JSON (`{"name":"Demo","count":2}`), except that numbers keep `NaN` and
 *   `Infinity` (JSON would say null) and nested `undefined` prints `null`;
 * - Dates, RegExps, URLs and query parameters print their own text at any depth, Maps and Sets as
 *   `Map(n) [[k,v],…]` / `Set(n) [v,…]`, promises as a hint to await them, functions and tool references as
 *   `[CodeMode reference]`; cycles print `[Circular]` and nesting deeper than 32 levels `...`, so logging never fails;
 * - `console.dir(v)` prints its first argument; `console.table(rows, columns?)` prints a tab-separated table.
 *
 * The values are also passed to the host as best-effort data copies (the corpus reads them as the run's output).
 */
import { chargeString } from "../memory-budget.js"
import { checkString } from "../memory-caps.js"
import { Fatal } from "../errors.js"
import { copyOut } from "../boundary.js"
import { toStr } from "../coerce.js"
import type { Run } from "../run-state.js"
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
  isGuestError,
  isoString,
} from "../values.js"
import { fn } from "./util.js"
import { wrapperKind } from "../wrappers.js"

const MAX_DEPTH = 32
const REFERENCE = "[CodeMode reference]"
const PROMISE = "[Promise (await it to get its value)]"

/**
 * What formatting reports to (the run): a step per value, and each piece's bytes before it is built, so a log line
 * of rows that share one array (3,000 × 3,000 numbers from a few kilobytes of data) stops at the deadline or the
 * budget while it is formatted, not after the host has built it. Without a meter (error texts) nothing is counted.
 */
interface Meter {
  tick(): void
  charge(bytes: number): void
}

/** One console argument: a string bare, anything else through `format`. */
export const inspect = (v: unknown, meter?: Meter): string =>
  typeof v === "string" ? v : v === undefined ? "undefined" : format(v, meter)

/** Joins pieces after capping and charging the result (two bytes per character at worst), as V8 will allocate it. */
const joined = (meter: Meter | undefined, open: string, pieces: Array<string>, close: string): string => {
  let n = open.length + close.length + Math.max(0, pieces.length - 1)
  for (const p of pieces) n += p.length
  checkString(n, "console formatting")
  meter?.charge(16 + 2 * n)
  return open + pieces.join(",") + close
}

const format = (v: unknown, meter: Meter | undefined, depth = 0, seen: Set<unknown> = new Set()): string => {
  meter?.tick()
  if (v === null || v === undefined) return "null"
  if (typeof v === "string") return JSON.stringify(v)
  if (typeof v === "bigint") return `${v}n`
  if (typeof v !== "object" && typeof v !== "function") return String(v)
  if (v instanceof Promise) return PROMISE
  if (v instanceof GuestDate) return isoString(v) ?? "Invalid Date"
  if (v instanceof GuestRegExp) return String(v.native)
  if (v instanceof WeakMap || v instanceof WeakSet)
    return `${v instanceof WeakMap ? "WeakMap" : "WeakSet"} { <items unknown> }`
  if (v instanceof Wrapper) return `[${wrapperKind(v)}: ${format(v.value, meter)}]`
  if (v instanceof HostBacked) return v.primitive()
  if (v instanceof GuestFunction || v instanceof Builtin || v instanceof ToolRef || v instanceof Namespace)
    return REFERENCE
  if (depth > MAX_DEPTH) return "..."
  if (seen.has(v)) return "[Circular]"
  seen.add(v)
  try {
    const nested = (x: unknown) => format(x, meter, depth + 1, seen)
    if (isGuestError(v)) return toStr(v)
    if (Array.isArray(v)) return joined(meter, "[", Array.from(v, nested), "]")
    if (v instanceof Map)
      return joined(
        meter,
        `Map(${v.size}) [`,
        Array.from(v, ([k, x]) => joined(meter, "[", [nested(k), nested(x)], "]")),
        "]",
      )
    if (v instanceof Set) return joined(meter, `Set(${v.size}) [`, Array.from(v, nested), "]")
    if (v instanceof GuestObject) {
      const o = v as Record<string, unknown>
      return joined(
        meter,
        "{",
        Object.keys(o).map((k) => `${JSON.stringify(k)}:${nested(o[k])}`),
        "}",
      )
    }
    return toStr(v)
  } finally {
    seen.delete(v)
  }
}

/** `console.table(data, columns?)`: `(index)` then one column per key; a row that is not a plain object is `Value`. */
const table = (data: unknown, columns: unknown, meter: Meter): string => {
  if (data === undefined) return "undefined"
  const cellsOf = (row: unknown): Map<string, unknown> => {
    if (!(row instanceof GuestObject)) return new Map([["Value", row]])
    const o = row as Record<string, unknown>
    return new Map(Object.keys(o).map((k) => [k, o[k]]))
  }
  const rows: Array<[string, Map<string, unknown>]> = Array.isArray(data)
    ? Array.from(data, (row, i) => [String(i), cellsOf(row)])
    : data instanceof GuestObject
      ? Object.keys(data).map((k) => [k, cellsOf((data as Record<string, unknown>)[k])])
      : [["0", new Map([["Value", data]])]]
  const keys = Array.isArray(columns)
    ? columns.map((c) => toStr(c))
    : [...new Set(rows.flatMap(([, cells]) => [...cells.keys()]))]
  const cell = (v: unknown) => (v === undefined ? "" : typeof v === "string" ? v : format(v, meter))
  return [["(index)", ...keys], ...rows.map(([index, cells]) => [index, ...keys.map((k) => cell(cells.get(k)))])]
    .map((line) => line.join("\t"))
    .join("\n")
}

/** The logged value as data for the host, charged and stepped like any copy (boundary.ts `CopyMeter`). */
const safeCopy = (v: unknown, rt: Run): unknown => {
  try {
    return copyOut(v, "json", undefined, rt)
  } catch (e) {
    if (e instanceof Fatal) throw e
    return undefined
  }
}

const PREFIX: Record<string, string> = { warn: "[warn] ", error: "[error] ", debug: "[debug] " }

const method = (name: string, render: (args: ReadonlyArray<unknown>, rt: Run) => string) =>
  fn(name, (rt: Run, _self, args) => {
    // The host keeps every line until the run ends: charged to the memory budget (memory-budget.ts), piece by
    // piece as it is formatted.
    const line = render(args, rt)
    rt.host.log(
      line,
      args.map((v) => safeCopy(v, rt)),
    )
    return undefined
  })

const line = (name: string) =>
  method(name, (args, rt) => {
    const pieces = args.map((v) => inspect(v, rt))
    let n = (PREFIX[name] ?? "").length + Math.max(0, pieces.length - 1)
    for (const p of pieces) n += p.length
    checkString(n, "console formatting")
    return chargeString(rt, (PREFIX[name] ?? "") + pieces.join(" "))
  })

export const consoleMembers: Record<string, unknown> = {
  log: line("log"),
  info: line("info"),
  warn: line("warn"),
  error: line("error"),
  debug: line("debug"),
  dir: method("dir", (args, rt) => chargeString(rt, inspect(args[0], rt))),
  table: method("table", (args, rt) => chargeString(rt, table(args[0], args[1], rt))),
}
