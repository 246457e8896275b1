/**
 * The Python-semantics library, part 1: values. Guest-realm JavaScript, compiled with each Python program (only the
 * definitions it reaches, library/index.ts), so nothing of the host enters the guest. Names start with `$`, which no
 * Python identifier can, so a program's names never meet them.
 */
export const core = String.raw`
class $Float { constructor(v) { this.v = v } valueOf() { return this.v } }
function $isfloatbox(x) { return typeof x === "object" && x !== null && x instanceof $Float }
function $num(x) { return typeof x === "object" && x !== null && x instanceof $Float ? x.v : x === true ? 1 : x === false ? 0 : x }
function $isfloat(x) { return typeof x === "number" ? !Number.isInteger(x) : $isfloatbox(x) }
function $isint(x) { return typeof x === "number" && Number.isInteger(x) }
function $mkfloat(v) { return Number.isInteger(v) ? new $Float(v) : v }
// Ints are doubles here: an int result past 2**53 - 1 would silently round, so it raises instead.
function $exact(r) { if (r <= 9007199254740991 && r >= -9007199254740991) return r; throw new $OverflowError("int result past 2**53 - 1: ints are exact here only up to 2**53 - 1 (CPython's are unbounded); use a float if an approximation is enough") }
function $isnone(x) { return x === null || x === undefined }
function $istuple(x) { return Array.isArray(x) && Object.isFrozen(x) }
function $tuple(a) { return Object.freeze(a) }
function $isdict(x) { return x instanceof Map || (typeof x === "object" && x !== null && !Array.isArray(x) && !(x instanceof Set) && !(x instanceof $Float) && !(x instanceof Error) && !(x instanceof $Match)) }
function $truthy(x) {
  if (x === null || x === undefined || x === false || x === 0 || x === "") return false
  if (typeof x !== "object") return true
  if (Array.isArray(x)) return x.length > 0
  if (x instanceof $Float) return x.v !== 0
  if (x instanceof Map || x instanceof Set) return x.size > 0
  if (x instanceof Error || x instanceof $Match) return true
  return Object.keys(x).length > 0
}
function $typename(x) {
  if (x === null || x === undefined) return "NoneType"
  if (x === true || x === false) return "bool"
  if (typeof x === "number") return Number.isInteger(x) ? "int" : "float"
  if (typeof x === "string") return "str"
  if (typeof x === "function") return $TYPES.has(x) ? "type" : "function"
  if (Array.isArray(x)) return Object.isFrozen(x) ? "tuple" : "list"
  if (x instanceof $Float) return "float"
  if (x instanceof Set) return "set"
  if (x instanceof Error) return $excname(x)
  if (x instanceof $Match) return "re.Match"
  return "dict"
}
function $iter(x) {
  if (Array.isArray(x)) return x
  if (typeof x === "string") return Array.from(x)
  if (x instanceof Map) return Array.from(x.keys())
  if (x instanceof Set) return Array.from(x)
  if (typeof x === "object" && x !== null && $isdict(x)) return Object.keys(x)
  throw new TypeError("'" + $typename(x) + "' object is not iterable")
}
function $key(k) { return typeof k === "object" && k !== null && k instanceof $Float ? k.v : k === true ? 1 : k === false ? 0 : k }
function $dict(pairs) { const m = new Map(); for (const p of pairs) m.set($key(p[0]), p[1]); return m }
function $dictget(d, k, dflt) {
  if (d instanceof Map) { k = $key(k); return d.has(k) ? d.get(k) : dflt }
  return typeof k === "string" && Object.hasOwn(d, k) ? d[k] : dflt
}
function $dicthas(d, k) { return d instanceof Map ? d.has($key(k)) : typeof k === "string" && Object.hasOwn(d, k) }
function $dictkeys(d) { return d instanceof Map ? Array.from(d.keys()) : Object.keys(d) }
function $dictlen(d) { return d instanceof Map ? d.size : Object.keys(d).length }
function $dictset(d, k, v) { if (d instanceof Map) d.set($key(k), v); else d[typeof k === "string" ? k : $str(k)] = v }
function $dictdel(d, k) {
  if (!$dicthas(d, k)) throw new $KeyError(k)
  if (d instanceof Map) d.delete($key(k)); else delete d[k]
}
function $len(x) {
  if (typeof x === "string") return Array.from(x).length
  if (Array.isArray(x)) return x.length
  if (x instanceof Map || x instanceof Set) return x.size
  if (typeof x === "object" && x !== null && $isdict(x)) return Object.keys(x).length
  throw new TypeError("object of type '" + $typename(x) + "' has no len()")
}
function $index(x, i, what) {
  if (typeof i === "boolean") i = i ? 1 : 0
  if (!$isint(i)) throw new TypeError(what + " indices must be integers or slices, not " + $typename(i))
  const n = x.length
  const j = i < 0 ? i + n : i
  if (j < 0 || j >= n) throw new $IndexError(what + " index out of range")
  return j
}
function $getitem(x, k) {
  if (Array.isArray(x)) return x[$index(x, k, Object.isFrozen(x) ? "tuple" : "list")]
  if (typeof x === "string") { const cs = Array.from(x); return cs[$index(cs, k, "string")] }
  if (x instanceof Map) { const kk = $key(k); if (x.has(kk)) return x.get(kk); throw new $KeyError(k) }
  if (x instanceof $Match) return x.group(k)
  if (typeof x === "object" && x !== null && $isdict(x)) { if (typeof k === "string" && Object.hasOwn(x, k)) return x[k]; throw new $KeyError(k) }
  throw new TypeError("'" + $typename(x) + "' object is not subscriptable")
}
function $setitem(x, k, v) {
  if (Array.isArray(x)) {
    if (Object.isFrozen(x)) throw new TypeError("'tuple' object does not support item assignment")
    x[$index(x, k, "list assignment")] = v
    return v
  }
  if (typeof x === "object" && x !== null && $isdict(x)) { $dictset(x, k, v); return v }
  throw new TypeError("'" + $typename(x) + "' object does not support item assignment")
}
function $delitem(x, k) {
  if (Array.isArray(x) && !Object.isFrozen(x)) { x.splice($index(x, k, "list assignment"), 1); return }
  if (typeof x === "object" && x !== null && $isdict(x)) { $dictdel(x, k); return }
  throw new TypeError("'" + $typename(x) + "' object doesn't support item deletion")
}
function $sliceidx(n, start, stop, step) {
  step = $isnone(step) ? 1 : $num(step)
  if (step === 0) throw new $ValueError("slice step cannot be zero")
  const norm = (v, d, lo, hi) => { if ($isnone(v)) return d; v = $num(v); if (v < 0) v += n; return v < lo ? lo : v > hi ? hi : v }
  const out = []
  if (step > 0) { const a = norm(start, 0, 0, n), b = norm(stop, n, 0, n); for (let i = a; i < b; i += step) out.push(i) }
  else { const a = norm(start, n - 1, -1, n - 1), b = norm(stop, -1, -1, n - 1); for (let i = a; i > b; i += step) out.push(i) }
  return out
}
function $slice(x, start, stop, step) {
  if (typeof x === "string") {
    const cs = Array.from(x)
    if ($isnone(step)) return cs.slice($isnone(start) ? 0 : $num(start), $isnone(stop) ? cs.length : $num(stop)).join("")
    return $sliceidx(cs.length, start, stop, step).map((i) => cs[i]).join("")
  }
  if (Array.isArray(x)) {
    const r = $isnone(step) ? x.slice($isnone(start) ? 0 : $num(start), $isnone(stop) ? x.length : $num(stop)) : $sliceidx(x.length, start, stop, step).map((i) => x[i])
    return Object.isFrozen(x) ? Object.freeze(r) : r
  }
  throw new TypeError("'" + $typename(x) + "' object is not subscriptable")
}
function $setslice(x, start, stop, v) {
  const n = x.length
  const idx = $sliceidx(n, start, stop, null)
  const a = idx.length ? idx[0] : $isnone(start) ? 0 : Math.min(Math.max($num(start) < 0 ? $num(start) + n : $num(start), 0), n)
  x.splice(a, idx.length, ...$iter(v))
}
function $contains(c, x) {
  if (typeof c === "string") { if (typeof x !== "string") throw new TypeError("'in <string>' requires string as left operand, not " + $typename(x)); return c.includes(x) }
  if (Array.isArray(c)) { for (const e of c) if ($eq(e, x)) return true; return false }
  if (c instanceof Set) { if (c.has($key(x))) return true; if (typeof x !== "object" || x === null) return false; for (const e of c) if ($eq(e, x)) return true; return false }
  if (typeof c === "object" && c !== null && $isdict(c)) return $dicthas(c, x)
  throw new TypeError("argument of type '" + $typename(c) + "' is not iterable")
}
function $data(v) {
  if (v === undefined || v === null) return null
  if (typeof v !== "object") return v
  if (v instanceof $Float) return v.v
  if (Array.isArray(v)) return v.map($data)
  if (v instanceof Set) return Array.from(v).map($data)
  if (v instanceof Map) { const o = {}; for (const [k, x] of v) o[typeof k === "string" ? k : $str(k)] = $data(x); return o }
  if (v instanceof Error) return $str(v)
  const o = {}
  for (const k of Object.keys(v)) o[k] = $data(v[k])
  return o
}
`
export const helpers = String.raw`
function $unpack(v, n, star) {
  const items = $iter(v)
  if (star < 0) {
    if (items.length > n) throw new $ValueError("too many values to unpack (expected " + n + ")")
    if (items.length < n) throw new $ValueError("not enough values to unpack (expected " + n + ", got " + items.length + ")")
    return items
  }
  if (items.length < n - 1) throw new $ValueError("not enough values to unpack (expected at least " + (n - 1) + ", got " + items.length + ")")
  const tail = n - 1 - star
  return [...items.slice(0, star), items.slice(star, items.length - tail), ...items.slice(items.length - tail)]
}
function $iadd(a, b) { if (Array.isArray(a) && !Object.isFrozen(a)) { for (const x of $iter(b)) a.push(x); return a } return $add(a, b) }
function $imul(a, b) { if (Array.isArray(a) && !Object.isFrozen(a)) { const r = $mul(a, b); a.length = 0; for (const x of r) a.push(x); return a } return $mul(a, b) }
function $items(d) { if (!$isdict(d)) throw new TypeError("'" + $typename(d) + "' object is not a mapping"); return $dictkeys(d).map((k) => [k, $dictget(d, k)]) }
function $matmul(a, b) { throw new TypeError("unsupported operand type(s) for @: '" + $typename(a) + "' and '" + $typename(b) + "'") }
`
