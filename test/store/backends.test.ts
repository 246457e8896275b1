/**
 * Store.file and Store.redis against the same contract as Store.memory, with a real redis-server, and compare-and-set
 * raced by several processes: each increments one counter N times, and the total must be exact.
 */
import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Effect from "effect/Effect"
import { CodeMode, Store } from "../../src/index.js"
import { haveRedis, skipNotice, startRedis, type RunningRedis } from "./redis-server.js"

skipNotice()

const contract = (name: string, make: () => Store.Store) =>
  describe(`${name}: the Store contract`, () => {
    it("reads what was written and forgets what was deleted", async () => {
      const store = make()
      const key = `a-${Math.random()}`
      expect(await store.get(key)).toBeUndefined()
      await store.set(key, "1")
      expect(await store.get(key)).toBe("1")
      await store.set(key, "2")
      expect(await store.get(key)).toBe("2")
      expect(await store.delete(key)).toBe(true)
      expect(await store.delete(key)).toBe(false)
      expect(await store.get(key)).toBeUndefined()
    })

    it("compare-and-set writes only over the expected value, absent included", async () => {
      const store = make()
      const key = `j-${Math.random()}`
      expect(await store.compareAndSet(key, undefined, "first")).toBe(true)
      expect(await store.compareAndSet(key, undefined, "second")).toBe(false)
      expect(await store.compareAndSet(key, "stale", "second")).toBe(false)
      expect(await store.compareAndSet(key, "first", "second")).toBe(true)
      expect(await store.get(key)).toBe("second")
      // An empty string is a value, not absence.
      expect(await store.compareAndSet(key, "second", "")).toBe(true)
      expect(await store.compareAndSet(key, undefined, "x")).toBe(false)
      expect(await store.compareAndSet(key, "", "x")).toBe(true)
    })

    it("expires a key after its ttl", async () => {
      const store = make()
      const key = `t-${Math.random()}`
      await store.set(key, "v", { ttlMs: 60 })
      expect(await store.compareAndSet(`${key}c`, undefined, "c", { ttlMs: 60 })).toBe(true)
      expect(await store.get(key)).toBe("v")
      await new Promise((r) => setTimeout(r, 150))
      expect(await store.get(key)).toBeUndefined()
      expect(await store.get(`${key}c`)).toBeUndefined()
      expect(await store.compareAndSet(`${key}c`, undefined, "again")).toBe(true)
    })

    it("lists the live keys under a prefix, glob characters taken literally", async () => {
      const store = make()
      const prefix = `list*[${Math.random()}]?:`
      await store.set(`${prefix}a`, "1")
      await store.set(`${prefix}b`, "2")
      await store.set(`${prefix}gone`, "3", { ttlMs: 30 })
      await store.set(`list-other-${Math.random()}`, "4")
      await store.set(`${prefix.replace("*", "x")}c`, "5")
      await new Promise((r) => setTimeout(r, 80))
      expect([...(await store.keys!(prefix))].sort()).toEqual([`${prefix}a`, `${prefix}b`])
      await store.delete(`${prefix}a`)
      expect(await store.keys!(prefix)).toEqual([`${prefix}b`])
    })

    it("refuses a ttl that is not a positive finite number", async () => {
      const store = make()
      for (const ttlMs of [0, -1, Number.NaN]) await expect(store.set("k", "v", { ttlMs })).rejects.toThrow(RangeError)
    })

    it("keeps any key and value apart, odd characters included", async () => {
      const store = make()
      const keys = ["../escape", "a/b", "ключ", "x".repeat(500), "with\nnewline"]
      for (const key of keys) await store.set(key, `value of ${key}`)
      for (const key of keys) expect(await store.get(key)).toBe(`value of ${key}`)
    })
  })

/** Starts `count` node processes that each add 1 to `key` `times` times with compare-and-set. */
const race = (storeExpr: string, key: string, count: number, times: number) =>
  Promise.all(
    Array.from({ length: count }, () => {
      const script = `
        import { Store } from ${JSON.stringify(join(process.cwd(), "dist/src/index.js"))}
        const store = ${storeExpr}
        for (let i = 0; i < ${times}; i++) {
          for (;;) {
            const current = await store.get(${JSON.stringify(key)})
            const next = String(Number(current ?? "0") + 1)
            if (await store.compareAndSet(${JSON.stringify(key)}, current, next)) break
          }
        }
        await store.close()`
      const child = spawn(process.execPath, ["--input-type=module", "-e", script], {
        stdio: ["ignore", "ignore", "pipe"],
      })
      let err = ""
      child.stderr!.on("data", (c: Buffer) => (err += c.toString()))
      return new Promise<void>((resolve, reject) =>
        child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`racer exited ${code}: ${err}`)))),
      )
    }),
  )

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "codemode-store-"))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const sharedDir = tempDir()
contract("Store.memory", () => Store.memory())
contract("Store.file", () => Store.file(sharedDir))

describe("Store.file across processes", () => {
  it("compare-and-set loses no increment when four processes race", async () => {
    const dir = tempDir()
    await race(`Store.file(${JSON.stringify(dir)})`, "counter", 4, 25)
    expect(await Store.file(dir).get("counter")).toBe("100")
  }, 60_000)

  it("breaks a lock left by a process that died holding it", async () => {
    const dir = tempDir()
    const store = Store.file(dir)
    await store.set("k", "v")
    const { readdirSync, writeFileSync, utimesSync } = await import("node:fs")
    const name = readdirSync(dir).find((f) => f.endsWith(".json"))!
    writeFileSync(join(dir, `${name}.lock`), "")
    const old = new Date(Date.now() - 60_000)
    utimesSync(join(dir, `${name}.lock`), old, old)
    expect(await store.compareAndSet("k", "v", "w")).toBe(true)
  })
})

describe.skipIf(!haveRedis)("Store.redis on a real redis-server", () => {
  let server: RunningRedis
  beforeAll(async () => {
    server = await startRedis()
  })
  afterAll(async () => {
    await server?.stop()
  })

  contract("Store.redis", () => Store.redis(server.url))

  it("compare-and-set loses no increment when four processes race", async () => {
    await race(`Store.redis(${JSON.stringify(server.url)})`, "counter", 4, 25)
    const store = Store.redis(server.url)
    expect(await store.get("counter")).toBe("100")
    await store.close()
  }, 60_000)

  it("serves one session's state to two runtimes, and only that session's", async () => {
    const [storeA, storeB] = [Store.redis(server.url), Store.redis(server.url)]
    const a = CodeMode.make({ store: storeA }).session({ id: "s-1" })
    const b = CodeMode.make({ store: storeB, isolation: "worker" }).session({ id: "s-1" })
    const run = (on: typeof a, code: string) => Effect.runPromise(on.run(`// @exec: {}\n${code}`))
    expect((await run(a, `store("token", "SECRET")\ntext("ok")`)).logs).toEqual(["ok"])
    expect((await run(b, `text(String(load("token")))`)).logs).toEqual(["SECRET"])
    const other = CodeMode.make({ store: storeB }).session({ id: "s-2" })
    expect((await run(other, `text(String(load("token")))`)).logs).toEqual(["undefined"])
    await a.close()
    expect(
      (await run(CodeMode.make({ store: storeB }).session({ id: "s-1" }), `text(String(load("token")))`)).logs,
    ).toEqual(["undefined"])
    await Promise.all([storeA.close(), storeB.close()])
  }, 30_000)

  it("keeps deployments apart by prefix", async () => {
    const a = Store.redis(server.url, { prefix: "a:" })
    const b = Store.redis(server.url, { prefix: "b:" })
    await a.set("k", "from a")
    expect(await b.get("k")).toBeUndefined()
    await Promise.all([a.close(), b.close()])
  })

  it("fails, not hangs, when the server is gone", async () => {
    const gone = await startRedis()
    const store = Store.redis(gone.url)
    await store.set("k", "v")
    await gone.stop()
    await expect(store.get("k")).rejects.toThrow()
    await store.close()
  }, 30_000)
})

describe("Store.redis loads ioredis only when used", () => {
  it("importing the package and making a store does not load ioredis; the first command does", async () => {
    const script = `
      import { createRequire } from "node:module"
      const { Store } = await import(${JSON.stringify(join(process.cwd(), "dist/src/index.js"))})
      const loaded = () => Object.keys(createRequire(import.meta.url).cache).some((p) => p.includes("ioredis"))
      const store = Store.redis("redis://127.0.0.1:1")
      const before = loaded()
      await store.get("k").catch(() => {})
      console.log(JSON.stringify({ before, after: loaded() }))
      await store.close()
      process.exit(0)`
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] })
    let out = ""
    child.stdout!.on("data", (c: Buffer) => (out += c.toString()))
    await new Promise((resolve) => child.once("exit", resolve))
    expect(JSON.parse(out)).toEqual({ before: false, after: true })
  }, 30_000)
})
