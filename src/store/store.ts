// The state that outlives one program (session state, run journals) goes through this interface, so an embedded
// map and a shared server (Redis) are interchangeable. Values are strings (JSON); keys are namespaced by their owner.

/** Per-write options: `ttlMs` makes the key expire that long after the write (absent: no expiry). */
export interface WriteOptions {
  readonly ttlMs?: number
}

export interface Store {
  /** The value, or `undefined` when the key is absent or expired. */
  readonly get: (key: string) => Promise<string | undefined>
  readonly set: (key: string, value: string, options?: WriteOptions) => Promise<void>
  /** Removes the key; `true` when it was there. */
  readonly delete: (key: string) => Promise<boolean>
  /**
   * Atomically writes `next` only when the current value equals `expected` (`undefined`: the key is absent);
   * `true` when written. Journals use it to be consumed once across processes.
   */
  readonly compareAndSet: (
    key: string,
    expected: string | undefined,
    next: string,
    options?: WriteOptions,
  ) => Promise<boolean>
  /**
   * The live keys starting with `prefix`, in no particular order. Optional: a store without it cannot be listed
   * (`codemode approvals list` says so); the runtime itself never lists.
   */
  readonly keys?: (prefix: string) => Promise<ReadonlyArray<string>>
  /** Releases connections the store opened itself; a no-op for the memory store. */
  readonly close: () => Promise<void>
}

export const checkTtl = (options: WriteOptions | undefined): number | undefined => {
  const ttl = options?.ttlMs
  if (ttl === undefined) return undefined
  if (typeof ttl !== "number" || !Number.isFinite(ttl) || ttl <= 0)
    throw new RangeError(`Store: ttlMs must be a positive finite number of milliseconds, got ${String(ttl)}.`)
  return ttl
}

interface Entry {
  readonly value: string
  readonly expiresAt: number | undefined
}

/** The embedded store: one process, expiry checked on read, nothing persisted. */
export const memory = (now: () => number = Date.now): Store => {
  const entries = new Map<string, Entry>()
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (entry.expiresAt !== undefined && entry.expiresAt <= now()) {
      entries.delete(key)
      return undefined
    }
    return entry
  }
  const write = (key: string, value: string, options: WriteOptions | undefined) => {
    const ttl = checkTtl(options)
    entries.set(key, { value, expiresAt: ttl === undefined ? undefined : now() + ttl })
  }
  return {
    get: async (key) => live(key)?.value,
    set: async (key, value, options) => write(key, value, options),
    delete: async (key) => live(key) !== undefined && entries.delete(key),
    compareAndSet: async (key, expected, next, options) => {
      if (live(key)?.value !== expected) return false
      write(key, next, options)
      return true
    },
    keys: async (prefix) => [...entries.keys()].filter((key) => key.startsWith(prefix) && live(key) !== undefined),
    close: async () => {},
  }
}
