import { parseJavaScript } from "../../syntax/parse.js"
import { parsePython, type PythonParse } from "./parse.js"

/** Lines only Python writes (a `def`, an `import` without quotes, `elif`, a block header ending in `:`). */
const STRONG =
  /^[ \t]*(?:(?:async[ \t]+)?def[ \t]+\w+[ \t]*\(|import[ \t]+[\w.]+(?:[ \t]+as[ \t]+\w+)?(?:[ \t]*,[ \t]*[\w.]+(?:[ \t]+as[ \t]+\w+)?)*[ \t]*$|from[ \t]+[\w.]+[ \t]+import[ \t]|elif[ \t]|raise[ \t]+\w|(?:if|for|while|with|try|except|else|finally)\b[^\n;{}]*:[ \t]*(?:#[^\n]*)?$)/m
/** Python written so that JavaScript also parses it: keyword arguments, `print(`, `None`/`True`/`False`, f-strings. */
const WEAK =
  /[(,][ \t]*[A-Za-z_]\w*[ \t]*=[^=>]|\bprint\(|\bcall_tool\(|\basyncio\.|\b(?:None|True|False)\b|\bf["']|\blen\(|\bfinal_answer\(/m
/** JavaScript-only text: declarations, arrows, braces, comments, the canonical `tools.` path. */
const JAVASCRIPT = /\b(?:const|let|var|function)[ \t]+[\w$[{]|=>|\/\/|\/\*|\btools\.|\bconsole\.|[;{][ \t]*$/m

export interface Decision {
  readonly python: boolean
  /** Set when the text is Python: the parse (with its first error, if any). */
  readonly parse?: PythonParse
  readonly signal?: string
}

/**
 * Whether a program text is Python (docs/python.md#detection): a text JavaScript cannot parse is Python when lezer
 * parses it cleanly or it has a line only Python writes; a text both parse is Python only with Python-only signals
 * and nothing JavaScript-only. `preferPython` (a Python dialect hinted by the host) takes any clean Python parse.
 */
export const decide = (text: string, preferPython: boolean): Decision => {
  const strong = STRONG.test(text)
  const weak = WEAK.test(text)
  if (!strong && !weak && !preferPython) return { python: false }
  if (preferPython) {
    const p = parsePython(text)
    if (p.error === undefined) return { python: true, parse: p, signal: "hint" }
  }
  let jsOk = true
  try {
    parseJavaScript(text)
  } catch {
    jsOk = false
  }
  if (jsOk) {
    if (JAVASCRIPT.test(text) || (!strong && !weak)) return { python: false }
    const p = parsePython(text)
    return p.error === undefined ? { python: true, parse: p, signal: "python-only-calls" } : { python: false }
  }
  const p = parsePython(text)
  if (p.error === undefined) return { python: true, parse: p, signal: "parses-as-python" }
  if (strong && !JAVASCRIPT.test(text)) return { python: true, parse: p, signal: "python-lines" }
  return { python: false }
}
