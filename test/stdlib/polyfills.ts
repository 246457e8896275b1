/**
 * ES2024/2025 built-ins that Node 20's V8 lacks (Object.groupBy, Map.groupBy, the Set composition methods),
 * installed into the oracle's `node:vm` context only when missing. Each is a direct transliteration of its
 * ECMA-262 algorithm (§20.1.2.12 GroupBy, §24.2.4 Set methods) written independently of src/, so the oracle stays
 * an oracle on newer Node versions (where this script installs nothing).
 */
export const POLYFILLS = String.raw`
(() => {
  const group = (items, cb) => {
    const groups = []
    let i = 0
    for (const x of items) {
      const k = cb(x, i++)
      const g = groups.find((e) => Object.is(e[0], k) || (e[0] === 0 && k === 0))
      if (g) g[1].push(x)
      else groups.push([k, [x]])
    }
    return groups
  }
  const def = (o, name, f) => {
    if (typeof o[name] !== "function") Object.defineProperty(o, name, { value: f, writable: true, configurable: true })
  }
  def(Object, "groupBy", (items, cb) => {
    const o = Object.create(null)
    for (const [k, v] of group(items, (x, i) => { const key = cb(x, i); return typeof key === "symbol" ? key : String(key) })) o[k] = v
    return o
  })
  def(Map, "groupBy", (items, cb) => new Map(group(items, cb)))
  const S = Set.prototype
  const keysOf = (o) => { if (typeof o?.has !== "function" || typeof o?.keys !== "function" || typeof o?.size !== "number") throw new TypeError("other is not set-like"); return o }
  def(S, "union", function (o) { const r = new Set(this); for (const x of keysOf(o).keys()) r.add(x); return r })
  def(S, "intersection", function (o) { keysOf(o); const r = new Set(); for (const x of this) if (o.has(x)) r.add(x); return r })
  def(S, "difference", function (o) { keysOf(o); const r = new Set(); for (const x of this) if (!o.has(x)) r.add(x); return r })
  def(S, "symmetricDifference", function (o) { const r = new Set(this); for (const x of keysOf(o).keys()) { if (this.has(x)) r.delete(x); else r.add(x) } return r })
  def(S, "isSubsetOf", function (o) { keysOf(o); for (const x of this) if (!o.has(x)) return false; return true })
  def(S, "isSupersetOf", function (o) { for (const x of keysOf(o).keys()) if (!this.has(x)) return false; return true })
  def(S, "isDisjointFrom", function (o) { keysOf(o); for (const x of this) if (o.has(x)) return false; return true })
})()
`
