/** Removes credential strings from anything the server sends back (@opencode-ai/codemode 1.18: auth is never model-visible). */

const MARK = "[REDACTED]"

const hex4 = (c: number, upper: boolean) => {
  const h = c.toString(16).padStart(4, "0")
  return `\\u${upper ? h.toUpperCase() : h}`
}

/** Base64 of `bytes` as it appears inside a longer stream starting `offset` bytes earlier: only the chars it alone decides. */
const base64Inside = (bytes: Buffer, offset: number, url: boolean): string => {
  const full = Buffer.concat([Buffer.alloc(offset), bytes]).toString(url ? "base64url" : "base64")
  const start = offset === 0 ? 0 : offset === 1 ? 2 : 3
  const end =
    (offset + bytes.length) % 3 === 0
      ? Math.ceil(((offset + bytes.length) * 4) / 3)
      : Math.floor(((offset + bytes.length) * 4) / 3)
  return full.slice(start, end)
}

/**
 * The spellings of a secret an upstream may send back: as is; JSON-escaped (`"`, `\\`, control characters, `/` as
 * `\\/`, or every character as `\\uXXXX` in either case); percent-encoded (encodeURIComponent's, and every byte as
 * `%XX` in either case); base64 and base64url at each of the three alignments inside a longer stream (a token inside
 * a Basic credential or a JWT). Forms shorter than 4 characters are skipped: they would match unrelated text.
 */
export const secretForms = (secret: string): Array<string> => {
  const forms = new Set<string>([secret])
  const json = JSON.stringify(secret).slice(1, -1)
  forms.add(json)
  forms.add(json.replace(/\//g, "\\/"))
  for (const upper of [false, true]) forms.add(Array.from(secret, (ch) => hex4(ch.charCodeAt(0), upper)).join(""))
  const bytes = Buffer.from(secret, "utf8")
  forms.add(encodeURIComponent(secret))
  for (const upper of [false, true]) {
    const pct = Array.from(bytes, (b) => `%${b.toString(16).padStart(2, "0")}`).join("")
    forms.add(upper ? pct.toUpperCase() : pct)
  }
  for (const url of [false, true]) for (const offset of [0, 1, 2]) forms.add(base64Inside(bytes, offset, url))
  return [...forms].filter((f) => f.length >= 4 || f === secret)
}

/** Every form of every secret, longest first (a longer form is never cut by a shorter one first). */
const allForms = (secrets: ReadonlyArray<string>): Array<string> =>
  [...new Set(secrets.filter((s) => s !== "").flatMap(secretForms))].sort((a, b) => b.length - a.length)

const replaceForms = (text: string, forms: ReadonlyArray<string>): string => {
  let out = text
  for (const f of forms) if (out.includes(f)) out = out.split(f).join(MARK)
  return out
}

export const redactText = (text: string, secrets: ReadonlyArray<string>): string =>
  replaceForms(text, allForms(secrets))

/** Redacts strings and keys of parsed JSON, depth-first (JSON values are trees). */
export const redactValue = (value: unknown, secrets: ReadonlyArray<string>): unknown => {
  if (secrets.every((s) => s === "")) return value
  const forms = allForms(secrets)
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return replaceForms(v, forms)
    if (Array.isArray(v)) return v.map(walk)
    if (typeof v === "object" && v !== null) {
      const out: Record<string, unknown> = {}
      for (const [k, x] of Object.entries(v))
        Object.defineProperty(out, walk(k) as string, {
          value: walk(x),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      return out
    }
    return v
  }
  return walk(value)
}
