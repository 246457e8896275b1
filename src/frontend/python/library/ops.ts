/** The Python-semantics library, part 2: operators as Python defines them (floor `//` and `%`, int/float, `==`, ordering). */
export const ops = String.raw`
function $arith(a, b, op, f) {
  const x = $num(a), y = $num(b)
  if (typeof x !== "number" || typeof y !== "number") throw new TypeError("unsupported operand type(s) for " + op + ": '" + $typename(a) + "' and '" + $typename(b) + "'")
  const r = f(x, y)
  return $isfloat(a) || $isfloat(b) ? $mkfloat(r) : $exact(r)
}
function $add(a, b) {
  if (typeof a === "number" && typeof b === "number") { const r = a + b; return Number.isInteger(a) && Number.isInteger(b) ? $exact(r) : Number.isInteger(r) ? new $Float(r) : r }
  if (typeof a === "string") { if (typeof b === "string") return a + b; throw new TypeError("can only concatenate str (not \"" + $typename(b) + "\") to str") }
  if (Array.isArray(a)) {
    if (Array.isArray(b) && Object.isFrozen(a) === Object.isFrozen(b)) { const r = a.concat(b); return Object.isFrozen(a) ? Object.freeze(r) : r }
    throw new TypeError("can only concatenate " + $typename(a) + " (not \"" + $typename(b) + "\") to " + $typename(a))
  }
  return $arith(a, b, "+", (x, y) => x + y)
}
function $sub(a, b) {
  if (typeof a === "number" && typeof b === "number") { const r = a - b; return Number.isInteger(a) && Number.isInteger(b) ? $exact(r) : Number.isInteger(r) ? new $Float(r) : r }
  if (a instanceof Set && b instanceof Set) return new Set(Array.from(a).filter((x) => !b.has(x)))
  return $arith(a, b, "-", (x, y) => x - y)
}
function $repeat(s, n) {
  if (typeof s === "string") return n > 0 ? s.repeat(n) : ""
  let r = []
  for (let i = 0; i < n; i++) r = r.concat(s)
  return Object.isFrozen(s) ? Object.freeze(r) : r
}
function $mul(a, b) {
  if (typeof a === "number" && typeof b === "number") { const r = a * b; return Number.isInteger(a) && Number.isInteger(b) ? $exact(r) : Number.isInteger(r) ? new $Float(r) : r }
  if ((typeof a === "string" || Array.isArray(a)) && (typeof b === "number" || typeof b === "boolean") && $isint($num(b))) return $repeat(a, $num(b))
  if ((typeof b === "string" || Array.isArray(b)) && (typeof a === "number" || typeof a === "boolean") && $isint($num(a))) return $repeat(b, $num(a))
  return $arith(a, b, "*", (x, y) => x * y)
}
function $truediv(a, b) {
  const x = $num(a), y = $num(b)
  if (typeof x !== "number" || typeof y !== "number") throw new TypeError("unsupported operand type(s) for /: '" + $typename(a) + "' and '" + $typename(b) + "'")
  if (y === 0) throw new $ZeroDivisionError($isfloat(a) || $isfloat(b) ? "float division by zero" : "division by zero")
  return $mkfloat(x / y)
}
function $floordiv(a, b) {
  const fl = $isfloat(a) || $isfloat(b)
  return $arith(a, b, "//", (x, y) => {
    if (y === 0) throw new $ZeroDivisionError(fl ? "float floor division by zero" : "integer division or modulo by zero")
    return Math.floor(x / y)
  })
}
function $pymod(x, y) { const r = x % y; return r !== 0 && (r < 0) !== (y < 0) ? r + y : r }
function $mod(a, b) {
  if (typeof a === "string") return $percent(a, b)
  if (typeof a === "number" && typeof b === "number" && Number.isInteger(a) && Number.isInteger(b) && b !== 0) return $pymod(a, b)
  const fl = $isfloat(a) || $isfloat(b)
  return $arith(a, b, "%", (x, y) => {
    if (y === 0) throw new $ZeroDivisionError(fl ? "float modulo" : "integer division or modulo by zero")
    return $pymod(x, y)
  })
}
function $pow(a, b) {
  const x = $num(a), y = $num(b)
  if (typeof x !== "number" || typeof y !== "number") throw new TypeError("unsupported operand type(s) for ** or pow(): '" + $typename(a) + "' and '" + $typename(b) + "'")
  if (x === 0 && y < 0) throw new $ZeroDivisionError("0.0 cannot be raised to a negative power")
  const r = x ** y
  return $isfloat(a) || $isfloat(b) || y < 0 ? $mkfloat(r) : $exact(r)
}
function $neg(a) { const x = $num(a); if (typeof x !== "number") throw new TypeError("bad operand type for unary -: '" + $typename(a) + "'"); return $isfloatbox(a) ? new $Float(-x) : x === 0 ? 0 : -x }
function $pos(a) { const x = $num(a); if (typeof x !== "number") throw new TypeError("bad operand type for unary +: '" + $typename(a) + "'"); return $isfloatbox(a) ? a : x }
function $bitop(a, b, op) {
  if (a instanceof Set && b instanceof Set) {
    if (op === "|") return new Set([...a, ...b])
    if (op === "&") return new Set(Array.from(a).filter((x) => b.has(x)))
    if (op === "^") return new Set([...Array.from(a).filter((x) => !b.has(x)), ...Array.from(b).filter((x) => !a.has(x))])
  }
  if ((a instanceof Map || $isdict(a)) && (b instanceof Map || $isdict(b)) && op === "|") { const m = $dict([]); for (const d of [a, b]) for (const k of $dictkeys(d)) m.set(k, $dictget(d, k)); return m }
  const x = $num(a), y = $num(b)
  if (!$isint(x) || !$isint(y)) throw new TypeError("unsupported operand type(s) for " + op + ": '" + $typename(a) + "' and '" + $typename(b) + "'")
  if (op === "|") return x | y
  if (op === "&") return x & y
  if (op === "^") return x ^ y
  if (op === "<<") return $exact(x * 2 ** y)
  return Math.floor(x / 2 ** y)
}
function $eq(a, b) {
  if (a === b) return a === a
  if (typeof a === "number" && typeof b === "number") return false
  if (a === null || a === undefined || b === null || b === undefined) return $isnone(a) && $isnone(b)
  const x = $num(a), y = $num(b)
  if (typeof x === "number" && typeof y === "number") return x === y
  if (typeof a !== "object" || typeof b !== "object") return false
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || Object.isFrozen(a) !== Object.isFrozen(b) || a.length !== b.length) return false
    for (let i = 0; i < a.length; i++) if (!$eq(a[i], b[i])) return false
    return true
  }
  if (a instanceof Set) { if (!(b instanceof Set) || a.size !== b.size) return false; for (const e of a) if (!$contains(b, e)) return false; return true }
  if (b instanceof Set || Array.isArray(b)) return false
  if ($isdict(a) && $isdict(b)) {
    const ka = $dictkeys(a)
    if (ka.length !== $dictlen(b)) return false
    for (const k of ka) if (!$dicthas(b, k) || !$eq($dictget(a, k), $dictget(b, k))) return false
    return true
  }
  return false
}
function $ne(a, b) { return !$eq(a, b) }
function $cmp(a, b, op) {
  const x = $num(a), y = $num(b)
  if (typeof x === "number" && typeof y === "number") return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN
  if (typeof a === "string" && typeof b === "string") return a < b ? -1 : a > b ? 1 : 0
  if (Array.isArray(a) && Array.isArray(b) && Object.isFrozen(a) === Object.isFrozen(b)) {
    for (let i = 0; i < a.length && i < b.length; i++) if (!$eq(a[i], b[i])) return $cmp(a[i], b[i], op)
    return a.length - b.length
  }
  throw new TypeError("'" + op + "' not supported between instances of '" + $typename(a) + "' and '" + $typename(b) + "'")
}
function $lt(a, b) { return typeof a === "number" && typeof b === "number" ? a < b : a instanceof Set && b instanceof Set ? a.size < b.size && $subset(a, b) : $cmp(a, b, "<") < 0 }
function $le(a, b) { return typeof a === "number" && typeof b === "number" ? a <= b : a instanceof Set && b instanceof Set ? $subset(a, b) : $cmp(a, b, "<=") <= 0 }
function $gt(a, b) { return typeof a === "number" && typeof b === "number" ? a > b : a instanceof Set && b instanceof Set ? $lt(b, a) : $cmp(a, b, ">") > 0 }
function $ge(a, b) { return typeof a === "number" && typeof b === "number" ? a >= b : a instanceof Set && b instanceof Set ? $subset(b, a) : $cmp(a, b, ">=") >= 0 }
function $subset(a, b) { for (const e of a) if (!b.has(e)) return false; return true }
`
