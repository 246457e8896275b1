/** The Python-semantics library, part 6: `str`, `list`, `dict` and `set` methods, dispatched by the receiver's type. */
export const methods = String.raw`
function $ws(s) { return s.split(/[ \t\n\r\f\v]+/).filter((x) => x !== "") }
function $strip(s, chars, left, right) {
  const set = $isnone(chars) ? " \t\n\r\f\v" : chars
  const cs = Array.from(s)
  let a = 0, b = cs.length
  if (left) while (a < b && set.includes(cs[a])) a++
  if (right) while (b > a && set.includes(cs[b - 1])) b--
  return cs.slice(a, b).join("")
}
function $split(s, sep, maxsplit) {
  const max = $isnone(maxsplit) ? -1 : $num(maxsplit)
  if ($isnone(sep)) {
    if (max < 0) return $ws(s)
    const out = []
    let rest = s.replace(/^[ \t\n\r\f\v]+/, "")
    while (rest !== "" && out.length < max) {
      const m = /[ \t\n\r\f\v]+/.exec(rest)
      if (m === null) break
      out.push(rest.slice(0, m.index))
      rest = rest.slice(m.index + m[0].length)
    }
    if (rest !== "") out.push(rest)
    return out
  }
  if (sep === "") throw new $ValueError("empty separator")
  const parts = s.split(sep)
  if (max < 0 || parts.length <= max + 1) return parts
  return parts.slice(0, max).concat([parts.slice(max).join(sep)])
}
function $affix(s, x, f) { return Array.isArray(x) ? x.some((p) => f(s, p)) : f(s, x) }
function $find(s, sub, start, end, rev) {
  const a = $isnone(start) ? 0 : $num(start) < 0 ? Math.max(s.length + $num(start), 0) : $num(start)
  const b = $isnone(end) ? s.length : $num(end) < 0 ? s.length + $num(end) : $num(end)
  const part = s.slice(0, b)
  const i = rev ? part.lastIndexOf(sub) : part.indexOf(sub, a)
  return i >= a ? i : -1
}
function $pad(s, w, fill, where) {
  w = $num(w); fill = $isnone(fill) ? " " : fill
  const n = w - Array.from(s).length
  if (n <= 0) return s
  if (where === "l") return s + fill.repeat(n)
  if (where === "r") return fill.repeat(n) + s
  const left = Math.floor(n / 2) + (n % 2 === 1 && w % 2 === 1 ? 1 : 0)
  return fill.repeat(left) + s + fill.repeat(n - left)
}
function $strformat(s, args, kw) {
  let auto = 0
  return s.replace(/\{\{|\}\}|\{([^{}!:]*)(?:!([rsa]))?(?::([^{}]*))?\}/g, (all, field, conv, spec) => {
    if (all === "{{") return "{"
    if (all === "}}") return "}"
    let v
    const parts = field.split(/\.|(?=\[)/)
    const head = parts[0]
    if (head === "") v = args[auto++]
    else if (/^\d+$/.test(head)) v = args[Number(head)]
    else v = $getitem(kw || $dict([]), head)
    for (const p of parts.slice(1)) v = p[0] === "[" ? $getitem(v, /^\[\d+\]$/.test(p) ? Number(p.slice(1, -1)) : p.slice(1, -1)) : $getattr(v, p)
    return $fstr(v, conv, spec || "")
  })
}
const $STR = new Map([
  ["upper", (s) => s.toUpperCase()], ["lower", (s) => s.toLowerCase()], ["casefold", (s) => s.toLowerCase()],
  ["strip", (s, [c]) => $strip(s, c, true, true)], ["lstrip", (s, [c]) => $strip(s, c, true, false)], ["rstrip", (s, [c]) => $strip(s, c, false, true)],
  ["split", (s, [sep, max], kw) => $split(s, kw && $dicthas(kw, "sep") ? $dictget(kw, "sep") : sep, kw && $dicthas(kw, "maxsplit") ? $dictget(kw, "maxsplit") : max)],
  ["rsplit", (s, [sep, max]) => { if ($isnone(max) || $num(max) < 0) return $split(s, sep); const r = $split(Array.from(s).reverse().join(""), $isnone(sep) ? sep : Array.from(sep).reverse().join(""), max); return r.map((p) => Array.from(p).reverse().join("")).reverse() }],
  ["splitlines", (s) => { const r = s.split(/\r\n|\r|\n/); if (r.length && r[r.length - 1] === "") r.pop(); return r }],
  ["join", (s, [it]) => $iter(it).map((x) => { if (typeof x !== "string") throw new TypeError("sequence item: expected str instance, " + $typename(x) + " found"); return x }).join(s)],
  ["replace", (s, [a, b, n]) => { if ($isnone(n) || $num(n) < 0) return s.split(a).join(b); const p = s.split(a); return p.slice(0, $num(n) + 1).join(b) + (p.length > $num(n) + 1 ? a + p.slice($num(n) + 1).join(a) : "") }],
  ["startswith", (s, [p]) => $affix(s, p, (x, y) => x.startsWith(y))], ["endswith", (s, [p]) => $affix(s, p, (x, y) => x.endsWith(y))],
  ["find", (s, [x, a, b]) => $find(s, x, a, b, false)], ["rfind", (s, [x, a, b]) => $find(s, x, a, b, true)],
  ["index", (s, [x, a, b]) => { const i = $find(s, x, a, b, false); if (i < 0) throw new $ValueError("substring not found"); return i }],
  ["rindex", (s, [x, a, b]) => { const i = $find(s, x, a, b, true); if (i < 0) throw new $ValueError("substring not found"); return i }],
  ["count", (s, [x]) => (x === "" ? Array.from(s).length + 1 : s.split(x).length - 1)],
  ["isdigit", (s) => /^\d+$/.test(s)], ["isnumeric", (s) => /^\d+$/.test(s)], ["isdecimal", (s) => /^\d+$/.test(s)],
  ["isalpha", (s) => /^\p{L}+$/u.test(s)], ["isalnum", (s) => /^[\p{L}\d]+$/u.test(s)], ["isspace", (s) => /^\s+$/.test(s)],
  ["isupper", (s) => /\p{Lu}/u.test(s) && s === s.toUpperCase()], ["islower", (s) => /\p{Ll}/u.test(s) && s === s.toLowerCase()],
  ["title", (s) => s.toLowerCase().replace(/(^|[^\p{L}])(\p{L})/gu, (m, a, b) => a + b.toUpperCase())],
  ["capitalize", (s) => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s)],
  ["swapcase", (s) => Array.from(s).map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("")],
  ["center", (s, [w, f]) => $pad(s, w, f, "c")], ["ljust", (s, [w, f]) => $pad(s, w, f, "l")], ["rjust", (s, [w, f]) => $pad(s, w, f, "r")],
  ["zfill", (s, [w]) => { const neg = s[0] === "-" || s[0] === "+"; const body = neg ? s.slice(1) : s; return (neg ? s[0] : "") + body.padStart($num(w) - (neg ? 1 : 0), "0") }],
  ["format", (s, args, kw) => $strformat(s, args, kw)],
  ["partition", (s, [sep]) => { const i = s.indexOf(sep); return Object.freeze(i < 0 ? [s, "", ""] : [s.slice(0, i), sep, s.slice(i + sep.length)]) }],
  ["rpartition", (s, [sep]) => { const i = s.lastIndexOf(sep); return Object.freeze(i < 0 ? ["", "", s] : [s.slice(0, i), sep, s.slice(i + sep.length)]) }],
  ["removeprefix", (s, [p]) => (s.startsWith(p) ? s.slice(p.length) : s)], ["removesuffix", (s, [p]) => (p !== "" && s.endsWith(p) ? s.slice(0, s.length - p.length) : s)],
  ["encode", (s) => s],
])
function $sortinplace(xs, kw) {
  const r = $sorted(xs, kw ? $dictget(kw, "key", null) : null, kw ? $dictget(kw, "reverse", false) : false)
  for (let i = 0; i < r.length; i++) xs[i] = r[i]
  return null
}
const $LIST = new Map([
  ["append", (xs, [x]) => { xs.push(x); return null }], ["extend", (xs, [it]) => { for (const x of $iter(it)) xs.push(x); return null }],
  ["insert", (xs, [i, x]) => { i = $num(i); xs.splice(i < 0 ? Math.max(xs.length + i, 0) : i, 0, x); return null }],
  ["pop", (xs, [i]) => { if (xs.length === 0) throw new $IndexError("pop from empty list"); const j = $isnone(i) ? xs.length - 1 : $index(xs, i, "pop"); return xs.splice(j, 1)[0] }],
  ["remove", (xs, [x]) => { for (let i = 0; i < xs.length; i++) if ($eq(xs[i], x)) { xs.splice(i, 1); return null } throw new $ValueError("list.remove(x): x not in list") }],
  ["index", (xs, [x]) => { for (let i = 0; i < xs.length; i++) if ($eq(xs[i], x)) return i; throw new $ValueError($repr(x) + " is not in list") }],
  ["count", (xs, [x]) => xs.filter((e) => $eq(e, x)).length],
  ["sort", (xs, args, kw) => $sortinplace(xs, kw)], ["reverse", (xs) => { xs.reverse(); return null }],
  ["copy", (xs) => xs.slice()], ["clear", (xs) => { xs.length = 0; return null }],
])
const $TUPLE = new Map([
  ["index", (xs, [x]) => { for (let i = 0; i < xs.length; i++) if ($eq(xs[i], x)) return i; throw new $ValueError("tuple.index(x): x not in tuple") }],
  ["count", (xs, [x]) => xs.filter((e) => $eq(e, x)).length],
])
const $DICT = new Map([
  ["get", (d, [k, v]) => $dictget(d, k, v === undefined ? null : v)],
  ["keys", (d) => $dictkeys(d)], ["values", (d) => $dictkeys(d).map((k) => $dictget(d, k))],
  ["items", (d) => $dictkeys(d).map((k) => Object.freeze([k, $dictget(d, k)]))],
  ["pop", (d, [k, v]) => { if ($dicthas(d, k)) { const x = $dictget(d, k); $dictdel(d, k); return x } if (v === undefined) throw new $KeyError(k); return v }],
  ["setdefault", (d, [k, v]) => { if (!$dicthas(d, k)) $dictset(d, k, v === undefined ? null : v); return $dictget(d, k) }],
  ["update", (d, [o], kw) => { for (const src of [o, kw]) if (!$isnone(src)) { if ($isdict(src)) { for (const k of $dictkeys(src)) $dictset(d, k, $dictget(src, k)) } else for (const p of $iter(src)) { const pr = $iter(p); $dictset(d, pr[0], pr[1]) } } return null }],
  ["copy", (d) => $dictf(d)], ["clear", (d) => { for (const k of $dictkeys(d)) $dictdel(d, k); return null }],
  ["popitem", (d) => { const ks = $dictkeys(d); if (!ks.length) throw new $KeyError("popitem(): dictionary is empty"); const k = ks[ks.length - 1]; const v = $dictget(d, k); $dictdel(d, k); return Object.freeze([k, v]) }],
])
const $SET = new Map([
  ["add", (s, [x]) => { s.add($key(x)); return null }], ["discard", (s, [x]) => { s.delete($key(x)); return null }],
  ["remove", (s, [x]) => { if (!s.has($key(x))) throw new $KeyError(x); s.delete($key(x)); return null }],
  ["union", (s, its) => { const r = new Set(s); for (const it of its) for (const x of $iter(it)) r.add($key(x)); return r }],
  ["update", (s, its) => { for (const it of its) for (const x of $iter(it)) s.add($key(x)); return null }],
  ["intersection", (s, its) => { let r = new Set(s); for (const it of its) { const o = $set(it); r = new Set(Array.from(r).filter((x) => o.has(x))) } return r }],
  ["difference", (s, its) => { const r = new Set(s); for (const it of its) for (const x of $iter(it)) r.delete($key(x)); return r }],
  ["symmetric_difference", (s, [it]) => $bitop(s, $set(it), "^")],
  ["issubset", (s, [it]) => $subset(s, $set(it))], ["issuperset", (s, [it]) => $subset($set(it), s)],
  ["isdisjoint", (s, [it]) => Array.from($set(it)).every((x) => !s.has(x))],
  ["pop", (s) => { if (!s.size) throw new $KeyError("pop from an empty set"); const x = s.values().next().value; s.delete(x); return x }],
  ["copy", (s) => new Set(s)], ["clear", (s) => { s.clear(); return null }],
])
function $table(o) {
  if (typeof o === "string") return $STR
  if (Array.isArray(o)) return Object.isFrozen(o) ? $TUPLE : $LIST
  if (o instanceof Set) return $SET
  if (o instanceof $Match) return $MATCH
  if (o !== null && typeof o === "object" && !(o instanceof Error) && !(o instanceof $Float)) return $DICT
  return undefined
}
function $cm(o, name, args, kw) {
  const table = $table(o)
  const f = table && table.get(name)
  if (f === undefined) throw new $AttributeError("'" + $typename(o) + "' object has no attribute '" + name + "'")
  return f(o, args, kw)
}
`
