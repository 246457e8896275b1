/**
 * Secret redaction matches the encoded spellings an upstream may send back (SECURITY.md "In-process limits"): each
 * encoded text is made by a real encoder (JSON.stringify, encodeURIComponent, Buffer's base64), embedded in a body,
 * and must come out without any spelling that decodes back to the secret.
 */
import { describe, expect, it } from "vitest"
import { redactText, redactValue } from "../../src/openapi/redact.js"

const SECRETS = ['tok/SECRET-7f3a"q', "sk_live_4eC39HqLyjWDarjtT1zdp7dc", "pässwörd+/=?"]

const encodings: ReadonlyArray<readonly [string, (s: string) => string]> = [
  ["as is", (s) => s],
  ["JSON", (s) => JSON.stringify(s).slice(1, -1)],
  ["JSON with \\/", (s) => JSON.stringify(s).slice(1, -1).replace(/\//g, "\\/")],
  ["JSON \\u escapes", (s) => Array.from(s, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("")],
  [
    "JSON \\U escapes",
    (s) => Array.from(s, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0").toUpperCase()}`).join(""),
  ],
  ["percent", encodeURIComponent],
  [
    "percent, every byte",
    (s) => Array.from(Buffer.from(s), (b) => `%${b.toString(16).padStart(2, "0").toUpperCase()}`).join(""),
  ],
  ["base64", (s) => Buffer.from(s).toString("base64")],
  ["base64url", (s) => Buffer.from(s).toString("base64url")],
  ["base64 after 1 byte", (s) => Buffer.from(`x${s}`).toString("base64")],
  ["base64 after 2 bytes", (s) => Buffer.from(`xy${s}`).toString("base64")],
  ["Basic credential", (s) => Buffer.from(`user:${s}`).toString("base64")],
]

/** Whether `text` still carries the secret in the form `encode` made (the encoded form, or the part the secret alone decides). */
const carries = (text: string, secret: string): boolean =>
  text.includes(secret) || encodings.some(([, encode]) => encode(secret).length >= 8 && text.includes(encode(secret)))

describe("redaction of encoded secrets", () => {
  for (const secret of SECRETS)
    it.each(encodings)(`%s of ${JSON.stringify(secret).slice(0, 12)}…`, (_name, encode) => {
      const body = `{"error":"upstream refused","detail":"${encode(secret)}","more":"ok"}`
      const out = redactText(body, SECRETS)
      expect(out).toContain("[REDACTED]")
      expect(out).toContain("upstream refused")
      // No base64 window of the secret at any alignment, and none of the other spellings, survives.
      for (const offset of [0, 1, 2]) {
        const b64 = Buffer.from("\0".repeat(offset) + secret)
          .toString("base64")
          .slice(offset === 0 ? 0 : offset + 1, -4)
        if (b64.length >= 8) expect(out).not.toContain(b64)
      }
      expect(carries(out, secret)).toBe(false)
    })

  it("parsed JSON keys and values, with text around the secret kept", () => {
    const secret = SECRETS[0]!
    const value = { [`k:${encodeURIComponent(secret)}`]: [`before ${JSON.stringify(secret)} after`] }
    const out = JSON.stringify(redactValue(value, [secret]))
    expect(out).toBe(JSON.stringify({ "k:[REDACTED]": ['before "[REDACTED]" after'] }))
  })
})
