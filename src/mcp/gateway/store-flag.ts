import { file } from "../../store/file.js"
import { redis } from "../../store/redis.js"
import type { Store } from "../../store/store.js"

/** What `--store` accepts: `redis://…` / `rediss://…` (a Redis server), or `file:DIR` / a directory path. */
export const checkStoreFlag = (text: string): string | undefined =>
  text.trim() === ""
    ? "--store needs redis://HOST:PORT[/DB], rediss://…, or a directory (file:DIR)"
    : /^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^rediss?:\/\//i.test(text)
      ? `--store ${text}: only redis:// and rediss:// URLs, or a directory`
      : undefined

/** The store `--store` names (checked by `checkStoreFlag`). */
export const storeFromFlag = (text: string): Store =>
  /^rediss?:\/\//i.test(text) ? redis(text) : file(text.startsWith("file:") ? text.slice("file:".length) : text)
