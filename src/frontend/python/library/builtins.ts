/** The Python-semantics library, part 5: built-in functions and types (`len`, `range`, `sorted`, `int`, …). */
export const builtins = String.raw`
function $range(a, b, c) {
  let start = 0, stop = $num(a), step = 1
  if (b !== undefined) { start = $num(a); stop = $num(b) }
  if (c !== undefined) step = $num(c)
  if (!$isint(start) || !$isint(stop) || !$isint(step)) throw new TypeError("'float' object cannot be interpreted as an integer")
  if (step === 0) throw new $ValueError("range() arg 3 must not be zero")
  const out = []
  if (step > 0) for (let i = start; i < stop; i += step) out.push(i)
  else for (let i = start; i > stop; i += step) out.push(i)
  return out
}
function $rint(x) {
  const n = $num(x)
  if (!$isint(n)) throw new TypeError("'" + $typename(x) + "' object cannot be interpreted as an integer")
  return n
}
function $enumerate(it, start) { let i = $isnone(start) ? 0 : $num(start); return $iter(it).map((x) => Object.freeze([i++, x])) }
function $zip(its) {
  const lists = its.map($iter)
  const n = lists.length ? Math.min(...lists.map((l) => l.length)) : 0
  const out = []
  for (let i = 0; i < n; i++) out.push(Object.freeze(lists.map((l) => l[i])))
  return out
}
function $sortkey(a, b) { return $lt(a, b) ? -1 : $lt(b, a) ? 1 : 0 }
function $sorted(it, key, reverse) {
  const items = $iter(it).slice()
  const keyed = items.map((x) => ($isnone(key) ? x : key(x)))
  const idx = items.map((_, i) => i)
  idx.sort((i, j) => { const c = $sortkey(keyed[i], keyed[j]); return $truthy(reverse) ? -c : c })
  return idx.map((i) => items[i])
}
function $minmax(args, key, dflt, hasDefault, sign, name) {
  const items = args.length === 1 ? $iter(args[0]) : args
  if (items.length === 0) { if (hasDefault) return dflt; throw new $ValueError(name + "() arg is an empty sequence") }
  let best = items[0], bk = $isnone(key) ? best : key(best)
  for (let i = 1; i < items.length; i++) {
    const k = $isnone(key) ? items[i] : key(items[i])
    if (sign > 0 ? $gt(k, bk) : $lt(k, bk)) { best = items[i]; bk = k }
  }
  return best
}
function $max(args, key, dflt, hasDefault) { return $minmax(args, key, dflt, hasDefault, 1, "max") }
function $min(args, key, dflt, hasDefault) { return $minmax(args, key, dflt, hasDefault, -1, "min") }
function $sum(it, start) { let t = $isnone(start) ? 0 : start; for (const x of $iter(it)) t = $add(t, x); return t }
function $abs(x) { const n = $num(x); if (typeof n !== "number") throw new TypeError("bad operand type for abs(): '" + $typename(x) + "'"); return $isfloatbox(x) ? new $Float(Math.abs(n)) : Math.abs(n) }
function $round(x, nd) {
  const n = $num(x)
  if ($isnone(nd)) {
    if ($isint(n)) return n
    const f = Math.floor(n), d = n - f
    return d > 0.5 ? f + 1 : d < 0.5 ? f : f % 2 === 0 ? f : f + 1
  }
  if ($isint(n)) return n
  const d = $num(nd)
  if (d < 0) { const p = 10 ** -d; return $mkfloat($round(n / p) * p) }
  return $mkfloat(Number($fixed(n, d)))
}
function $int(x, base) {
  if (x === undefined) return 0
  if (typeof x === "string") {
    const b = $isnone(base) ? 10 : $num(base)
    const s = x.trim().replace(/_/g, "")
    const ok = b === 10 ? /^[-+]?\d+$/.test(s) : b === 16 ? /^[-+]?(0x)?[0-9a-f]+$/i.test(s) : b === 2 ? /^[-+]?(0b)?[01]+$/i.test(s) : b === 8 ? /^[-+]?(0o)?[0-7]+$/i.test(s) : false
    if (!ok) throw new $ValueError("invalid literal for int() with base " + b + ": " + $strrepr(x))
    const neg = s[0] === "-"
    const body = s.replace(/^[-+]/, "").replace(/^0[xbo]/i, "")
    const v = parseInt(body, b)
    return $exact(neg ? -v : v)
  }
  const n = $num(x)
  if (typeof n !== "number") throw new TypeError("int() argument must be a string, a bytes-like object or a real number, not '" + $typename(x) + "'")
  if (n !== n) throw new $ValueError("cannot convert float NaN to integer")
  if (!isFinite(n)) throw new $OverflowError("cannot convert float infinity to integer")
  return Math.trunc(n) === 0 ? 0 : $exact(Math.trunc(n))
}
function $float(x) {
  if (x === undefined) return new $Float(0)
  if (typeof x === "string") {
    const s = x.trim().toLowerCase().replace(/_/g, "")
    let v
    if (/^[-+]?(inf|infinity)$/.test(s)) v = s[0] === "-" ? -Infinity : Infinity
    else if (/^[-+]?nan$/.test(s)) v = NaN
    else if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/.test(s)) v = Number(s)
    else throw new $ValueError("could not convert string to float: " + $strrepr(x))
    return $mkfloat(v)
  }
  const n = $num(x)
  if (typeof n !== "number") throw new TypeError("float() argument must be a string or a real number, not '" + $typename(x) + "'")
  return $mkfloat(n)
}
function $bool(x) { return $truthy(x) }
function $list(x) { return x === undefined ? [] : $iter(x).slice() }
function $tuplef(x) { return Object.freeze(x === undefined ? [] : $iter(x).slice()) }
function $set(x) { return new Set(x === undefined ? [] : $iter(x).map($key)) }
function $dictf(x, kw) {
  const m = $dict([])
  if (x !== undefined && x !== null) {
    if ($isdict(x)) for (const k of $dictkeys(x)) m.set(k, $dictget(x, k))
    else for (const p of $iter(x)) { const pr = $iter(p); if (pr.length !== 2) throw new $ValueError("dictionary update sequence element has length " + pr.length + "; 2 is required"); m.set($key(pr[0]), pr[1]) }
  }
  if (kw) for (const k of $dictkeys(kw)) m.set(k, $dictget(kw, k))
  return m
}
function $strf(x) { return x === undefined ? "" : $str(x) }
function $reprf(x) { return $repr(x) }
function $any(it) { for (const x of $iter(it)) if ($truthy(x)) return true; return false }
function $all(it) { for (const x of $iter(it)) if (!$truthy(x)) return false; return true }
function $map(f, its) { if (its.length === 1) return $iter(its[0]).map((x) => f(x)); return $zip(its).map((t) => f(...t)) }
function $filter(f, it) { return $iter(it).filter((x) => ($isnone(f) ? $truthy(x) : $truthy(f(x)))) }
function $reversed(x) { return $iter(x).slice().reverse() }
function $divmod(a, b) { return Object.freeze([$floordiv(a, b), $mod(a, b)]) }
function $powf(a, b, m) { return $isnone(m) ? $pow(a, b) : $mod($pow(a, b), m) }
function $chr(n) { return String.fromCodePoint($num(n)) }
function $ord(s) { if (typeof s !== "string" || Array.from(s).length !== 1) throw new TypeError("ord() expected a character"); return s.codePointAt(0) }
function $hex(n) { n = $num(n); return (n < 0 ? "-0x" : "0x") + Math.abs(n).toString(16) }
function $bin(n) { n = $num(n); return (n < 0 ? "-0b" : "0b") + Math.abs(n).toString(2) }
function $oct(n) { n = $num(n); return (n < 0 ? "-0o" : "0o") + Math.abs(n).toString(8) }
function $formatf(v, spec) { return $format(v, $isnone(spec) ? "" : spec) }
function $callable(f) { return typeof f === "function" }
function $type(x) {
  if (x === null || x === undefined) return $NoneType
  if (x === true || x === false) return $bool
  if (typeof x === "number") return Number.isInteger(x) ? $int : $float
  if (typeof x === "string") return $strf
  if (Array.isArray(x)) return Object.isFrozen(x) ? $tuplef : $list
  if (x instanceof $Float) return $float
  if (x instanceof Set) return $set
  if (x instanceof Error) return x.constructor
  if (typeof x === "function") return $type
  return $dictf
}
function $NoneType() { return null }
const $TYPES = new Map([[$int, "int"], [$float, "float"], [$strf, "str"], [$bool, "bool"], [$list, "list"], [$tuplef, "tuple"], [$dictf, "dict"], [$set, "set"], [$type, "type"], [$NoneType, "NoneType"]])
function $isinstance(x, t) {
  const ts = Array.isArray(t) ? t : [t]
  for (const c of ts) {
    if (c === $int) { if ($isint(x) || x === true || x === false) return true }
    else if (c === $float) { if ($isfloat(x)) return true }
    else if (c === $strf) { if (typeof x === "string") return true }
    else if (c === $bool) { if (x === true || x === false) return true }
    else if (c === $list) { if (Array.isArray(x) && !Object.isFrozen(x)) return true }
    else if (c === $tuplef) { if ($istuple(x)) return true }
    else if (c === $dictf) { if (typeof x === "object" && x !== null && $isdict(x)) return true }
    else if (c === $set) { if (x instanceof Set) return true }
    else if (c === $NoneType) { if ($isnone(x)) return true }
    else if (x instanceof Error && $exmatch(x, [c])) return true
  }
  return false
}
function $getattr(o, name) {
  if (typeof o === "function" && name === "__name__") return $TYPES.has(o) ? $TYPES.get(o) : o.name === "$NameError" ? "NameError" : o.name === "Error" ? "Exception" : o.name.replace(/^\$/, "")
  if (o instanceof Error) {
    if (name === "args") return o.args || Object.freeze([o.message])
    if (name === "message") return o.message
  }
  if (o instanceof $Float || typeof o === "number") { if (name === "real") return o; if (name === "imag") return 0 }
  const t = $table(o)
  if (t !== undefined && t.has(name)) return (...a) => t.get(name)(o, a, null)
  throw new $AttributeError("'" + $typename(o) + "' object has no attribute '" + name + "'")
}
function $callkw(f, args, kw) {
  throw new TypeError("keyword arguments to a function value are not supported: call the function by its name, or pass the values positionally")
}
function $final(v) { throw new $FinalAnswer(v) }
function $await(p) { return p }
`
