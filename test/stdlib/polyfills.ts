/**
 * ES2024/2025 built-ins that Node 20's V8 lacks (Object.groupBy, Map.groupBy, the Set composition methods, Iterator,
 * Math.f16round),
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
  // §21.3.2.17 Math.f16round: the binary16 step at the double's own exponent field (2^-24 below 2^-14), then
  // round-half-even of the count of steps; past 65504 only infinity is left.
  def(Math, "f16round", (v) => {
    const x = Number(v)
    if (!Number.isFinite(x) || x === 0) return x
    const bits = new DataView(new ArrayBuffer(8))
    bits.setFloat64(0, Math.abs(x))
    const exp = ((bits.getUint16(0) >> 4) & 0x7ff) - 1023
    const step = 2 ** (Math.max(exp, -14) - 10)
    const k = Math.abs(x) / step, lo = Math.floor(k), d = k - lo
    const n = d > 0.5 || (d === 0.5 && lo % 2 === 1) ? lo + 1 : lo
    const r = n * step > 65504 ? Infinity : n * step
    return x < 0 ? -r : r
  })
  const S = Set.prototype
  const keysOf = (o) => { if (typeof o?.has !== "function" || typeof o?.keys !== "function" || typeof o?.size !== "number") throw new TypeError("other is not set-like"); return o }
  def(S, "union", function (o) { const r = new Set(this); for (const x of keysOf(o).keys()) r.add(x); return r })
  def(S, "intersection", function (o) { keysOf(o); const r = new Set(); for (const x of this) if (o.has(x)) r.add(x); return r })
  def(S, "difference", function (o) { keysOf(o); const r = new Set(); for (const x of this) if (!o.has(x)) r.add(x); return r })
  def(S, "symmetricDifference", function (o) { const r = new Set(this); for (const x of keysOf(o).keys()) { if (this.has(x)) r.delete(x); else r.add(x) } return r })
  def(S, "isSubsetOf", function (o) { keysOf(o); for (const x of this) if (!o.has(x)) return false; return true })
  def(S, "isSupersetOf", function (o) { for (const x of keysOf(o).keys()) if (!this.has(x)) return false; return true })
  def(S, "isDisjointFrom", function (o) { keysOf(o); for (const x of this) if (o.has(x)) return false; return true })
  // §27.1 Iterator and its helpers, on the realm's %IteratorPrototype% (generators stand in for the helper objects).
  if (typeof globalThis.Iterator !== "function") {
    const IP = Object.getPrototypeOf(Object.getPrototypeOf([][Symbol.iterator]()))
    const Iterator = function Iterator() {
      if (new.target === undefined || new.target === Iterator) throw new TypeError("Iterator is abstract")
    }
    Object.defineProperty(Iterator, "prototype", { value: IP, writable: false, enumerable: false, configurable: false })
    Object.defineProperty(IP, "constructor", { value: Iterator, writable: true, configurable: true })
    Object.defineProperty(globalThis, "Iterator", { value: Iterator, writable: true, configurable: true })
    const direct = (o) => { if (Object(o) !== o) throw new TypeError("not an object"); return { it: o, next: o.next } }
    const fnArg = (o, f) => { if (typeof f !== "function") { o.return?.(); throw new TypeError("not a function") } }
    function* pull(r) { for (;;) { const x = r.next.call(r.it); if (x.done) return; yield x.value } }
    const helper = (o, body) => { const r = direct(o); const g = body(r); return Object.setPrototypeOf({ next: () => g.next(), return: () => (r.it.return?.(), g.return()) }, IP) }
    const limit = (o, v) => { const n = Number(v); if (Number.isNaN(n) || n < 0) { o.return?.(); throw new RangeError("bad limit") } return Math.trunc(n) }
    def(IP, "map", function (f) { fnArg(this, f); return helper(this, function* (r) { let i = 0; for (const x of pull(r)) yield f(x, i++) }) })
    def(IP, "filter", function (f) { fnArg(this, f); return helper(this, function* (r) { let i = 0; for (const x of pull(r)) if (f(x, i++)) yield x }) })
    def(IP, "take", function (v) { let n = limit(this, v); return helper(this, function* (r) { if (n === 0) return r.it.return?.(); for (const x of pull(r)) { yield x; if (--n === 0) return r.it.return?.() } }) })
    def(IP, "drop", function (v) { let n = limit(this, v); return helper(this, function* (r) { for (const x of pull(r)) { if (n > 0) { n--; continue } yield x } }) })
    def(IP, "flatMap", function (f) { fnArg(this, f); return helper(this, function* (r) { let i = 0; for (const x of pull(r)) yield* { [Symbol.iterator]: () => f(x, i++)[Symbol.iterator]() } }) })
    def(IP, "toArray", function () { return [...pull(direct(this))] })
    def(IP, "forEach", function (f) { fnArg(this, f); let i = 0; for (const x of pull(direct(this))) f(x, i++) })
    def(IP, "reduce", function (f, ...init) { fnArg(this, f); const g = pull(direct(this)); let i = 0; let acc; if (init.length) acc = init[0]; else { const a = g.next(); if (a.done) throw new TypeError("empty"); acc = a.value; i = 1 } for (const x of g) acc = f(acc, x, i++); return acc })
    const search = (o, f, stop) => { fnArg(o, f); let i = 0; for (const x of pull(direct(o))) { const r = stop(f(x, i++), x); if (r) { o.return?.(); return r } } }
    def(IP, "some", function (f) { return !!search(this, f, (b) => (b ? true : undefined)) })
    def(IP, "every", function (f) { return !search(this, f, (b) => (b ? undefined : true)) })
    def(IP, "find", function (f) { return search(this, f, (b, x) => (b ? { x } : undefined))?.x })
    def(Iterator, "from", function (o) {
      const m = o[Symbol.iterator]
      const it = m === undefined ? o : m.call(o)
      if (IP.isPrototypeOf(it)) return it
      const next = it.next
      return Object.setPrototypeOf({ next: () => next.call(it), return: () => it.return?.() ?? { value: undefined, done: true } }, IP)
    })
  }
})()
`
