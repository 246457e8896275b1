/** Removes credential strings from anything the server sends back (@opencode-ai/codemode 1.18: auth is never model-visible). */

const MARK = "[REDACTED]"

export const redactText = (text: string, secrets: ReadonlyArray<string>): string => {
  let out = text
  for (const s of [...secrets].filter((s) => s !== "").sort((a, b) => b.length - a.length))
    out = out.split(s).join(MARK)
  return out
}

/** Redacts strings and keys of parsed JSON, depth-first (JSON values are trees). */
export const redactValue = (value: unknown, secrets: ReadonlyArray<string>): unknown => {
  if (secrets.every((s) => s === "")) return value
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return secrets.some((s) => s !== "" && v.includes(s)) ? redactText(v, secrets) : v
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
