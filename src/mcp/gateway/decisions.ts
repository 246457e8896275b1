import { CONSUMED, storeKey, tokenFor, verify } from "../../runtime/resume-token.js"
import { decode, type JournalRecord } from "../../runtime/journal-data.js"
import type { ResumeDecision } from "../../runtime/journal.js"
import type { Store } from "../../store/store.js"

// A person's decision on a deferred gateway call (docs/resume.md "MCP gateway"): `codemode approvals allow|deny TOKEN`
// writes it next to the journal, and the gateway's `resume` tool reads it. The model only ever holds the token.

const decisionKey = (id: string) => `codemode:approval:${id}`

/** The journal id a token names, once its MAC (under `key`) and expiry check; else why not. */
const opened = (key: Uint8Array, token: string, now: number): { id: string; expiresAt: number } | string => {
  const claims = verify({ key }, token.trim())
  if (claims === undefined)
    return "the token is not valid: it was altered, made with another resume key, or is not a resume token"
  if (claims.expiresAt <= now) return `the token expired ${new Date(claims.expiresAt).toISOString()}`
  return claims
}

/**
 * Records `decision` for the run `token` names, once: `undefined` when written, else why not (a bad or expired
 * token, no such run in this store, already resumed, already decided).
 */
export const recordDecision = async (
  store: Store,
  key: Uint8Array,
  token: string,
  decision: ResumeDecision,
  now = Date.now(),
): Promise<string | undefined> => {
  const claims = opened(key, token, now)
  if (typeof claims === "string") return claims
  const journal = await store.get(storeKey(claims.id))
  if (journal === undefined) return "no run waits under this token in this store (another --store, or it expired)"
  if (journal === CONSUMED) return "the run was already resumed"
  const written = await store.compareAndSet(decisionKey(claims.id), undefined, JSON.stringify(decision), {
    ttlMs: Math.max(1, claims.expiresAt - now),
  })
  return written ? undefined : "a decision was already recorded for this token"
}

/**
 * The decision recorded for `token`; `"pending"` while no one decided; `"refused"` when the token does not open or
 * names no waiting run (the runtime's resume then refuses it with its own diagnostic, using nothing).
 */
export const decisionFor = async (
  store: Store,
  key: Uint8Array,
  token: string,
  now = Date.now(),
): Promise<ResumeDecision | "pending" | "refused"> => {
  const claims = opened(key, token, now)
  if (typeof claims === "string") return "refused"
  const text = await store.get(decisionKey(claims.id))
  if (text === undefined) {
    const journal = await store.get(storeKey(claims.id))
    return journal === undefined || journal === CONSUMED ? "refused" : "pending"
  }
  const d = JSON.parse(text) as { allow?: unknown; reason?: unknown }
  return d.allow === true ? { allow: true } : { allow: false, reason: typeof d.reason === "string" ? d.reason : "" }
}

/** A deferred run still waiting in a store, as `codemode approvals list` shows it. */
export interface Waiting {
  readonly token: string
  readonly expiresAt: number
  readonly tool: string
  readonly input: unknown
  readonly reason?: string | undefined
  readonly decision: "pending" | "allowed" | "denied"
}

const JOURNAL_PREFIX = storeKey("")

/**
 * The runs waiting for a decision in `store`, soonest expiry first, each with its token signed under `key`; a journal
 * that is consumed, unreadable or expired is left out. Undefined when the store cannot list its keys.
 */
export const waitingRuns = async (
  store: Store,
  key: Uint8Array,
  now = Date.now(),
): Promise<ReadonlyArray<Waiting> | undefined> => {
  if (store.keys === undefined) return undefined
  const found: Array<Waiting> = []
  for (const storeId of await store.keys(JOURNAL_PREFIX)) {
    const id = storeId.slice(JOURNAL_PREFIX.length)
    const text = await store.get(storeId)
    if (text === undefined || text === CONSUMED || !/^[0-9a-f]{32}$/.test(id)) continue
    let record: JournalRecord
    try {
      record = decode(text) as JournalRecord
    } catch {
      continue
    }
    if (!(record.expiresAt > now) || record.pending === undefined) continue
    const decided = await store.get(decisionKey(id))
    const allow = decided === undefined ? undefined : (JSON.parse(decided) as { allow?: unknown }).allow === true
    found.push({
      token: tokenFor(key, id, record.expiresAt),
      expiresAt: record.expiresAt,
      tool: record.pending.name,
      input: record.pending.input,
      reason: record.pending.reason,
      decision: allow === undefined ? "pending" : allow ? "allowed" : "denied",
    })
  }
  return found.sort((a, b) => a.expiresAt - b.expiresAt)
}
