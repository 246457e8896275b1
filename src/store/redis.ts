import type { Redis as RedisClient, RedisOptions } from "ioredis"
import { checkTtl, type Store, type WriteOptions } from "./store.js"

// Compare-and-set in one server-side step: GET, compare (ARGV[1] "0": the key must be absent), then SET with an
// optional PX expiry. Redis runs a script atomically, so two processes cannot both win.
const COMPARE_AND_SET = `
local current = redis.call("GET", KEYS[1])
if ARGV[1] == "0" then
  if current then return 0 end
elseif current ~= ARGV[2] then
  return 0
end
if ARGV[4] ~= "" then
  redis.call("SET", KEYS[1], ARGV[3], "PX", ARGV[4])
else
  redis.call("SET", KEYS[1], ARGV[3])
end
return 1
`

/** How long a command waits for an unreachable server before it fails (instead of queueing forever). */
const CONNECT_TIMEOUT_MS = 2_000

export interface RedisStoreOptions {
  /** Prepended to every key (default `""`), so several deployments can share one server. */
  readonly prefix?: string | undefined
}

/**
 * A store on a Redis server (`redis://host:port/db` or an `ioredis` client the caller owns). `ioredis` is loaded on
 * the first operation, so importing the package does not load it. A URL's connection is the store's own and
 * `close()` ends it; a client passed in stays open.
 */
export const redis = (urlOrClient: string | RedisClient, options: RedisStoreOptions = {}): Store => {
  if (typeof urlOrClient !== "string" && (typeof urlOrClient !== "object" || urlOrClient === null))
    throw new TypeError("Store.redis expects a redis:// URL or an ioredis client.")
  if (typeof urlOrClient === "string" && !/^rediss?:\/\//.test(urlOrClient))
    throw new TypeError(`Store.redis expects a redis:// or rediss:// URL, got ${JSON.stringify(urlOrClient)}.`)
  const prefix = options.prefix ?? ""
  const owned = typeof urlOrClient === "string"
  let client: Promise<RedisClient> | undefined = owned ? undefined : Promise.resolve(urlOrClient)
  let closed = false
  const connect = (): Promise<RedisClient> => {
    if (closed) return Promise.reject(new Error("Store.redis: the store is closed."))
    client ??= import("ioredis").then(({ Redis }) => {
      const settings: RedisOptions = { connectTimeout: CONNECT_TIMEOUT_MS, maxRetriesPerRequest: 2, lazyConnect: false }
      const made = new Redis(urlOrClient as string, settings)
      // Errors reach the caller through the failed command; the client's own event would be an unhandled one.
      made.on("error", () => {})
      return made
    })
    return client
  }
  const ttlArgs = (options: WriteOptions | undefined): Array<string | number> => {
    const ttl = checkTtl(options)
    return ttl === undefined ? [] : ["PX", Math.ceil(ttl)]
  }
  return {
    get: async (key) => (await (await connect()).get(prefix + key)) ?? undefined,
    set: async (key, value, writeOptions) => {
      const args = ttlArgs(writeOptions)
      const redis = await connect()
      if (args.length === 0) await redis.set(prefix + key, value)
      else await redis.set(prefix + key, value, "PX", args[1] as number)
    },
    delete: async (key) => (await (await connect()).del(prefix + key)) > 0,
    compareAndSet: async (key, expected, next, writeOptions) => {
      const ttl = checkTtl(writeOptions)
      const written = await (
        await connect()
      ).eval(
        COMPARE_AND_SET,
        1,
        prefix + key,
        expected === undefined ? "0" : "1",
        expected ?? "",
        next,
        ttl === undefined ? "" : String(Math.ceil(ttl)),
      )
      return written === 1
    },
    // SCAN walks the keyspace in batches without blocking the server; the pattern's glob characters are escaped.
    keys: async (keyPrefix) => {
      const redis = await connect()
      const pattern = `${(prefix + keyPrefix).replace(/[*?[\]\\]/g, "\\$&")}*`
      const found = new Set<string>()
      let cursor = "0"
      do {
        const [next, batch] = await redis.scan(cursor, "MATCH", pattern, "COUNT", 500)
        for (const key of batch) found.add(key.slice(prefix.length))
        cursor = next
      } while (cursor !== "0")
      return [...found]
    },
    close: async () => {
      if (closed) return
      closed = true
      if (owned && client !== undefined) await (await client).quit().catch(() => undefined)
    },
  }
}
