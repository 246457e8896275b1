import { describe, expect, it } from "vitest"
import { Store } from "../../src/index.js"

describe("Store.memory", () => {
  it("reads what was written and forgets what was deleted", async () => {
    const store = Store.memory()
    expect(await store.get("a")).toBeUndefined()
    await store.set("a", "1")
    expect(await store.get("a")).toBe("1")
    expect(await store.delete("a")).toBe(true)
    expect(await store.delete("a")).toBe(false)
    expect(await store.get("a")).toBeUndefined()
  })

  it("expires a key after its ttl, measured on the store's clock", async () => {
    let t = 1_000
    const store = Store.memory(() => t)
    await store.set("k", "v", { ttlMs: 50 })
    t += 49
    expect(await store.get("k")).toBe("v")
    t += 1
    expect(await store.get("k")).toBeUndefined()
    expect(await store.delete("k")).toBe(false)
  })

  it("compare-and-set writes only over the expected value, absent included", async () => {
    const store = Store.memory()
    expect(await store.compareAndSet("j", undefined, "first")).toBe(true)
    expect(await store.compareAndSet("j", undefined, "second")).toBe(false)
    expect(await store.compareAndSet("j", "stale", "second")).toBe(false)
    expect(await store.compareAndSet("j", "first", "second")).toBe(true)
    expect(await store.get("j")).toBe("second")
  })

  it("refuses a ttl that is not a positive finite number", async () => {
    const store = Store.memory()
    for (const ttlMs of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      await expect(store.set("k", "v", { ttlMs })).rejects.toThrow(RangeError)
  })
})
