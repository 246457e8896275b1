/**
 * The escape techniques of the issue, each a payload builder over a key style. A payload is an expression; when it
 * needs statements it is an immediately invoked arrow. Success is never asserted from the payload's own view: the
 * harness watches the host canary, the secrets, the host intrinsics and the process events.
 */
import { CALL, climb, get, key, probe, type Style } from "./keys.js"

export interface Technique {
  readonly id: string
  /** Uses `await` (only legal in some contexts). */
  readonly async?: boolean
  /** Depends on the key style (otherwise generated once per context only). */
  readonly keyed?: boolean
  readonly payload: (s: Style) => string
}

const iife = (body: string) => `(() => { ${body} })()`
const aiife = (body: string) => `(await (async () => { ${body} })())`
const hook = (s: Style) => probe(["this", "arguments", "arguments[0]"], s)
/** Reads global pollution markers back (any "ESCAPED" reaching the Result is an escape). */
const polluted = `[({}).polluted, [].polluted, "".polluted, ({}).polluted2]`
/**
 * After a write through `__proto__`, which reaches this run's own Object.prototype / Array.prototype as in JavaScript
 * (as `Object.prototype.x = …` does): whether the guest's values see it, as booleans. An escape is the host's prototypes
 * changing (the judge compares them after every program) or a later program seeing the marker (every one reads it).
 */
const inRun = `[({}).polluted === "ESCAPED", [].polluted === "ESCAPED", "".polluted === "ESCAPED"]`

const coercion = (id: string, place: (o: string) => string): Array<Technique> =>
  (
    [
      ["valueOf", (s: Style) => `{ valueOf() { ${hook(s)} return 1 } }`],
      ["toString", (s: Style) => `{ toString() { ${hook(s)} return "1" } }`],
      ["toPrimitive", (s: Style) => `{ [Symbol.toPrimitive](hint) { ${hook(s)} return 1 } }`],
      ["toJSON", (s: Style) => `{ toJSON(k) { ${hook(s)} return 1 } }`],
    ] as const
  ).map(([h, obj]) => ({ id: `coercion-${h}-${id}`, keyed: true, payload: (s: Style) => place(`(${obj(s)})`) }))

export const TECHNIQUES: ReadonlyArray<Technique> = [
  // Constructor chains to Function / AsyncFunction / GeneratorFunction.
  { id: "ctor-arrow", keyed: true, payload: (s) => `${get("() => 0", "constructor", s)}(${CALL})()` },
  { id: "ctor-builtin-method", keyed: true, payload: (s) => `${get("[].map", "constructor", s)}(${CALL})()` },
  { id: "ctor-async", keyed: true, payload: (s) => `${get("async () => 0", "constructor", s)}(${CALL})()` },
  {
    id: "ctor-generator",
    keyed: true,
    payload: (s) => `${get("function* () {}", "constructor", s)}(${CALL})().next()`,
  },
  { id: "ctor-object", keyed: true, payload: (s) => climb("{}", s) },
  { id: "ctor-string", keyed: true, payload: (s) => climb('"s"', s) },
  { id: "ctor-number", keyed: true, payload: (s) => climb("1", s) },
  { id: "ctor-promise-then", keyed: true, payload: (s) => climb("Promise.resolve(1)", s) },
  { id: "ctor-error", keyed: true, payload: (s) => climb('new Error("x")', s) },
  { id: "ctor-regexp-map-date", keyed: true, payload: (s) => `[${climb("/x/", s)}, ${climb("new Map()", s)}]` },
  { id: "ctor-bound", keyed: true, payload: (s) => climb("(() => 0).bind(null)", s) },
  {
    id: "ctor-console-math-json",
    keyed: true,
    payload: (s) => `[${climb("console.log", s)}, ${climb("JSON.parse", s)}]`,
  },
  { id: "ctor-tools", keyed: true, payload: (s) => climb("tools.echo", s) },
  // Globals that wrap host facilities (Intl, encoders, byte arrays, crypto): a climb from each instance, bound member, method and result.
  {
    id: "ctor-host-backed",
    keyed: true,
    payload: (s) =>
      iife(
        `${probe(
          [
            "Intl",
            "new Intl.DateTimeFormat()",
            "new Intl.NumberFormat().format",
            "new Intl.Collator().compare",
            "new Intl.PluralRules().select",
            "new Intl.Collator().resolvedOptions()",
            "new Intl.NumberFormat().formatToParts(1)[0]",
            "Intl.DateTimeFormat.prototype",
            "new TextEncoder()",
            "new TextEncoder().encode('a')",
            "new TextDecoder().decode",
            "new Uint8Array(2)",
            "new Uint8Array(2).subarray(1)",
            "Uint8Array.prototype",
            "crypto",
            "crypto.getRandomValues",
          ],
          s,
        )} return 1`,
      ),
  },
  { id: "proto-chain", keyed: true, payload: (s) => climb(get("{}", "__proto__", s), s) },
  { id: "getPrototypeOf", keyed: true, payload: (s) => climb("Object.getPrototypeOf(() => 0)", s) },
  // Descriptor extraction.
  {
    id: "descriptor",
    keyed: true,
    payload: (s) =>
      `Object.getOwnPropertyDescriptor(${get("() => 0", "__proto__", s)}, ${key("constructor", s)}).value(${CALL})()`,
  },
  {
    id: "descriptors-all",
    keyed: true,
    payload: (s) => `Object.getOwnPropertyDescriptors([].map)[${key("constructor", s)}].value(${CALL})()`,
  },
  // __lookupGetter__ / __defineSetter__.
  {
    id: "lookupGetter",
    keyed: true,
    payload: (s) => climb(`${get("{}", "__lookupGetter__", s)}(${key("__proto__", s)}).call(() => 0)`, s),
  },
  {
    id: "defineSetter",
    keyed: true,
    payload: (s) =>
      iife(
        `${get("{}", "__defineSetter__", s)}.call(Object, ${key("polluted", s)}, function () {}); return ${polluted}`,
      ),
  },
  // arguments.callee (and .caller).
  {
    id: "arguments-callee",
    keyed: true,
    payload: (s) => `(function () { return ${climb(get("arguments", "callee", s), s)} })()`,
  },
  {
    id: "arguments-caller",
    keyed: true,
    payload: (s) => `(function () { return ${climb(get(get("arguments", "callee", s), "caller", s), s)} })()`,
  },
  // Prototype pollution through __proto__ keys.
  {
    id: "proto-computed-write",
    keyed: true,
    payload: (s) => iife(`const o = {}; o[${key("__proto__", s)}][${key("polluted", s)}] = "ESCAPED"; return ${inRun}`),
  },
  {
    id: "proto-array-write",
    keyed: true,
    payload: (s) => iife(`const a = []; a[${key("__proto__", s)}].polluted = "ESCAPED"; return ${inRun}`),
  },
  {
    id: "proto-key-object",
    keyed: true,
    payload: (s) =>
      iife(
        `const k = { toString() { return ${key("__proto__", s)} } }; const o = {}; o[k] = { polluted: "ESCAPED" }; o[k].polluted2 = "ESCAPED"; return ${polluted}`,
      ),
  },
  {
    id: "proto-key-toPrimitive",
    keyed: true,
    payload: (s) =>
      iife(
        `const k = { [Symbol.toPrimitive]() { return ${key("__proto__", s)} } }; const o = {}; o[k] = { polluted: "ESCAPED" }; return ${polluted}`,
      ),
  },
  {
    id: "assign-parsed-proto",
    keyed: true,
    payload: (s) =>
      iife(
        `const p = JSON.parse('{"__proto__": {"polluted": "ESCAPED"}, "a": {"__proto__": {"polluted2": "ESCAPED"}}}'); const t = Object.assign({}, p); const u = { ...p }; const w = structuredClone(p); const v = {}; for (const k in p) v[k] = p[k]; const f = Object.fromEntries(Object.entries(p)); return [${polluted}, Object.keys(t), ${get("t", "polluted", s)} === "ESCAPED"]`,
      ),
  },
  // Object.assign writes a source's own `__proto__` key with [[Set]], as in V8: the parsed object above becomes the
  // target's prototype (its marker is read back as a boolean). Sources whose `__proto__` is a built-in, a function,
  // a promise or `tools`, and built-in targets, try to reach the host through the new chain or to change a shared one.
  {
    id: "assign-proto-builtins",
    keyed: true,
    payload: (s) =>
      iife(
        `const src = (v) => { const o = {}; Object.defineProperty(o, ${key("__proto__", s)}, { value: v, enumerable: true }); return o }; const made = []; for (const v of [Function.prototype, Object.prototype, Array.prototype, Promise.prototype, globalThis, Math, JSON, Promise.resolve(1), () => 0, async () => 0, Array, tools, new Map(), new Error("e")]) { try { made.push(Object.assign({}, src(v))) } catch {} } for (const t of made) { ${probe(["t", `Object.getPrototypeOf(t)`], s)} } for (const target of [Object.prototype, Array.prototype, Function.prototype, globalThis, Math, () => 0, []]) { try { Object.assign(target, src({ polluted: "ESCAPED" })) } catch {} } return [${polluted}, made.length]`,
      ),
  },
  // A deep merge of parsed data reaches this run's own Object.prototype through `__proto__` or `constructor.prototype`,
  // as in JavaScript: the in-run write is reported as booleans; the host's prototypes and later programs are judged.
  {
    id: "deep-merge-parsed",
    keyed: true,
    payload: (s) =>
      iife(
        `const merge = (a, b) => { for (const k of Object.keys(b)) { if (typeof b[k] === "object" && b[k] !== null) { if (a[k] === undefined) a[k] = {}; merge(a[k], b[k]) } else a[k] = b[k] } return a }; try { merge({}, JSON.parse('{${JSON.stringify("__proto__").slice(1, -1)}": {"polluted": "ESCAPED"}}')) } catch {} try { merge({}, JSON.parse('{"constructor": {"prototype": {"polluted2": "ESCAPED"}}}')) } catch {} return [${inRun}, ({}).polluted2 === "ESCAPED", ${get("{}", "polluted", s)} === "ESCAPED"]`,
      ),
  },
  // Coercion hooks running inside built-ins.
  ...coercion("Math.max", (o) => `Math.max(${o})`),
  ...coercion("concat", (o) => `("" + ${o})`),
  ...coercion("template", (o) => `\`\${${o}}\``),
  ...coercion("join", (o) => `[${o}, 1].join(",")`),
  ...coercion("JSON.stringify", (o) => `JSON.stringify({ a: ${o} })`),
  ...coercion("slice-index", (o) => `"abcdef".slice(${o})`),
  ...coercion("Date", (o) => `new Date(${o}).getTime()`),
  ...coercion("sort-default", (o) => `[${o}, 2, 1].sort().length`),
  ...coercion("map-key", (o) => `new Map([[${o}, 1]]).size`),
  ...coercion("console", (o) => `console.log(${o})`),
  ...coercion("u8-index-write", (o) => `(() => { const u = new Uint8Array(1); u[0] = ${o}; return u[0] })()`),
  ...coercion("text-encode", (o) => `new TextEncoder().encode(${o}).length`),
  ...coercion("intl-options", (o) => `new Intl.NumberFormat("en", { maximumFractionDigits: ${o} }).format(1.25)`),
  // Getters that change between check and use at the tool boundary.
  {
    id: "toctou-getter",
    async: true,
    keyed: true,
    payload: (s) =>
      aiife(
        `let n = 0; const o = { get id() { n++; return n > 1 ? { toString() { ${hook(s)} return "x" } } : "ok" } }; return await tools.strict(o)`,
      ),
  },
  {
    id: "toctou-nested",
    async: true,
    keyed: true,
    payload: (s) =>
      aiife(
        `let n = 0; const inner = { get v() { n++; return n % 2 ? [1] : () => ${climb("this", s)} } }; return [await tools.echo({ inner, list: [inner, inner] }), n]`,
      ),
  },
  {
    id: "toctou-toJSON-input",
    async: true,
    keyed: true,
    payload: (s) => aiife(`return await tools.echo({ a: { toJSON() { ${hook(s)} return () => 1 } } })`),
  },
  // Thenables handed to host await.
  {
    id: "thenable-await",
    async: true,
    keyed: true,
    payload: (s) => aiife(`return await { then(res, rej) { ${probe(["res", "rej", "this"], s)} res(1) } }`),
  },
  {
    id: "thenable-resolve",
    async: true,
    keyed: true,
    payload: (s) => aiife(`return await Promise.all([Promise.resolve({ then(r) { ${probe(["r"], s)} r(2) } })])`),
  },
  {
    id: "thenable-tool-input",
    async: true,
    keyed: true,
    payload: (s) => aiife(`return await tools.echo({ then(r) { ${probe(["r"], s)} r(3) } })`),
  },
  {
    id: "thenable-return",
    keyed: true,
    payload: (s) => `({ then(r) { ${probe(["r", "this"], s)} r("ok") } })`,
  },
  // Comparator and replacer callbacks.
  { id: "comparator", keyed: true, payload: (s) => `[3, 1, 2].sort(function (a, b) { ${hook(s)} return a - b })` },
  {
    id: "replace-callback",
    keyed: true,
    payload: (s) =>
      `"abab".replace(/a/g, function (m, off, input, groups) { ${hook(s)} ${probe(["groups"], s)} return "x" })`,
  },
  {
    id: "json-replacer-reviver",
    keyed: true,
    payload: (s) =>
      `[JSON.stringify({ a: [1] }, function (k, v) { ${hook(s)} return v }), JSON.parse('{"a":1}', function (k, v) { ${hook(s)} return v })]`,
  },
  {
    id: "array-callbacks",
    keyed: true,
    payload: (s) =>
      `[[1].map(function (x, i, arr) { ${hook(s)} ${probe(["arr"], s)} return x }), [1].reduce(function (a, x) { ${hook(s)} return a }, 0)]`,
  },
  // Symbol.species.
  {
    id: "species",
    keyed: true,
    payload: (s) =>
      iife(
        `const a = [1, 2]; try { a[${key("constructor", s)}] = { [Symbol.species]: function () { ${climb("this", s)} } } } catch {} return a.map((x) => x).concat([3]).filter(Boolean)`,
      ),
  },
  {
    id: "species-class",
    payload: (s) =>
      iife(
        `class A extends Array { static get [Symbol.species]() { ${climb("this", s)} return Array } } return new A(1, 2).map((x) => x)`,
      ),
  },
  // Error.prepareStackTrace and friends.
  {
    id: "prepareStackTrace",
    keyed: true,
    payload: (s) =>
      iife(
        `try { Error[${key("prepareStackTrace", s)}] = (e, frames) => frames.map((f) => f.getThis()) } catch {} try { Error.captureStackTrace({}) } catch {} try { Error.stackTraceLimit = 100 } catch {} const st = new Error("x").stack; ${probe(["st", "st && st[0]"], s)} return typeof st`,
      ),
  },
  // Host errors and stack traces caught by the program.
  ...["leaky", "refuse", "defect", "throws"].map((tool): Technique => ({
    id: `host-error-${tool}`,
    async: true,
    keyed: true,
    payload: (s) =>
      aiife(
        `try { await tools.${tool}({}) } catch (e) { ${probe(["e"], s)} return [e.message, e.stack, String(e), e.cause, ${get("e", "cause", s)}, JSON.stringify(e), Object.keys(e), Object.getOwnPropertyNames(e), Object.entries(e), { ...e }] }`,
      ),
  })),
  {
    id: "aggregate-error",
    async: true,
    keyed: true,
    payload: (s) =>
      aiife(
        `try { await Promise.any([tools.leaky({}), tools.throws({}), tools.defect({}), Promise.reject(new Error("guest"))]) } catch (e) { ${probe(["e", "e.errors"], s)} return [e.message, e.errors.map((x) => [String(x), x && x.stack, x && x.cause]), (await Promise.allSettled([tools.leaky({})])).map((r) => [String(r.reason), r.reason.cause])] }`,
      ),
  },
  // Unhandled rejections and microtask loops.
  {
    id: "unhandled-rejection",
    keyed: true,
    payload: (s) =>
      iife(
        `tools.leaky({}); tools.throws({}); tools.defect({}); Promise.reject(new Error("floating")); new Promise((_, rej) => rej(${key("x", s)})); Promise.all([tools.leaky({}), tools.slow({})]); return 1`,
      ),
  },
  {
    id: "microtask-loop",
    keyed: true,
    payload: (s) => iife(`const loop = () => Promise.resolve(${key("x", s)}).then(loop); loop(); return 1`),
  },
  {
    id: "async-loop-floating",
    payload: () => iife(`const f = async () => { for (;;) await null }; f(); return 1`),
  },
  {
    id: "catch-finally-loop",
    payload: () => iife(`for (;;) { try { throw new Error("x") } catch (e) { continue } finally { continue } }`),
  },
  // Host globals and credentials.
  {
    id: "host-globals",
    keyed: true,
    payload: (s) =>
      `[${["process", "require", "module", "Buffer", "Function", "eval", "setTimeout", "Reflect", "Proxy", "WebAssembly", "__securityCanary"].map((n) => `(() => { try { const v = ${get("globalThis", n, s)}; return typeof v === "function" ? v(${CALL}) : v } catch (e) { return e.name } })()`).join(", ")}]`,
  },
  {
    id: "process-env",
    keyed: true,
    payload: (s) =>
      `[(() => { try { return ${get(get("process", "env", s), "SECURITY_CANARY_TOKEN", s)} } catch (e) { return e.name } })(), typeof globalThis]`,
  },
  {
    id: "dynamic-code",
    keyed: true,
    payload: (s) =>
      `[(() => { try { return eval(${CALL}) } catch (e) { return e.name } })(), (() => { try { return new Function(${key("return 1", s)})() } catch (e) { return e.name } })()]`,
  },
  {
    id: "this-global",
    keyed: true,
    payload: (s) =>
      `[(function () { return this })(), ${probe(["this"], s).length > 0 ? "1" : "0"}, (() => { try { ${climb("this", s)} } catch (e) { return e.name } })()]`,
  },
  // Tool-closure introspection (tool sources hold secrets).
  {
    id: "tool-introspection",
    keyed: true,
    payload: (s) =>
      `[String(tools.echo), (() => { try { return tools.echo.toString() } catch (e) { return e.name } })(), JSON.stringify(tools), Object.keys(tools), ${get("tools.echo", "run", s)}, (() => { try { return ${get("tools.echo", "_tag", s)} } catch (e) { return e.name } })(), \`\${tools.echo}\`]`,
  },
  // Unbounded recursion: the host RangeError must stay a guest error without host frames.
  {
    id: "stack-overflow",
    keyed: true,
    payload: (s) =>
      iife(`const f = () => f(); try { f() } catch (e) { ${probe(["e"], s)} return [e.name, e.message, e.stack] }`),
  },
]
