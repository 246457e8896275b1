import { createHmac, randomBytes, timingSafeEqual } from "node:crypto"
import type { Diagnostic } from "../diagnostic.js"
import type { Store } from "../store/store.js"
import { decode, encode, type JournalRecord } from "./journal-data.js"

// Resume tokens (docs/resume.md "Tokens"): `cmr1.<payload>.<mac>`, the payload only a journal id and an expiry, the
// MAC an HMAC-SHA256 under the host's resumeKey. The journal (tool results included) stays in the host's store.

/** Default lifetime of a resume token and its journal: one hour. */
export const DEFAULT_RESUME_TTL_MS = 60 * 60 * 1000

/** Shortest accepted `resumeKey`, in bytes. */
export const MIN_KEY_BYTES = 16

const PREFIX = "cmr1"
export const CONSUMED = '{"consumed":true}'

/** What `make` resolves from `store`, `resumeKey` and `resumeTtlMs`. */
export interface ResumeConfig {
  readonly store: Store
  readonly key: Uint8Array
  readonly ttlMs: number
  readonly now: () => number
}

export const storeKey = (id: string) => `codemode:resume:${id}`

const mac = (key: Uint8Array, payload: string): Buffer =>
  createHmac("sha256", key).update(`${PREFIX}.${payload}`).digest()

const refused = (kind: Diagnostic["kind"], message: string): { ok: false; diagnostic: Diagnostic } => ({
  ok: false,
  diagnostic: { kind, message },
})

/** Stores a deferred run's journal under a fresh id and returns the token that names it. */
export const seal = async (config: ResumeConfig, record: (expiresAt: number) => JournalRecord): Promise<string> => {
  const id = randomBytes(16).toString("hex")
  const expiresAt = config.now() + config.ttlMs
  await config.store.set(storeKey(id), encode(record(expiresAt)), { ttlMs: config.ttlMs })
  return tokenFor(config.key, id, expiresAt)
}

/** The token naming journal `id`, signed under `key`: what `seal` returned, made again for a listing. */
export const tokenFor = (key: Uint8Array, id: string, expiresAt: number): string => {
  const payload = Buffer.from(JSON.stringify({ i: id, e: expiresAt })).toString("base64url")
  return `${PREFIX}.${payload}.${mac(key, payload).toString("base64url")}`
}

/** What a token says, once its MAC checks: never trusted before. */
export const verify = (
  config: Pick<ResumeConfig, "key">,
  token: unknown,
): { id: string; expiresAt: number } | undefined => {
  if (typeof token !== "string" || token.length > 512) return undefined
  const parts = token.split(".")
  if (parts.length !== 3 || parts[0] !== PREFIX) return undefined
  const [, payload, signature] = parts as [string, string, string]
  const expected = mac(config.key, payload)
  const given = Buffer.from(signature, "base64url")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const body = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { i?: unknown; e?: unknown }
    if (typeof body.i !== "string" || !/^[0-9a-f]{32}$/.test(body.i) || typeof body.e !== "number") return undefined
    return { id: body.i, expiresAt: body.e }
  } catch {
    return undefined
  }
}

/**
 * Opens a token for one resume: checks its MAC and expiry, then consumes its journal with compare-and-set, so of two
 * resumes of one token (in any process sharing the store) exactly one gets the journal.
 */
export const consume = async (
  config: ResumeConfig,
  token: unknown,
): Promise<{ ok: true; record: JournalRecord } | { ok: false; diagnostic: Diagnostic }> => {
  const claims = verify(config, token)
  if (claims === undefined)
    return refused(
      "ResumeTokenInvalid",
      "The resume token is not valid: it was altered, made with another resumeKey, or is not a resume token.",
    )
  const now = config.now()
  if (claims.expiresAt <= now)
    return refused(
      "ResumeTokenExpired",
      `The resume token expired ${new Date(claims.expiresAt).toISOString()}; the run cannot be resumed. Run the program again.`,
    )
  const key = storeKey(claims.id)
  const stored = await config.store.get(key)
  if (stored === CONSUMED)
    return refused("ResumeTokenUsed", "The resume token was already used: a deferred run can be resumed once.")
  if (stored === undefined)
    return refused(
      "ResumeTokenInvalid",
      "No journal for this resume token in the store: it was made by a host with another store, or the store lost it.",
    )
  if (!(await config.store.compareAndSet(key, stored, CONSUMED, { ttlMs: Math.max(1, claims.expiresAt - now) })))
    return refused("ResumeTokenUsed", "The resume token was already used: a deferred run can be resumed once.")
  try {
    return { ok: true, record: decode(stored) as JournalRecord }
  } catch {
    return refused("ResumeTokenInvalid", "The journal stored for this resume token cannot be read.")
  }
}

/** The key `make` signs with: the host's, checked, or a random one for this runtime only. */
export const resumeKeyOf = (key: unknown): Uint8Array => {
  if (key === undefined) return randomBytes(32)
  const bytes = typeof key === "string" ? Buffer.from(key, "utf8") : key instanceof Uint8Array ? key : undefined
  if (bytes === undefined) throw new TypeError("CodeMode: resumeKey must be a string or a Uint8Array.")
  if (bytes.length < MIN_KEY_BYTES)
    throw new RangeError(`CodeMode: resumeKey must be at least ${MIN_KEY_BYTES} bytes long, got ${bytes.length}.`)
  return bytes
}
