import { deserialize, serialize } from "node:v8"
import type { Store } from "../store/store.js"
import type { SessionState } from "./session-state.js"

/** The store key of a session's saved state. */
export const sessionKey = (id: string): string => `codemode:session:${id}`

/** How many times a save re-reads and retries when another process wrote the session in between. */
const SAVE_ATTEMPTS = 32

/** Saved form: each `store` value as V8-serialized bytes in base64 (undefined, NaN, -0 and nesting survive as sent). */
interface Saved {
  readonly v: 1
  readonly store: Record<string, string>
}

const decode = (text: string | undefined): Record<string, string> => {
  if (text === undefined) return {}
  try {
    const saved = JSON.parse(text) as Saved
    return saved.v === 1 && typeof saved.store === "object" && saved.store !== null ? { ...saved.store } : {}
  } catch {
    return {}
  }
}

const encodeValue = (value: unknown): string => serialize(value).toString("base64")
const decodeValue = (text: string): unknown => deserialize(Buffer.from(text, "base64"))

/**
 * Records in `store` that session `id` exists, with no state yet (unless it has some already), so another process on
 * the store knows it before its first run.
 */
export const registerSession = async (store: Store, id: string, ttlMs: number | undefined): Promise<void> => {
  const empty = JSON.stringify({ v: 1, store: {} } satisfies Saved)
  await store.compareAndSet(sessionKey(id), undefined, empty, ttlMs === undefined ? undefined : { ttlMs })
}

/**
 * Keeps a session's `store` in a `Store` (memory, file or Redis), so another runtime or process with the same store
 * serves the same session: `load` before a run, `save` after it and whenever asked. A save merges the keys this
 * process wrote into what is saved, with compare-and-set, so concurrent writers to other keys lose nothing.
 */
export class SessionSync {
  private saving: Promise<void> = Promise.resolve()

  constructor(
    private readonly store: Store,
    private readonly state: SessionState,
    private readonly ttlMs: number | undefined,
  ) {}

  private options() {
    return this.ttlMs === undefined ? undefined : { ttlMs: this.ttlMs }
  }

  /** Whether the session has saved state (another process may have created it). */
  async exists(): Promise<boolean> {
    return (await this.store.get(sessionKey(this.state.id))) !== undefined
  }

  /** Replaces the local entries with the saved ones (when no other run of this session is going on here). */
  async load(): Promise<void> {
    const saved = decode(await this.store.get(sessionKey(this.state.id)))
    this.state.store.replaceAll(Object.entries(saved).map(([k, v]) => [k, decodeValue(v)] as const))
  }

  /** Writes the keys changed since the last save (one save at a time; each also renews the expiry). */
  save(): Promise<void> {
    const next = this.saving.then(() => this.saveNow())
    this.saving = next.catch(() => {})
    return next
  }

  private async saveNow(): Promise<void> {
    const keys = this.state.store.takeChanged()
    try {
      await this.write(keys)
    } catch (error) {
      this.state.store.markChanged(keys)
      throw error
    }
  }

  private async write(keys: ReadonlyArray<string>): Promise<void> {
    const key = sessionKey(this.state.id)
    for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
      const current = await this.store.get(key)
      const saved = decode(current)
      for (const k of keys)
        if (this.state.store.has(k)) saved[k] = encodeValue(this.state.store.get(k))
        else delete saved[k]
      const text = JSON.stringify({ v: 1, store: saved } satisfies Saved)
      if (keys.length === 0 && current === text) {
        // Nothing written: only the expiry is renewed, and only if nobody wrote in between.
        await this.store.compareAndSet(key, current, text, this.options())
        return
      }
      if (await this.store.compareAndSet(key, current, text, this.options())) return
    }
    throw new Error(`the session's state changed ${SAVE_ATTEMPTS} times while it was being saved`)
  }

  /** Forgets the saved state (the session was closed). */
  async remove(): Promise<void> {
    await this.store.delete(sessionKey(this.state.id))
  }
}
