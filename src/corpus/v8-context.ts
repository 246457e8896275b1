/**
 * The script evaluated inside the fresh `node:vm` context of a differential re-run (v8.ts). It builds the guest side
 * of the @opencode-ai/codemode 1.18 environment out of that context's own intrinsics, so the program sees ordinary V8 objects: `tools`
 * (async tool functions in nested namespaces), `console`, and the dialect's prelude globals. Everything that crosses
 * to the host is a JSON string or a primitive, so no host object (and no host prototype) is ever visible to the
 * program, and every value the program gets is an object of its own realm.
 *
 * Host functions it is given (`host`) return only JSON text, so no host object can reach the program (a host-realm
 * object would hand it the host's `Function`): `lookup(pathJson)` → `{ kind: "tool", path } | { kind: "namespace",
 * keys } | { kind: "unknown", message }` (dialect spellings resolved as the runtime's alias hook does);
 * `call(pathJson, inputJson)` → a promise of `{ ok, value?, message? }`; `native(id, argsJson)` → `{ ok, value?,
 * name?, message?, exit? }` or a promise of it; `output(argsJson | undefined)`; `unknownTool(message)`; `failure` the dialect's tool-failure shape (docs/dialects.md#output-and-errors);
 * `natives` JSON `{ name: { kind, ... } }` describing the prelude globals.
 */
export const CONTEXT_SCRIPT = String.raw`
(function (host) {
  "use strict"
  const G = globalThis
  const safe = (v) => (typeof v === "function" ? undefined : v)
  const toJson = (v) => JSON.stringify(v, (_k, x) => safe(x))
  const EXIT = Object.freeze({ exit: true })
  const shape = JSON.parse(host.failure)
  const errorClass = (name) => {
    const C = class extends Error {}
    Object.defineProperty(C, "name", { value: name })
    C.prototype.name = name
    return C
  }
  let shapeClass
  const failure = (message, path) => {
    if (shape.kind === "string") return message
    if (shape.kind === "errorClass") {
      // The runtime brands the rejection with the class name whether or not the prelude exposes the class.
      shapeClass ??= typeof G[shape.name] === "function" ? G[shape.name] : errorClass(shape.name)
      const e = new shapeClass(message)
      e[shape.toolNameField] = path.join(".")
      return e
    }
    return new Error(message)
  }
  // Host answers are JSON text; a host failure is replaced by an error of this realm, never passed through.
  const HOST_FAILED = JSON.stringify({ ok: false, name: "Error", message: "the V8 re-run's host failed" })
  const answer = (text) => JSON.parse(typeof text === "string" ? text : HOST_FAILED)
  const settle = (text) => {
    const r = answer(text)
    if (r.exit) throw EXIT
    if (!r.ok) throw new (typeof G[r.name] === "function" ? G[r.name] : Error)(r.message)
    return r.value
  }
  const tool = (path) =>
    async function (input) {
      const pending = host.call(JSON.stringify(path), toJson(input === undefined ? {} : input))
      const r = answer(await pending.then(undefined, () => HOST_FAILED))
      if (r.ok) return r.value
      throw failure(r.message, path)
    }
  // Unknown members fail only when called (the 1.18 contract's catchable UnknownTool), like the runtime's tool references.
  const unknown = (path, message) =>
    new Proxy(async function () {
      host.unknownTool(message)
      throw new Error(message)
    }, {
      get: (t, k) => (typeof k === "string" && k !== "then" ? node(path.concat(k)) : Reflect.get(t, k)),
    })
  const node = (path) => {
    const info = JSON.parse(host.lookup(JSON.stringify(path)))
    if (info.kind === "tool") return tool(info.path)
    if (info.kind === "unknown") return unknown(path, info.message)
    const ns = {}
    for (const k of info.keys) ns[k] = node(path.concat(k))
    return new Proxy(ns, {
      get: (t, k) => (typeof k !== "string" || k === "then" || k in t ? Reflect.get(t, k) : node(path.concat(k))),
    })
  }
  // The 1.18 environment's structuredClone (a deep copy keeping Dates, Maps, Sets, RegExps and shared references); a vm context
  // has none of its own.
  const clone = (v, seen) => {
    if (typeof v !== "object" || v === null) return v
    if (seen.has(v)) return seen.get(v)
    if (v instanceof Date) return new Date(v.getTime())
    if (v instanceof RegExp) return new RegExp(v.source, v.flags)
    const out = v instanceof Map ? new Map() : v instanceof Set ? new Set() : Array.isArray(v) ? [] : {}
    seen.set(v, out)
    if (v instanceof Map) for (const [k, x] of v) out.set(clone(k, seen), clone(x, seen))
    else if (v instanceof Set) for (const x of v) out.add(clone(x, seen))
    else for (const k of Object.keys(v)) out[k] = clone(v[k], seen)
    return out
  }
  const native = (id, desc) => {
    if (desc.kind === "value") return desc.json === undefined ? undefined : JSON.parse(desc.json)
    if (desc.kind === "errorClass") return errorClass(desc.name)
    if (desc.kind === "namespace") {
      const ns = {}
      for (const [k, m] of Object.entries(desc.members)) ns[k] = native(id + "." + k, m)
      return ns
    }
    return function (...args) {
      let r
      try {
        r = host.native(id, toJson(args.map(safe)))
      } catch {
        r = HOST_FAILED
      }
      if (typeof r === "string") return settle(r)
      const pending = r.then(undefined, () => HOST_FAILED)
      return (async () => settle(await pending))()
    }
  }
  // Values that are not JSON (cycles, BigInt) reach the host as no value: the runtime has no answer from them either.
  const log = (...args) => {
    let text
    try {
      text = toJson(args.map(safe))
    } catch {}
    host.output(text)
  }
  G.console = { log, info: log, warn: log, error: log, debug: log }
  G.structuredClone = (v) => clone(v, new Map())
  G.tools = node([])
  const natives = JSON.parse(host.natives)
  for (const [name, desc] of Object.entries(natives)) G[name] = native(name, desc)
  return { EXIT, toJson }
})
`
