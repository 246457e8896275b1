/** The Python-semantics library, part 3: `repr`/`str` as CPython prints them, `print`, format specs and `%`. */
export const text = String.raw`
function $floatrepr(v) {
  if (v !== v) return "nan"
  if (v === Infinity) return "inf"
  if (v === -Infinity) return "-inf"
  if (v === 0) return Object.is(v, -0) ? "-0.0" : "0.0"
  const e = v.toExponential()
  const at = e.indexOf("e")
  const exp = Number(e.slice(at + 1))
  let digits = e.slice(0, at).replace(".", "")
  const neg = digits[0] === "-"
  if (neg) digits = digits.slice(1)
  if (exp >= -4 && exp < 16) {
    let s
    if (exp < 0) s = "0." + "0".repeat(-exp - 1) + digits
    else if (digits.length > exp + 1) s = digits.slice(0, exp + 1) + "." + digits.slice(exp + 1)
    else s = digits + "0".repeat(exp + 1 - digits.length) + ".0"
    return (neg ? "-" : "") + s
  }
  const mant = digits.length > 1 ? digits[0] + "." + digits.slice(1) : digits
  return (neg ? "-" : "") + mant + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp)
}
function $intstr(n) { return Math.abs(n) < 1e21 ? String(n) : BigInt(n).toString() }
function $numrepr(x) { return typeof x === "number" ? (Number.isInteger(x) ? $intstr(x) : $floatrepr(x)) : $floatrepr(x.v) }
function $strrepr(s) {
  const q = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = q
  for (const c of s) {
    const code = c.codePointAt(0)
    if (c === q || c === "\\") out += "\\" + c
    else if (c === "\n") out += "\\n"
    else if (c === "\r") out += "\\r"
    else if (c === "\t") out += "\\t"
    else if (code < 32 || code === 127) out += "\\x" + code.toString(16).padStart(2, "0")
    else if (code >= 0x80 && code < 0xa0) out += "\\x" + code.toString(16)
    else out += c
  }
  return out + q
}
function $repr(x, seen) {
  if (x === null || x === undefined) return "None"
  if (x === true) return "True"
  if (x === false) return "False"
  if (typeof x === "number") return Number.isInteger(x) ? $intstr(x) : $floatrepr(x)
  if (typeof x === "string") return $strrepr(x)
  if (typeof x === "function") return $TYPES.has(x) ? "<class '" + $TYPES.get(x) + "'>" : "<function " + (x.name || "<lambda>") + ">"
  if (x instanceof $Float) return $floatrepr(x.v)
  if (x instanceof Error) { const a = x.args || [x.message]; return $excname(x) + "(" + a.map((e) => $repr(e)).join(", ") + ")" }
  if (x instanceof $Match) return "<re.Match object; span=(" + x.start() + ", " + x.end() + "), match=" + $strrepr(x.group(0)) + ">"
  seen = seen || []
  if (seen.includes(x)) return Array.isArray(x) ? "[...]" : "{...}"
  seen.push(x)
  let r
  if (Array.isArray(x)) {
    const items = x.map((e) => $repr(e, seen))
    r = Object.isFrozen(x) ? "(" + items.join(", ") + (items.length === 1 ? ",)" : ")") : "[" + items.join(", ") + "]"
  } else if (x instanceof Set) r = x.size === 0 ? "set()" : "{" + Array.from(x).map((e) => $repr(e, seen)).join(", ") + "}"
  else r = "{" + $dictkeys(x).map((k) => $repr(k, seen) + ": " + $repr($dictget(x, k), seen)).join(", ") + "}"
  seen.pop()
  return r
}
function $str(x) {
  if (typeof x === "string") return x
  if (x instanceof Error) return $excstr(x)
  return $repr(x)
}
let $outbuf = ""
function $write(s) {
  const parts = ($outbuf + s).split("\n")
  $outbuf = parts.pop()
  for (const p of parts) console.log(p)
}
function $flush() { if ($outbuf !== "") { console.log($outbuf); $outbuf = "" } }
function $print(args, sep, end) {
  $write(args.map($str).join($isnone(sep) ? " " : sep) + ($isnone(end) ? "\n" : end))
  return null
}
function $group(intpart, sep) {
  let out = ""
  for (let i = 0; i < intpart.length; i++) { if (i > 0 && (intpart.length - i) % 3 === 0) out += sep; out += intpart[i] }
  return out
}
function $fixed(x, p) {
  // toFixed rounds an exact tie away from zero; Python rounds it to even. A tie is read off the exact expansion.
  const s = x.toFixed(p)
  const exact = Math.abs(x).toFixed(Math.min(p + 25, 100))
  const dot = exact.indexOf(".")
  const tail = exact.slice(dot + 1 + p)
  if (!/^50*$/.test(tail)) return s
  const head = exact.slice(0, dot + 1 + p).replace(/\.$/, "")
  const last = Number(head[head.length - 1])
  if (last % 2 === 0) return (x < 0 ? "-" : "") + head
  return s
}
function $expfmt(x, p, upper) {
  const s = x.toExponential(p)
  const at = s.indexOf("e")
  const exp = Number(s.slice(at + 1))
  const r = s.slice(0, at) + "e" + (exp < 0 ? "-" : "+") + (Math.abs(exp) < 10 ? "0" : "") + Math.abs(exp)
  return upper ? r.toUpperCase() : r
}
function $gfmt(x, p, alt) {
  if (p === 0) p = 1
  if (x === 0) return "0"
  const exp = Math.floor(Math.log10(Math.abs(Number(x.toExponential(p - 1)))))
  let s = exp >= -4 && exp < p ? $fixed(x, p - 1 - exp) : $expfmt(x, p - 1, false)
  if (!alt) s = s.replace(/\.?0+(?=e|$)/, "")
  return s
}
function $format(v, spec) {
  if (spec === "" || spec === undefined) return $str(v)
  const m = /^(?:(.)?([<>=^]))?([-+ ])?(z)?(#)?(0)?(\d+)?([,_])?(?:\.(\d+))?([bcdeEfFgGnosxX%])?$/s.exec(spec)
  if (m === null) throw new $ValueError("Invalid format specifier '" + spec + "' for object of type '" + $typename(v) + "'")
  let fill = m[1], align = m[2], sign = m[3] || "-", width = m[7] ? Number(m[7]) : 0
  const group = m[8], prec = m[9] === undefined ? undefined : Number(m[9]), alt = m[5] !== undefined
  let type = m[10]
  if (m[6] && fill === undefined) { fill = "0"; align = align || "=" }
  let body, neg = false, prefix = ""
  const x = $num(v)
  if (typeof v === "string" || (typeof x !== "number")) {
    if (type !== undefined && type !== "s") throw new $ValueError("Unknown format code '" + type + "' for object of type '" + $typename(v) + "'")
    body = $str(v)
    if (prec !== undefined) body = Array.from(body).slice(0, prec).join("")
    align = align || "<"
  } else {
    if (type === undefined) type = $isfloat(v) ? (prec === undefined ? "r" : "g") : "d"
    if ("bcdoxXn".includes(type) && !$isint(x)) throw new $ValueError("Unknown format code '" + type + "' for object of type 'float'")
    neg = x < 0 || Object.is(x, -0)
    const a = Math.abs(x)
    if (type === "d" || type === "n") body = $intstr(a)
    else if (type === "x") { body = a.toString(16); if (alt) prefix = "0x" }
    else if (type === "X") { body = a.toString(16).toUpperCase(); if (alt) prefix = "0X" }
    else if (type === "o") { body = a.toString(8); if (alt) prefix = "0o" }
    else if (type === "b") { body = a.toString(2); if (alt) prefix = "0b" }
    else if (type === "c") { body = String.fromCodePoint(a); neg = false }
    else if (type === "f" || type === "F") body = a === Infinity ? "inf" : a !== a ? "nan" : $fixed(a, prec === undefined ? 6 : prec)
    else if (type === "e" || type === "E") body = $expfmt(a, prec === undefined ? 6 : prec, type === "E")
    else if (type === "%") body = $fixed(a * 100, prec === undefined ? 6 : prec) + "%"
    else if (type === "g" || type === "G") body = $gfmt(a, prec === undefined ? 6 : prec, alt)
    else body = $floatrepr(a)
    if (type === "r" && prec !== undefined) body = $gfmt(a, prec, false)
    if (group) { const dot = body.search(/[.e%]/); const ip = dot < 0 ? body : body.slice(0, dot); body = $group(ip, group) + (dot < 0 ? "" : body.slice(dot)) }
    align = align || ">"
  }
  const signs = neg ? "-" : sign === "+" ? "+" : sign === " " ? " " : ""
  fill = fill === undefined ? " " : fill
  const len = Array.from(signs + prefix + body).length
  if (width <= len) return signs + prefix + body
  const pad = width - len
  if (align === "=") return signs + prefix + fill.repeat(pad) + body
  if (align === "<") return signs + prefix + body + fill.repeat(pad)
  if (align === "^") return fill.repeat(Math.floor(pad / 2)) + signs + prefix + body + fill.repeat(pad - Math.floor(pad / 2))
  return fill.repeat(pad) + signs + prefix + body
}
function $fstr(v, conv, spec) {
  if (conv === "r") v = $repr(v)
  else if (conv === "s") v = $str(v)
  else if (conv === "a") v = $repr(v)
  return $format(v, spec)
}
function $percent(fmt, args) {
  const named = !Array.isArray(args) && $isdict(args)
  const list = named ? [] : $istuple(args) ? args : [args]
  let i = 0
  const out = fmt.replace(/%(?:\(([^)]*)\))?([-+ 0#]*)(\d+|\*)?(?:\.(\d+|\*))?([diouxXeEfFgGcrsa%])/g, (all, key, flags, width, prec, type) => {
    if (type === "%") return "%"
    let v
    if (key !== undefined) v = $getitem(args, key)
    else { if (i >= list.length) throw new TypeError("not enough arguments for format string"); v = list[i++] }
    if (type === "s") v = $str(v)
    else if (type === "r" || type === "a") v = $repr(v)
    else if ("diu".includes(type)) { const n = $num(v); if (typeof n !== "number") throw new TypeError("%" + type + " format: a real number is required, not " + $typename(v)); v = Math.trunc(n); type = "d" }
    let spec = ""
    if (flags.includes("-")) spec += "<"
    else if ("sra".includes(type)) spec += ">"
    if (flags.includes("+")) spec += "+"
    else if (flags.includes(" ")) spec += " "
    if (flags.includes("#")) spec += "#"
    if (flags.includes("0") && !flags.includes("-") && !"sra".includes(type)) spec += "0"
    if (width) spec += width
    if (prec !== undefined) spec += "." + prec
    if (!"sra".includes(type)) spec += type === "i" || type === "u" ? "d" : type
    return $format(v, spec)
  })
  if (!named && i < list.length) throw new TypeError("not all arguments converted during string formatting")
  return out
}
`
