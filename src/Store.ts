// The public `Store` namespace: where sessions and run journals keep what outlives one program.
export type { Store, WriteOptions } from "./store/store.js"
export { memory } from "./store/store.js"
export { redis, type RedisStoreOptions } from "./store/redis.js"
export { file } from "./store/file.js"
