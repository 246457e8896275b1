import { createHash, randomBytes } from "node:crypto"
import { mkdir, open, readdir, readFile, rename, stat, unlink, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { checkTtl, type Store, type WriteOptions } from "./store.js"

/** A lock older than this is taken to belong to a process that died holding it, and is broken. */
const STALE_LOCK_MS = 10_000
/** How long an operation waits for a lock before it fails. */
const LOCK_WAIT_MS = 5_000

interface Saved {
  readonly key: string
  readonly value: string
  readonly expiresAt?: number | undefined
}

const missing = (e: unknown) => (e as NodeJS.ErrnoException)?.code === "ENOENT"

/**
 * A store in a directory, one file per key (for the CLI's journals and single-host deployments): a write goes to a
 * temporary file renamed over the key's file, so a reader sees the old value or the new one, never part of one.
 * Every write holds the key's lock file, created with O_EXCL, so compare-and-set is safe across processes.
 */
export const file = (dir: string, now: () => number = Date.now): Store => {
  if (typeof dir !== "string" || dir === "") throw new TypeError("Store.file expects a directory path.")
  let made: Promise<unknown> | undefined
  const ready = () => (made ??= mkdir(dir, { recursive: true }))
  // Keys are hashed into names: any key is a safe file name of one length.
  const pathOf = (key: string) => join(dir, `${createHash("sha256").update(key).digest("hex")}.json`)

  const read = async (key: string): Promise<Saved | undefined> => {
    let text: string
    try {
      text = await readFile(pathOf(key), "utf8")
    } catch (e) {
      if (missing(e)) return undefined
      throw e
    }
    const saved = JSON.parse(text) as Saved
    if (saved.key !== key) throw new Error(`Store.file: ${pathOf(key)} holds another key.`)
    return saved.expiresAt !== undefined && saved.expiresAt <= now() ? undefined : saved
  }

  const write = async (key: string, value: string, options: WriteOptions | undefined) => {
    const ttl = checkTtl(options)
    const saved: Saved = { key, value, ...(ttl === undefined ? {} : { expiresAt: now() + ttl }) }
    const temporary = `${pathOf(key)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`
    await writeFile(temporary, JSON.stringify(saved))
    await rename(temporary, pathOf(key))
  }

  /** Runs `body` holding the key's lock file. */
  const locked = async <A>(key: string, body: () => Promise<A>): Promise<A> => {
    await ready()
    const lock = `${pathOf(key)}.lock`
    const started = Date.now()
    for (let attempt = 0; ; attempt++) {
      try {
        const handle = await open(lock, "wx")
        await handle.close()
        break
      } catch (e) {
        if ((e as NodeJS.ErrnoException)?.code !== "EEXIST") throw e
        const age = await stat(lock).then(
          (s) => Date.now() - s.mtimeMs,
          () => 0,
        )
        if (age > STALE_LOCK_MS) await unlink(lock).catch(() => undefined)
        else if (Date.now() - started > LOCK_WAIT_MS)
          throw new Error(`Store.file: the lock ${lock} was held for over ${LOCK_WAIT_MS} ms.`)
        else await new Promise((resolve) => setTimeout(resolve, Math.min(2 ** attempt, 50) + Math.random() * 5))
      }
    }
    try {
      return await body()
    } finally {
      await unlink(lock).catch(() => undefined)
    }
  }

  return {
    get: async (key) => (await ready(), (await read(key))?.value),
    set: async (key, value, options) => {
      checkTtl(options)
      await locked(key, () => write(key, value, options))
    },
    delete: (key) =>
      locked(key, async () => {
        const there = (await read(key)) !== undefined
        await unlink(pathOf(key)).catch((e) => {
          if (!missing(e)) throw e
        })
        return there
      }),
    compareAndSet: async (key, expected, next, options) => {
      checkTtl(options)
      return locked(key, async () => {
        if ((await read(key))?.value !== expected) return false
        await write(key, next, options)
        return true
      })
    },
    // Names are hashes, so listing reads each key file's own `key` field; a file removed meanwhile is skipped.
    keys: async (prefix) => {
      await ready()
      const found: Array<string> = []
      for (const name of await readdir(dir)) {
        if (!/^[0-9a-f]{64}\.json$/.test(name)) continue
        let saved: Saved
        try {
          saved = JSON.parse(await readFile(join(dir, name), "utf8")) as Saved
        } catch (e) {
          if (missing(e)) continue
          throw e
        }
        const live = saved.expiresAt === undefined || saved.expiresAt > now()
        if (live && typeof saved.key === "string" && saved.key.startsWith(prefix)) found.push(saved.key)
      }
      return found
    },
    close: async () => {},
  }
}
