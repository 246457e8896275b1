/**
 * What the runs of one session share (src/runtime/session.ts), and all they share: a run made directly on a runtime
 * gets a fresh one of its own. Features that keep per-session state (tool quotas, pending approvals) hang it in
 * `slots` under a key they own, so a session carries it without this module knowing it; slots live in this process
 * only (a store persists `store` alone).
 */
export interface SessionState {
  /** The session's id; a direct run's private state has a fresh one too. */
  readonly id: string
  /** Codex/Pi `store`/`load`: host data by key (the prelude copies values out of the guest and back in). */
  readonly store: SessionStore
  /** Per-session state of other features, each under its own key (a symbol, or a string named after the feature). */
  readonly slots: Map<string | symbol, unknown>
}

/** The `store`/`load` map, which remembers the keys written since they were last saved (src/runtime/session-sync.ts). */
export class SessionStore extends Map<string, unknown> {
  /** Keys set or deleted since the last `takeChanged`; undefined until the constructor's own fill is done. */
  private changed: Set<string> | undefined = new Set()

  override set(key: string, value: unknown): this {
    super.set(key, value)
    this.changed?.add(key)
    return this
  }

  override delete(key: string): boolean {
    const had = super.delete(key)
    if (had) this.changed?.add(key)
    return had
  }

  /** The keys written since the last call, then forgets them. */
  takeChanged(): ReadonlyArray<string> {
    const keys = [...(this.changed ?? [])]
    this.changed?.clear()
    return keys
  }

  /** Counts `keys` as written again (a save that failed keeps them for the next one). */
  markChanged(keys: ReadonlyArray<string>): void {
    for (const key of keys) this.changed?.add(key)
  }

  /** Replaces every entry with `entries` (the saved state) without counting them as writes. */
  replaceAll(entries: Iterable<readonly [string, unknown]>): void {
    Map.prototype.clear.call(this)
    for (const [key, value] of entries) Map.prototype.set.call(this, key, value)
  }
}

export const freshState = (id: string): SessionState => ({ id, store: new SessionStore(), slots: new Map() })
