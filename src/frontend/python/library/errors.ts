/**
 * The Python-semantics library, part 4: Python's exception classes as guest classes. Python's `TypeError` is the
 * guest realm's own `TypeError`, so what the interpreter throws is caught by `except TypeError`.
 */
export const errors = String.raw`
class $BaseException extends Error {
  constructor(...a) { super(a.length === 1 ? $str(a[0]) : a.length ? $repr(Object.freeze(a)) : ""); this.args = Object.freeze(a); this.name = "BaseException" }
}
class $Exception extends $BaseException { constructor(...a) { super(...a); this.name = "Exception" } }
class $ValueError extends $Exception { constructor(...a) { super(...a); this.name = "ValueError" } }
class $LookupError extends $Exception { constructor(...a) { super(...a); this.name = "LookupError" } }
class $KeyError extends $LookupError { constructor(...a) { super(...a); this.name = "KeyError"; if (a.length === 1) this.message = $repr(a[0]) } }
class $IndexError extends $LookupError { constructor(...a) { super(...a); this.name = "IndexError" } }
class $ArithmeticError extends $Exception { constructor(...a) { super(...a); this.name = "ArithmeticError" } }
class $ZeroDivisionError extends $ArithmeticError { constructor(...a) { super(...a); this.name = "ZeroDivisionError" } }
class $OverflowError extends $ArithmeticError { constructor(...a) { super(...a); this.name = "OverflowError" } }
class $AttributeError extends $Exception { constructor(...a) { super(...a); this.name = "AttributeError" } }
class $RuntimeError extends $Exception { constructor(...a) { super(...a); this.name = "RuntimeError" } }
class $NotImplementedError extends $RuntimeError { constructor(...a) { super(...a); this.name = "NotImplementedError" } }
class $AssertionError extends $Exception { constructor(...a) { super(...a); this.name = "AssertionError" } }
class $StopIteration extends $Exception { constructor(...a) { super(...a); this.name = "StopIteration" } }
class $TimeoutError extends $Exception { constructor(...a) { super(...a); this.name = "TimeoutError" } }
class $ConnectionError extends $Exception { constructor(...a) { super(...a); this.name = "ConnectionError" } }
class $PermissionError extends $Exception { constructor(...a) { super(...a); this.name = "PermissionError" } }
class $FileNotFoundError extends $Exception { constructor(...a) { super(...a); this.name = "FileNotFoundError" } }
class $UnicodeError extends $ValueError { constructor(...a) { super(...a); this.name = "UnicodeError" } }
class $JSONDecodeError extends $ValueError { constructor(...a) { super(...a); this.name = "JSONDecodeError" } }
class $FinalAnswer { constructor(value) { this.value = value } }
function $excname(e) { return e.name === "ReferenceError" ? "NameError" : e.name === "RangeError" ? "RecursionError" : e.name === "ToolError" ? "Exception" : e.name }
function $excstr(e) { return e instanceof $BaseException ? e.message : e.message === undefined ? String(e) : e.message }
function $exmatch(e, classes) {
  if (e instanceof $FinalAnswer) return false
  for (const c of classes) {
    if (c === $BaseException || c === $Exception) return true
    if (c === $NameError) { if (e instanceof ReferenceError) return true; continue }
    if (c === $RecursionError) { if (e instanceof RangeError) return true; continue }
    if (typeof c === "function" && e instanceof c) return true
  }
  return false
}
function $NameError(m) { return new ReferenceError(m) }
function $RecursionError(m) { return new RangeError(m) }
function $uncaught(e) {
  // The run's error reads as CPython's last traceback line: "KeyError: 'x'".
  if (e instanceof Error && typeof e.message === "string" && e.name !== "ToolError") e.message = $excname(e) + ": " + $excstr(e)
  return e
}
function $raise(e) { return typeof e === "function" ? (e === TypeError ? new TypeError() : new e()) : e }
`
