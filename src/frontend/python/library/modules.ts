/** The Python-semantics library, part 7: the importable modules (`json`, `math`, `asyncio`, `re`). */
export const modules = String.raw`
function $jsonstr(s, ascii) {
  let out = '"'
  for (const c of s) {
    const code = c.codePointAt(0)
    if (c === '"') out += '\\"'
    else if (c === "\\") out += "\\\\"
    else if (c === "\n") out += "\\n"
    else if (c === "\r") out += "\\r"
    else if (c === "\t") out += "\\t"
    else if (c === "\b") out += "\\b"
    else if (c === "\f") out += "\\f"
    else if (code < 32 || (ascii && code > 126)) {
      if (code > 0xffff) { const h = 0xd800 + ((code - 0x10000) >> 10), l = 0xdc00 + ((code - 0x10000) & 1023); out += "\\u" + h.toString(16) + "\\u" + l.toString(16) }
      else out += "\\u" + code.toString(16).padStart(4, "0")
    } else out += c
  }
  return out + '"'
}
function $json_dumps(v, indent, sort_keys, ensure_ascii, separators) {
  const ascii = ensure_ascii === undefined || ensure_ascii === null ? true : $truthy(ensure_ascii)
  const ind = $isnone(indent) ? null : typeof indent === "string" ? indent : " ".repeat($num(indent))
  const itemsep = !$isnone(separators) ? separators[0] : ind === null ? ", " : ","
  const keysep = !$isnone(separators) ? separators[1] : ": "
  const go = (x, depth) => {
    if (x === null || x === undefined) return "null"
    if (x === true) return "true"
    if (x === false) return "false"
    if (typeof x === "string") return $jsonstr(x, ascii)
    if (typeof x === "number" || x instanceof $Float) { const n = $num(x); return n !== n ? "NaN" : n === Infinity ? "Infinity" : n === -Infinity ? "-Infinity" : $numrepr(x) }
    let entries, open, close
    if (Array.isArray(x)) { entries = x.map((e) => go(e, depth + 1)); open = "["; close = "]" }
    else if (typeof x === "object" && $isdict(x)) {
      let keys = $dictkeys(x)
      if ($truthy(sort_keys)) keys = $sorted(keys)
      entries = keys.map((k) => {
        const ks = typeof k === "string" ? k : k === true ? "true" : k === false ? "false" : $isnone(k) ? "null" : $str(k)
        return $jsonstr(ks, ascii) + keysep + go($dictget(x, k), depth + 1)
      })
      open = "{"; close = "}"
    } else throw new TypeError("Object of type " + $typename(x) + " is not JSON serializable")
    if (entries.length === 0) return open + close
    if (ind === null) return open + entries.join(itemsep) + close
    const pad = "\n" + ind.repeat(depth + 1)
    return open + pad + entries.join(itemsep + pad) + "\n" + ind.repeat(depth) + close
  }
  return go(v, 0)
}
function $json_loads(s) {
  try { return JSON.parse(s) } catch (e) { throw new $JSONDecodeError(e.message) }
}
function $math_floor(x) { const n = $num(x); return Math.floor(n) }
function $math_ceil(x) { return Math.ceil($num(x)) }
function $math_trunc(x) { return Math.trunc($num(x)) }
function $mfloat(f) { return (...a) => $mkfloat(f(...a.map($num))) }
function $math_sqrt(x) { const n = $num(x); if (n < 0) throw new $ValueError("math domain error"); return $mkfloat(Math.sqrt(n)) }
function $math_log(x, base) { const n = $num(x); if (n <= 0) throw new $ValueError("math domain error"); return $mkfloat($isnone(base) ? Math.log(n) : Math.log(n) / Math.log($num(base))) }
const $math_log10 = $mfloat(Math.log10), $math_log2 = $mfloat(Math.log2), $math_exp = $mfloat(Math.exp), $math_fabs = $mfloat(Math.abs)
const $math_sin = $mfloat(Math.sin), $math_cos = $mfloat(Math.cos), $math_tan = $mfloat(Math.tan), $math_atan = $mfloat(Math.atan), $math_atan2 = $mfloat(Math.atan2)
const $math_hypot = $mfloat(Math.hypot), $math_pow = $mfloat(Math.pow)
function $math_isnan(x) { const n = $num(x); return n !== n }
function $math_isinf(x) { const n = $num(x); return n === Infinity || n === -Infinity }
function $math_isclose(a, b, rel_tol, abs_tol) { const x = $num(a), y = $num(b), r = $isnone(rel_tol) ? 1e-9 : $num(rel_tol), t = $isnone(abs_tol) ? 0 : $num(abs_tol); return x === y || Math.abs(x - y) <= Math.max(r * Math.max(Math.abs(x), Math.abs(y)), t) }
function $math_gcd(a, b) { a = Math.abs($num(a)); b = Math.abs($num(b)); while (b) { const t = b; b = a % b; a = t } return a }
function $math_factorial(n) { n = $num(n); if (!$isint(n) || n < 0) throw new $ValueError("factorial() not defined for negative values"); let r = 1; for (let i = 2; i <= n; i++) r *= i; return $exact(r) }
function $math_prod(it) { let r = 1; for (const x of $iter(it)) r = $mul(r, x); return r }
function $math_fsum(it) { let r = 0; for (const x of $iter(it)) r += $num(x); return $mkfloat(r) }
function $math_comb(n, k) { n = $num(n); k = $num(k); if (k < 0 || k > n) return 0; let r = 1; for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i; return $exact(Math.round(r)) }
const $math_pi = Math.PI, $math_e = Math.E, $math_tau = 2 * Math.PI, $math_inf = Infinity, $math_nan = NaN
async function $asyncio_gather(aws, return_exceptions) {
  if (!$truthy(return_exceptions)) return Promise.all(aws)
  const r = await Promise.allSettled(aws)
  return r.map((s) => (s.status === "fulfilled" ? s.value : s.reason))
}
async function $asyncio_sleep(s, result) { return $isnone(result) ? null : result }
function $asyncio_create_task(c) { return c }
async function $asyncio_wait_for(c, t) { return c }
async function $asyncio_run(c) { return c }
class $Match {
  constructor(m, s) { this.m = m; this.s = s }
  group(...gs) {
    if (gs.length > 1) return Object.freeze(gs.map((g) => this.group(g)))
    const g = gs.length ? $num(gs[0]) : 0
    const v = typeof g === "string" ? (this.m.groups ? this.m.groups[g] : undefined) : this.m[g]
    if (typeof g === "number" && g >= this.m.length) throw new $IndexError("no such group")
    return v === undefined ? null : v
  }
  start() { return this.m.index }
  end() { return this.m.index + this.m[0].length }
}
const $MATCH = new Map([
  ["group", (m, gs) => m.group(...gs)], ["groups", (m) => Object.freeze(m.m.slice(1).map((v) => (v === undefined ? null : v)))],
  ["groupdict", (m) => $dictf(m.m.groups || {})], ["start", (m) => m.start()], ["end", (m) => m.end()],
  ["span", (m) => Object.freeze([m.start(), m.end()])],
])
const $re_IGNORECASE = 2, $re_I = 2, $re_MULTILINE = 8, $re_M = 8, $re_DOTALL = 16, $re_S = 16
function $re(p, flags, g) {
  const f = $isnone(flags) ? 0 : $num(flags)
  const src = p.replace(/\(\?P<([A-Za-z_]\w*)>/g, "(?<$1>").replace(/\(\?P=([A-Za-z_]\w*)\)/g, "\\k<$1>").replace(/\\Z/g, "$")
  return new RegExp(src, (g ? "g" : "") + (f & 2 ? "i" : "") + (f & 8 ? "m" : "") + (f & 16 ? "s" : "") + "u")
}
function $re_search(p, s, flags) { const m = $re(p, flags, false).exec(s); return m === null ? null : new $Match(m, s) }
function $re_match(p, s, flags) { const m = $re("^(?:" + p + ")", flags, false).exec(s); return m === null ? null : new $Match(m, s) }
function $re_fullmatch(p, s, flags) { const m = $re("^(?:" + p + ")$", flags, false).exec(s); return m === null ? null : new $Match(m, s) }
function $re_findall(p, s, flags) {
  return Array.from(s.matchAll($re(p, flags, true))).map((m) => (m.length === 1 ? m[0] : m.length === 2 ? (m[1] === undefined ? "" : m[1]) : Object.freeze(m.slice(1).map((v) => (v === undefined ? "" : v)))))
}
function $re_sub(p, repl, s, count, flags) {
  const re = $re(p, flags, true)
  let n = 0
  const max = $isnone(count) ? 0 : $num(count)
  return s.replace(re, (...a) => {
    if (max > 0 && n >= max) return a[0]
    n++
    if (typeof repl === "function") { const groups = typeof a[a.length - 1] === "object" ? a[a.length - 1] : undefined; const m = a.slice(0, a.length - (groups ? 3 : 2)); m.index = a[a.length - (groups ? 3 : 2)]; m.groups = groups; return $str(repl(new $Match(m, s))) }
    return repl.replace(/\\(\d+)|\\g<(\w+)>/g, (x, d, name) => { const v = d !== undefined ? a[Number(d)] : /^\d+$/.test(name) ? a[Number(name)] : a[a.length - 1][name]; return v === undefined ? "" : v })
  })
}
function $re_split(p, s, maxsplit, flags) { return s.split($re(p, flags, true)).map((v) => (v === undefined ? null : v)) }
`
