/** Python string literals: prefixes, quotes and escapes (the Python Language Reference, 2.4.1). */

export interface StringParts {
  readonly prefix: string
  readonly quote: string
  /** Offset of the body inside the literal's text. */
  readonly bodyStart: number
  readonly body: string
}

export const splitLiteral = (text: string): StringParts => {
  const m = /^([a-zA-Z]*)("""|'''|"|')/.exec(text)!
  const quote = m[2]!
  const bodyStart = m[0].length
  return { prefix: m[1]!.toLowerCase(), quote, bodyStart, body: text.slice(bodyStart, text.length - quote.length) }
}

const SIMPLE: Readonly<Record<string, string>> = {
  "\n": "",
  "\\": "\\",
  "'": "'",
  '"': '"',
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
}

/** Decodes escapes; `undefined` names an escape the subset does not take (`\N{…}`). */
export const decodeEscapes = (body: string): string | undefined => {
  let out = ""
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c !== "\\") {
      out += c
      continue
    }
    const d = body[i + 1]
    if (d === undefined) return out + "\\"
    if (d === "\r" && body[i + 2] === "\n") {
      i += 2
      continue
    }
    if (SIMPLE[d] !== undefined) {
      out += SIMPLE[d]
      i++
    } else if (d === "x" || d === "u" || d === "U") {
      const n = d === "x" ? 2 : d === "u" ? 4 : 8
      const hex = body.slice(i + 2, i + 2 + n)
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== n) return undefined
      out += String.fromCodePoint(parseInt(hex, 16))
      i += 1 + n
    } else if (/[0-7]/.test(d)) {
      const oct = /^[0-7]{1,3}/.exec(body.slice(i + 1))![0]
      out += String.fromCodePoint(parseInt(oct, 8))
      i += oct.length
    } else if (d === "N") return undefined
    else out += "\\"
  }
  return out
}
