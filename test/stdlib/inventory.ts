/**
 * The built-in inventory: every member our tables serve, next to what V8 offers for the same receiver, so
 * docs/support.md can list supported and unsupported members and a test can keep it from going stale.
 */
import { protoTable } from "../../src/interpreter/proto-tables.js"
import { makeGlobals } from "../../src/interpreter/builtins/globals.js"
import { searchParamsMethods, urlMethods } from "../../src/interpreter/builtins/url.js"
import { bytesMethods } from "../../src/interpreter/builtins/bytes.js"
import { Builtin, Namespace } from "../../src/interpreter/values.js"

export interface Section {
  readonly title: string
  /** How a member is written in the docs: `prefix + name`. */
  readonly prefix: string
  readonly ours: ReadonlyArray<string>
  readonly v8: ReadonlyArray<string>
}

const names = (o: object | undefined): Array<string> => (o ? Object.keys(o) : [])
const protoNames = (o: object, extra: ReadonlyArray<string> = []): Array<string> =>
  [...Object.getOwnPropertyNames(o), ...extra].filter((n) => n !== "constructor" && !n.startsWith("__"))
const statics = (name: string): Array<string> => {
  const g = makeGlobals({}).get(name)
  if (g instanceof Builtin) return names(g.options.statics)
  if (g instanceof Namespace) return names(g.members)
  return []
}
const v8Statics = (o: object): Array<string> =>
  Object.getOwnPropertyNames(o).filter((n) => !["length", "name", "prototype", "caller", "arguments"].includes(n))

/** Getters our property path serves outside the method tables (property.ts / url.ts). */
const ACCESSORS: Record<string, ReadonlyArray<string>> = {
  array: ["length"],
  string: ["length"],
  map: ["size"],
  set: ["size"],
  regexp: ["lastIndex", "source", "flags", "global", "ignoreCase", "multiline", "sticky", "unicode", "dotAll"],
  url: [
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
    "origin",
    "searchParams",
  ],
  searchParams: ["size"],
}

const GLOBAL_V8 = [
  "globalThis",
  "Infinity",
  "NaN",
  "undefined",
  "eval",
  "isFinite",
  "isNaN",
  "parseFloat",
  "parseInt",
  "decodeURI",
  "decodeURIComponent",
  "encodeURI",
  "encodeURIComponent",
  "escape",
  "unescape",
  "AggregateError",
  "Array",
  "ArrayBuffer",
  "BigInt",
  "BigInt64Array",
  "BigUint64Array",
  "Boolean",
  "DataView",
  "Date",
  "Error",
  "EvalError",
  "FinalizationRegistry",
  "Float32Array",
  "Float64Array",
  "Function",
  "Int8Array",
  "Int16Array",
  "Int32Array",
  "Map",
  "Number",
  "Object",
  "Promise",
  "Proxy",
  "RangeError",
  "ReferenceError",
  "RegExp",
  "Set",
  "SharedArrayBuffer",
  "String",
  "Symbol",
  "SyntaxError",
  "TypeError",
  "Uint8Array",
  "Uint8ClampedArray",
  "Uint16Array",
  "Uint32Array",
  "URIError",
  "WeakMap",
  "WeakRef",
  "WeakSet",
  "Atomics",
  "JSON",
  "Math",
  "Reflect",
  "Intl",
  "URL",
  "URLSearchParams",
  "console",
  "structuredClone",
  "setTimeout",
  "setInterval",
  "clearTimeout",
  "clearInterval",
  "queueMicrotask",
  "performance",
  "fetch",
]

export const sections = (): ReadonlyArray<Section> => {
  const globals = makeGlobals({})
  return [
    { title: "Globals", prefix: "", ours: [...globals.keys()], v8: GLOBAL_V8 },
    { title: "Array statics", prefix: "Array.", ours: statics("Array"), v8: v8Statics(Array) },
    {
      title: "Array methods",
      prefix: "array.",
      ours: [...names(protoTable.array), ...ACCESSORS.array!],
      v8: protoNames(Array.prototype, ["length"]),
    },
    { title: "String statics", prefix: "String.", ours: statics("String"), v8: v8Statics(String) },
    {
      title: "String methods",
      prefix: "string.",
      ours: [...names(protoTable.string), ...ACCESSORS.string!],
      v8: protoNames(String.prototype),
    },
    { title: "Number statics", prefix: "Number.", ours: statics("Number"), v8: v8Statics(Number) },
    { title: "Number methods", prefix: "number.", ours: names(protoTable.number), v8: protoNames(Number.prototype) },
    {
      title: "Boolean methods",
      prefix: "boolean.",
      ours: names(protoTable.boolean),
      v8: protoNames(Boolean.prototype),
    },
    {
      title: "Math",
      prefix: "Math.",
      ours: statics("Math"),
      v8: [...new Set([...Object.getOwnPropertyNames(Math), "f16round"])],
    },
    { title: "JSON", prefix: "JSON.", ours: statics("JSON"), v8: Object.getOwnPropertyNames(JSON) },
    { title: "Object statics", prefix: "Object.", ours: statics("Object"), v8: v8Statics(Object) },
    {
      title: "Plain-object methods",
      prefix: "object.",
      ours: names(protoTable.object),
      v8: protoNames(Object.prototype),
    },
    { title: "Date statics", prefix: "Date.", ours: statics("Date"), v8: v8Statics(Date) },
    { title: "Date methods", prefix: "date.", ours: names(protoTable.date), v8: protoNames(Date.prototype) },
    {
      title: "RegExp methods",
      prefix: "regexp.",
      ours: [...names(protoTable.regexp), ...ACCESSORS.regexp!],
      v8: protoNames(RegExp.prototype),
    },
    { title: "Map statics", prefix: "Map.", ours: statics("Map"), v8: [...v8Statics(Map), "groupBy"] },
    {
      title: "Map methods",
      prefix: "map.",
      ours: [...names(protoTable.map), ...ACCESSORS.map!],
      v8: protoNames(Map.prototype),
    },
    {
      title: "Set methods",
      prefix: "set.",
      ours: [...names(protoTable.set), ...ACCESSORS.set!],
      v8: [
        ...protoNames(Set.prototype),
        "union",
        "intersection",
        "difference",
        "symmetricDifference",
        "isSubsetOf",
        "isSupersetOf",
        "isDisjointFrom",
      ],
    },
    { title: "Promise statics", prefix: "Promise.", ours: statics("Promise"), v8: v8Statics(Promise) },
    {
      title: "Promise methods",
      prefix: "promise.",
      ours: names(protoTable.promise),
      v8: protoNames(Promise.prototype),
    },
    { title: "Function methods", prefix: "fn.", ours: names(protoTable.function), v8: protoNames(Function.prototype) },
    { title: "URL statics", prefix: "URL.", ours: statics("URL"), v8: v8Statics(URL) },
    {
      title: "URL members",
      prefix: "url.",
      ours: [...names(urlMethods), ...ACCESSORS.url!],
      v8: protoNames(URL.prototype),
    },
    {
      title: "URLSearchParams members",
      prefix: "params.",
      ours: [...names(searchParamsMethods), ...ACCESSORS.searchParams!],
      v8: protoNames(URLSearchParams.prototype),
    },
    {
      title: "Uint8Array statics",
      prefix: "Uint8Array.",
      ours: statics("Uint8Array"),
      v8: [...v8Statics(Uint8Array), ...v8Statics(Object.getPrototypeOf(Uint8Array) as object)],
    },
    {
      title: "Uint8Array methods",
      prefix: "bytes.",
      ours: [...names(bytesMethods), "length", "byteLength", "byteOffset", "BYTES_PER_ELEMENT"],
      v8: [
        ...protoNames(Uint8Array.prototype),
        ...protoNames(Object.getPrototypeOf(Uint8Array.prototype) as object),
      ].filter((n) => n !== "constructor"),
    },
    { title: "Intl", prefix: "Intl.", ours: statics("Intl"), v8: Object.getOwnPropertyNames(Intl) },
    { title: "crypto", prefix: "crypto.", ours: statics("crypto"), v8: ["randomUUID", "getRandomValues", "subtle"] },
    {
      title: "console",
      prefix: "console.",
      ours: statics("console"),
      v8: ["log", "info", "warn", "error", "debug", "trace", "table", "dir", "assert", "count", "time", "group"],
    },
  ].map((s) => ({
    ...s,
    ours: [...new Set(s.ours)].sort(),
    v8: [...new Set(s.v8)].filter((n) => typeof n === "string").sort(),
  }))
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
const MODULE_OF: Record<string, string> = {
  array: "array",
  Array: "array",
  string: "string",
  String: "string",
  number: "number",
  Number: "number",
  boolean: "number",
  Math: "math",
  JSON: "json",
  Object: "object",
  object: "object",
  date: "date",
  Date: "date",
  regexp: "regexp",
  Map: "collections",
  map: "collections",
  set: "collections",
  promise: "async",
  Promise: "async",
  url: "url",
  URL: "url",
  params: "url",
  Uint8Array: "encoding",
  bytes: "encoding",
  crypto: "encoding",
  Intl: "intl",
}

/**
 * The "Built-ins" tables of docs/support.md: each member with up to three covering program ids (preferring the
 * receiver's own module), then V8's members we do not serve. `UPDATE_SUPPORT=1 npx vitest run
 * test/stdlib/support.test.ts` prints it for pasting.
 */
export const renderBuiltins = (programs: ReadonlyArray<{ id: string; code: string }>): string => {
  const out: Array<string> = []
  for (const s of sections()) {
    const mod = MODULE_OF[s.prefix.replace(/\.$/, "")]
    out.push(`### ${s.title}\n`, "| member | covered by (program ids in `test/stdlib/programs/`) |", "| --- | --- |")
    for (const m of s.ours) {
      const re =
        s.prefix === ""
          ? new RegExp(`(^|[^.\\w$])${esc(m)}\\b`)
          : /^[A-Z]/.test(s.prefix)
            ? new RegExp(`${esc(s.prefix)}${esc(m)}\\b`)
            : new RegExp(`\\.${esc(m)}\\b`)
      const own = (id: string) => (mod !== undefined && id.startsWith(mod + "/") ? 0 : 1)
      const hits = programs.filter((p) => re.test(p.code)).sort((a, b) => own(a.id) - own(b.id))
      const ids = hits.slice(0, 3).map((p) => `\`${p.id}\``)
      const more = hits.length > 3 ? ` (+${hits.length - 3})` : ""
      out.push(`| \`${s.prefix}${m}\` | ${ids.length ? ids.join(", ") + more : "**untested**"} |`)
    }
    const missing = s.v8.filter((m) => !s.ours.includes(m))
    out.push(
      "",
      missing.length
        ? `Not supported (V8 has them): ${missing.map((m) => `\`${s.prefix}${m}\``).join(", ")}.\n`
        : "Nothing V8 offers here is missing.\n",
    )
  }
  return out.join("\n")
}
