/**
 * The script evaluated inside the fresh `node:vm` context of a differential re-run (v8.ts). It builds the guest side
 * of the seed 000 environment out of that context's own intrinsics, so the program sees ordinary V8 objects: `tools`
 * (async tool functions in nested namespaces), `console`, and the dialect's prelude globals. Everything that crosses
 * to the host is a JSON string or a primitive, so no host object (and no host prototype) is ever visible to the
 * program, and every value the program gets is an object of its own realm.
 *
 * Host functions it is given (`host`): `lookup(pathJson)` → JSON `{ kind: "tool", path } | { kind: "namespace", keys }
 * | { kind: "unknown", message }` (dialect spellings resolved as the runtime's alias hook does); `call(pathJson,
 * inputJson)` → a promise of `{ ok, json?, message? }`; `native(id, argsJson)` → `{ ok, json?, name?, message?, exit? }`
 * or a promise of it; `output(argsJson)`; `unknownTool(message)` when an unknown tool is called; `failure` the dialect's tool-failure shape (DIALECTS.md §1.4);
 * `natives` JSON `{ name: { kind, ... } }` describing the prelude globals.
 */
export const CONTEXT_SCRIPT = String.raw`
(function (host) {
  "use strict"
  const G = globalThis
  const fromJson = (text) => (text === undefined ? undefined : JSON.parse(text))
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
  const settle = (r) => {
    if (r.exit) throw EXIT
    if (!r.ok) throw new (typeof G[r.name] === "function" ? G[r.name] : Error)(r.message)
    return fromJson(r.json)
  }
  const tool = (path) =>
    async function (input) {
      const r = await host.call(JSON.stringify(path), toJson(input === undefined ? {} : input))
      if (r.ok) return fromJson(r.json)
      throw failure(r.message, path)
    }
  // Unknown members fail only when called (the seed's catchable UnknownTool), like the runtime's tool references.
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
  const native = (id, desc) => {
    if (desc.kind === "value") return fromJson(desc.json)
    if (desc.kind === "errorClass") return errorClass(desc.name)
    if (desc.kind === "namespace") {
      const ns = {}
      for (const [k, m] of Object.entries(desc.members)) ns[k] = native(id + "." + k, m)
      return ns
    }
    return function (...args) {
      const r = host.native(id, toJson(args.map(safe)))
      if (r && typeof r.then === "function") return (async () => settle(await r))()
      return settle(r)
    }
  }
  const log = (...args) => void host.output(toJson(args.map(safe)))
  G.console = { log, info: log, warn: log, error: log, debug: log }
  G.tools = node([])
  const natives = JSON.parse(host.natives)
  for (const [name, desc] of Object.entries(natives)) G[name] = native(name, desc)
  return { EXIT, toJson }
})
`
